/** Every mutant, by area. */
import { AUTH_MUTANTS } from './auth.js';
import { COERCION_MUTANTS } from './coercion.js';
import { LIMIT_MUTANTS } from './limits.js';
import { RESPONSE_MUTANTS } from './responses.js';
import { STATE_MUTANTS } from './states.js';
import type { Mutant } from './types.js';
import { VALIDATION_MUTANTS } from './validation.js';

export const MUTANTS: readonly Mutant[] = [...AUTH_MUTANTS, ...VALIDATION_MUTANTS, ...RESPONSE_MUTANTS, ...STATE_MUTANTS, ...LIMIT_MUTANTS, ...COERCION_MUTANTS];
export type { Mutant } from './types.js';
