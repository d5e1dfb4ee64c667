/** Variants of request handling: validation order, methods, unknown fields, limit counting. */
import { ALL_PATHS, BOOKING, CANCEL, HOTEL, OVERVIEW, RETRIEVE, SEARCH, minuteLimiter, rewriteRequest, rewriteResponse } from '../mutants/middleware.js';
import type { Loose, Variant } from './types.js';

/** The request fields of section 4, per path (anything else is an unknown field). */
const KNOWN_FIELDS: Readonly<Record<string, readonly string[]>> = {
  [SEARCH]: ['apikey', 'checkin', 'checkout', 'location', 'latitude', 'longitude', 'residency', 'language', 'currency', 'radius', 'persons', 'star_rating', 'kind', 'meal_type', 'price_from', 'price_to', 'include_description', 'include_amenities'],
  [HOTEL]: ['apikey', 'id', 'search_id', 'checkin', 'checkout', 'persons', 'currency', 'residency', 'language'],
  [BOOKING]: ['apikey', 'service_hash'],
  [OVERVIEW]: ['apikey'],
  [RETRIEVE]: ['apikey', 'bookhash'],
  [CANCEL]: ['apikey', 'bookhash'],
};

export const REQUEST_VARIANTS: Variant[] = [
  {
    id: 'limits.counted-before-auth',
    choice: 'every request to search.php and hotel.php counts towards the limit, also one refused for its key',
    section: '8',
    front: ({ clock }) => [minuteLimiter(clock, [SEARCH, HOTEL], (path) => path.slice(1))],
  },
  {
    id: 'limits.retry-after-whole-window',
    choice: 'Retry-After is always the whole window (60 s), not the exact time until a place frees',
    section: '7, 8',
    front: () => [
      rewriteResponse([SEARCH, HOTEL], (body, _req, res) => {
        if (res.statusCode === 429 && /per minute/.test(String(body?.error))) res.set('Retry-After', '60');
        return body;
      }),
    ],
  },
  {
    id: 'validation.before-auth',
    choice: 'a body missing its required fields gives 400 before the key is looked at',
    section: '7 (order of validations: not shown)',
    front: () => [
      rewriteRequest(ALL_PATHS, (body, req) => {
        const required: Record<string, string[]> = { [SEARCH]: ['checkin', 'checkout'], [HOTEL]: ['id'], [BOOKING]: ['service_hash'], [RETRIEVE]: ['bookhash'], [CANCEL]: ['bookhash'] };
        const missing = (required[req.path] ?? []).filter((field) => body[field] === undefined);
        if (missing.length > 0) (req as Loose).missingFields = missing;
        return body;
      }),
      (req, res, next) => {
        const missing = (req as Loose).missingFields as string[] | undefined;
        if (!missing) return next();
        res.status(400).json({ error: `Missing field(s): ${missing.join(', ')}` });
      },
    ],
  },
  {
    // The reference takes any case (1.0.0's pattern, issue 37); upper case only is the other valid reading.
    id: 'validation.currency-upper-case-only',
    choice: "currency codes only as ISO 4217 writes them, upper case ('usd' is 400): the description says ISO 4217 and states no case",
    section: '4.1, 4.2',
    front: () => [
      rewriteRequest([SEARCH, HOTEL], (body, req) => {
        if (typeof body.currency === 'string' && body.currency !== body.currency.toUpperCase()) (req as Loose).lowerCaseCurrency = body.currency;
        return body;
      }),
      (req, res, next) => {
        const currency = (req as Loose).lowerCaseCurrency as string | undefined;
        if (currency === undefined) return next();
        res.status(400).json({ error: `Unsupported currency '${currency}': codes are upper case (ISO 4217)` });
      },
    ],
  },
  {
    id: 'validation.unknown-fields-ignored',
    choice: 'unknown request fields are ignored instead of refused',
    section: '4',
    front: () => [
      rewriteRequest(ALL_PATHS, (body, req) => Object.fromEntries(Object.entries(body).filter(([field]) => KNOWN_FIELDS[req.path]?.includes(field)))),
    ],
  },
  {
    id: 'methods.404-off-the-limited-paths',
    choice: 'GET on booking, overview, retrieve and cancel gives 404 (405 is stated only for search and hotel details)',
    section: '4, 7',
    front: () => [
      (req, res, next) => {
        if (req.method === 'GET' && [BOOKING, OVERVIEW, RETRIEVE, CANCEL].includes(req.path)) res.status(404).json({ error: 'Not found' });
        else next();
      },
    ],
  },
];
