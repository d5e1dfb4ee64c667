/** English country names ↔ ISO 3166-1 alpha-2 codes, for "City, Country" queries and labels. */
import { normalizePlaceText } from './text.js';

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

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
  try {
    return REGION_NAMES.of(countryCode.toUpperCase()) ?? countryCode;
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
