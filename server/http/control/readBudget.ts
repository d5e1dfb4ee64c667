/**
 * Reads of an account's records through the control API (journal, certification, outbox, keys)
 * and the console (its pages and downloads) are limited per account: a minute of real time holds at
 * most `perMinute` of them, and one more is answered 429 with Retry-After (finding 4 of the security
 * review: building a journal view or a certification report costs the server far more than the
 * request costs a client, so no account may ask for them without bound). Other accounts are never
 * affected. In this process's memory, bounded: at most `perMinute` timestamps per account and
 * `maxKeys` accounts, the least recently seen forgotten first. The console counts successful
 * sign-ins per client address with the same budget (finding 8).
 */
import type { RequestHandler } from 'express';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors.js';
import { accountOf } from '../transport/apiPipeline.js';

const MINUTE_MS = 60_000;
/** The default: far above what a person at the console or a conformance run reads, far below what a loop does. */
export const DEFAULT_READS_PER_MINUTE = 300;

/** Reads of accounts' records, per account. */
export type ReadBudget = MinuteBudget<number>;

/** At most `perMinute` events a sliding minute per key (an account, an address). */
export class MinuteBudget<Key = number> {
  private readonly reads = new Map<Key, number[]>();

  constructor(
    private readonly clock: Clock,
    readonly perMinute: number,
    private readonly maxKeys = 10_000,
  ) {}

  /** Takes one event of the key's, or answers how many seconds until one is free. */
  take(key: Key): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const now = this.clock.now().getTime();
    const held = (this.reads.get(key) ?? []).filter((at) => at > now - MINUTE_MS && at <= now);
    this.reads.delete(key);
    this.reads.set(key, held);
    if (this.reads.size > this.maxKeys) this.reads.delete(this.reads.keys().next().value as Key);
    if (held.length >= this.perMinute) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((held[0]! + MINUTE_MS - now) / 1000)) };
    held.push(now);
    return { ok: true };
  }

  /** Forgets everything (the admin reset). */
  reset(): void {
    this.reads.clear();
  }
}

/** The 429 of an account that read too much. */
export function tooManyReads(perMinute: number, retryAfterSeconds: number): ApiError {
  return new ApiError(
    429,
    `Too many reads of this account's records (${perMinute} a minute over the control API and the console). Retry after ${retryAfterSeconds} seconds.`,
    {},
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/** After `authenticate`: one read of the request's account, or 429 with Retry-After. */
/** An answer of more bytes than this counts as one more read for each further started unit. */
export const READ_UNIT_BYTES = 256 * 1024;

/** Charges the bytes of an answer already counted as one read (see READ_UNIT_BYTES); the budget may go negative until the minute passes. */
export function chargeAnswerBytes(budget: ReadBudget, accountId: number, bytes: number): void {
  for (let units = Math.ceil(bytes / READ_UNIT_BYTES) - 1; units > 0; units--) if (!budget.take(accountId).ok) return;
}

export function countsAsRead(budget: ReadBudget): RequestHandler {
  return (_req, res, next) => {
    const taken = budget.take(accountOf(res).id);
    if (taken.ok) return next();
    next(tooManyReads(budget.perMinute, taken.retryAfterSeconds));
  };
}
