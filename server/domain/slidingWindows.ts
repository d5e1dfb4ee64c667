/**
 * The sliding-window decision for one request, on the asking account's timeline. Pure: shared by
 * the embedded limiter (rateLimiter.ts) and the PostgreSQL store, which runs it on the key's rows.
 *
 * A request counts for a window while its place (what the asking account's clock showed when it
 * was accepted) is inside the window. Within one segment of constant offset o, places keep the
 * order of the base times, and place > start ⇔ base > start − o; so every count is one binary
 * search per segment: O(s · log n) for the s segments the key's history spans (1 unless the
 * account moved its clock during the day), with no per-request placing or sorting of the history;
 * over h histories of one key (judgeHitAcross: one per account that used it), O(h · s · log n).
 */
import { firstAfter, partitionPoint } from './partitionPoint.js';
import { changeBefore, LATEST, place, segmentAt, segmentEnd, segmentOffsetMs, type Timeline } from './timeline.js';

/**
 * What one window holds for the asker once the request is judged (counted when allowed), as the
 * RateLimit header field reports it: the requests left, and the whole seconds until the oldest one
 * counted leaves the window (0 when none is counted).
 */
export interface WindowState {
  name: 'minute' | 'day';
  seconds: number;
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/** A rate-limit verdict, with each window's state, and the windows it is judged over (rateLimiter.ts re-exports them). */
export type RateLimitDecision = (
  | { allowed: true }
  | { allowed: false; window: 'minute' | 'day'; limit: number; retryAfterSeconds: number }
) & { states?: readonly WindowState[] };

/** A sliding window of accepted requests. */
export interface RateLimitWindow {
  name: 'minute' | 'day';
  seconds: number;
  limit: number;
}

/** Accepted requests times[low, high): all in one segment of the timeline, at that segment's offset. */
interface Run {
  times: readonly number[];
  low: number;
  high: number;
  offsetMs: number;
}

/** Nothing counts once it is older than the longest window (base time). */
export function longestWindowMs(windows: readonly RateLimitWindow[]): number {
  return Math.max(...windows.map((window) => window.seconds)) * 1000;
}

/**
 * @param times accepted request times (base clock) of the key; times[from..] sorted, oldest first
 *   (entries at or before nowMs − the longest window are skipped)
 * @param nowMs base-clock time of the request
 * @param timeline the asking account's timeline
 * @param seqs the sequence numbers of `times` (see timeline.ts), when the timeline may change
 *   within a millisecond that holds requests
 */
export function judgeHit(
  times: readonly number[],
  from: number,
  nowMs: number,
  windows: readonly RateLimitWindow[],
  timeline: Timeline,
  seqs?: readonly number[],
): RateLimitDecision {
  return judgeHitAcross([{ times, from, ...(seqs ? { seqs } : {}) }], nowMs, windows, timeline);
}

/**
 * One history of accepted requests: times[from..] (base clock) with their sequence numbers
 * seqs[from..] (see timeline.ts; none given: each is recorded after every clock move of its
 * millisecond), sorted by time, then sequence, oldest first.
 */
export interface SortedTimes {
  times: readonly number[];
  seqs?: readonly number[];
  from: number;
}

/**
 * judgeHit over the union of several sorted histories (the embedded limiter keeps one per account
 * that used the key, so that an account's hits can be given back at once): every history is cut
 * into runs on the asker's timeline and counted by binary search, O(h · s · log n) for h histories.
 */
export function judgeHitAcross(
  histories: readonly SortedTimes[],
  nowMs: number,
  windows: readonly RateLimitWindow[],
  timeline: Timeline,
): RateLimitDecision {
  const expiredUpTo = nowMs - longestWindowMs(windows);
  const runs: Run[] = [];
  for (const history of histories) {
    const { times, from } = history;
    // Callers mostly pass live entries only (the embedded limiter expired them, PostgreSQL selected them): one read tells.
    const start = (times[from] ?? Infinity) > expiredUpTo ? from : firstAfter(times, from, times.length, expiredUpTo);
    runsOf(history, start, timeline, runs);
  }
  const accountNowMs = place(timeline, nowMs);
  // Requests placed "in the future" of the asker's clock count too: that is the safe side.
  const counted = windows.map((window) => countPlacedAfter(runs, accountNowMs - window.seconds * 1000));
  const full = windows.findIndex((window, index) => (counted[index] as number) >= window.limit);
  const allowed = full < 0;
  const states = windows.map((window, index): WindowState => {
    const windowMs = window.seconds * 1000;
    const inside = counted[index] as number;
    // The oldest request the window holds once this one is judged (this one counts when allowed).
    const oldestBefore = inside === 0 ? undefined : newestPlace(runs, inside, accountNowMs - windowMs);
    const oldest = allowed ? Math.min(accountNowMs, oldestBefore ?? Infinity) : oldestBefore;
    const resetSeconds = oldest === undefined ? 0 : Math.max(0, Math.ceil((oldest + windowMs - accountNowMs) / 1000));
    return { name: window.name, seconds: window.seconds, limit: window.limit, remaining: Math.max(0, window.limit - inside - (allowed ? 1 : 0)), resetSeconds };
  });
  if (allowed) return { allowed: true, states };
  const window = windows[full] as RateLimitWindow;
  const windowMs = window.seconds * 1000;
  const hasOldestInside = Number.isInteger(window.limit) && window.limit >= 1;
  const oldestInside = hasOldestInside ? newestPlace(runs, window.limit, accountNowMs - windowMs) : accountNowMs;
  return {
    allowed: false,
    window: window.name,
    limit: window.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((oldestInside + windowMs - accountNowMs) / 1000)),
    states,
  };
}

