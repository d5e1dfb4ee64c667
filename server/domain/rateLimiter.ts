import type { RateLimits } from '../config.js';

export type RateLimitDecision =
  | { allowed: true }
  | { allowed: false; window: 'minute' | 'day'; limit: number; retryAfterSeconds: number };

const WINDOWS = [
  { name: 'minute', seconds: 60, limitOf: (limits: RateLimits) => limits.perMinute },
  { name: 'day', seconds: 86_400, limitOf: (limits: RateLimits) => limits.perDay },
] as const;

const SWEEP_INTERVAL_MS = 60_000;

/**
 * Sliding-window limiter: a request counts for 60 s in the minute window and 86,400 s in
 * the day window after it was accepted. Refused requests are not counted. Time comes from
 * the caller (the shared clock), so tests and the control API can move it.
 */
export class SlidingWindowRateLimiter {
  /** Accepted request times (ms) per key, oldest first; only the last day is kept. */
  private readonly accepted = new Map<string, number[]>();
  /** Clock time of the last sweep for keys whose whole history left the day window. */
  private lastSweepMs = -Infinity;

  constructor(private readonly limits: RateLimits) {}

  hit(key: string, nowMs: number): RateLimitDecision {
    this.sweepExpired(nowMs);
    const history = this.pruned(key, nowMs);
    for (const window of WINDOWS) {
      const limit = window.limitOf(this.limits);
      const windowStart = nowMs - window.seconds * 1000;
      // history is sorted, so the requests inside this window are its tail.
      const inside = history.length - firstIndexAfter(history, windowStart);
      if (inside >= limit) {
        const oldestInside = history[history.length - limit] ?? nowMs;
        const freesAtMs = oldestInside + window.seconds * 1000;
        return {
          allowed: false,
          window: window.name,
          limit,
          retryAfterSeconds: Math.max(1, Math.ceil((freesAtMs - nowMs) / 1000)),
        };
      }
    }
    // A clock moved backwards by the control API must not break the sort order.
    history.splice(firstIndexAfter(history, nowMs), 0, nowMs);
    this.accepted.set(key, history);
    return { allowed: true };
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
    for (const [key, history] of this.accepted) {
      if ((history[history.length - 1] ?? -Infinity) <= dayStart) this.accepted.delete(key);
    }
  }

  private pruned(key: string, nowMs: number): number[] {
    const history = this.accepted.get(key) ?? [];
    const dayStart = nowMs - 86_400_000;
    const keepFrom = firstIndexAfter(history, dayStart);
    // If the clock was moved backwards, entries "from the future" still count; that is the safe side.
    return keepFrom === 0 ? history : history.slice(keepFrom);
  }
}

/** Index of the first entry strictly greater than `bound` (binary search). */
function firstIndexAfter(sorted: number[], bound: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] ?? 0) > bound) high = mid;
    else low = mid + 1;
  }
  return low;
}
