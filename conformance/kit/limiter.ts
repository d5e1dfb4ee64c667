/**
 * The kit's own politeness: a sliding-window scheduler per endpoint, mirroring the API's limits
 * (5 per minute, 200 per day on search.php and hotel.php). It only computes delays; the client
 * decides whether to sleep or to move the server clock. Time is passed in, so it is exact in
 * tests and works on the harness's virtual clock.
 *
 * Every request sent to a limited endpoint is counted, including ones a server might not count
 * (401s, 405s, 429s): over-counting costs a wait, under-counting costs a 429.
 */

export interface WindowLimit {
  /** Window length in milliseconds. */
  windowMs: number;
  /** Requests allowed in any such window; 0 or less switches the window off. */
  limit: number;
}

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

export function specLimits(perMinute = 5, perDay = 200): WindowLimit[] {
  return [
    { windowMs: MINUTE_MS, limit: perMinute },
    { windowMs: DAY_MS, limit: perDay },
  ];
}

export class SlidingWindowScheduler {
  private readonly sent = new Map<string, number[]>();
  private readonly blocked = new Map<string, number>();
  private readonly limits: WindowLimit[];
  private readonly longestMs: number;

  /**
   * @param marginMs added to every computed delay: the server receives a request a little after we
   * sent it, so its window frees a little later than ours.
   */
  constructor(limits: readonly WindowLimit[], private readonly marginMs = 1000) {
    this.limits = limits.filter((l) => l.limit > 0);
    this.longestMs = Math.max(0, ...this.limits.map((l) => l.windowMs));
  }

  /** Milliseconds to wait before the next request to `key` may be sent at `nowMs` (0: send now). */
  delayFor(key: string, nowMs: number): number {
    const history = this.history(key, nowMs);
    let freeAt = this.blocked.get(key) ?? 0;
    for (const { windowMs, limit } of this.limits) {
      const inside = history.filter((t) => t > nowMs - windowMs);
      if (inside.length >= limit) {
        // The window frees a place when the request `limit` places from the end leaves it.
        const oldestCounted = inside[inside.length - limit] ?? nowMs;
        freeAt = Math.max(freeAt, oldestCounted + windowMs + this.marginMs);
      }
    }
    return Math.max(0, freeAt - nowMs);
  }

  /** Milliseconds until no request to `key` is left in the window of `windowMs` (default: the minute). */
  delayUntilEmpty(key: string, nowMs: number, windowMs = MINUTE_MS): number {
    const history = this.history(key, nowMs);
    const last = history[history.length - 1];
    const freeAt = Math.max(this.blocked.get(key) ?? 0, last === undefined ? 0 : last + windowMs + this.marginMs);
    return Math.max(0, freeAt - nowMs);
  }

  /** Counts a request sent at `nowMs`. */
  record(key: string, nowMs: number): void {
    const history = this.history(key, nowMs);
    history.push(nowMs);
    history.sort((a, b) => a - b);
    this.sent.set(key, history);
  }

  /** Until when the server's Retry-After blocks `key` (0: it does not). */
  blockedUntil(key: string): number {
    return this.blocked.get(key) ?? 0;
  }

  /** The server said Retry-After: nothing goes to `key` before `untilMs`. */
  blockUntil(key: string, untilMs: number): void {
    this.blocked.set(key, Math.max(this.blocked.get(key) ?? 0, untilMs));
  }

  /** Requests to `key` counted in the window of `windowMs` ending at `nowMs`. */
  countIn(key: string, nowMs: number, windowMs: number): number {
    return this.history(key, nowMs).filter((t) => t > nowMs - windowMs).length;
  }

  private history(key: string, nowMs: number): number[] {
    const all = this.sent.get(key) ?? [];
    const kept = all.filter((t) => t > nowMs - this.longestMs);
    if (kept.length !== all.length) this.sent.set(key, kept);
    return kept;
  }
}
