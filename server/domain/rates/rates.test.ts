import { describe, expect, it } from 'vitest';
import { formatErrors } from '../../../contract/validationErrors.js';
import { createContractValidator } from '../../../contract/validator.js';
import { cheapestRate, hotelRooms, type HotelRate, type HotelRoom, type Stay } from './rates.js';
import { parseServiceHash, rateTypeOf } from './serviceHash.js';
import { addDays, makeHotel, makeStay, manyHotels, NOW } from '../../testing/rateHotels.js';
import { profileOf } from './profile.js';

const contract = createContractValidator();
const MONEY = /^[0-9]+\.[0-9]{2}$/;
/** ISO 4217: JPY has no minor unit. */
const MONEY_IN: Record<string, RegExp> = { JPY: /^[0-9]+$/ };
const moneyIn = (currency: string): RegExp => MONEY_IN[currency] ?? MONEY;
const SERVICE_HASH = /^([0-9]+)-([A-Z0-9]{1,24})-([1-4])-([0-9]{8})-([0-9]{8})-([1-5])$/;
const cents = (money: string): number => Math.round(Number(money) * 100);
const sum = (list: string[]): number => list.reduce((total, money) => total + cents(money), 0);
const allRates = (rooms: HotelRoom[]): HotelRate[] => rooms.flatMap((room) => room.rates);
const hotels = manyHotels(96);

