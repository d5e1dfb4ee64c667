/**
 * Booking ids are random 9-digit integers, not a sequence: an id says nothing about how many bookings
 * the sandbox, or any other account, has made. Each store draws until the id is free (a collision is
 * rare: 100,000 bookings fill 0.01% of the space).
 */
import { randomInt } from 'node:crypto';

export const BOOKING_ID_MIN = 100_000_000;
export const BOOKING_ID_MAX = 999_999_999;
/** Draws before giving up; 32 collisions in a row would mean the space is all but full. */
export const BOOKING_ID_DRAWS = 32;

export const drawBookingId = (): number => randomInt(BOOKING_ID_MIN, BOOKING_ID_MAX + 1);

/** A random booking id for which `taken` is false. */
export function freeBookingId(taken: (id: number) => boolean, draw: () => number = drawBookingId): number {
  for (let attempt = 0; attempt < BOOKING_ID_DRAWS; attempt += 1) {
    const id = draw();
    if (!taken(id)) return id;
  }
  throw new Error(`no free booking id after ${BOOKING_ID_DRAWS} draws`);
}
