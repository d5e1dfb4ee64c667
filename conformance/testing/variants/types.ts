/**
 * A legitimate variant: the reference server making one other choice that the API description
 * allows, by test-only middleware in front of the real app (the mirror image of a mutant). The
 * `spec` profile must pass on every variant; the `reference` profile may fail, and
 * variants.test.ts records which of its checks do and why.
 */
import type { RequestHandler } from 'express';
import type { Clock } from '../../../server/clock.js';
import type { Config } from '../../../server/config.js';

export interface Variant {
  id: string;
  /** The other choice it makes, readably. */
  choice: string;
  /** Where the API description leaves that choice open. */
  section: string;
  config?: Partial<Config>;
  /** `clock`: the clock of the kit's account. */
  front: (env: { clock: Clock }) => RequestHandler[];
}

export type { Loose } from '../mutants/types.js';
