/**
 * An account's timeline: what its clock showed at each base-clock (real-time) instant, as the
 * history of its offset changes. The rate limiter places a key's stored requests on it; it works
 * on whole segments of constant offset, so it never has to place requests one by one.
 */
import { partitionPoint } from './partitionPoint.js';

export interface OffsetChange {
  /** Base-clock instant from which `offsetMs` applies. */
  fromBaseMs: number;
  offsetMs: number;
}

/**
 * Offset changes ordered by `fromBaseMs` (as AccountClocks writes them). From `fromBaseMs` on, the
 * clock shows base + `offsetMs`; before the first change the first change's offset applies (the
 * oldest kept one stands for all before it); no changes means real time (offset 0).
 * Segment i is the stretch of base time where change i is in force: [fromBaseMs_i, fromBaseMs_i+1),
 * the first reaching back to -∞ and the last on to +∞.
 */
export type Timeline = readonly OffsetChange[];

/** The timeline of an account that never moved its clock. */
export const REAL_TIME: Timeline = [];

/** What the account's clock showed at base instant `baseMs` (O(log changes)). */
export function place(timeline: Timeline, baseMs: number): number {
  return baseMs + segmentOffsetMs(timeline, segmentAt(timeline, baseMs));
}

/** The segment that holds base instant `baseMs`. */
export function segmentAt(timeline: Timeline, baseMs: number): number {
  const changesSoFar = partitionPoint(0, timeline.length, (index) => (timeline[index] as OffsetChange).fromBaseMs <= baseMs);
  return Math.max(0, changesSoFar - 1);
}

export function segmentOffsetMs(timeline: Timeline, segment: number): number {
  return timeline[segment]?.offsetMs ?? 0;
}

/** The base instant at which the segment ends (the next change), +∞ for the last. */
export function segmentEndMs(timeline: Timeline, segment: number): number {
  return timeline[segment + 1]?.fromBaseMs ?? Infinity;
}
