/**
 * The sandbox's time rules as a plain reference model: a specification to read, and the oracle the
 * property tests (timeRules*.test.ts) compare the sandbox with. It keeps every event in one list, in
 * the order the sandbox received it, and answers each question by looking at that list directly —
 * no windows kept, no binary searches, no caches. Nothing here is fast; everything here is obvious.
 *
 * Words:
 * - base time: real time (a FakeClock in tests), shared by every account;
 * - an account's clock: base time plus the offset its latest clock move set (0 before any, and
 *   again after an account reset);
 * - the order received: the order of the events in `events`. Events may share a base millisecond;
 *   their order is still the order they came in.
 */
import type { Instant } from '../../clock.js';

export type { Instant };

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

export interface Limits {
  perMinute: number;
  perDay: number;
  /** Requests a minute from one address and endpoint over all accounts (the ceiling); 0: none. */
  ceilingPerMinute: number;
  /**
   * Accounts with a quota increase (section 8) in force, by scenario account: their own windows'
   * limits instead of perMinute and perDay (never below them). The ceiling stays the same for them.
   */
  raised?: Readonly<Record<number, { perMinute: number; perDay: number }>>;
}

export type Verdict =
  | { allowed: true }
  | { allowed: false; window: 'minute' | 'day'; limit: number; retryAfterSeconds: number; scope: 'account' | 'address' };

/** An accepted rate-limited request, as remembered. */
interface Hit {
  kind: 'hit';
  baseMs: number;
  account: number;
  /** Client IP and endpoint: what section 8 counts per (and each account apart). */
  key: string;
  /** False once its account was reset (the reset gives the account's hits back; the ceiling keeps them). */
  counted: boolean;
}

/** A move of an account's clock: from here on the account's clock shows base + offsetMs. */
interface ClockMove {
  kind: 'move';
  baseMs: number;
  account: number;
  offsetMs: number;
}

/** An account reset: its clock back to real time as if never moved, its hits given back. */
interface AccountReset {
  kind: 'reset';
  baseMs: number;
  account: number;
}

type Event = Hit | ClockMove | AccountReset;

export class TimeRulesModel {
  /** Every event, in the order received. */
  private readonly events: Event[] = [];

  constructor(
    private readonly limits: Limits,
    /** Base time now. */
    public baseMs: number,
  ) {}

  /** Base time passes (never backwards). */
  tick(ms: number): void {
    if (ms < 0) throw new Error('base time does not go back');
    this.baseMs += ms;
  }

  /** The account's clock offset in force after the event at `position` (all events: now). */
  offsetAfter(account: number, position = this.events.length): number {
    for (let i = position - 1; i >= 0; i--) {
      const event = this.events[i] as Event;
      if (event.account !== account || event.kind === 'hit') continue;
      return event.kind === 'move' ? event.offsetMs : 0; // a reset puts the clock back to real time
    }
    return 0;
  }

  /** What the account's clock shows now. */
  accountNow(account: number): number {
    return this.baseMs + this.offsetAfter(account);
  }

  /** Moves the account's clock: `offsetMs` over base time from now on. */
  moveClock(account: number, offsetMs: number): void {
    this.events.push({ kind: 'move', baseMs: this.baseMs, account, offsetMs });
  }

  resetAccount(account: number): void {
    for (const event of this.events) if (event.kind === 'hit' && event.account === account) event.counted = false;
    this.events.push({ kind: 'reset', baseMs: this.baseMs, account });
  }

