/** English country names ↔ ISO 3166-1 alpha-2 codes, for "City, Country" queries and labels. */
import { join } from 'node:path';
import { CACHE_DIRECTORY, digest, logToStderr, readCacheFile, writeCacheFile } from '../../../contract/startupCache.js';
import { normalizePlaceText } from './text.js';

let regionNames: Intl.DisplayNames | undefined;
/** Names of the codes preloadCountryNames was given, as Intl gives them: asked first. */
let knownNames: ReadonlyMap<string, string> = new Map();

/** Names people use that differ from Intl's English names (normalised text → code). */
const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  usa: 'US', 'united states of america': 'US', america: 'US', 'the united states': 'US',
  uk: 'GB', 'great britain': 'GB', britain: 'GB', england: 'GB', scotland: 'GB', wales: 'GB', 'northern ireland': 'GB',
  holland: 'NL', 'the netherlands': 'NL', nederland: 'NL',
  'south korea': 'KR', korea: 'KR', 'republic of korea': 'KR', 'north korea': 'KP',
  russia: 'RU', 'russian federation': 'RU', 'czech republic': 'CZ', czechia: 'CZ',
  uae: 'AE', emirates: 'AE', 'ivory coast': 'CI', vietnam: 'VN', 'viet nam': 'VN', turkey: 'TR', turkiye: 'TR',
  burma: 'MM', myanmar: 'MM', macedonia: 'MK', vatican: 'VA', swaziland: 'SZ', 'cape verde': 'CV',
  bosnia: 'BA', deutschland: 'DE', espana: 'ES', italia: 'IT', suisse: 'CH', schweiz: 'CH', osterreich: 'AT',
  belgique: 'BE', belgie: 'BE', brasil: 'BR', 'hong kong sar': 'HK', 'hong kong sar china': 'HK', macau: 'MO',
  palestine: 'PS', 'democratic republic of the congo': 'CD', drc: 'CD', 'republic of the congo': 'CG',
};

/** English name of a country code, e.g. "NL" → "Netherlands" (the code itself when unknown). */
export function countryNameOf(countryCode: string): string {
  const known = knownNames.get(countryCode.toUpperCase());
  if (known !== undefined) return known;
  try {
    // Made on first use: ICU's display names cost ~10 ms to set up.
    regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
    return regionNames.of(countryCode.toUpperCase()) ?? countryCode;
  } catch {
    return countryCode; // not a well-formed region code
  }
}

/** Lookup of normalised country names, aliases and lower-case codes → upper-case code. */
export function buildCountryIndex(countryCodes: Iterable<string>): Map<string, string> {
  const index = new Map<string, string>();
  for (const rawCode of countryCodes) {
    const code = rawCode.toUpperCase();
    index.set(code.toLowerCase(), code);
    index.set(normalizePlaceText(countryNameOf(code)), code);
  }
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) index.set(alias, code);
  return index;
}

/**
 * Makes countryNameOf answer these codes from a table: read back from the start-up cache (keyed by
 * the codes and ICU's CLDR version, whose names Intl gives), or asked of Intl now and saved. Intl's
 * region names take ~7 MB of ICU data into memory, which a process that finds the table never loads.
 */
export function preloadCountryNames(countryCodes: Iterable<string>, directory = CACHE_DIRECTORY): void {
  const codes = [...new Set([...countryCodes].map((code) => code.toUpperCase()))].sort();
  const name = `countries-${digest('countries 1', `cldr ${process.versions.cldr ?? '?'}`, ...codes).slice(0, 32)}.json`;
  const cached = readCacheFile(directory, name);
  if (cached) {
    try {
      const names = JSON.parse(cached.toString('utf8')) as Record<string, string>;
      if (codes.every((code) => typeof names[code] === 'string')) {
        knownNames = new Map(Object.entries(names));
        return;
      }
    } catch {
      // unreadable: asked of Intl again below, and saved over it
    }
  }
  logToStderr(`start-up cache: ${join(directory, name)} is missing; asking Intl for ${codes.length} country names and saving them`);
  knownNames = new Map();
  const names = Object.fromEntries(codes.map((code) => [code, countryNameOf(code)]));
  writeCacheFile(directory, name, JSON.stringify(names));
  knownNames = new Map(Object.entries(names));
}
