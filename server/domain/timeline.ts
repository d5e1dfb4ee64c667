/**
 * An account's timeline: what its clock showed at each base-clock (real-time) instant, as the
 * history of its offset changes. The rate limiter places a key's stored requests on it; it works
 * on whole segments of constant offset, so it never has to place requests one by one.
 *
 * Events are ordered as they were received, never by millisecond stamps alone, which tie: each
 * recorded event (an offset change, an accepted rate-limited request) carries its base-clock
 * millisecond and a sequence number the store hands out in the order it records them (the
 * embedded store: one counter per process; PostgreSQL: one database sequence shared by every
 * replica). Of two events in the same millisecond, the one with the smaller sequence number came
 * first. So a request recorded before a clock move in the same millisecond stays on the old
 * offset, and one recorded after it is on the new one.
 */
import { partitionPoint } from './partitionPoint.js';

export interface OffsetChange {
  /** Base-clock instant from which `offsetMs` applies. */
  fromBaseMs: number;
  /**
   * Where the change stands among the events of its millisecond (see above); the store stamps it
   * when it records the change. A change without one (recorded before sequences existed) comes
   * before every event of its millisecond.
   */
  fromSeq?: number;
  offsetMs: number;
}

/**
 * Offset changes ordered by (`fromBaseMs`, `fromSeq`) (as AccountClocks writes them). From a
 * change on, the clock shows base + `offsetMs`; before the first change the first change's offset
 * applies (the oldest kept one stands for all before it); no changes means real time (offset 0).
 * Segment i is the stretch of events where change i is in force: from change i up to change i+1,
 * the first reaching back to -∞ and the last on to +∞.
 */
export type Timeline = readonly OffsetChange[];

/** The timeline of an account that never moved its clock. */
export const REAL_TIME: Timeline = [];

/**
 * Sequence number of an event recorded after every offset change of its millisecond: a request
 * being judged now, or a stored request that has none (recorded before sequences existed).
 */
export const LATEST = Infinity;

/** Whether `change` was recorded before the event at (`baseMs`, `seq`). */
export function changeBefore(change: OffsetChange, baseMs: number, seq: number): boolean {
  return change.fromBaseMs < baseMs || (change.fromBaseMs === baseMs && (change.fromSeq ?? -Infinity) < seq);
}

/** What the account's clock showed at the event at base instant `baseMs` with sequence `seq` (O(log changes)). */
export function place(timeline: Timeline, baseMs: number, seq: number = LATEST): number {
  return baseMs + segmentOffsetMs(timeline, segmentAt(timeline, baseMs, seq));
}

/** The segment that holds the event at base instant `baseMs` with sequence `seq`. */
export function segmentAt(timeline: Timeline, baseMs: number, seq: number = LATEST): number {
  const changesSoFar = partitionPoint(0, timeline.length, (index) => changeBefore(timeline[index] as OffsetChange, baseMs, seq));
  return Math.max(0, changesSoFar - 1);
}

export function segmentOffsetMs(timeline: Timeline, segment: number): number {
  return timeline[segment]?.offsetMs ?? 0;
}

/** The change that ends the segment (the next one), undefined for the last. */
export function segmentEnd(timeline: Timeline, segment: number): OffsetChange | undefined {
  return timeline[segment + 1];
}
