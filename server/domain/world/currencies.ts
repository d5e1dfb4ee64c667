/** Local currency (ISO 4217) per country (ISO 3166-1 alpha-2). Used for city tax and policy texts. */

/** Countries that use the euro (incl. Bulgaria since 1 January 2026 and the microstates that use it). */
const EURO_COUNTRIES = new Set([
  'AD', 'AT', 'BE', 'BG', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV',
  'MC', 'ME', 'MT', 'NL', 'PT', 'SI', 'SK', 'SM', 'VA', 'XK',
  // French overseas departments use the euro too.
  'GF', 'GP', 'MQ', 'RE', 'YT', 'PM', 'BL', 'MF',
]);

const OTHER_CURRENCIES: Readonly<Record<string, string>> = {
  // Europe outside the eurozone
  GB: 'GBP', IM: 'GBP', JE: 'GBP', GG: 'GBP', CH: 'CHF', LI: 'CHF', NO: 'NOK', SE: 'SEK', DK: 'DKK',
  FO: 'DKK', GL: 'DKK', IS: 'ISK', PL: 'PLN', CZ: 'CZK', HU: 'HUF', RO: 'RON', RS: 'RSD', BA: 'BAM',
  MK: 'MKD', AL: 'ALL', MD: 'MDL', UA: 'UAH', BY: 'BYN', RU: 'RUB', TR: 'TRY', GE: 'GEL', AM: 'AMD',
  AZ: 'AZN', GI: 'GIP',
  // Middle East and Central Asia
  IL: 'ILS', PS: 'ILS', JO: 'JOD', LB: 'LBP', SY: 'SYP', SA: 'SAR', AE: 'AED', QA: 'QAR', KW: 'KWD',
  BH: 'BHD', OM: 'OMR', YE: 'YER', IR: 'IRR', IQ: 'IQD', KZ: 'KZT', UZ: 'UZS', KG: 'KGS', TJ: 'TJS',
  TM: 'TMT', AF: 'AFN',
  // Africa
  EG: 'EGP', MA: 'MAD', DZ: 'DZD', TN: 'TND', LY: 'LYD', SD: 'SDG', NG: 'NGN', GH: 'GHS', KE: 'KES',
  TZ: 'TZS', UG: 'UGX', RW: 'RWF', ET: 'ETB', ZA: 'ZAR', NA: 'NAD', BW: 'BWP', ZM: 'ZMW', ZW: 'ZWL',
  MZ: 'MZN', AO: 'AOA', CD: 'CDF', MG: 'MGA', MU: 'MUR', SN: 'XOF', CI: 'XOF', ML: 'XOF', BF: 'XOF',
  NE: 'XOF', TG: 'XOF', BJ: 'XOF', CM: 'XAF', GA: 'XAF', CG: 'XAF', TD: 'XAF', CF: 'XAF', GQ: 'XAF',
  // Asia and Oceania
  CN: 'CNY', HK: 'HKD', MO: 'MOP', TW: 'TWD', JP: 'JPY', KR: 'KRW', KP: 'KPW', MN: 'MNT', IN: 'INR',
  PK: 'PKR', BD: 'BDT', LK: 'LKR', NP: 'NPR', MV: 'MVR', TH: 'THB', VN: 'VND', LA: 'LAK', KH: 'KHR',
  MM: 'MMK', MY: 'MYR', SG: 'SGD', BN: 'BND', ID: 'IDR', PH: 'PHP', AU: 'AUD', NZ: 'NZD', FJ: 'FJD',
  PG: 'PGK',
  // Americas
  US: 'USD', PR: 'USD', CA: 'CAD', MX: 'MXN', BR: 'BRL', AR: 'ARS', CL: 'CLP', CO: 'COP', PE: 'PEN',
  VE: 'VES', UY: 'UYU', PY: 'PYG', BO: 'BOB', EC: 'USD', PA: 'USD', SV: 'USD', CR: 'CRC', GT: 'GTQ',
  HN: 'HNL', NI: 'NIO', CU: 'CUP', DO: 'DOP', HT: 'HTG', JM: 'JMD', TT: 'TTD', BS: 'BSD', BB: 'BBD',
};

/** ISO 4217 code of the country's currency; 'USD' for countries not in the table. */
export function localCurrencyOf(countryCode: string): string {
  const code = countryCode.toUpperCase();
  if (EURO_COUNTRIES.has(code)) return 'EUR';
  return OTHER_CURRENCIES[code] ?? 'USD';
}

/**
 * Rough units of a currency per euro (early 2026), only to quote plausible
 * local fees in hotel policy texts. Not for pricing: the rate engine owns FX.
 */
const APPROXIMATE_UNITS_PER_EURO: Readonly<Record<string, number>> = {
  EUR: 1, USD: 1.1, GBP: 0.85, CHF: 0.95, NOK: 11.5, SEK: 11.3, DKK: 7.46, ISK: 150, PLN: 4.3, CZK: 25,
  HUF: 400, RON: 5, RSD: 117, TRY: 45, RUB: 95, UAH: 46, ILS: 4, AED: 4, SAR: 4.1, QAR: 4, EGP: 53,
  MAD: 10.7, ZAR: 20, NGN: 1700, KES: 140, INR: 95, PKR: 310, BDT: 130, CNY: 8, HKD: 8.6, TWD: 35,
  JPY: 165, KRW: 1550, THB: 37, VND: 28000, MYR: 4.8, SGD: 1.45, IDR: 18000, PHP: 63, AUD: 1.7,
  NZD: 1.9, CAD: 1.55, MXN: 21, BRL: 6.3, ARS: 1300, CLP: 1050, COP: 4600, PEN: 4.1,
};

/** Approximate units of `currency` per euro, or undefined when we have no idea. */
export function approximateUnitsPerEuro(currency: string): number | undefined {
  return APPROXIMATE_UNITS_PER_EURO[currency.toUpperCase()];
}
