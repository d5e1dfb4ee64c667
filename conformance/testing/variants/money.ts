/** Variants of money and date-time text (section 2: money is "decimal text"; date-times ISO 8601). */
import { HOTEL, RETRIEVE, SEARCH } from '../mutants/middleware.js';
import { CHARGE_FIELDS, eachObject, mapDateTimes, mapMoney, onSuccess } from './rewrite.js';
import type { Loose, Variant } from './types.js';

const MONEY_PATHS = [SEARCH, HOTEL, RETRIEVE];

/** `265.60` → `265.6`, `12.00` → `12`. */
const trimmed = (amount: string) => (amount.includes('.') ? amount.replace(/0+$/, '').replace(/\.$/, '') : amount);

export const MONEY_VARIANTS: Variant[] = [
  {
    id: 'money.minimal-decimals',
    choice: 'money without trailing zeros: "265.6", "12" (0 or 1 decimals where they suffice)',
    section: '2, 2.6',
    front: onSuccess((body) => mapMoney(body, trimmed), MONEY_PATHS),
  },
  {
    id: 'money.four-decimals',
    choice: 'money with four decimals: "265.6000"',
    section: '2, 2.6',
    front: onSuccess((body) => mapMoney(body, (a) => Number(a).toFixed(4)), MONEY_PATHS),
  },
  {
    id: 'money.jpy-two-decimals',
    // The reference server writes JPY in whole yen (ISO 4217: 0 minor units); two decimals are decimal text too.
    choice: 'JPY amounts with two decimals ("1500.00"), which the description\'s decimal text allows',
    section: '2, 2.6',
    front: onSuccess((body) => {
      const jpy = (body.search?.currency ?? body.availability?.currency ?? body.booking?.currency ?? '').toUpperCase() === 'JPY';
      return jpy ? mapMoney(body, (a, field) => (CHARGE_FIELDS.has(field) ? a : Number(a).toFixed(2))) : body;
    }, MONEY_PATHS),
  },
  {
    id: 'dates.deadlines-with-fractions',
    choice: "cancellation date-times with fractional seconds: '2026-12-12T23:59:00.000' (ISO 8601)",
    section: '2, 2.7',
    front: onSuccess((body) => mapDateTimes(body, (t) => (/T\d{2}:\d{2}:\d{2}$/.test(t) ? `${t}.000` : t)), MONEY_PATHS),
  },
  {
    id: 'dates.deadlines-without-seconds',
    choice: "cancellation date-times without seconds: '2026-12-12T23:59' (ISO 8601)",
    section: '2, 2.7',
    front: onSuccess((body) => mapDateTimes(body, (t) => t.replace(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}):00$/, '$1')), MONEY_PATHS),
  },
  {
    id: 'cancellation.penalty-amount-and-charge-swapped',
    choice: 'penalty_amount is the amount charged (EUR) and penalty_charge the display-currency amount',
    section: '2.7',
    front: onSuccess((body) => mapPolicies(body), [SEARCH, HOTEL]),
  },
];

function mapPolicies(body: Loose): Loose {
  eachObject(body, (o) => {
    if ('penalty_amount' in o && 'penalty_charge' in o) [o.penalty_amount, o.penalty_charge] = [o.penalty_charge, o.penalty_amount];
  });
  return body;
}