  /**
   * Section 8 on one request of `account` from `key` (client IP and endpoint). First the address's
   * ceiling over all accounts, in real time (ceilingVerdict). Then the account's own windows: every
   * earlier accepted request of the account under the key, still counted (not given back by a reset)
   * and less than a day of base time old, counts in a window when the account's clock placed it —
   * its base time plus the account's offset in force when it came in — inside the window, judged at
   * the account's clock now (after its start; requests placed in its future count too, the safe
   * side). The minute window is judged first. A refused request is not remembered. Retry-After is
   * the whole seconds until the oldest request that keeps the window full leaves it, at least 1.
   */
  request(account: number, key: string): Verdict {
    const ceiling = this.ceilingVerdict(key);
    if (ceiling) return ceiling;
    const nowOnClock = this.accountNow(account);
    const places: number[] = [];
    this.events.forEach((event, position) => {
      if (event.kind !== 'hit' || !event.counted || event.key !== key || event.account !== account) return;
      if (event.baseMs <= this.baseMs - DAY_MS) return; // nothing counts after a day of base time
      places.push(event.baseMs + this.offsetAfter(account, position));
    });
    const own = this.limits.raised?.[account] ?? this.limits;
    const windows = [
      { name: 'minute' as const, ms: MINUTE_MS, limit: own.perMinute },
      { name: 'day' as const, ms: DAY_MS, limit: own.perDay },
    ];
    for (const window of windows) {
      const inside = places.filter((place) => place > nowOnClock - window.ms).sort((a, b) => b - a);
      if (inside.length >= window.limit) {
        const keepsItFull = inside[window.limit - 1] as number;
        const retryAfterSeconds = Math.max(1, Math.ceil((keepsItFull + window.ms - nowOnClock) / 1000));
        return { allowed: false, window: window.name, limit: window.limit, retryAfterSeconds, scope: 'account' };
      }
    }
    this.events.push({ kind: 'hit', baseMs: this.baseMs, account, key, counted: true });
    return { allowed: true };
  }

  /**
   * The address's ceiling: real time cut into whole seconds, a request in second s is refused when
   * the requests accepted under its key (every account's, resets give none back) in seconds
   * s−59 … s reach the ceiling; Retry-After is how many of the oldest of those seconds must pass
   * for the rest to hold fewer.
   */
  private ceilingVerdict(key: string): Verdict | undefined {
    const ceiling = this.limits.ceilingPerMinute;
    if (ceiling <= 0) return undefined;
    const second = Math.floor(this.baseMs / 1000);
    const seconds = this.events
      .filter((event): event is Hit => event.kind === 'hit' && event.key === key)
      .map((hit) => Math.floor(hit.baseMs / 1000))
      .filter((at) => at > second - 60);
    if (seconds.length < ceiling) return undefined;
    for (let wait = 1; wait <= 60; wait++) {
      if (seconds.filter((at) => at > second - 60 + wait).length < ceiling) {
        return { allowed: false, window: 'minute', limit: ceiling, retryAfterSeconds: wait, scope: 'address' };
      }
    }
    throw new Error('unreachable: after 60 s no request of the window is left');
  }
}

/**
 * Whether a thing made at `made` that lives `lifetimeMs` still answers at `now`: its lifetime must
 * not be over on the owning account's clock, nor in real time. Whichever ends it first ends it:
 * moving the account's clock past the end ends it; setting the clock back brings it back only while
 * its lifetime of real time is not over (and nothing ever comes back after that).
 */
export function lives(made: Instant, now: Instant, lifetimeMs: number): boolean {
  return now.accountMs < made.accountMs + lifetimeMs && now.baseMs < made.baseMs + lifetimeMs;
}

/** The lifetimes of section 8 and of our reference choices, each a rule on `lives`. */
export const LIFETIMES = {
  /** A search_id answers hotel.php for one hour: gone at exactly one hour. */
  searchId: (made: Instant, now: Instant): boolean => lives(made, now, HOUR_MS),
  /** An identical search is answered from the first one's result for one hour from the first one. */
  identicalSearch: (made: Instant, now: Instant): boolean => lives(made, now, HOUR_MS),
  /**
   * A service_hash books on the terms it was last shown with (by a search or hotel details answer)
   * for one hour from that showing, still at exactly one hour.
   */
  offer: (shown: Instant, now: Instant): boolean => lives(shown, now, HOUR_MS + 1),
  /**
   * A live hotel.php answer (checkin and checkout) is given again for 30 minutes to the same
   * account asking the same; not to a clock set back before it was made.
   */
  availability: (made: Instant, now: Instant): boolean => now.accountMs >= made.accountMs && lives(made, now, 30 * 60_000),
  /** An Idempotency-Key replays its answer for 24 hours from its use. */
  idempotency: (used: Instant, now: Instant): boolean => lives(used, now, DAY_MS),
  /** A refundable booking cancels free of charge strictly before its deadline (on the account's clock). */
  freeCancellation: (deadlineMs: number, now: Instant): boolean => now.accountMs < deadlineMs,
} as const;
