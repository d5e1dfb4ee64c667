import { describe, expect, it } from 'vitest';
import { BOOKING_ID_DRAWS, BOOKING_ID_MAX, BOOKING_ID_MIN, drawBookingId, freeBookingId } from './bookingIds.js';

describe('booking ids', () => {
  it('are 9-digit integers drawn at random', () => {
    const ids = Array.from({ length: 1000 }, drawBookingId);
    for (const id of ids) expect(Number.isSafeInteger(id) && id >= BOOKING_ID_MIN && id <= BOOKING_ID_MAX).toBe(true);
    expect(new Set(ids).size).toBeGreaterThan(990);
  });

  it('skip ids already taken, and give up after a bounded number of draws', () => {
    const draws = [5, 5, 7];
    expect(freeBookingId((id) => id === 5, () => draws.shift()!)).toBe(7);
    let drawn = 0;
    expect(() => freeBookingId(() => true, () => ++drawn)).toThrow(`no free booking id after ${BOOKING_ID_DRAWS} draws`);
    expect(drawn).toBe(BOOKING_ID_DRAWS);
  });
});
