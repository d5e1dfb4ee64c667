import { describe, expect, it } from 'vitest';
import { airportDirectory, type Airport } from './airports.js';
import { CITY_ALIASES } from './cityAliases.js';
import { distanceM } from './geo.js';
import { loadLandmarks } from './landmarks.js';
import { normalizePlaceText } from './text.js';
import { defaultWorld } from './world.js';

const world = defaultWorld();
const geocoder = world.geocoder();

/** Resolves text and checks the source and that the point is within toleranceM of the expected place. */
function expectPlace(text: string, source: string, latitude: number, longitude: number, toleranceM = 2000): void {
  const result = geocoder.resolve(text);
  expect(result, text).toBeDefined();
  expect(result?.source, text).toBe(source);
  expect(distanceM(result!.latitude, result!.longitude, latitude, longitude), text).toBeLessThan(toleranceM);
}

describe('Geocoder', () => {
  it('resolves cities, the most populous one for a shared name', () => {
    expectPlace('Amsterdam', 'city', 52.374, 4.89);
    expectPlace('Paris', 'city', 48.853, 2.349);
    expectPlace('London', 'city', 51.509, -0.126);
    expectPlace('New York', 'city', 40.714, -74.006);
    expectPlace('Rome', 'city', 41.892, 12.511);
  });

  it('ignores case, diacritics, punctuation and extra spaces', () => {
    expectPlace('Zürich', 'city', 47.367, 8.55);
    expectPlace('zurich', 'city', 47.367, 8.55);
    expectPlace('São Paulo', 'city', -23.548, -46.636);
    expectPlace('sao paulo', 'city', -23.548, -46.636);
    expectPlace('  AMSTERDAM!! ', 'city', 52.374, 4.89);
  });

  it('accepts "City, Country" with English names, aliases and ISO codes', () => {
    expectPlace('paris, france', 'city', 48.853, 2.349);
    expectPlace('Paris, FR', 'city', 48.853, 2.349);
    expectPlace('London, United Kingdom', 'city', 51.509, -0.126);
    expectPlace('London, GB', 'city', 51.509, -0.126);
    expectPlace('London, UK', 'city', 51.509, -0.126);
    expectPlace('Amsterdam, Netherlands', 'city', 52.374, 4.89);
    expectPlace('Amsterdam, Holland', 'city', 52.374, 4.89);
    expectPlace('London, Canada', 'city', 42.983, -81.233);
    expectPlace('Paris, USA', 'city', 33.661, -95.556);
    expectPlace('Paris, TX', 'city', 33.661, -95.556);
  });

  it('resolves airports by IATA code and by name', () => {
    expectPlace('JFK', 'airport', 40.64, -73.779);
    expectPlace('ams', 'airport', 52.309, 4.764);
    expectPlace('Schiphol', 'airport', 52.309, 4.764);
    expectPlace('Amsterdam Airport Schiphol', 'airport', 52.309, 4.764);
    expectPlace('John F Kennedy International Airport', 'airport', 40.64, -73.779);
    expectPlace('Heathrow', 'airport', 51.471, -0.462);
    expect(geocoder.resolve('JFK')?.label).toContain('(JFK)');
  });

  it('prefers the city for a big city whose name is also a code, unless typed as a code', () => {
    expect(geocoder.resolve('Ufa')?.source).toBe('city');
    expect(geocoder.resolve('UFA')?.source).toBe('airport');
  });

  it('resolves landmarks by name and alias', () => {
    expectPlace('Eiffel Tower', 'landmark', 48.858, 2.294, 300);
    expectPlace('tour eiffel', 'landmark', 48.858, 2.294, 300);
    expectPlace('Eiffel Tower, Paris', 'landmark', 48.858, 2.294, 300);
    expectPlace('Rijksmuseum', 'landmark', 52.36, 4.885, 300);
    const landmarks = loadLandmarks();
    expect(landmarks.length).toBeGreaterThanOrEqual(60);
    for (const landmark of landmarks) {
      for (const name of [landmark.name, ...landmark.aliases]) expect(geocoder.resolve(name)?.source, name).toBe('landmark');
    }
  });

  it('resolves city aliases to their city', () => {
    expectPlace('München', 'city', 48.137, 11.575);
    expectPlace('Den Haag', 'city', 52.077, 4.299);
    for (const alias of Object.keys(CITY_ALIASES)) expect(geocoder.resolve(alias)?.source, alias).toBe('city');
  });

  it('resolves hotel addresses to the hotel position', () => {
    const hotel = world.hotel(4242)!;
    for (const text of [`${hotel.address}, ${hotel.city}`, `${hotel.address}, ${hotel.postalCode} ${hotel.city}`]) {
      const result = geocoder.resolve(text);
      expect(result).toMatchObject({ source: 'address', latitude: hotel.latitude, longitude: hotel.longitude });
    }
    expect(geocoder.resolve(hotel.address)?.source).toBe('address');
    expect(geocoder.resolve('Scenariodreef 3, Amsterdam')).toMatchObject({ source: 'address', latitude: world.hotel(900003)!.latitude });
  });

  it('returns undefined for unknown text', () => {
    for (const text of ['', '   ', ',,,', 'xyzzy nowhere', 'Qwertyuiop Plaza 99999', 'airport', 'Atlantis, Narnia']) {
      expect(geocoder.resolve(text), text).toBeUndefined();
    }
  });
});

