/**
 * Lodging VAT per country and city (tourist) taxes per city, from fixtures/taxes.json (2026,
 * one source per entry). Hotels are taxed by where they are, the same for every hotel of a city.
 */
import { readFileSync } from 'node:fs';
import { isSupportedCurrency, rateOf } from './currency.js';

export interface CountryTax {
  /** Lodging VAT percent, or null where the country levies none. */
  vat: number | null;
  /** True where hotel prices are quoted with VAT; false where it is added on top (US, Canada). */
  included: boolean;
  year: number;
  source: string;
}

export interface CityTax {
  country: string;
  city: string;
  /** `percent` of the stay price, or `per_person_night`: an amount in the country's currency. */
  kind: 'percent' | 'per_person_night';
  rate: number;
  year: number;
  source: string;
}

interface TaxFile {
  year: number;
  countries: Record<string, CountryTax>;
  cities: CityTax[];
}

const FILE = new URL('../../../fixtures/taxes.json', import.meta.url);

/** Lower case without accents, so "Kraków" and "Krakow" are one city. */
export function cityKey(country: string, city: string): string {
  return `${country.toUpperCase()}|${city.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim()}`;
}

function load(): { countries: Map<string, CountryTax>; cities: Map<string, CityTax> } {
  const parsed = JSON.parse(readFileSync(FILE, 'utf8')) as TaxFile;
  const countries = new Map<string, CountryTax>();
  for (const [code, entry] of Object.entries(parsed.countries)) {
    if (!/^[A-Z]{2}$/.test(code) || !(entry.vat === null || (entry.vat >= 0 && entry.vat < 50))) {
      throw new Error(`taxes.json: bad country entry ${code}`);
    }
    countries.set(code, entry);
  }
  const cities = new Map<string, CityTax>();
  for (const entry of parsed.cities) {
    if (!(entry.rate > 0) || (entry.kind !== 'percent' && entry.kind !== 'per_person_night') || !entry.source) {
      throw new Error(`taxes.json: bad city entry ${entry.city}`);
    }
    cities.set(cityKey(entry.country, entry.city), entry);
  }
  return { countries, cities };
}

const TABLE = load();

export function countryTaxOf(countryCode: string): CountryTax | undefined {
  return TABLE.countries.get(countryCode.toUpperCase());
}

export function cityTaxOf(countryCode: string, city: string): CityTax | undefined {
  return TABLE.cities.get(cityKey(countryCode, city));
}

/** Every city entry (tests and documentation). */
export function cityTaxes(): readonly CityTax[] {
  return [...TABLE.cities.values()];
}

/** Every country entry (tests and documentation). */
export function countryTaxes(): ReadonlyMap<string, CountryTax> {
  return TABLE.countries;
}

/**
 * EUR cents per person and night of a per-person city tax stated in `localCurrency`
 * (converted with the sandbox exchange table; the amount as is when the currency is unknown).
 */
export function perPersonNightEurCents(tax: CityTax, localCurrency: string): number {
  const code = localCurrency.toUpperCase();
  const rate = code === 'EUR' || !isSupportedCurrency(code) ? 1 : rateOf(code);
  return Math.max(1, Math.round((tax.rate * 100) / rate));
}