describe('hotelRooms', () => {
  it('matches the contract (HotelRoom) for many hotels and currencies', () => {
    for (const hotel of hotels.slice(0, 40)) {
      for (const currency of ['EUR', 'USD', 'JPY']) {
        for (const room of hotelRooms(hotel, makeStay({ currency }), NOW)) {
          const result = contract.validateSchema('HotelRoom', room);
          expect(result.ok, formatErrors(result)).toBe(true);
        }
      }
    }
  });

  it('is deterministic', () => {
    const a = hotelRooms(makeHotel(), makeStay(), NOW);
    const b = hotelRooms(makeHotel(), makeStay(), NOW);
    expect(a.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  it('lists rates in 2.5.2 order, at most 4 per room, no duplicate combination, rooms by cheapest rate', () => {
    const order = (rate: HotelRate) => [1, 3, 2, 4].indexOf(rateTypeOf(rate.meal, rate.refundable));
    let sawPartialRoom = false;
    for (const hotel of hotels) {
      const rooms = hotelRooms(hotel, makeStay(), NOW);
      let previousCheapest = 0;
      for (const room of rooms) {
        expect(room.rates.length).toBeGreaterThanOrEqual(1);
        expect(room.rates.length).toBeLessThanOrEqual(4);
        if (room.rates.length < 4) sawPartialRoom = true;
        const positions = room.rates.map(order);
        expect([...positions].sort()).toEqual(positions);
        expect(new Set(positions).size).toBe(positions.length);
        const cheapest = Math.min(...room.rates.map((rate) => cents(rate.pricing.total_price)));
        expect(cheapest).toBeGreaterThanOrEqual(previousCheapest);
        previousCheapest = cheapest;
      }
      const groups = rooms.map((room) => `${room.room_class}|${room.quality}|${room.bedding}`);
      expect(new Set(groups).size).toBe(groups.length);
    }
    expect(sawPartialRoom).toBe(true);
  });

  it('encodes hotel, room, rate type, dates and persons in service_hash', () => {
    const hotel = makeHotel();
    for (const persons of [1, 2, 3]) {
      for (const rate of allRates(hotelRooms(hotel, makeStay({ persons }), NOW))) {
        const match = SERVICE_HASH.exec(rate.service_hash);
        expect(match, rate.service_hash).not.toBeNull();
        expect(match?.[1]).toBe('4127');
        expect(Number(match?.[3])).toBe(rateTypeOf(rate.meal, rate.refundable));
        expect(match?.[4]).toBe('20261215');
        expect(match?.[5]).toBe('20261218');
        expect(Number(match?.[6])).toBe(persons);
        expect(parseServiceHash(rate.service_hash).ok).toBe(true);
        expect(rate.search_hash).toMatch(/^[0-9a-f]{16}$/);
      }
    }
  });

  it('gives each night a price, in order, summing to total_price in EUR, USD and JPY', () => {
    for (const hotel of hotels.slice(0, 30)) {
      for (const currency of ['EUR', 'USD', 'JPY', 'GBP']) {
        const stay = makeStay({ currency, checkout: '2026-12-22' });
        for (const rate of allRates(hotelRooms(hotel, stay, NOW))) {
          const { pricing } = rate;
          expect(pricing.currency).toBe(currency);
          expect(pricing.price_per_night).toHaveLength(7);
          for (const night of pricing.price_per_night) expect(night).toMatch(moneyIn(currency));
          expect(pricing.total_price).toMatch(moneyIn(currency));
          expect(sum(pricing.price_per_night)).toBe(cents(pricing.total_price));
          expect(pricing.average_per_night).toMatch(moneyIn(currency));
          for (const policy of rate.cancellation.policies) {
            expect(policy.penalty_amount).toMatch(moneyIn(currency));
            expect(policy.penalty_charge).toMatch(MONEY);
          }
          if (rate.pricing.vat) expect(rate.pricing.vat.amount).toMatch(moneyIn(currency));
          expect(Math.abs(cents(pricing.average_per_night ?? '0') - cents(pricing.total_price) / 7)).toBeLessThanOrEqual(currency === 'JPY' ? 50 : 0.5);
          if (currency === 'EUR') {
            expect(pricing.charge_amount).toBeNull();
            expect(pricing.charge_currency).toBeNull();
          } else {
            expect(pricing.charge_currency).toBe('EUR');
            expect(pricing.charge_amount).toMatch(MONEY);
          }
        }
      }
    }
  });

  it('charges the same EUR amount whatever the display currency', () => {
    const hotel = makeHotel();
    const eur = allRates(hotelRooms(hotel, makeStay(), NOW));
    const usd = allRates(hotelRooms(hotel, makeStay({ currency: 'USD' }), NOW));
    const byHash = new Map(usd.map((rate) => [rate.service_hash, rate]));
    expect(usd.length).toBe(eur.length);
    for (const rate of eur) {
      const other = byHash.get(rate.service_hash);
      expect(other?.pricing.charge_amount).toBe(rate.pricing.total_price);
      const ratio = cents(other?.pricing.total_price ?? '0') / cents(rate.pricing.total_price);
      expect(ratio).toBeGreaterThan(1.1);
      expect(ratio).toBeLessThan(1.25);
    }
  });

  it('makes refundable rates exactly those with a free-cancellation deadline, and prices the penalties', () => {
    const allowedLeads = [1, 2, 3, 5, 7, 14];
    let refundable = 0;
    for (const hotel of hotels.slice(0, 40)) {
      const stay = makeStay({ currency: 'USD' });
      for (const rate of allRates(hotelRooms(hotel, stay, NOW))) {
        const { cancellation, pricing } = rate;
        expect(cancellation.policies).toHaveLength(1);
        const policy = cancellation.policies[0];
        expect(policy?.ends_at).toBe('2026-12-18T12:00:00');
        if (rate.refundable) {
          refundable++;
          const deadline = cancellation.free_cancellation_before ?? '';
          expect(deadline).toMatch(/^\d{4}-\d{2}-\d{2}T23:59:00$/);
          const lead = (Date.parse('2026-12-15T00:00:00Z') - Date.parse(`${deadline.slice(0, 10)}T00:00:00Z`)) / 86_400_000;
          expect(allowedLeads).toContain(lead);
          expect(policy?.starts_at).toBe(deadline);
          expect(policy?.penalty_amount).toBe(pricing.price_per_night[0]);
          expect(cents(policy?.penalty_charge ?? '')).toBeLessThan(cents(pricing.charge_amount ?? ''));
        } else {
          expect(cancellation.free_cancellation_before).toBeNull();
          expect(policy?.starts_at).toBe('2026-11-21T11:15:42'); // the quote instant, Amsterdam time (CET)
          expect(policy?.penalty_amount).toBe(pricing.total_price);
          expect(policy?.penalty_charge).toBe(pricing.charge_amount);
        }
      }
    }
    expect(refundable).toBeGreaterThan(0);
  });

  it.each([
    ['Europe/Amsterdam', '+01:00'],
    ['America/New_York', '-05:00'],
    ['Asia/Tokyo', '+09:00'],
    ['Asia/Kolkata', '+05:30'],
    ['Pacific/Kiritimati', '+14:00'],
    ['Pacific/Pago_Pago', '-11:00'],
  ])('drops refundable rates once the hotel-local deadline is not after now (%s)', (timeZone, offset) => {
    const hotel = makeHotel({ timeZone });
    const lead = profileOf(hotel).cancellationDays;
    const deadlineDay = addDays('2026-12-15', -lead);
    const atDeadline = new Date(`${deadlineDay}T23:59:00${offset}`);
    const before = new Date(atDeadline.getTime() - 1000);
    const stay = makeStay();
    const offered = allRates(hotelRooms(hotel, stay, before)).filter((rate) => rate.refundable);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((rate) => rate.cancellation.free_cancellation_before === `${deadlineDay}T23:59:00`)).toBe(true);
    expect(allRates(hotelRooms(hotel, stay, before)).some((rate) => rate.refundable)).toBe(true);
    const late = allRates(hotelRooms(hotel, stay, atDeadline));
    expect(late.length).toBeGreaterThan(0);
    expect(late.every((rate) => !rate.refundable)).toBe(true);
    const checkinDay = allRates(hotelRooms(hotel, stay, new Date('2026-12-15T08:00:00Z')));
    expect(checkinDay.every((rate) => !rate.refundable && rate.cancellation.free_cancellation_before === null)).toBe(true);
  });

  it('gives rooms_available 1–9 and the booking flags', () => {
    let restricted = 0;
    for (const hotel of hotels) {
      for (const rate of allRates(hotelRooms(hotel, makeStay(), NOW))) {
        expect(rate.booking.rooms_available).toBeGreaterThanOrEqual(1);
        expect(rate.booking.rooms_available).toBeLessThanOrEqual(9);
        expect(typeof rate.booking.any_residency).toBe('boolean');
        expect(typeof rate.booking.is_package_rate).toBe('boolean');
        if (!rate.booking.any_residency) restricted++;
      }
    }
    expect(restricted).toBeGreaterThan(0);
  });

  it('sells out some room nights and some whole hotel nights', () => {
    const hotel = makeHotel({ id: 555 });
    let empty = 0;
    let partial = 0;
    const full = hotelRooms(hotel, makeStay({ checkin: '2027-03-01', checkout: '2027-03-02' }), NOW).length;
    for (let day = 0; day < 120; day++) {
      const checkin = addDays('2027-01-01', day);
      const count = hotelRooms(hotel, makeStay({ checkin, checkout: addDays(checkin, 1) }), NOW).length;
      if (count === 0) empty++;
      else if (count < full) partial++;
    }
    expect(empty).toBeLessThan(20);
    expect(partial).toBeGreaterThan(0);
  });

  it('only offers rooms the persons fit in', () => {
    for (const hotel of hotels.slice(0, 32)) {
      const five = hotelRooms(hotel, makeStay({ persons: 5 }), NOW);
      for (const room of five) expect(['Quintuple', 'Sextuple']).toContain(room.capacity);
      const one = hotelRooms(hotel, makeStay({ persons: 1 }), NOW);
      expect(one.length).toBeGreaterThanOrEqual(five.length);
    }
  });

  it('charges more for more persons in the same room', () => {
    const hotel = makeHotel();
    const one = allRates(hotelRooms(hotel, makeStay({ persons: 1 }), NOW));
    const two = allRates(hotelRooms(hotel, makeStay({ persons: 2 }), NOW));
    let compared = 0;
    for (const rate of one) {
      const twin = two.find((other) => other.service_hash === rate.service_hash.replace(/-1$/, '-2'));
      if (!twin) continue;
      compared++;
      expect(cents(twin.pricing.total_price)).toBeGreaterThan(cents(rate.pricing.total_price));
    }
    expect(compared).toBeGreaterThan(0);
  });

  it('costs more with breakfast and more when refundable, for the same room', () => {
    for (const hotel of hotels.slice(0, 40)) {
      for (const room of hotelRooms(hotel, makeStay(), NOW)) {
        const byType = new Map<number, number>(room.rates.map((rate) => [rateTypeOf(rate.meal, rate.refundable), cents(rate.pricing.total_price)]));
        const one = byType.get(1);
        if (one === undefined) continue;
        for (const other of [2, 3, 4]) if (byType.has(other)) expect(byType.get(other)).toBeGreaterThan(one);
      }
    }
  });
});

describe('prices', () => {
  const firstNight = (hotel: ReturnType<typeof makeHotel>, checkin: string): number[] =>
    allRates(hotelRooms(hotel, makeStay({ checkin, checkout: addDays(checkin, 1) }), NOW))
      .filter((rate) => rate.meal === 'nomeal' && !rate.refundable)
      .map((rate) => cents(rate.pricing.total_price));

  it('are dearer on Friday and Saturday nights than on Tuesday and Wednesday', () => {
    let weekend = 0;
    let midweek = 0;
    for (const hotel of hotels.slice(0, 48)) {
      for (let week = 0; week < 4; week++) {
        // 2027-02-05 is a Friday.
        const friday = addDays('2027-02-05', week * 7);
        for (const price of [...firstNight(hotel, friday), ...firstNight(hotel, addDays(friday, 1))]) weekend += price;
        for (const price of [...firstNight(hotel, addDays(friday, 4)), ...firstNight(hotel, addDays(friday, 5))]) midweek += price;
      }
    }
    expect(weekend).toBeGreaterThan(midweek * 1.1);
  });

  it('rise with the star rating and the city price level', () => {
    const cheapestOf = (overrides: Parameters<typeof makeHotel>[0]) =>
      cents(cheapestRate(makeHotel(overrides), makeStay(), NOW)?.pricing.total_price ?? '0');
    const two = cheapestOf({ starRating: 2 });
    const five = cheapestOf({ starRating: 5 });
    expect(two).toBeGreaterThan(0);
    expect(five).toBeGreaterThan(two * 1.5);
    expect(cheapestOf({ cityPriceLevel: 2 })).toBeGreaterThan(cheapestOf({ cityPriceLevel: 1 }));
  });

  it('vary with the season', () => {
    let summer = 0;
    let winter = 0;
    for (const hotel of hotels.slice(0, 48)) {
      for (const price of firstNight(hotel, '2027-07-14')) summer += price;
      for (const price of firstNight(hotel, '2027-01-13')) winter += price;
    }
    expect(summer).toBeGreaterThan(winter * 1.2);
  });
});

describe('cheapestRate', () => {
  const stays: Stay[] = [
    makeStay(),
    makeStay({ currency: 'JPY', persons: 1, checkin: '2027-05-01', checkout: '2027-05-08' }),
    makeStay({ currency: 'USD', persons: 4, residency: 'de', checkin: '2027-08-10', checkout: '2027-08-12' }),
  ];

  it('matches the contract (SearchRate) and omits average_per_night', () => {
    for (const hotel of hotels.slice(0, 40)) {
      const rate = cheapestRate(hotel, makeStay({ currency: 'USD' }), NOW);
      if (!rate) continue;
      const result = contract.validateSchema('SearchRate', rate);
      expect(result.ok, formatErrors(result)).toBe(true);
      expect('average_per_night' in rate.pricing).toBe(false);
      expect(Object.keys(rate.room).sort()).toEqual(['bedding', 'room_class', 'room_name']);
    }
  });

  it('is the cheapest rate of hotelRooms, with the same hash and pricing', () => {
    let found = 0;
    for (const hotel of hotels) {
      for (const stay of stays) {
        const rooms = hotelRooms(hotel, stay, NOW);
        const rate = cheapestRate(hotel, stay, NOW);
        if (rooms.length === 0) {
          expect(rate).toBeUndefined();
          continue;
        }
        found++;
        expect(rate).toBeDefined();
        const room = rooms.find((candidate) => candidate.rates.some((other) => other.service_hash === rate?.service_hash));
        const same = room?.rates.find((other) => other.service_hash === rate?.service_hash);
        expect(same, rate?.service_hash).toBeDefined();
        const { average_per_night: average, ...pricing } = same?.pricing ?? { total_price: '', currency: '', price_per_night: [] };
        expect(average).toMatch(moneyIn(stay.currency));
        expect(rate?.pricing).toEqual(pricing);
        expect(rate?.cancellation).toEqual(same?.cancellation);
        expect(rate?.search_hash).toBe(same?.search_hash);
        expect(rate?.meal).toBe(same?.meal);
        expect(rate?.room).toEqual({ room_name: room?.room_name, room_class: room?.room_class, bedding: room?.bedding });
        const lowest = Math.min(...allRates(rooms).map((other) => cents(other.pricing.total_price)));
        expect(cents(rate?.pricing.total_price ?? '')).toBe(lowest);
      }
    }
    expect(found).toBeGreaterThan(100);
  });

  it('honours the meal filter', () => {
    for (const hotel of hotels.slice(0, 48)) {
      const rooms = hotelRooms(hotel, makeStay(), NOW);
      const breakfast = allRates(rooms).filter((rate) => rate.meal === 'breakfast');
      const rate = cheapestRate(hotel, makeStay(), NOW, { meals: ['breakfast'] });
      if (breakfast.length === 0) {
        expect(rate).toBeUndefined();
        continue;
      }
      expect(rate?.meal).toBe('breakfast');
      expect(cents(rate?.pricing.total_price ?? '')).toBe(Math.min(...breakfast.map((other) => cents(other.pricing.total_price))));
      expect(cheapestRate(hotel, makeStay(), NOW, { meals: [] })).toEqual(cheapestRate(hotel, makeStay(), NOW));
      expect(cheapestRate(hotel, makeStay(), NOW, { meals: ['nomeal', 'breakfast'] })).toEqual(cheapestRate(hotel, makeStay(), NOW));
    }
  });

  it('honours inclusive price bounds on total_price in the display currency', () => {
    let checked = 0;
    for (const hotel of hotels.slice(0, 48)) {
      const stay = makeStay({ currency: 'GBP' });
      const totals = allRates(hotelRooms(hotel, stay, NOW)).map((rate) => cents(rate.pricing.total_price)).sort((a, b) => a - b);
      const middle = totals[Math.floor(totals.length / 2)];
      if (middle === undefined) continue;
      checked++;
      const exact = cheapestRate(hotel, stay, NOW, { priceFrom: middle / 100, priceTo: middle / 100 });
      expect(cents(exact?.pricing.total_price ?? '')).toBe(middle);
      const above = cheapestRate(hotel, stay, NOW, { priceFrom: middle / 100 });
      expect(cents(above?.pricing.total_price ?? '')).toBe(middle);
      const below = cheapestRate(hotel, stay, NOW, { priceTo: middle / 100 });
      expect(cents(below?.pricing.total_price ?? '')).toBe(totals[0]);
      const integerBounds = cheapestRate(hotel, stay, NOW, { priceFrom: Math.ceil(middle / 100), priceTo: Math.ceil(middle / 100) + 100 });
      if (integerBounds) expect(cents(integerBounds.pricing.total_price)).toBeGreaterThanOrEqual(Math.ceil(middle / 100) * 100);
      expect(cheapestRate(hotel, stay, NOW, { priceTo: (totals[0] ?? 0) / 100 - 0.01 })).toBeUndefined();
      expect(cheapestRate(hotel, stay, NOW, { priceFrom: (totals[totals.length - 1] ?? 0) / 100 + 0.01 })).toBeUndefined();
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('is deterministic', () => {
    expect(cheapestRate(makeHotel(), makeStay(), NOW)).toEqual(cheapestRate(makeHotel(), makeStay(), NOW));
  });
});
