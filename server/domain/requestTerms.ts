import { badRequest } from '../errors.js';
import { isSupportedCurrency, supportedCurrencies } from './rates/currency.js';

/**
 * Display currency: a code of the exchange-rate table exactly as ISO 4217 writes it, upper case (the
 * contract's `enum`); 400 otherwise, naming the right spelling when only the case was wrong.
 */
export function displayCurrency(requested: string | undefined): string {
  const currency = requested ?? 'EUR';
  if (!isSupportedCurrency(currency)) {
    const upper = currency.toUpperCase();
    const spelling = isSupportedCurrency(upper) ? ` (codes are upper case: '${upper}')` : '';
    throw badRequest(`Unsupported currency '${currency}'${spelling}; supported: ${supportedCurrencies().join(', ')}`);
  }
  return currency;
}

export const lowerCode = (code: string | undefined, fallback: string) => (code ?? fallback).toLowerCase();
