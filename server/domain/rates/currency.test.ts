import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  convertCentsFromEur, convertFromEur, formatCents, formatIn, formatMoney, isSupportedCurrency, minorUnitOf, roundForCurrency,
  supportedCurrencies, usesWholeUnits,
} from './currency.js';

const MONEY = /^[0-9]+\.[0-9]{2}$/;

describe('exchange-rate fixture', () => {
  const file = JSON.parse(readFileSync(new URL('../../../fixtures/exchange-rates.json', import.meta.url), 'utf8')) as {
    base: string; note: string; rates: Record<string, number>;
  };

  it('is EUR based, says it is a fixed sandbox table and has at least 25 currencies', () => {
    expect(file.base).toBe('EUR');
    expect(file.note).toMatch(/fixed sandbox/i);
    expect(Object.keys(file.rates).length).toBeGreaterThanOrEqual(25);
    expect(file.rates.EUR).toBe(1);
  });

  it('supports the usual display currencies', () => {
    for (const code of ['EUR', 'USD', 'GBP', 'CHF', 'JPY', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'CAD', 'AUD', 'NZD',
      'CNY', 'HKD', 'SGD', 'INR', 'BRL', 'MXN', 'ZAR', 'TRY', 'AED', 'THB', 'KRW', 'ILS']) {
      expect(isSupportedCurrency(code), code).toBe(true);
    }
    expect(isSupportedCurrency('XXX')).toBe(false);
    expect(isSupportedCurrency('usd')).toBe(false); // callers upper-case first
    expect(supportedCurrencies()).toContain('EUR');
    expect([...supportedCurrencies()].sort()).toEqual(supportedCurrencies());
  });

  it('has plausible rates', () => {
    expect(file.rates.USD).toBeGreaterThan(0.8);
    expect(file.rates.USD).toBeLessThan(1.5);
    expect(file.rates.GBP).toBeLessThan(1);
    expect(file.rates.JPY).toBeGreaterThan(100);
    expect(file.rates.KRW).toBeGreaterThan(1000);
  });
});

describe('formatMoney / formatCents', () => {
  it('always gives two decimals', () => {
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(5)).toBe('5.00');
    expect(formatMoney(412.5)).toBe('412.50');
    expect(formatMoney(0.07)).toBe('0.07');
    expect(formatMoney(123456789.1)).toBe('123456789.10');
    for (let i = 0; i < 200; i++) expect(formatMoney(i * 1.37)).toMatch(MONEY);
  });

  it('rounds half-up on cents, immune to binary fractions', () => {
    expect(formatMoney(1.005)).toBe('1.01');
    expect(formatMoney(1.015)).toBe('1.02');
    expect(formatMoney(2.675)).toBe('2.68');
    expect(formatMoney(0.125)).toBe('0.13');
    expect(formatMoney(1.004)).toBe('1.00');
    expect(formatMoney(99.995)).toBe('100.00');
  });

  it('refuses negative or non-finite amounts', () => {
    expect(() => formatMoney(-1)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
    expect(() => formatCents(1.5)).toThrow(RangeError);
  });

  it('formats integer cents', () => {
    expect(formatCents(41250)).toBe('412.50');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(100)).toBe('1.00');
  });
});

describe('conversion', () => {
  it('is the identity for EUR', () => {
    expect(convertFromEur(412.5, 'EUR')).toBe(412.5);
    expect(convertCentsFromEur(41250, 'EUR')).toBe(41250);
  });

  it('converts with the table and rounds to cents', () => {
    const usd = convertFromEur(100, 'USD');
    expect(usd).toBeGreaterThan(80);
    expect(Math.round(usd * 100)).toBe(usd * 100);
    expect(convertCentsFromEur(10000, 'USD')).toBe(Math.round(usd * 100));
  });

  it('rounds whole-unit currencies to whole units', () => {
    const jpy = convertCentsFromEur(12345, 'JPY');
    expect(jpy % 100).toBe(0);
    expect(formatCents(jpy)).toMatch(/\.00$/);
    expect(roundForCurrency(12350, 'JPY')).toBe(12400);
    expect(roundForCurrency(12349, 'JPY')).toBe(12300);
    expect(roundForCurrency(123.5, 'EUR')).toBe(124);
  });

  it('formats every amount in the currency\'s ISO 4217 minor unit (currency-codes data)', () => {
    expect(minorUnitOf('EUR')).toBe(2);
    for (const code of ['JPY', 'KRW', 'ISK', 'CLP', 'VND']) expect(minorUnitOf(code)).toBe(0);
    expect(formatIn(41250, 'EUR')).toBe('412.50');
    expect(formatIn(41200, 'JPY')).toBe('412');
    expect(formatIn(0, 'ISK')).toBe('0');
    expect(formatIn(roundForCurrency(12349, 'ISK'), 'ISK')).toBe('123');
    expect(() => formatIn(41250, 'JPY')).toThrow(RangeError);
    // Every supported currency with no minor unit is rounded to whole units.
    for (const code of supportedCurrencies()) {
      if (minorUnitOf(code) === 0) expect(usesWholeUnits(code)).toBe(true);
      expect(formatIn(convertCentsFromEur(123457, code), code)).toMatch(
        minorUnitOf(code) === 0 ? /^[0-9]+$/ : new RegExp(`^[0-9]+\\.[0-9]{${minorUnitOf(code)}}$`),
      );
    }
  });

  it('throws for an unsupported currency', () => {
    expect(() => convertFromEur(1, 'XXX')).toThrow(RangeError);
  });
});
