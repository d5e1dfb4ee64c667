import { describe, expect, it } from 'vitest';
import {
  buildServiceHash, parseServiceHash, rateTypeMeaning, rateTypeOf, RATE_TYPES_IN_ORDER, searchHashOf, type RateType,
} from './serviceHash.js';

function reasonOf(text: string): string {
  const result = parseServiceHash(text);
  if (result.ok) throw new Error(`expected ${text} to be refused`);
  return result.reason;
}

describe('rate types', () => {
  it('maps meal and refundability as spec 2.8 says', () => {
    expect(rateTypeOf('nomeal', false)).toBe(1);
    expect(rateTypeOf('breakfast', false)).toBe(2);
    expect(rateTypeOf('nomeal', true)).toBe(3);
    expect(rateTypeOf('breakfast', true)).toBe(4);
  });

  it('rateTypeMeaning is the inverse', () => {
    for (const rateType of [1, 2, 3, 4] as RateType[]) {
      const { meal, refundable } = rateTypeMeaning(rateType);
      expect(rateTypeOf(meal, refundable)).toBe(rateType);
    }
  });

  it('orders rates nomeal non-refundable, nomeal refundable, breakfast non-refundable, breakfast refundable', () => {
    expect(RATE_TYPES_IN_ORDER.map(rateTypeMeaning)).toEqual([
      { meal: 'nomeal', refundable: false },
      { meal: 'nomeal', refundable: true },
      { meal: 'breakfast', refundable: false },
      { meal: 'breakfast', refundable: true },
    ]);
  });
});

describe('parseServiceHash', () => {
  it('parses a valid reference', () => {
    expect(parseServiceHash('4127-SUPDBL-3-20261215-20261218-2')).toEqual({
      ok: true,
      value: { hotelId: 4127, roomCode: 'SUPDBL', rateType: 3, checkin: '2026-12-15', checkout: '2026-12-18', persons: 2 },
    });
  });

  it('round-trips buildServiceHash', () => {
    const text = buildServiceHash(900003, 'DLXTWN2', 4, '20261231', '20270102', 5);
    expect(text).toBe('900003-DLXTWN2-4-20261231-20270102-5');
    const parsed = parseServiceHash(text);
    expect(parsed.ok && parsed.value).toMatchObject({ checkin: '2026-12-31', checkout: '2027-01-02', persons: 5, rateType: 4 });
  });

  it('names the format when the shape is wrong', () => {
    expect(reasonOf('')).toMatch(/\{hotel_id\}-\{room_code\}-\{rate_type\}-\{YYYYMMDD\}-\{YYYYMMDD\}-\{persons\}/);
    expect(reasonOf('4127-SUPDBL-3-20261215-20261218')).toMatch(/six parts/);
    expect(reasonOf('4127-SUP-DBL-3-20261215-20261218-2')).toMatch(/six parts/);
    expect(reasonOf('x'.repeat(300))).toMatch(/too long/);
  });

  it('names the hotel id', () => {
    expect(reasonOf('abc-SUPDBL-3-20261215-20261218-2')).toMatch(/^hotel_id 'abc'.*positive integer/);
    expect(reasonOf('0-SUPDBL-3-20261215-20261218-2')).toMatch(/^hotel_id/);
    expect(reasonOf('0042-SUPDBL-3-20261215-20261218-2')).toMatch(/^hotel_id/);
  });

  it('names the room code', () => {
    expect(reasonOf('4127-supdbl-3-20261215-20261218-2')).toMatch(/^room_code 'supdbl'.*upper-case letters and digits/);
    expect(reasonOf('4127--3-20261215-20261218-2')).toMatch(/^room_code/);
    expect(reasonOf(`4127-${'A'.repeat(25)}-3-20261215-20261218-2`)).toMatch(/^room_code/);
  });

  it('names the rate type', () => {
    expect(reasonOf('4127-SUPDBL-5-20261215-20261218-2')).toBe("rate_type must be 1, 2, 3 or 4 (got '5')");
    expect(reasonOf('4127-SUPDBL-0-20261215-20261218-2')).toMatch(/^rate_type must be 1, 2, 3 or 4/);
    expect(reasonOf('4127-SUPDBL-x-20261215-20261218-2')).toMatch(/^rate_type must be 1, 2, 3 or 4/);
  });

  it('names the dates', () => {
    expect(reasonOf('4127-SUPDBL-3-20260230-20261218-2')).toMatch(/^check-in date '20260230'.*real date/);
    expect(reasonOf('4127-SUPDBL-3-2026121-20261218-2')).toMatch(/^check-in date/);
    expect(reasonOf('4127-SUPDBL-3-20261215-20261318-2')).toMatch(/^check-out date '20261318'.*real date/);
    expect(reasonOf('4127-SUPDBL-3-20261215-20261215-2')).toMatch(/check-out date .* after the check-in date/);
    expect(reasonOf('4127-SUPDBL-3-20261218-20261215-2')).toMatch(/after the check-in date/);
    expect(reasonOf('4127-SUPDBL-3-20261201-20270101-2')).toMatch(/at most 30 nights \(got 31\)/);
    expect(parseServiceHash('4127-SUPDBL-3-20281228-20290127-2').ok).toBe(true); // 30 nights
    expect(parseServiceHash('4127-SUPDBL-3-20280228-20280301-2').ok).toBe(true); // leap day
  });

  it('names the persons', () => {
    expect(reasonOf('4127-SUPDBL-3-20261215-20261218-0')).toBe("persons must be 1 to 5 (got '0')");
    expect(reasonOf('4127-SUPDBL-3-20261215-20261218-6')).toMatch(/^persons must be 1 to 5/);
    expect(reasonOf('4127-SUPDBL-3-20261215-20261218-')).toMatch(/^persons/);
  });
});

describe('searchHashOf', () => {
  it('is 16 lower-case hex characters that depend on hash, currency and residency', () => {
    const base = searchHashOf('4127-SUPDBL-1-20261215-20261218-2', 'EUR', 'nl');
    expect(base).toMatch(/^[0-9a-f]{16}$/);
    expect(searchHashOf('4127-SUPDBL-1-20261215-20261218-2', 'EUR', 'nl')).toBe(base);
    expect(searchHashOf('4127-SUPDBL-1-20261215-20261218-2', 'USD', 'nl')).not.toBe(base);
    expect(searchHashOf('4127-SUPDBL-1-20261215-20261218-2', 'EUR', 'de')).not.toBe(base);
    expect(searchHashOf('4127-SUPDBL-2-20261215-20261218-2', 'EUR', 'nl')).not.toBe(base);
  });
});
