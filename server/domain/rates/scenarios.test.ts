import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Hotel } from '../hotel.js';
import { cheapestRate, hotelRooms } from './rates.js';
import { roomTypesOf } from './roomTypes.js';
import { addDays, makeHotel, makeStay, NOW, scenarioHotel } from '../../testing/rateHotels.js';

const cents = (money: string): number => Math.round(Number(money) * 100);

describe('hotels that sell nothing', () => {
  it('closed hotels and no_rooms never have rooms', () => {
    for (const hotel of [
      makeHotel({ isClosed: true }),
      scenarioHotel(900002, { kind: 'closed' }),
      scenarioHotel(900003, { kind: 'no_rooms' }),
    ]) {
      for (const persons of [1, 2, 5]) {
        expect(hotelRooms(hotel, makeStay({ persons }), NOW)).toEqual([]);
        expect(cheapestRate(hotel, makeStay({ persons }), NOW)).toBeUndefined();
      }
    }
    expect(hotelRooms(makeHotel(), makeStay(), NOW).length).toBeGreaterThan(0);
  });
});

describe('residency scenarios', () => {
  it('no_availability_for_residency: nothing for that residency (case-insensitive), rooms for others', () => {
    const hotel = scenarioHotel(900005, { kind: 'no_availability_for_residency', residency: 'DE' });
    expect(hotelRooms(hotel, makeStay({ residency: 'de' }), NOW)).toEqual([]);
    expect(cheapestRate(hotel, makeStay({ residency: 'de' }), NOW)).toBeUndefined();
    expect(hotelRooms(hotel, makeStay({ residency: 'nl' }), NOW).length).toBeGreaterThan(0);
    expect(cheapestRate(hotel, makeStay({ residency: 'nl' }), NOW)).toBeDefined();
  });

  it('double_price_for_residency: every price doubles for that residency only', () => {
    const hotel = scenarioHotel(900006, { kind: 'double_price_for_residency', residency: 'us' });
    const normal = hotelRooms(hotel, makeStay({ residency: 'nl' }), NOW).flatMap((room) => room.rates);
    const doubled = hotelRooms(hotel, makeStay({ residency: 'US'.toLowerCase() }), NOW).flatMap((room) => room.rates);
    expect(normal.length).toBeGreaterThan(0);
    expect(doubled.map((rate) => rate.service_hash)).toEqual(normal.map((rate) => rate.service_hash));
    normal.forEach((rate, index) => {
      const other = doubled[index];
      expect(other?.search_hash).not.toBe(rate.search_hash);
      expect(cents(other?.pricing.total_price ?? '')).toBe(2 * cents(rate.pricing.total_price));
      expect(other?.pricing.price_per_night.map(cents)).toEqual(rate.pricing.price_per_night.map((night) => 2 * cents(night)));
    });
    const usd = cheapestRate(hotel, makeStay({ residency: 'us', currency: 'USD' }), NOW);
    const usdNormal = cheapestRate(hotel, makeStay({ residency: 'nl', currency: 'USD' }), NOW);
    expect(cents(usd?.pricing.charge_amount ?? '')).toBe(2 * cents(usdNormal?.pricing.charge_amount ?? ''));
    const ratio = cents(usd?.pricing.total_price ?? '') / cents(usdNormal?.pricing.total_price ?? '1');
    expect(ratio).toBeCloseTo(2, 3);
  });
});

describe('scenario hotels', () => {
  it('are never randomly sold out and offer all four combinations, so each edge case shows on any dates', () => {
    for (let id = 900001; id <= 900012; id++) {
      const hotel = scenarioHotel(id, { kind: 'sold_out_at_booking' });
      for (let day = 0; day < 60; day += 3) {
        const checkin = addDays('2027-01-04', day); // every free-cancellation deadline is still ahead of NOW
        const rooms = hotelRooms(hotel, makeStay({ checkin, checkout: addDays(checkin, 5) }), NOW);
        expect(rooms.length).toBe(roomTypesOf(hotel).filter((room) => room.maxPersons >= 2).length);
        for (const room of rooms) expect(room.rates).toHaveLength(4);
      }
    }
  });

  it('the fixture hotels behave as their effect says', () => {
    const file = new URL('../../../fixtures/scenario-hotels.json', import.meta.url);
    const hotels = JSON.parse(readFileSync(file, 'utf8')) as Hotel[];
    const byId = new Map(hotels.map((hotel) => [hotel.id, hotel]));
    const stay = makeStay();
    const rooms = (id: number, overrides = {}) => hotelRooms(byId.get(id) as Hotel, makeStay(overrides), NOW);
    expect(rooms(900001).length).toBeGreaterThan(0);
    expect(rooms(900002)).toEqual([]);
    expect(rooms(900003)).toEqual([]);
    for (const rate of rooms(900004).flatMap((room) => room.rates)) {
      expect(rate.pricing.taxes).toHaveLength(1);
      expect(rate.pricing.vat).toBeDefined();
    }
    for (const rate of rooms(900005).flatMap((room) => room.rates)) expect(rate.pricing.taxes?.[0]?.currency).toBe('USD');
    expect(rooms(900006, { residency: 'us' })).toEqual([]);
    expect(rooms(900006, { residency: 'nl' }).length).toBeGreaterThan(0);
    const gb = cheapestRate(byId.get(900007) as Hotel, makeStay({ residency: 'gb' }), NOW);
    const nl = cheapestRate(byId.get(900007) as Hotel, stay, NOW);
    expect(Number(gb?.pricing.total_price)).toBeCloseTo(2 * Number(nl?.pricing.total_price), 2);
    for (const id of [900008, 900009, 900010]) expect(rooms(id).length).toBeGreaterThan(0);
  });
});
