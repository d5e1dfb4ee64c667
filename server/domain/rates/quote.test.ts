import { describe, expect, it } from 'vitest';
import type { Hotel } from '../hotel.js';
import { offeredRateMask, roomsAvailable } from './availability.js';
import { stayNights } from './dates.js';
import { profileOf } from './profile.js';
import { hotelRooms, quoteServiceHash, type QuoteResult } from './rates.js';
import { roomTypesOf } from './roomTypes.js';
import { buildServiceHash, parseServiceHash, type ParsedServiceHash, type RateType } from './serviceHash.js';
import { addDays, makeHotel, makeStay, manyHotels, NOW, scenarioHotel } from '../../testing/rateHotels.js';

const EUR_NL = { currency: 'EUR', residency: 'nl' };

function parsed(text: string): ParsedServiceHash {
  const result = parseServiceHash(text);
  if (!result.ok) throw new Error(result.reason);
  return result.value;
}

function failure(result: QuoteResult): { reason: string; message: string } {
  if (result.ok) throw new Error('expected the quote to fail');
  return result;
}

describe('quoteServiceHash', () => {
  it('re-prices exactly the rate hotelRooms shows, in the given currency and residency', () => {
    let quoted = 0;
    for (const hotel of manyHotels(24)) {
      for (const guest of [EUR_NL, { currency: 'USD', residency: 'de' }]) {
        const stay = makeStay(guest);
        for (const room of hotelRooms(hotel, stay, NOW)) {
          for (const rate of room.rates) {
            const result = quoteServiceHash(hotel, parsed(rate.service_hash), guest, NOW);
            expect(result.ok).toBe(true);
            if (!result.ok) continue;
            quoted++;
            expect(result.rate).toEqual(rate);
            expect(result.room.roomName).toBe(room.room_name);
            expect(rate.service_hash).toContain(`-${result.room.code}-`);
          }
        }
      }
    }
    expect(quoted).toBeGreaterThan(100);
  });

  it('unknown_room: a code that is not one of the hotel', () => {
    const hotel = makeHotel();
    const result = failure(quoteServiceHash(hotel, parsed('4127-NOSUCHROOM-1-20261215-20261218-2'), EUR_NL, NOW));
    expect(result.reason).toBe('unknown_room');
    expect(result.message).toContain('NOSUCHROOM');
    const code = roomTypesOf(hotel)[0]?.code ?? '';
    const other = failure(quoteServiceHash(hotel, parsed(`4128-${code}-1-20261215-20261218-2`), EUR_NL, NOW));
    expect(other.reason).toBe('unknown_room');
  });

  it('over_capacity: more persons than the room takes', () => {
    const hotel = makeHotel();
    const room = roomTypesOf(hotel).find((candidate) => candidate.maxPersons < 5);
    expect(room).toBeDefined();
    const persons = (room?.maxPersons ?? 0) + 1;
    const result = failure(quoteServiceHash(hotel, parsed(`4127-${room?.code}-1-20261215-20261218-${persons}`), EUR_NL, NOW));
    expect(result.reason).toBe('over_capacity');
    expect(result.message).toContain(String(room?.maxPersons));
  });

  it('not_available: a night sold out for the room', () => {
    const hotel = makeHotel({ id: 321 });
    const room = roomTypesOf(hotel)[0];
    let checkin: string | undefined;
    for (let day = 0; day < 400 && checkin === undefined; day++) {
      const candidate = addDays('2027-01-01', day);
      if (roomsAvailable(room!, stayNights(candidate, addDays(candidate, 1))) === 0) checkin = candidate;
    }
    expect(checkin).toBeDefined();
    const compact = (date: string) => date.replaceAll('-', '');
    const text = buildServiceHash(321, room!.code, 1, compact(checkin!), compact(addDays(checkin!, 1)), 1);
    const result = failure(quoteServiceHash(hotel, parsed(text), EUR_NL, NOW));
    expect(result.reason).toBe('not_available');
    expect(result.message).toMatch(/no longer available/);
  });

  it('not_available: a meal/refundability combination the room does not offer', () => {
    let checked = 0;
    for (const hotel of manyHotels(64)) {
      for (const room of roomTypesOf(hotel)) {
        const mask = offeredRateMask(room);
        if (mask === 0b1111) continue;
        const missing = ([1, 2, 3, 4] as RateType[]).find((rateType) => (mask & (1 << (rateType - 1))) === 0) as RateType;
        const text = buildServiceHash(hotel.id, room.code, missing, '20261215', '20261218', 1);
        const result = failure(quoteServiceHash(hotel, parsed(text), EUR_NL, NOW));
        expect(result.reason).toBe('not_available');
        expect(result.message).toMatch(/not offered/);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('not_available: refundable after its deadline, while non-refundable still quotes', () => {
    const hotel = makeHotel();
    const room = hotelRooms(hotel, makeStay(), NOW).find((candidate) => candidate.rates.length === 4);
    expect(room).toBeDefined();
    const code = /^\d+-([A-Z0-9]+)-/.exec(room?.rates[0]?.service_hash ?? '')?.[1];
    const lead = profileOf(hotel).cancellationDays;
    const late = new Date(`${addDays('2026-12-15', -lead)}T23:59:30Z`);
    const refundable = failure(quoteServiceHash(hotel, parsed(`4127-${code}-3-20261215-20261218-2`), EUR_NL, late));
    expect(refundable.reason).toBe('not_available');
    expect(refundable.message).toMatch(/deadline/);
    expect(quoteServiceHash(hotel, parsed(`4127-${code}-1-20261215-20261218-2`), EUR_NL, late).ok).toBe(true);
  });

  it('not_available: closed hotels and no-room scenarios', () => {
    const hotel = makeHotel();
    const rate = hotelRooms(hotel, makeStay(), NOW)[0]?.rates[0];
    const reference = parsed(rate?.service_hash ?? '');
    const variants: Hotel[] = [
      makeHotel({ isClosed: true }),
      makeHotel({ scenario: [{ kind: 'closed' }] }),
      makeHotel({ scenario: [{ kind: 'no_rooms' }] }),
      makeHotel({ scenario: [{ kind: 'no_availability_for_residency', residency: 'NL' }] }),
    ];
    for (const variant of variants) {
      expect(failure(quoteServiceHash(variant, reference, EUR_NL, NOW)).reason).toBe('not_available');
    }
    const otherResidency = quoteServiceHash(variants[3]!, reference, { currency: 'EUR', residency: 'be' }, NOW);
    expect(otherResidency.ok).toBe(true);
  });

  it('does not apply booking-time scenarios (the booking flow does)', () => {
    const plain = hotelRooms(makeHotel({ id: 900007 }), makeStay(), NOW)[0]?.rates[0];
    const hotel = scenarioHotel(900007, { kind: 'price_increase_at_booking', percent: 10 });
    const quote = quoteServiceHash(hotel, parsed(plain?.service_hash ?? ''), EUR_NL, NOW);
    expect(quote.ok && quote.rate.pricing.total_price).toBe(plain?.pricing.total_price);
  });
});
