import type { RateLimits } from '../config.js';
import { firstAfter } from './partitionPoint.js';
import { judgeHit, judgeHitAcross, longestWindowMs, type RateLimitDecision, type RateLimitWindow, type SortedTimes } from './slidingWindows.js';
import { LATEST, REAL_TIME, type Timeline } from './timeline.js';

export type { RateLimitDecision, RateLimitWindow };

/** Keys whose whole history left the day window are swept at most this often (clock time). */
const SWEEP_INTERVAL_MS = 60_000;

/** The spec's two windows with the configured limits. */
export function rateLimitWindows(limits: RateLimits): RateLimitWindow[] {
  return [
    { name: 'minute', seconds: 60, limit: limits.perMinute },
    { name: 'day', seconds: 86_400, limit: limits.perDay },
  ];
}

/** Requests counted without an account (tests, callers that know none): never given back. */
export const NO_ACCOUNT = -1;

/**
 * Sliding-window limiter: a request counts for 60 s in the minute window and 86,400 s in
 * the day window after it was accepted. Refused requests are not counted. Accepted requests are
 * stored at base-clock (real) time; a request is judged on the timeline of the account asking
 * (what its clock showed at each stored request: see judgeHit). So an account that moved its own
 * clock forward has aged the key's earlier requests for itself only, its later requests count
 * normally, and requests that lie "in the future" of its clock still count (the safe side).
 * Nothing counts after one day of base time.
 *
 * Every accepted request is kept with the account that made it (one sorted history per account
 * and key), so giveBack(account) drops that account's requests from every key — what an account
 * reset does, so that one sandbox account's traffic never leaves the others on its IP locked out
 * after it is reset — in O(keys the account used); a request is judged over the key's histories,
 * O(h · s · log n) for the h accounts that used the key in the last day (see judgeHitAcross).
 */
export class SlidingWindowRateLimiter {
  /** Accepted request times per key, per account; only the last day is kept. */
  private readonly accepted = new Map<string, Map<number, AcceptedTimes>>();
  /** The keys each account has (or had) requests under: what giveBack visits. */
  private readonly keysOfAccount = new Map<number, Set<string>>();
  /** Clock time of the last sweep for keys whose whole history left the day window. */
  private lastSweepMs = -Infinity;

  /**
   * Judges a request under `key` against `windows` (given per request, as the Store does) and counts it when allowed.
   * @param nowMs base-clock time of the request; @param timeline the asking account's
   * @param seq the request's sequence number (timeline.ts): larger than that of every event recorded before it
   */
  hitWindows(
    key: string,
    nowMs: number,
    windows: readonly RateLimitWindow[],
    timeline: Timeline = REAL_TIME,
    accountId = NO_ACCOUNT,
    seq: number = LATEST,
  ): RateLimitDecision {
    this.sweepExpired(nowMs);
    let byAccount = this.accepted.get(key);
    if (!byAccount) this.accepted.set(key, (byAccount = new Map()));
    const expiredUpTo = nowMs - longestWindowMs(windows);
    const histories: SortedTimes[] = [];
    for (const times of byAccount.values()) histories.push(times.liveAfter(expiredUpTo));
    const decision = judgeHitAcross(histories, nowMs, windows, timeline);
    if (decision.allowed) {
      let times = byAccount.get(accountId);
      if (!times) {
        byAccount.set(accountId, (times = new AcceptedTimes()));
        let keys = this.keysOfAccount.get(accountId);
        if (!keys) this.keysOfAccount.set(accountId, (keys = new Set()));
        keys.add(key);
      }
      times.insert(nowMs, seq);
    }
    return decision;
  }

  /** Drops every request the account made, under every key (an account reset): O(keys it used). */
  giveBack(accountId: number): void {
    const keys = this.keysOfAccount.get(accountId);
    if (!keys) return;
    this.keysOfAccount.delete(accountId);
    for (const key of keys) {
      const byAccount = this.accepted.get(key);
      byAccount?.delete(accountId);
      if (byAccount?.size === 0) this.accepted.delete(key);
    }
  }

  reset(): void {
    this.accepted.clear();
    this.keysOfAccount.clear();
    this.lastSweepMs = -Infinity;
  }

  /** Number of keys with a live window (for tests and figures). */
  get size(): number {
    return this.accepted.size;
  }

  /**
   * Drops histories whose newest request left the day window (and keys left with none), at most
   * once per clock minute, so the maps hold only addresses and accounts seen in the last day
   * however many call (one pass, amortised over a minute).
   */
  private sweepExpired(nowMs: number): void {
    if (nowMs - this.lastSweepMs < SWEEP_INTERVAL_MS && nowMs >= this.lastSweepMs) return;
    this.lastSweepMs = nowMs;
    const dayStart = nowMs - 86_400_000;
    for (const [key, byAccount] of this.accepted) {
      for (const [accountId, times] of byAccount) {
        if (times.newestMs > dayStart) continue;
        byAccount.delete(accountId);
        const keys = this.keysOfAccount.get(accountId);
        keys?.delete(key);
        if (keys?.size === 0) this.keysOfAccount.delete(accountId);
      }
      if (byAccount.size === 0) this.accepted.delete(key);
    }
  }
}

/**
 * One key's accepted request times (base clock) with their sequence numbers (timeline.ts).
 * times[head..] are live, sorted oldest first (by time, then sequence); expired ones are skipped
 * by moving `head`, and dropped once they are over half the array, so expiry costs amortised O(1)
 * per request instead of a copy of the history.
 */
export class AcceptedTimes {
  private head = 0;
  private readonly seqs: number[];

  /** @param times sorted base times, oldest first; kept and written to */
  constructor(private readonly times: number[] = []) {
    this.seqs = times.map(() => LATEST);
  }

  /** Judges a request at `nowMs` against this history alone and counts it when allowed: O(log n) (see judgeHit). */
  hit(nowMs: number, windows: readonly RateLimitWindow[], timeline: Timeline, seq: number = LATEST): RateLimitDecision {
    this.expire(nowMs - longestWindowMs(windows));
    const decision = judgeHit(this.times, this.head, nowMs, windows, timeline, this.seqs);
    if (decision.allowed) this.insert(nowMs, seq);
    return decision;
  }

  /** Drops the times at or before `expiredUpTo` and returns the live rest (amortised O(log n)). */
  liveAfter(expiredUpTo: number): SortedTimes {
    this.expire(expiredUpTo);
    return { times: this.times, seqs: this.seqs, from: this.head };
  }

  /** The newest live time; -Infinity when none is left. */
  get newestMs(): number {
    return this.head < this.times.length ? (this.times[this.times.length - 1] as number) : -Infinity;
  }

  /** Times at or before `boundMs` leave for good (a clock moved back later does not revive them). */
  private expire(boundMs: number): void {
    this.head = firstAfter(this.times, this.head, this.times.length, boundMs);
    if (this.head * 2 > this.times.length) {
      this.times.splice(0, this.head);
      this.seqs.splice(0, this.head);
      this.head = 0;
    }
  }

  /**
   * Counts a request at `nowMs` with sequence `seq`, the largest so far (so it goes after every
   * request of its millisecond), in order also when the base clock was moved back (a test's FakeClock).
   */
  insert(nowMs: number, seq: number = LATEST): void {
    const { times, seqs } = this;
    if (this.head === times.length || nowMs >= (times[times.length - 1] as number)) {
      times.push(nowMs);
      seqs.push(seq);
      return;
    }
    const at = firstAfter(times, this.head, times.length, nowMs);
    times.splice(at, 0, nowMs);
    seqs.splice(at, 0, seq);
  }
}
