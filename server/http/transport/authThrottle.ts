/**
 * Slows down key guessing: failed authentications (an unknown API key on the API or the control
 * API, a wrong key at the console's sign-in, a wrong admin token) are counted per client IP over a
 * sliding minute of the base clock (real time, never an account's clock). Once an IP has
 * `limitPerMinute` failures in the last 60 seconds, its further attempts are answered 429 with
 * `Retry-After` **without the key being judged**, so a blocked guesser learns nothing. A key that
 * already authenticated from this same IP in the last day keeps being served during the block
 * (a partner whose colleague mistyped is not locked out); a key never seen from that IP waits like
 * a guess. Another IP is never affected.
 *
 * The state is in this process's memory (replicas each count their own), bounded: an IP's
 * failures are at most `limitPerMinute` timestamps and expire after a minute; at most
 * `maxAddresses` IPs and `maxTrusted` (IP, account) pairs are held, the oldest dropped first.
 */
import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors.js';

export type AuthSurface = 'api' | 'control' | 'console' | 'admin';

/** One failed authentication; `blocked` when it was refused with 429 without judging the key. */
export interface FailedAuthEvent {
  surface: AuthSurface;
  ip: string;
  blocked: boolean;
}

export interface AuthThrottleOptions {
  clock: Clock;
  limitPerMinute: number;
  /** Called on every failed authentication (e.g. a /metrics counter). Must not throw. */
  onFailedAuth?: (event: FailedAuthEvent) => void;
  maxAddresses?: number;
  maxTrusted?: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** The account id a correct admin token is remembered under. */
export const ADMIN_PRINCIPAL = -1;

/** Whatever authenticated: an account id, or ADMIN_PRINCIPAL. */
export type Principal = number;

/** The verdict on one attempt (see AuthThrottle.judge). */
export type AuthVerdict = { kind: 'ok' } | { kind: 'failed' } | { kind: 'blocked'; retryAfterSeconds: number };

export class AuthThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly trusted = new Map<string, number>();
  private readonly maxAddresses: number;
  private readonly maxTrusted: number;
  /** Failed authentications since start, blocked ones included (also reported to onFailedAuth). */
  failedTotal = 0;

  constructor(private readonly options: AuthThrottleOptions) {
    this.maxAddresses = options.maxAddresses ?? 10_000;
    this.maxTrusted = options.maxTrusted ?? 10_000;
  }

  get limitPerMinute(): number {
    return this.options.limitPerMinute;
  }

  /** Seconds until the IP may try again (0: not blocked). */
  retryAfterSeconds(ip: string, now = this.options.clock.now().getTime()): number {
    const recent = this.recentFailures(ip, now);
    if (recent.length < this.options.limitPerMinute) return 0;
    const oldest = recent[recent.length - this.options.limitPerMinute] as number;
    return Math.max(1, Math.ceil((oldest + MINUTE_MS - now) / 1000));
  }

  /**
   * Judges one attempt whose key has been compared (in constant time) already: `principal` is who
   * it authenticated as, undefined for a wrong key. Records the outcome.
   */
  judge(ip: string, surface: AuthSurface, principal: Principal | undefined): AuthVerdict {
    const now = this.options.clock.now().getTime();
    const retryAfterSeconds = this.retryAfterSeconds(ip, now);
    if (retryAfterSeconds > 0) {
      if (principal !== undefined && this.isTrusted(ip, principal, now)) return this.succeeded(ip, principal, now);
      this.report(surface, ip, true);
      return { kind: 'blocked', retryAfterSeconds };
    }
    if (principal !== undefined) return this.succeeded(ip, principal, now);
    this.recordFailure(ip, now);
    this.report(surface, ip, false);
    return { kind: 'failed' };
  }

  /** Forgets everything (the admin reset). */
  reset(): void {
    this.failures.clear();
    this.trusted.clear();
  }

  /** How many IPs and trusted pairs are held (for tests of the bounds). */
  size(): { addresses: number; trusted: number } {
    return { addresses: this.failures.size, trusted: this.trusted.size };
  }

  private succeeded(ip: string, principal: Principal, now: number): AuthVerdict {
    const key = `${principal}|${ip}`;
    this.trusted.delete(key); // re-inserted last: the Map's order is oldest use first
    this.trusted.set(key, now);
    if (this.trusted.size > this.maxTrusted) this.trusted.delete(this.trusted.keys().next().value as string);
    return { kind: 'ok' };
  }

  private isTrusted(ip: string, principal: Principal, now: number): boolean {
    const since = this.trusted.get(`${principal}|${ip}`);
    return since !== undefined && now - since < DAY_MS && since <= now;
  }

  private recentFailures(ip: string, now: number): number[] {
    const list = this.failures.get(ip);
    if (!list) return [];
    const recent = list.filter((at) => at > now - MINUTE_MS);
    if (recent.length === 0) this.failures.delete(ip);
    else if (recent.length !== list.length) this.failures.set(ip, recent);
    return recent;
  }

  private recordFailure(ip: string, now: number): void {
    const list = this.recentFailures(ip, now);
    list.push(now);
    // Only the newest `limit` failures decide a block.
    if (list.length > this.options.limitPerMinute) list.splice(0, list.length - this.options.limitPerMinute);
    this.failures.delete(ip);
    this.failures.set(ip, list);
    if (this.failures.size > this.maxAddresses) this.evict(now);
  }

  private evict(now: number): void {
    for (const [ip, list] of this.failures) {
      if (!list.some((at) => at > now - MINUTE_MS)) this.failures.delete(ip);
    }
    while (this.failures.size > this.maxAddresses) this.failures.delete(this.failures.keys().next().value as string);
  }

  private report(surface: AuthSurface, ip: string, blocked: boolean): void {
    this.failedTotal++;
    try {
      this.options.onFailedAuth?.({ surface, ip, blocked });
    } catch {
      // a broken counter must not change the answer
    }
  }
}

/** The 429 of a blocked IP (API and control API). */
export function tooManyFailedAuthentications(limit: number, retryAfterSeconds: number): ApiError {
  return new ApiError(
    429,
    `Too many failed authentications from your address (${limit} per minute). Retry after ${retryAfterSeconds} seconds.`,
    {},
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/** The default limit: above what one conformance-kit run sends (6 unknown keys + one minute window of them). */
export function defaultAuthFailuresPerMinute(perMinute: number): number {
  return Math.max(30, perMinute + 20);
}
