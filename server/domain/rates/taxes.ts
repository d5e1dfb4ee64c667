/**
 * Taxes payable on top of total_price: city tax (a percentage of the price or an amount per
 * guest and night, in the hotel's local currency, the display currency or — under the
 * city_tax_third_currency scenario — a third currency) and VAT when not included.
 */
import type { components } from '../../../contract/generated/openapi.js';
import type { Hotel } from '../hotel.js';
import { convertCentsFromEur, formatIn, isSupportedCurrency, roundForCurrency } from './currency.js';
import type { PriceContext, PricedRate } from './pricing.js';
import { profileOf } from './profile.js';

type Tax = components['schemas']['Tax'];
type Vat = NonNullable<components['schemas']['Vat']>;

function cityTaxCurrency(hotel: Hotel, ctx: PriceContext): string {
  const wanted = ctx.profile.cityTax?.currency;
  if (wanted === undefined || wanted === 'display') return ctx.currency;
  const code = wanted === 'local' ? hotel.localCurrency.toUpperCase() : wanted;
  // A currency the exchange table does not know cannot be priced: fall back to the display currency.
  return isSupportedCurrency(code) ? code : ctx.currency;
}

/** The price of the stay in `currency` cents: the display total, the EUR total, or the EUR total converted. */
function totalIn(currency: string, ctx: PriceContext, priced: PricedRate): number {
  if (currency === ctx.currency) return priced.displayTotal;
  if (currency === 'EUR') return priced.eurTotal;
  return convertCentsFromEur(priced.eurTotal, currency);
}

/** City tax not included in the price (`[]` when none is payable on top). */
export function taxesOf(hotel: Hotel, ctx: PriceContext, priced: PricedRate): Tax[] {
  const rule = ctx.profile.cityTax;
  if (rule === null) return [];
  const currency = cityTaxCurrency(hotel, ctx);
  const cents = rule.kind === 'percent'
    ? roundForCurrency((totalIn(currency, ctx, priced) * rule.percent) / 100, currency)
    : rule.localCentsPerPersonNight !== undefined && currency === hotel.localCurrency.toUpperCase()
      ? roundForCurrency(rule.localCentsPerPersonNight * ctx.persons * ctx.stay.nights, currency)
      : convertCentsFromEur(rule.eurCentsPerPersonNight * ctx.persons * ctx.stay.nights, currency);
  return cents > 0 ? [{ name: 'city_tax', amount: formatIn(cents, currency), currency }] : [];
}

/** VAT not included in the price, in the display currency; undefined when included. */
export function vatOf(ctx: PriceContext, priced: PricedRate): Vat | undefined {
  return vatOnTotal(ctx.profile.vatPercent, priced.displayTotal, ctx.currency);
}

/**
 * The VAT a booking's guest pays on top of its booked total (the finalization page and the
 * confirmation e-mail): the same rule as the rate's `pricing.vat`, applied to the price booked.
 */
export function bookedVat(hotel: Hotel, totalCents: number, currency: string): Vat | undefined {
  return vatOnTotal(profileOf(hotel).vatPercent, totalCents, currency);
}

function vatOnTotal(percent: number | null, totalCents: number, currency: string): Vat | undefined {
  if (percent === null) return undefined;
  const cents = roundForCurrency((totalCents * percent) / 100, currency);
  return cents > 0 ? { amount: formatIn(cents, currency), currency } : undefined;
}