describe('resolving the same text again', () => {
  it('gives the same frozen answer, and nothing again for a text that resolved to nothing', () => {
    const first = geocoder.resolve('Damrak 1, Amsterdam');
    expect(first).toBeDefined();
    expect(geocoder.resolve('Damrak 1, Amsterdam')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(geocoder.resolve('Qzxv Nowhere Land 123')).toBeUndefined();
    expect(geocoder.resolve('Qzxv Nowhere Land 123')).toBeUndefined();
  });
});

describe('Geocoder airport names (hashed indexes)', () => {
  /** The lookup as it was with a Map of names and a Map of word lists. */
  function referenceAirportName(airports: readonly Airport[]): (key: string) => Airport | undefined {
    const byName = new Map<string, Airport>();
    const byWord = new Map<string, Array<{ padded: string; airport: Airport }>>();
    for (const airport of airports) {
      const key = normalizePlaceText(airport.name);
      if (!byName.has(key)) byName.set(key, airport);
      const entry = { padded: ` ${key} `, airport };
      for (const word of new Set(key.split(' '))) byWord.set(word, [...(byWord.get(word) ?? []), entry]);
    }
    const generic = new Set(['airport', 'international', 'intl', 'regional', 'municipal', 'county', 'national', 'domestic', 'field',
      'airfield', 'air', 'base', 'aerodrome', 'airstrip', 'heliport', 'station', 'city', 'the', 'of', 'de', 'and']);
    return (key) => {
      const exact = byName.get(key);
      if (exact) return exact;
      const words = key.split(' ');
      if (key.length < 4 || words.every((word) => generic.has(word))) return undefined;
      let candidates: ReadonlyArray<{ padded: string; airport: Airport }> | undefined;
      for (const word of words) {
        const holders = byWord.get(word) ?? [];
        if (!candidates || holders.length < candidates.length) candidates = holders;
      }
      let best: { padded: string; airport: Airport } | undefined;
      for (const entry of candidates ?? []) {
        if (entry.padded.includes(` ${key} `) && (!best || entry.padded.length < best.padded.length)) best = entry;
      }
      return best?.airport;
    };
  }

  it('answers every name, word, pair of words and city of an airport as the Maps did', () => {
    const airports = airportDirectory().airports;
    const reference = referenceAirportName(airports);
    const airportName = (key: string) => (geocoder as unknown as { airportName(key: string): Airport | undefined }).airportName(key);
    const keys = new Set(['', 'zzzz qqqq', 'international airport', 'airport', 'kennedy', 'schiphol', 'heathrow', 'london city', 'paris']);
    for (const airport of airports) {
      const words = normalizePlaceText(airport.name).split(' ');
      keys.add(words.join(' '));
      keys.add(normalizePlaceText(airport.city));
      words.forEach((word, i) => keys.add(word).add(words.slice(i, i + 2).join(' ')).add(`${word} zzzq`));
    }
    let differing = 0;
    let first: string | undefined;
    for (const key of keys) {
      const [got, want] = [airportName(key), reference(key)];
      if (got !== want) {
        differing++;
        first ??= `${key}: ${got?.iata} vs ${want?.iata}`;
      }
    }
    expect(first).toBeUndefined();
    expect(differing).toBe(0);
    expect(keys.size).toBeGreaterThan(20_000);
  });
});

describe('PlaceForms airport indexes (hashed refs)', () => {
  interface FormsInternals {
    airportSetKeys(index: number): [string, string];
    icaoKey(index: number): string | undefined;
    airportBySetKey(key: string): number | undefined;
    airportByIcaoKey(key: string): number | undefined;
    airportsWithCity(cityKey: string): number[];
  }

  it('finds every airport key as Maps filled in airport order did (first airport per key, all per city)', () => {
    const forms = (geocoder as unknown as { forms: FormsInternals }).forms;
    const airports = airportDirectory().airports;
    const bySet = new Map<string, number>();
    const byIcao = new Map<string, number>();
    const byCity = new Map<string, number[]>();
    airports.forEach((airport, index) => {
      for (const key of forms.airportSetKeys(index)) if (key && !bySet.has(key)) bySet.set(key, index);
      const icao = forms.icaoKey(index);
      if (icao && !byIcao.has(icao)) byIcao.set(icao, index);
      const city = normalizePlaceText(airport.city);
      if (city) byCity.set(city, [...(byCity.get(city) ?? []), index]);
    });
    const mismatches: string[] = [];
    for (const [key, index] of bySet) if (forms.airportBySetKey(key) !== index) mismatches.push(`set ${key}`);
    for (const [key, index] of byIcao) if (forms.airportByIcaoKey(key) !== index) mismatches.push(`icao ${key}`);
    for (const [key, indexes] of byCity) if (forms.airportsWithCity(key).join() !== indexes.join()) mismatches.push(`city ${key}`);
    for (const key of ['', 'zzzz', 'qqqq zzzz', 'eham1']) {
      if (forms.airportBySetKey(key) !== undefined || forms.airportByIcaoKey(key) !== undefined || forms.airportsWithCity(key).length > 0) mismatches.push(`absent ${key}`);
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect([bySet.size, byIcao.size, byCity.size].every((size) => size > 4000)).toBe(true);
    expect(forms.airportByIcaoKey('eham')).toBe(airports.findIndex((airport) => airport.iata === 'AMS'));
  });
});
