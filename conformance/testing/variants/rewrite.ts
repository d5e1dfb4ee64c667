/** Building blocks of the variants: JSON rewrites of a whole body by field name. */
import { ALL_PATHS, rewriteResponse } from '../mutants/middleware.js';
import type { Loose } from './types.js';

/** Money fields of section 2 (amounts as decimal text), `price_per_night` being a list of them. */
const MONEY_FIELDS = new Set(['total_price', 'average_per_night', 'charge_amount', 'amount', 'penalty_amount', 'penalty_charge', 'price_per_night']);
/** Fields in the charge currency (EUR), not the display currency. */
export const CHARGE_FIELDS = new Set(['charge_amount', 'penalty_charge']);
/** ISO 8601 date-times of cancellation deadlines and penalty periods. */
const DATE_TIME_FIELDS = new Set(['free_cancellation_before', 'starts_at', 'ends_at']);

/** Applies `visit` to every object in a JSON value, depth first. */
export function eachObject(value: Loose, visit: (object: Loose) => void): void {
  if (Array.isArray(value)) for (const item of value) eachObject(item, visit);
  else if (value !== null && typeof value === 'object') {
    visit(value);
    for (const child of Object.values(value)) eachObject(child, visit);
  }
}

/** Rewrites every money amount of a body: `format(amount, field)`. */
export function mapMoney(body: Loose, format: (amount: string, field: string) => string): Loose {
  eachObject(body, (object) => {
    for (const [field, value] of Object.entries(object)) {
      if (!MONEY_FIELDS.has(field)) continue;
      if (typeof value === 'string') object[field] = format(value, field);
      else if (Array.isArray(value)) object[field] = value.map((v) => (typeof v === 'string' ? format(v, field) : v));
    }
  });
  return body;
}

/** Rewrites every cancellation date-time of a body. */
export function mapDateTimes(body: Loose, format: (dateTime: string) => string): Loose {
  eachObject(body, (object) => {
    for (const field of DATE_TIME_FIELDS) if (typeof object[field] === 'string') object[field] = format(object[field]);
  });
  return body;
}

/** Rewrites the 200 bodies of `paths` (default: every API path). */
export const onSuccess = (rewrite: (body: Loose, request: Loose) => Loose, paths: readonly string[] = ALL_PATHS) => () => [
  rewriteResponse(paths, (body, req, res) => (res.statusCode === 200 ? rewrite(body, req.body) : body)),
];

/** Rewrites the error bodies of `paths` (default: every API path): `rewrite(text, status, body)` gives the new text. */
export const onError = (rewrite: (text: string, status: number, body: Loose, path: string) => string, paths: readonly string[] = ALL_PATHS) => () => [
  rewriteResponse(paths, (body, req, res) =>
    res.statusCode >= 400 && typeof body?.error === 'string' ? { ...body, error: rewrite(body.error, res.statusCode, body, req.path) } : body),
];
