/**
 * The shape of a message catalogue: English's keys. Its own module, so that the other catalogues
 * import the shape without importing messages.ts, which imports them.
 */
import type { en } from './catalogues/en.js';

export type MessageKey = keyof typeof en;
export type Catalogue = Readonly<Record<MessageKey, string>>;
