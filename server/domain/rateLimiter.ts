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

/** The spec's two windows with the configured limits. */
export function rateLimitWindows(limits: RateLimits): RateLimitWindow[] {
  return [
    { name: 'minute', seconds: 60, limit: limits.perMinute },
    { name: 'day', seconds: 86_400, limit: limits.perDay },
  ];
}

/**
 * Sliding-window limiter: a request counts for 60 s in the minute window and 86,400 s in
 * the day window after it was accepted. Refused requests are not counted. Time comes from
 * the caller (the shared clock), so tests and the control API can move it.
 */
export class SlidingWindowRateLimiter {
  /** Accepted request times (ms) per key, oldest first; only the longest window is kept. */
  private readonly accepted = new Map<string, number[]>();
  private readonly windows: RateLimitWindow[];

  constructor(limits: RateLimits) {
    this.windows = rateLimitWindows(limits);
  }

  hit(key: string, nowMs: number): RateLimitDecision {
    return hitSlidingWindows(this.accepted, key, nowMs, this.windows);
  }

  reset(): void {
    this.accepted.clear();
  }
}

/**
 * One request for `key` against `windows`, with the accepted request times of every key in
 * `accepted` (oldest first). Also used by the embedded store's hitRateLimit.
 */
export function hitSlidingWindows(
  accepted: Map<string, number[]>,
  key: string,
  nowMs: number,
  windows: readonly RateLimitWindow[],
): RateLimitDecision {
  const longestMs = Math.max(...windows.map((window) => window.seconds)) * 1000;
  const all = accepted.get(key) ?? [];
  const keepFrom = firstIndexAfter(all, nowMs - longestMs);
  // If the clock was moved backwards, entries "from the future" still count; that is the safe side.
  const history = keepFrom === 0 ? all : all.slice(keepFrom);
  for (const window of windows) {
    const windowStart = nowMs - window.seconds * 1000;
    // history is sorted, so the requests inside this window are its tail.
    const inside = history.length - firstIndexAfter(history, windowStart);
    if (inside >= window.limit) {
      accepted.set(key, history);
      const oldestInside = history[history.length - window.limit] ?? nowMs;
      const freesAtMs = oldestInside + window.seconds * 1000;
      return {
        allowed: false,
        window: window.name,
        limit: window.limit,
        retryAfterSeconds: Math.max(1, Math.ceil((freesAtMs - nowMs) / 1000)),
      };
    }
  }
  // A clock moved backwards by the control API must not break the sort order.
  history.splice(firstIndexAfter(history, nowMs), 0, nowMs);
  accepted.set(key, history);
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
