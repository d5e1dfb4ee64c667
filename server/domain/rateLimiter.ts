import type { RateLimits } from '../config.js';

export type RateLimitDecision =
  | { allowed: true }
  | { allowed: false; window: 'minute' | 'day'; limit: number; retryAfterSeconds: number };

const WINDOWS = [
  { name: 'minute', seconds: 60, limitOf: (limits: RateLimits) => limits.perMinute },
  { name: 'day', seconds: 86_400, limitOf: (limits: RateLimits) => limits.perDay },
] as const;

/**
 * Sliding-window limiter: a request counts for 60 s in the minute window and 86,400 s in
 * the day window after it was accepted. Refused requests are not counted. Accepted requests are
 * stored at base-clock (real) time; a request is judged on the clock of the account asking, by
 * placing every stored request of the key on that account's timeline (`placeOf`: what the
 * account's clock showed at that instant). So an account that moved its own clock forward has
 * aged the key's earlier requests for itself only, its later requests count normally, and
 * requests that lie "in the future" of its clock still count (the safe side). Nothing counts
 * after one day of base time.
 */
export class SlidingWindowRateLimiter {
  /** Accepted request times (ms) per key, oldest first; only the last day is kept. */
  private readonly accepted = new Map<string, number[]>();

  constructor(private readonly limits: RateLimits) {}

  /** @param nowMs base-clock time of the request; @param placeOf base instant → the asking account's clock */
  hit(key: string, nowMs: number, placeOf: (baseMs: number) => number = (baseMs) => baseMs): RateLimitDecision {
    const history = this.pruned(key, nowMs);
    const accountNowMs = placeOf(nowMs);
    const places = history.map(placeOf).sort((a, b) => a - b);
    for (const window of WINDOWS) {
      const limit = window.limitOf(this.limits);
      const windowStart = accountNowMs - window.seconds * 1000;
      // places is sorted, so the requests inside this window are its tail.
      const inside = places.length - firstIndexAfter(places, windowStart);
      if (inside >= limit) {
        const oldestInside = places[places.length - limit] ?? accountNowMs;
        const freesAtMs = oldestInside + window.seconds * 1000;
        return {
          allowed: false,
          window: window.name,
          limit,
          retryAfterSeconds: Math.max(1, Math.ceil((freesAtMs - accountNowMs) / 1000)),
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
