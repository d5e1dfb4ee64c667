/**
 * Fixed sandbox exchange rates (fixtures/exchange-rates.json, EUR base) and
 * money helpers. Amounts are handled as integer cents (minor units) so sums are
 * exact; conversion rounds half-up on cents, and to whole units for the
 * currencies the fixture lists under `wholeUnits` (e.g. JPY, KRW).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** ISO 4217 data (the `currency-codes` package): `digits` is the currency's minor unit. */
const isoCurrencies = createRequire(import.meta.url)('currency-codes') as {
  code(code: string): { digits: number } | undefined;
};

interface ExchangeRateFile {
  base: string;
  note: string;
  wholeUnits: string[];
  rates: Record<string, number>;
}

const RATES_FILE = new URL('../../../fixtures/exchange-rates.json', import.meta.url);

function loadRates(): { rates: Map<string, number>; wholeUnits: Set<string>; digits: Map<string, number> } {
  const parsed = JSON.parse(readFileSync(RATES_FILE, 'utf8')) as ExchangeRateFile;
  if (parsed.base !== 'EUR' || typeof parsed.rates !== 'object' || parsed.rates === null) {
    throw new Error('exchange-rates.json must have base EUR and a rates object');
  }
  const rates = new Map<string, number>();
  for (const [code, rate] of Object.entries(parsed.rates)) {
    if (!/^[A-Z]{3}$/.test(code) || typeof rate !== 'number' || !(rate > 0)) {
      throw new Error(`exchange-rates.json: bad rate for ${code}`);
    }
    rates.set(code, rate);
  }
  rates.set('EUR', 1);
  const wholeUnits = new Set(parsed.wholeUnits ?? []);
  const digits = new Map<string, number>();
  for (const code of rates.keys()) {
    const iso = isoCurrencies.code(code);
    if (!iso || !Number.isInteger(iso.digits) || iso.digits < 0 || iso.digits > 3) {
      throw new Error(`exchange-rates.json: ${code} has no ISO 4217 minor unit`);
    }
    digits.set(code, iso.digits);
    // A currency without a minor unit is always rounded to whole units.
    if (iso.digits === 0) wholeUnits.add(code);
  }
  return { rates, wholeUnits, digits };
}

const TABLE = loadRates();
const SUPPORTED = Object.freeze([...TABLE.rates.keys()].sort());

/** True when `code` (upper case) is in the exchange-rate table. */
export function isSupportedCurrency(code: string): boolean {
  return TABLE.rates.has(code);
}

/** The supported display currencies, sorted. */
export function supportedCurrencies(): readonly string[] {
  return SUPPORTED;
}

/** Units of `currency` per 1 EUR; throws for an unsupported code (callers validate first). */
export function rateOf(currency: string): number {
  const rate = TABLE.rates.get(currency);
  if (rate === undefined) throw new RangeError(`Unsupported currency ${currency}`);
  return rate;
}

/** True for currencies whose amounts are rounded to whole units (shown without decimals when ISO 4217 has no minor unit). */
export function usesWholeUnits(currency: string): boolean {
  return TABLE.wholeUnits.has(currency);
}

/** Rounds a non-negative number of cents half-up to an integer, immune to binary fractions like 100.4999999. */
export function roundCents(cents: number): number {
  return Math.floor(cents + 0.5 + Math.abs(cents) * 1e-12 + 1e-9);
}

/** Rounds integer cents half-up to whole currency units (a multiple of 100). */
function roundToUnits(cents: number): number {
  return Math.floor((cents + 50) / 100) * 100;
}

/** Converts integer EUR cents into integer cents of `currency` (half-up; whole units where usual). */
export function convertCentsFromEur(eurCents: number, currency: string): number {
  if (currency === 'EUR') return eurCents;
  return convertWith(eurCents, rateOf(currency), TABLE.wholeUnits.has(currency));
}

/** A converter with the table look-up done once (hot paths). */
export interface Converter {
  rate: number;
  wholeUnits: boolean;
}

export function converterFor(currency: string): Converter {
  return { rate: rateOf(currency), wholeUnits: TABLE.wholeUnits.has(currency) };
}

/** Same result as convertCentsFromEur for the converter's currency. */
export function convertWith(eurCents: number, rate: number, wholeUnits: boolean): number {
  if (rate === 1) return eurCents;
  const cents = roundCents(eurCents * rate);
  return wholeUnits ? roundToUnits(cents) : cents;
}

/** Converts an EUR amount (major units) into `currency`, rounded like convertCentsFromEur. */
export function convertFromEur(amountEur: number, currency: string): number {
  return convertCentsFromEur(roundCents(amountEur * 100), currency) / 100;
}

/** Rounds integer cents to the currency's unit (whole units for JPY and the like). */
export function roundForCurrency(cents: number, currency: string): number {
  const rounded = roundCents(cents);
  return TABLE.wholeUnits.has(currency) ? roundToUnits(rounded) : rounded;
}

/** Formats integer cents as decimal text with two decimals, e.g. 41250 -> "412.50". */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not a money amount in cents: ${cents}`);
  const units = Math.floor(cents / 100);
  const rest = cents % 100;
  return `${units}.${rest < 10 ? '0' : ''}${rest}`;
}

/** The ISO 4217 minor unit (decimals) of a supported currency: 0 for JPY, 2 for EUR, 3 for KWD. */
export function minorUnitOf(currency: string): number {
  const digits = TABLE.digits.get(currency);
  if (digits === undefined) throw new RangeError(`Unsupported currency ${currency}`);
  return digits;
}

/**
 * Formats integer cents of `currency` as decimal text with the currency's ISO 4217
 * minor unit: 41250 EUR -> "412.50", 41200 JPY -> "412", 41250 KWD -> "412.500".
 * Amounts of a currency without a minor unit are whole units already (rounded where computed).
 */
export function formatIn(cents: number, currency: string): string {
  const digits = minorUnitOf(currency);
  const text = formatCents(cents);
  if (digits === 2) return text;
  if (digits === 0) {
    if (cents % 100 !== 0) throw new RangeError(`${currency} has no minor unit: ${cents} cents`);
    return text.slice(0, -3);
  }
  return `${text}${'0'.repeat(digits - 2)}`;
}

/** Formats a non-negative amount with exactly two decimals, rounding half-up on cents: 1.005 -> "1.01". */
export function formatMoney(amount: number): string {
  if (!Number.isFinite(amount) || amount < 0) throw new RangeError(`Not a money amount: ${amount}`);
  return formatCents(roundCents(amount * 100));
}
