/**
 * Slows down key guessing: failed authentications (an unknown API key on the API or the control
 * API, a wrong key at the console's sign-in, a wrong admin token) are counted per client IP over a
 * sliding minute of the base clock (real time, never an account's clock). Within `limitPerMinute`
 * failures a minute a failed attempt is answered at once; past it, the address's further failed
 * attempts are slowed to one every SLOWED_INTERVAL_MS, each answered (403, 401) when its turn comes,
 * and one whose turn lies more than MAX_SLOW_DOWN_MS ahead is answered 429 with Retry-After at once
 * (so no address holds more than a few connections waiting). A right key or token is never slowed or
 * refused, from any address: other keys and the admin keep working however many guesses an address
 * makes (the keys the sandbox issues carry 128 random bits, so answering a guess tells nothing). The
 * admin token has a budget of its own. Another IP is never affected.
 *
 * The state is in this process's memory (replicas each count their own), bounded: an address's
 * failures are at most `limitPerMinute` timestamps and expire after a minute; at most
 * `maxAddresses` addresses are held, the oldest dropped first.
 */
import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors.js';

export type AuthSurface = 'api' | 'control' | 'console' | 'admin';

/** One failed authentication; `blocked` when it was refused with 429, `slowedMs` how long its answer waited. */
export interface FailedAuthEvent {
  surface: AuthSurface;
  ip: string;
  blocked: boolean;
  slowedMs: number;
}

export interface AuthThrottleOptions {
  clock: Clock;
  limitPerMinute: number;
  /** Called on every failed authentication (e.g. a /metrics counter). Must not throw. */
  onFailedAuth?: (event: FailedAuthEvent) => void;
  maxAddresses?: number;
}

const MINUTE_MS = 60_000;
/** Past the budget, an address's failed attempts are answered one per this interval. */
export const SLOWED_INTERVAL_MS = 1_000;
/** The longest a failed attempt waits for its turn; further ones are refused with 429 at once. */
export const MAX_SLOW_DOWN_MS = 3_000;
/** The account id a correct admin token is remembered under. */
export const ADMIN_PRINCIPAL = -1;

/** Whatever authenticated: an account id, or ADMIN_PRINCIPAL. */
export type Principal = number;

/**
 * The verdict on one attempt (see AuthThrottle.judge): a failed one is answered after `delayMs`
 * (0 within the budget); a refused one gets 429 now.
 */
export type AuthVerdict = { kind: 'ok' } | { kind: 'failed'; delayMs: number } | { kind: 'refused'; retryAfterSeconds: number };

/** One budget of one address: its failures in the last minute (the newest `limit`), and its next free turn. */
interface Budget {
  failures: number[];
  nextTurnMs: number;
}

export class AuthThrottle {
  private readonly budgets = new Map<string, Budget>();
  private readonly maxAddresses: number;
  /** Failed authentications since start, refused ones included (also reported to onFailedAuth). */
  failedTotal = 0;

  constructor(private readonly options: AuthThrottleOptions) {
    this.maxAddresses = options.maxAddresses ?? 10_000;
  }

  get limitPerMinute(): number {
    return this.options.limitPerMinute;
  }

  /**
   * Judges one attempt whose key has been compared (in constant time) already: `principal` is who
   * it authenticated as, undefined for a wrong key. Records the outcome.
   */
  judge(ip: string, surface: AuthSurface, principal: Principal | undefined): AuthVerdict {
    if (principal !== undefined) return { kind: 'ok' };
    const now = this.options.clock.now().getTime();
    const key = surface === 'admin' ? `admin ${ip}` : ip;
    const budget = this.budgetOf(key, now);
    let delayMs = 0;
    if (budget.failures.length >= this.options.limitPerMinute) {
      const turn = Math.max(now, budget.nextTurnMs) + SLOWED_INTERVAL_MS;
      delayMs = turn - now;
      if (delayMs > MAX_SLOW_DOWN_MS) {
        this.report({ surface, ip, blocked: true, slowedMs: 0 });
        return { kind: 'refused', retryAfterSeconds: Math.ceil(delayMs / 1000) };
      }
      budget.nextTurnMs = turn;
    }
    budget.failures.push(now);
    // Only the newest `limit` failures decide.
    if (budget.failures.length > this.options.limitPerMinute) budget.failures.splice(0, budget.failures.length - this.options.limitPerMinute);
    this.report({ surface, ip, blocked: false, slowedMs: delayMs });
    return { kind: 'failed', delayMs };
  }

  /** Forgets everything (the admin reset). */
  reset(): void {
    this.budgets.clear();
  }

  /** How many address budgets are held (for tests of the bound). */
  size(): number {
    return this.budgets.size;
  }

  /** The address's budget with what left its minute dropped, last in the Map's order (the newest). */
  private budgetOf(key: string, now: number): Budget {
    const held = this.budgets.get(key);
    const budget: Budget = {
      failures: (held?.failures ?? []).filter((at) => at > now - MINUTE_MS && at <= now),
      nextTurnMs: held?.nextTurnMs ?? 0,
    };
    this.budgets.delete(key);
    this.budgets.set(key, budget);
    if (this.budgets.size > this.maxAddresses) this.evict(now, key);
    return budget;
  }

  /** Drops spent budgets, then the oldest, until the bound holds; never `keep`, the one being judged. */
  private evict(now: number, keep: string): void {
    for (const [key, budget] of this.budgets) {
      if (key !== keep && !budget.failures.some((at) => at > now - MINUTE_MS) && budget.nextTurnMs <= now) this.budgets.delete(key);
    }
    while (this.budgets.size > this.maxAddresses) this.budgets.delete(this.budgets.keys().next().value as string);
  }

  private report(event: FailedAuthEvent): void {
    this.failedTotal++;
    try {
      this.options.onFailedAuth?.(event);
    } catch {
      // a broken counter must not change the answer
    }
  }
}

/** Waits out a failed attempt's turn (see AuthThrottle): the answer to a guess past the budget comes late. */
export function waitTurn(verdict: AuthVerdict): Promise<void> {
  const delayMs = verdict.kind === 'failed' ? verdict.delayMs : 0;
  return delayMs > 0 ? new Promise((resolve) => setTimeout(resolve, delayMs)) : Promise.resolve();
}

/** The 429 of an address whose failed attempts are queued too far ahead (API, control API, admin). */
export function tooManyFailedAuthentications(limit: number, retryAfterSeconds: number): ApiError {
  return new ApiError(
    429,
    `Too many failed authentications from your address (${limit} per minute; further ones are answered one a second). Retry after ${retryAfterSeconds} seconds.`,
    {},
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/** The default limit: above what one conformance-kit run sends (6 unknown keys + one minute window of them). */
export function defaultAuthFailuresPerMinute(perMinute: number): number {
  return Math.max(30, perMinute + 20);
}
