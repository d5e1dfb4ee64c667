import { badRequest } from '../errors.js';
import { isSupportedCurrency, supportedCurrencies } from './rates/currency.js';

/**
 * Display currency: a code of the exchange-rate table in any case, as contract 1.0.0 accepted it
 * (docs/contract.md, "The 1.0.0 narrowings"), returned upper case as ISO 4217 writes it; 400 otherwise.
 */
export function displayCurrency(requested: string | undefined): string {
  const currency = (requested ?? 'EUR').toUpperCase();
  if (!isSupportedCurrency(currency)) {
    throw badRequest(`Unsupported currency '${requested}'; supported: ${supportedCurrencies().join(', ')}`);
  }
  return currency;
}

export const lowerCode = (code: string | undefined, fallback: string) => (code ?? fallback).toLowerCase();
