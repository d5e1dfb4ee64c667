import type { RateLimits } from '../config.js';

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
  private readonly windows: RateLimitWindow[];
  /** Clock time of the last sweep for keys whose whole history left the day window. */
  private lastSweepMs = -Infinity;

  /** Without limits, only hitWindows (windows given per request, as the Store does) is of use. */
  constructor(limits?: RateLimits) {
    this.windows = limits ? rateLimitWindows(limits) : [];
  }

  /** @param nowMs base-clock time of the request; @param placeOf base instant → the asking account's clock */
  hit(key: string, nowMs: number, placeOf: (baseMs: number) => number = (baseMs) => baseMs): RateLimitDecision {
    return this.hitWindows(key, nowMs, this.windows, placeOf);
  }

  hitWindows(key: string, nowMs: number, windows: readonly RateLimitWindow[], placeOf?: (baseMs: number) => number): RateLimitDecision {
    this.sweepExpired(nowMs);
    return hitSlidingWindows(this.accepted, key, nowMs, windows, placeOf);
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
}

/**
 * One request for `key` against `windows`, given the accepted request times (base clock, oldest
 * first) of every key in `accepted`. Shared by the limiter above (the embedded store's windows) and
 * the PostgreSQL store, which runs it on the key's rows under a per-key lock.
 */
export function hitSlidingWindows(
  accepted: Map<string, number[]>,
  key: string,
  nowMs: number,
  windows: readonly RateLimitWindow[],
  placeOf: (baseMs: number) => number = (baseMs) => baseMs,
): RateLimitDecision {
  const longestMs = Math.max(...windows.map((window) => window.seconds)) * 1000;
  const all = accepted.get(key) ?? [];
  const keepFrom = firstIndexAfter(all, nowMs - longestMs);
  // If the clock was moved backwards, entries "from the future" still count; that is the safe side.
  const history = keepFrom === 0 ? all : all.slice(keepFrom);
  accepted.set(key, history);
  const accountNowMs = placeOf(nowMs);
  const places = history.map(placeOf).sort((a, b) => a - b);
  for (const window of windows) {
    const windowStart = accountNowMs - window.seconds * 1000;
    // places is sorted, so the requests inside this window are its tail.
    const inside = places.length - firstIndexAfter(places, windowStart);
    if (inside >= window.limit) {
      const oldestInside = places[places.length - window.limit] ?? accountNowMs;
      const freesAtMs = oldestInside + window.seconds * 1000;
      return {
        allowed: false,
        window: window.name,
        limit: window.limit,
        retryAfterSeconds: Math.max(1, Math.ceil((freesAtMs - accountNowMs) / 1000)),
      };
    }
  }
  // A clock moved backwards by the control API must not break the sort order.
  history.splice(firstIndexAfter(history, nowMs), 0, nowMs);
  return { allowed: true };
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
