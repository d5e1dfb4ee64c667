/**
 * Generates fixtures/postcodes.json, the postcode areas the offline geocoder knows,
 * from the `zipcodes` npm package (US ZIP codes and Canadian forward sortation areas,
 * with centroid coordinates). The fixture is a compact subset so the server never
 * loads the 5 MB package at startup: per country, code → [latitude, longitude, place, region].
 * Run `npx tsx scripts/gen-postcodes.ts` after upgrading `zipcodes`.
 */
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

const require = createRequire(import.meta.url);
const us = (require('zipcodes/lib/codes.js') as { codes: Record<string, ZipRecord> }).codes;
const canada = (require('zipcodes/lib/codesCanada.js') as { codes: Record<string, ZipRecord> }).codes;
const version = (require('zipcodes/package.json') as { version: string }).version;

/** Four decimals are about 10 m: far finer than a postcode area. */
const round = (value: number): number => Math.round(value * 1e4) / 1e4;

function compact(records: Record<string, ZipRecord>, keyPattern: RegExp): Record<string, [number, number, string, string]> {
  const out: Record<string, [number, number, string, string]> = {};
  for (const record of Object.values(records)) {
    const key = record.zip.toUpperCase();
    if (!keyPattern.test(key) || !Number.isFinite(record.latitude) || !Number.isFinite(record.longitude)) continue;
    out[key] = [round(record.latitude), round(record.longitude), record.city, record.state];
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

const fixture = {
  source: `zipcodes@${version} (BSD-3-Clause), US ZIP code and Canadian FSA centroids`,
  US: compact(us, /^\d{5}$/),
  CA: compact(canada, /^[A-Z]\d[A-Z]$/),
};
const outputPath = fileURLToPath(new URL('../fixtures/postcodes.json', import.meta.url));
await writeFile(outputPath, `${JSON.stringify(fixture)}\n`);
console.log(`wrote ${outputPath}: ${Object.keys(fixture.US).length} US ZIP codes, ${Object.keys(fixture.CA).length} Canadian FSAs`);
