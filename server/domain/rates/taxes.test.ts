import { describe, expect, it } from 'vitest';
import type { Hotel } from '../hotel.js';
import { convertCentsFromEur } from './currency.js';
import { profileOf, type CityTaxRule } from './profile.js';
import { cheapestRate, hotelRooms, type HotelRate } from './rates.js';
import { makeHotel, makeStay, manyHotels, NOW, scenarioHotel } from './testHotels.js';

const cents = (money: string): number => Math.round(Number(money) * 100);
const ratesOf = (hotel: Hotel, stay = makeStay()): HotelRate[] => hotelRooms(hotel, stay, NOW).flatMap((room) => room.rates);

/** The first ordinary hotel (ids 1..5000, bounded) whose generated profile satisfies `wanted`. */
function findHotel(wanted: (rule: CityTaxRule | null, vat: number | null) => boolean, overrides: Partial<Hotel> = {}): Hotel {
  for (let id = 1; id <= 5000; id++) {
    const hotel = makeHotel({ id, ...overrides });
    const profile = profileOf(hotel);
    if (wanted(profile.cityTax, profile.vatPercent) && ratesOf(hotel).length > 0) return hotel;
  }
  throw new Error('no such hotel in ids 1..5000');
}

describe('city tax and VAT of ordinary hotels', () => {
  it('are usually included: taxes [] and no vat key', () => {
    const hotel = findHotel((rule, vat) => rule === null && vat === null);
    for (const rate of ratesOf(hotel)) {
      expect(rate.pricing.taxes).toEqual([]);
      expect('vat' in rate.pricing).toBe(false);
    }
    const search = cheapestRate(hotel, makeStay(), NOW);
    expect(search?.pricing.taxes).toEqual([]);
    expect(search && 'vat' in search.pricing).toBe(false);
  });

  it('are not included for a minority of hotels', () => {
    let taxed = 0;
    let vat = 0;
    const hotels = manyHotels(400);
    for (const hotel of hotels) {
      const rate = cheapestRate(hotel, makeStay(), NOW);
      if (!rate) continue;
      expect(Array.isArray(rate.pricing.taxes)).toBe(true);
      if ((rate.pricing.taxes ?? []).length > 0) taxed++;
      if (rate.pricing.vat) vat++;
    }
    expect(taxed).toBeGreaterThan(40);
    expect(taxed).toBeLessThan(240);
    expect(vat).toBeGreaterThan(3);
    expect(vat).toBeLessThan(60);
  });

  it('a percentage in the display currency is that share of total_price', () => {
    const hotel = findHotel((rule) => rule?.kind === 'percent' && rule.currency === 'display');
    const percent = profileOf(hotel).cityTax?.percent ?? 0;
    for (const currency of ['EUR', 'USD']) {
      for (const rate of ratesOf(hotel, makeStay({ currency }))) {
        expect(rate.pricing.taxes).toHaveLength(1);
        const tax = rate.pricing.taxes?.[0];
        expect(tax?.name).toBe('city_tax');
        expect(tax?.currency).toBe(currency);
        expect(cents(tax?.amount ?? '')).toBe(Math.floor((cents(rate.pricing.total_price) * percent) / 100 + 0.5));
      }
    }
  });

  it('may be stated in the local currency, converted from EUR', () => {
    const hotel = findHotel((rule) => rule?.kind === 'percent' && rule.currency === 'local', {
      city: 'Zurich', countryCode: 'CH', localCurrency: 'CHF',
    });
    const percent = profileOf(hotel).cityTax?.percent ?? 0;
    for (const currency of ['EUR', 'USD', 'CHF']) {
      for (const rate of ratesOf(hotel, makeStay({ currency }))) {
        const tax = rate.pricing.taxes?.[0];
        expect(tax?.currency).toBe('CHF');
        const eurTotal = cents(rate.pricing.charge_amount ?? rate.pricing.total_price);
        const base = currency === 'CHF' ? cents(rate.pricing.total_price) : convertCentsFromEur(eurTotal, 'CHF');
        expect(cents(tax?.amount ?? '')).toBe(Math.floor((base * percent) / 100 + 0.5));
      }
    }
  });

  it('falls back to the display currency when the local currency is not in the exchange table', () => {
    const hotel = findHotel((rule) => rule?.currency === 'local', { city: 'Dakar', countryCode: 'SN', localCurrency: 'XOF' });
    for (const rate of ratesOf(hotel, makeStay({ currency: 'GBP' }))) expect(rate.pricing.taxes?.[0]?.currency).toBe('GBP');
  });

  it('an amount per person per night scales with persons and nights', () => {
    const hotel = findHotel((rule) => rule?.kind === 'per_person_night' && rule.currency === 'display');
    const perPersonNight = profileOf(hotel).cityTax?.eurCentsPerPersonNight ?? 0;
    for (const [persons, checkout] of [[1, '2026-12-16'], [2, '2026-12-18'], [3, '2026-12-20']] as const) {
      for (const rate of ratesOf(hotel, makeStay({ persons, checkout }))) {
        const nights = rate.pricing.price_per_night.length;
        expect(cents(rate.pricing.taxes?.[0]?.amount ?? '')).toBe(perPersonNight * persons * nights);
      }
    }
  });

  it('VAT not included is a share of total_price in the display currency', () => {
    const hotel = findHotel((_rule, vat) => vat !== null);
    const percent = profileOf(hotel).vatPercent ?? 0;
    for (const rate of ratesOf(hotel, makeStay({ currency: 'SEK' }))) {
      expect(rate.pricing.vat?.currency).toBe('SEK');
      expect(cents(rate.pricing.vat?.amount ?? '')).toBe(Math.floor((cents(rate.pricing.total_price) * percent) / 100 + 0.5));
    }
  });
});

describe('tax scenarios', () => {
  it('taxes_not_included: always a city tax and VAT', () => {
    for (let id = 900001; id <= 900040; id++) {
      const hotel = scenarioHotel(id, { kind: 'taxes_not_included' });
      for (const currency of ['EUR', 'JPY']) {
        for (const rate of ratesOf(hotel, makeStay({ currency }))) {
          expect(rate.pricing.taxes?.map((tax) => tax.name)).toEqual(['city_tax']);
          expect(cents(rate.pricing.taxes?.[0]?.amount ?? '0')).toBeGreaterThan(0);
          expect(rate.pricing.vat?.currency).toBe(currency);
          expect(cents(rate.pricing.vat?.amount ?? '0')).toBeGreaterThan(0);
        }
      }
    }
  });

  it('city_tax_third_currency: the city tax is in the effect currency, not the display or local one', () => {
    for (let id = 900001; id <= 900040; id++) {
      const hotel = scenarioHotel(id, { kind: 'city_tax_third_currency', currency: 'USD' });
      expect(hotel.localCurrency).toBe('EUR');
      const rates = ratesOf(hotel, makeStay({ currency: 'EUR' }));
      for (const rate of rates) {
        expect(rate.pricing.currency).toBe('EUR');
        expect(rate.pricing.taxes).toHaveLength(1);
        expect(rate.pricing.taxes?.[0]?.currency).toBe('USD');
        expect(rate.pricing.taxes?.[0]?.amount).toMatch(/^[0-9]+\.[0-9]{2}$/);
      }
      const search = cheapestRate(hotel, makeStay(), NOW);
      if (search) expect(search.pricing.taxes?.[0]?.currency).toBe('USD');
    }
  });
});
