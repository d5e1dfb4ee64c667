import { describe, expect, it } from 'vitest';
import type { Hotel } from '../hotel.js';
import { profileOf } from './profile.js';
import { cityTaxes, cityTaxOf, countryTaxes } from './taxTable.js';
import { cheapestRate, hotelRooms, type HotelRate } from './rates.js';
import { makeHotel, makeStay, manyHotels, NOW, scenarioHotel } from '../../testing/rateHotels.js';

const cents = (money: string): number => Math.round(Number(money) * 100);
const ratesOf = (hotel: Hotel, stay = makeStay()): HotelRate[] => hotelRooms(hotel, stay, NOW).flatMap((room) => room.rates);

const amsterdam = (id: number): Hotel => makeHotel({ id });
const madrid = (id: number): Hotel =>
  makeHotel({ id, city: 'Madrid', countryCode: 'ES', localCurrency: 'EUR', latitude: 40.4168, longitude: -3.7038, timeZone: 'Europe/Madrid' });

describe('taxes.json', () => {
  it('has lodging VAT, a year and a source for at least the 40 countries with the most hotels', () => {
    const top40 = ['US', 'CN', 'JP', 'IT', 'DE', 'FR', 'ES', 'GB', 'TR', 'TH', 'IN', 'BR', 'MX', 'ID', 'GR', 'AT', 'CA', 'AU', 'PT', 'HR',
      'PL', 'NL', 'CH', 'VN', 'MY', 'PH', 'KR', 'CZ', 'RU', 'AE', 'EG', 'MA', 'ZA', 'AR', 'CL', 'CO', 'PE', 'HU', 'SE', 'NO'];
    for (const code of top40) {
      const entry = countryTaxes().get(code);
      expect(entry, code).toBeDefined();
      expect(entry?.year).toBe(2026);
      expect(entry?.source.length).toBeGreaterThan(10);
      const vat = entry?.vat ?? null;
      expect(vat === null || (vat >= 0 && vat < 30)).toBe(true);
    }
    expect(countryTaxes().size).toBeGreaterThanOrEqual(40);
    for (const city of cityTaxes()) {
      expect(city.year).toBe(2026);
      expect(city.rate).toBeGreaterThan(0);
      expect(city.source.length).toBeGreaterThan(10);
      if (city.kind === 'percent') expect(city.rate).toBeLessThan(25);
    }
    expect(cityTaxes().length).toBeGreaterThan(40);
  });

  it('matches a city with or without accents', () => {
    expect(cityTaxOf('PL', 'Kraków')).toBe(cityTaxOf('PL', 'Krakow'));
    expect(cityTaxOf('PL', 'Kraków')).toBeDefined();
    expect(cityTaxOf('ES', 'Madrid')).toBeUndefined();
  });
});

