/**
 * `npx hotel-sandbox`: the server follows npm (contract/npmParent.ts): SIGTERM or SIGINT to npx
 * alone stops it as the same signal would.
 */
import { startedByNpmAsCommand as startedAs, stopWithNpm } from '../../contract/npmParent.js';

export const startedByNpmAsCommand = (env: NodeJS.ProcessEnv = process.env): boolean => startedAs('hotel-sandbox', env);

/** Calls `stop` with the signal npm was sent, when npm started the server as its command. */
export function stopWhenNpmExits(stop: (signal: 'SIGINT' | 'SIGTERM') => void, env: NodeJS.ProcessEnv = process.env): void {
  stopWithNpm('hotel-sandbox', stop, env);
}
