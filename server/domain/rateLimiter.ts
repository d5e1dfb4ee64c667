import type { RateLimits } from '../config.js';
import { firstAfter } from './partitionPoint.js';
import { judgeHit, longestWindowMs } from './slidingWindows.js';
import { REAL_TIME, type Timeline } from './timeline.js';

export type RateLimitDecision =
  | { allowed: true }
  | { allowed: false; window: 'minute' | 'day'; limit: number; retryAfterSeconds: number };

/** A sliding window of accepted requests. */
export interface RateLimitWindow {
  name: 'minute' | 'day';
  seconds: number;
  limit: number;
}

/** Keys whose whole history left the day window are swept at most this often (clock time). */
const SWEEP_INTERVAL_MS = 60_000;

/** The spec's two windows with the configured limits. */
export function rateLimitWindows(limits: RateLimits): RateLimitWindow[] {
  return [
    { name: 'minute', seconds: 60, limit: limits.perMinute },
    { name: 'day', seconds: 86_400, limit: limits.perDay },
  ];
}

/**
 * Sliding-window limiter: a request counts for 60 s in the minute window and 86,400 s in
 * the day window after it was accepted. Refused requests are not counted. Accepted requests are
 * stored at base-clock (real) time; a request is judged on the timeline of the account asking
 * (what its clock showed at each stored request: see judgeHit). So an account that moved its own
 * clock forward has aged the key's earlier requests for itself only, its later requests count
 * normally, and requests that lie "in the future" of its clock still count (the safe side).
 * Nothing counts after one day of base time.
 */
export class SlidingWindowRateLimiter {
  /** Accepted request times per key; only the last day is kept. */
  private readonly accepted = new Map<string, AcceptedTimes>();
  private readonly windows: RateLimitWindow[];
  /** Clock time of the last sweep for keys whose whole history left the day window. */
  private lastSweepMs = -Infinity;

  /** Without limits, only hitWindows (windows given per request, as the Store does) is of use. */
  constructor(limits?: RateLimits) {
    this.windows = limits ? rateLimitWindows(limits) : [];
  }

  /** @param nowMs base-clock time of the request; @param timeline the asking account's */
  hit(key: string, nowMs: number, timeline: Timeline = REAL_TIME): RateLimitDecision {
    return this.hitWindows(key, nowMs, this.windows, timeline);
  }

  hitWindows(key: string, nowMs: number, windows: readonly RateLimitWindow[], timeline: Timeline = REAL_TIME): RateLimitDecision {
    this.sweepExpired(nowMs);
    let times = this.accepted.get(key);
    if (!times) this.accepted.set(key, (times = new AcceptedTimes()));
    return times.hit(nowMs, windows, timeline);
  }

  reset(): void {
    this.accepted.clear();
    this.lastSweepMs = -Infinity;
  }

  /** Number of keys with a live window (for tests and figures). */
  get size(): number {
    return this.accepted.size;
  }

  /**
   * Drops keys whose newest request left the day window, at most once per clock minute, so the map
   * holds only addresses seen in the last day however many call (one pass, amortised over a minute).
   */
  private sweepExpired(nowMs: number): void {
    if (nowMs - this.lastSweepMs < SWEEP_INTERVAL_MS && nowMs >= this.lastSweepMs) return;
    this.lastSweepMs = nowMs;
    const dayStart = nowMs - 86_400_000;
    for (const [key, times] of this.accepted) {
      if (times.newestMs <= dayStart) this.accepted.delete(key);
    }
  }
}

/**
 * One key's accepted request times (base clock). times[head..] are live, sorted oldest first;
 * expired ones are skipped by moving `head`, and dropped once they are over half the array, so
 * expiry costs amortised O(1) per request instead of a copy of the history.
 */
export class AcceptedTimes {
  private head = 0;

  /** @param times sorted base times, oldest first; kept and written to */
  constructor(private readonly times: number[] = []) {}

  /** Judges a request at `nowMs` and counts it when allowed: O(log n) (see judgeHit). */
  hit(nowMs: number, windows: readonly RateLimitWindow[], timeline: Timeline): RateLimitDecision {
    this.expire(nowMs - longestWindowMs(windows));
    const decision = judgeHit(this.times, this.head, nowMs, windows, timeline);
    if (decision.allowed) this.insert(nowMs);
    return decision;
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
      this.head = 0;
    }
  }

  private insert(nowMs: number): void {
    const { times } = this;
    if (this.head === times.length || nowMs >= (times[times.length - 1] as number)) times.push(nowMs);
    // A clock moved backwards by the control API must not break the order.
    else times.splice(firstAfter(times, this.head, times.length, nowMs), 0, nowMs);
  }
}