/**
 * times[start..] cut where the timeline's offset changes (in the order events were received, so a
 * millisecond may be cut too); only segments holding requests, O(log) each.
 */
function runsOf({ times, seqs }: SortedTimes, start: number, timeline: Timeline, runs: Run[]): void {
  const newestMs = times[times.length - 1] as number;
  const seqAt = (index: number): number => seqs?.[index] ?? LATEST;
  for (let low = start; low < times.length; ) {
    const segment = segmentAt(timeline, times[low] as number, seqAt(low));
    const end = segmentEnd(timeline, segment);
    const high =
      end === undefined || end.fromBaseMs > newestMs
        ? times.length
        : partitionPoint(low + 1, times.length, (index) => !changeBefore(end, times[index] as number, seqAt(index)));
    runs.push({ times, low, high, offsetMs: segmentOffsetMs(timeline, segment) });
    low = high;
  }
}

function countPlacedAfter(runs: readonly Run[], boundMs: number): number {
  let count = 0;
  for (const { times, low, high, offsetMs } of runs) count += high - firstAfter(times, low, high, boundMs - offsetMs);
  return count;
}

/** The `nth` newest place (1 = the newest), given that at least `nth` places lie after `windowStart`. */
function newestPlace(runs: readonly Run[], nth: number, windowStart: number): number {
  const [only] = runs;
  if (runs.length === 1 && only) return (only.times[only.high - nth] as number) + only.offsetMs;
  // Several runs: the latest whole millisecond with at least `nth` places at or after it, by binary
  // search over the value. Base times (Date.getTime()) and offsets (rounded by AccountClocks) are
  // whole milliseconds, so places are too, and that millisecond is the nth newest place itself.
  let low = Math.floor(windowStart) + 1;
  let high = Math.max(...runs.map((run) => (run.times[run.high - 1] as number) + run.offsetMs));
  while (low < high) {
    const mid = low + Math.ceil((high - low) / 2);
    if (countPlacedAfter(runs, mid - 1) >= nth) low = mid;
    else high = mid - 1;
  }
  return low;
}
