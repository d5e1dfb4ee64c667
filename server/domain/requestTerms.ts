import { badRequest } from '../errors.js';
import { isSupportedCurrency, supportedCurrencies } from './rates/currency.js';

/** Display currency, upper case; 400 when the exchange-rate table does not have it. */
export function displayCurrency(requested: string | undefined): string {
  const currency = (requested ?? 'EUR').toUpperCase();
  if (!isSupportedCurrency(currency)) {
    throw badRequest(`Unsupported currency '${currency}'; supported: ${supportedCurrencies().join(', ')}`);
  }
  return currency;
}

export const lowerCode = (code: string | undefined, fallback: string) => (code ?? fallback).toLowerCase();
