/** Per-country traits of the sandbox world: relative price level and mains electricity. */

/**
 * Relative cost of a hotel night per country (1 = world average). Rough, hand-made
 * figures: they only need to make Zurich dearer than Warsaw and Warsaw dearer than Delhi.
 */
const PRICE_FACTORS: Readonly<Record<string, number>> = {
  CH: 1.6, LI: 1.5, NO: 1.5, IS: 1.5, MC: 1.7, LU: 1.35, DK: 1.35, SG: 1.4, HK: 1.35, IE: 1.3, US: 1.3,
  AE: 1.3, QA: 1.3, IL: 1.3, GB: 1.25, NL: 1.25, SE: 1.25, AU: 1.25, FR: 1.2, FI: 1.2, BE: 1.15,
  AT: 1.15, CA: 1.15, NZ: 1.15, DE: 1.1, IT: 1.1, JP: 1.1, SA: 1.1, KW: 1.1, BH: 1.05, MT: 1.0,
  ES: 1.0, KR: 1.0, CY: 1.0, PT: 0.95, GR: 0.95, SI: 0.9, HR: 0.9, EE: 0.9, TW: 0.9, CZ: 0.85,
  SK: 0.8, PL: 0.8, HU: 0.8, LT: 0.8, LV: 0.8, CL: 0.8, CN: 0.8, UY: 0.8, PA: 0.8, CR: 0.8,
  MX: 0.75, BR: 0.75, RO: 0.7, TR: 0.7, RU: 0.7, AR: 0.7, ZA: 0.7, MY: 0.65, TH: 0.65, BG: 0.65,
  RS: 0.65, MA: 0.65, CO: 0.65, PE: 0.65, JO: 0.7, GE: 0.6, PH: 0.6, KE: 0.6, UA: 0.55, VN: 0.55,
  ID: 0.55, EG: 0.55, NG: 0.55, IN: 0.5, PK: 0.45, BD: 0.45, NP: 0.45, ET: 0.45, AF: 0.4, CD: 0.4,
  SD: 0.4, YE: 0.4, SY: 0.4, IQ: 0.5, IR: 0.5, MM: 0.45, KP: 0.3, SO: 0.35, HT: 0.4,
};

const DEFAULT_PRICE_FACTOR = 0.6;

/** Relative price level of the country (1 = world average). */
export function priceFactorOf(countryCode: string): number {
  return PRICE_FACTORS[countryCode.toUpperCase()] ?? DEFAULT_PRICE_FACTOR;
}

const ELECTRICITY_120_60 = '120 V / 60 Hz';
const ELECTRICITY_127_60 = '127 V / 60 Hz';
const ELECTRICITY_220_60 = '220 V / 60 Hz';
const ELECTRICITY_230_50 = '230 V / 50 Hz';

const ELECTRICITY: Readonly<Record<string, string>> = {
  US: ELECTRICITY_120_60, CA: ELECTRICITY_120_60, MX: ELECTRICITY_127_60, PR: ELECTRICITY_120_60,
  CU: '110 V / 60 Hz', DO: ELECTRICITY_120_60, PA: ELECTRICITY_120_60, CR: ELECTRICITY_120_60,
  GT: ELECTRICITY_120_60, HN: ELECTRICITY_120_60, SV: ELECTRICITY_120_60, NI: ELECTRICITY_120_60,
  JM: '110 V / 50 Hz', CO: '110 V / 60 Hz', VE: ELECTRICITY_120_60, EC: ELECTRICITY_120_60,
  BR: '127 V / 220 V / 60 Hz', PE: ELECTRICITY_220_60, PH: ELECTRICITY_220_60, KR: ELECTRICITY_220_60,
  SA: ELECTRICITY_230_50, TW: '110 V / 60 Hz', JP: '100 V / 50-60 Hz',
  GB: ELECTRICITY_230_50, IE: ELECTRICITY_230_50, AU: ELECTRICITY_230_50, NZ: ELECTRICITY_230_50,
  IN: ELECTRICITY_230_50, CN: '220 V / 50 Hz', RU: ELECTRICITY_230_50, AR: '220 V / 50 Hz',
  CL: '220 V / 50 Hz', ZA: ELECTRICITY_230_50,
};

/** Mains voltage and frequency of the country, e.g. "230 V / 50 Hz" (the European norm is the default). */
export function electricityOf(countryCode: string): string {
  return ELECTRICITY[countryCode.toUpperCase()] ?? ELECTRICITY_230_50;
}