describe('city tax and VAT by country and city', () => {
  it('are included where the city levies no tax and the country quotes prices with VAT: taxes [] and no vat key', () => {
    const hotel = madrid(4127);
    expect(profileOf(hotel).cityTax).toBeNull();
    expect(profileOf(hotel).vatPercent).toBeNull();
    for (const rate of ratesOf(hotel)) {
      expect(rate.pricing.taxes).toEqual([]);
      expect('vat' in rate.pricing).toBe(false);
    }
    const search = cheapestRate(hotel, makeStay(), NOW);
    expect(search?.pricing.taxes).toEqual([]);
    expect(search && 'vat' in search.pricing).toBe(false);
  });

  it('are the same for every hotel of a city (deterministic, not drawn per hotel)', () => {
    const rules = new Set(manyHotels(200).map((hotel) => JSON.stringify([profileOf(hotel).cityTax, profileOf(hotel).vatPercent])));
    expect(rules.size).toBe(1);
    expect(profileOf(amsterdam(1)).cityTax).toEqual({ kind: 'percent', percent: 12.5, eurCentsPerPersonNight: 0, currency: 'local' });
  });

  it('a percentage city tax (Amsterdam 12.5%) is that share of the price in the local currency', () => {
    const hotel = amsterdam(4127);
    for (const currency of ['EUR', 'USD', 'JPY']) {
      for (const rate of ratesOf(hotel, makeStay({ currency }))) {
        expect(rate.pricing.taxes).toHaveLength(1);
        const tax = rate.pricing.taxes?.[0];
        expect(tax?.name).toBe('city_tax');
        expect(tax?.currency).toBe('EUR');
        const eurTotal = cents(rate.pricing.charge_amount ?? rate.pricing.total_price);
        expect(cents(tax?.amount ?? '')).toBe(Math.floor((eurTotal * 12.5) / 100 + 0.5));
        expect('vat' in rate.pricing).toBe(false);
      }
    }
  });

  it('an amount per person and night in the local currency (Zurich CHF 2.50) scales with persons and nights', () => {
    const hotel = makeHotel({ city: 'Zurich', countryCode: 'CH', localCurrency: 'CHF' });
    for (const [persons, checkout] of [[1, '2026-12-16'], [2, '2026-12-18'], [3, '2026-12-20']] as const) {
      for (const rate of ratesOf(hotel, makeStay({ persons, checkout, currency: 'CHF' }))) {
        const nights = rate.pricing.price_per_night.length;
        expect(rate.pricing.taxes?.[0]?.currency).toBe('CHF');
        expect(cents(rate.pricing.taxes?.[0]?.amount ?? '')).toBe(250 * persons * nights);
      }
    }
    for (const rate of ratesOf(hotel, makeStay({ currency: 'EUR' }))) expect(rate.pricing.taxes?.[0]?.currency).toBe('CHF');
  });

  it('in a currency without a minor unit (Tokyo JPY 200) has no decimals', () => {
    const hotel = makeHotel({ city: 'Tokyo', countryCode: 'JP', localCurrency: 'JPY', timeZone: 'Asia/Tokyo' });
    for (const rate of ratesOf(hotel, makeStay({ persons: 2, currency: 'EUR' }))) {
      expect(rate.pricing.taxes?.[0]).toEqual({ name: 'city_tax', amount: String(200 * 2 * 3), currency: 'JPY' });
    }
  });

  it('falls back to the display currency when the local currency is not in the exchange table', () => {
    const hotel = makeHotel({ city: 'Zurich', countryCode: 'CH', localCurrency: 'XOF' });
    for (const rate of ratesOf(hotel, makeStay({ currency: 'GBP' }))) expect(rate.pricing.taxes?.[0]?.currency).toBe('GBP');
  });

  it('VAT quoted on top (Canada GST 5%) is a share of total_price in the display currency', () => {
    const hotel = makeHotel({ city: 'Halifax', countryCode: 'CA', localCurrency: 'CAD', timeZone: 'America/Halifax' });
    expect(profileOf(hotel).vatPercent).toBe(5);
    for (const rate of ratesOf(hotel, makeStay({ currency: 'SEK' }))) {
      expect(rate.pricing.vat?.currency).toBe('SEK');
      expect(cents(rate.pricing.vat?.amount ?? '')).toBe(Math.floor((cents(rate.pricing.total_price) * 5) / 100 + 0.5));
      expect(rate.pricing.taxes).toEqual([]);
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

describe('prices follow the stars', () => {
  it('the average base price rises with every star (same city, kind and distance)', () => {
    const averages = [1, 2, 3, 4, 5].map((stars) => {
      let sum = 0;
      for (let id = 1; id <= 200; id++) sum += profileOf(makeHotel({ id: 50_000 + id, starRating: stars })).baseEur;
      return sum / 200;
    });
    for (let i = 1; i < averages.length; i++) expect(averages[i]).toBeGreaterThan((averages[i - 1] as number) * 1.2);
  });
});

