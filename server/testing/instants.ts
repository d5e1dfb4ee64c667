/**
 * Instants and ends for store tests, given on an account's clock: `offsetMs` is that account's
 * offset over real time (0: the account never moved its clock, so both clocks agree).
 */
import type { Instant } from '../clock.js';
import type { Expiry } from '../domain/ports/store.js';

export const at = (accountMs: number, offsetMs = 0): Instant => ({ accountMs, baseMs: accountMs - offsetMs });
export const until = (atMs: number, offsetMs = 0): Expiry => ({ atMs, atBaseMs: atMs - offsetMs });
