/**
 * A mutant: the reference server with exactly one rule broken, by test-only middleware in front of
 * the real app (rewriting a request or a response) or by a config override. No server code changes.
 */
import type { RequestHandler } from 'express';
import type { Clock } from '../../../server/clock.js';
import type { Config } from '../../../server/config.js';

export interface Mutant {
  id: string;
  /** The rule it breaks, readably. */
  breaks: string;
  /** Section of the API description (or "reference"). */
  section: string;
  config?: Partial<Config>;
  /** `clock`: the clock of the kit's account. */
  front?: (env: { clock: Clock }) => RequestHandler[];
  /** The checks run against it; at least one must fail for the mutant to count as caught. */
  caughtBy: string[];
}

/** JSON as the mutants handle it: loosely typed on purpose (they break shapes). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- mutants rewrite arbitrary JSON into wrong shapes on purpose
export type Loose = any;
