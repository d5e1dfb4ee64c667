/**
 * The spec checklist's request fields: section 4 of the API description (each operation's request
 * body), with the defaults and bounds it states.
 */
import { MEALS, PROPERTY_KINDS, bookhash, date, serviceHash, rows, type FieldExpectation } from './fieldExpectations.js';

export const REQUEST_FIELDS: readonly FieldExpectation[] = [
  // 4.1 search request
  ...rows('4.1', 'SearchRequest', [
    { field: 'apikey', type: 'string', required: true },
    { field: 'checkin', ...date, required: true },
    { field: 'checkout', ...date, required: true },
    // "yes unless latitude+longitude given": a cross-field rule, so not in `required`.
    { field: 'location', type: 'string', required: false },
    { field: 'latitude', type: 'number', required: false },
    { field: 'longitude', type: 'number', required: false },
    { field: 'residency', type: 'string', required: false, default: 'nl' },
    { field: 'language', type: 'string', required: false, default: 'nl' },
    { field: 'currency', type: 'string', required: false, default: 'EUR' },
    { field: 'radius', type: 'integer', required: false, default: 5000, minimum: 1, maximum: 10000 },
    { field: 'persons', type: 'integer', required: false, default: 2, minimum: 1, maximum: 5 },
    { field: 'star_rating', type: 'array', required: false, items: { type: 'integer', minimum: 0, maximum: 5 } },
    { field: 'kind', type: 'array', required: false, items: { type: 'string', enum: PROPERTY_KINDS } },
    { field: 'meal_type', type: 'array', required: false, items: { type: 'string', enum: MEALS } },
    { field: 'price_from', type: 'integer', required: false },
    { field: 'price_to', type: 'integer', required: false },
    { field: 'include_description', type: 'boolean', required: false, default: false },
    { field: 'include_amenities', type: 'boolean', required: false, default: true },
  ]),
  // 4.2 hotel request
  ...rows('4.2', 'HotelRequest', [
    { field: 'apikey', type: 'string', required: true },
    { field: 'id', type: 'integer', required: true },
    // "one of search_id or checkin+checkout": a cross-field rule.
    { field: 'search_id', type: 'string', required: false },
    { field: 'checkin', ...date, required: false },
    { field: 'checkout', ...date, required: false },
    { field: 'persons', type: 'integer', required: false, default: 2, minimum: 1, maximum: 5 },
    { field: 'currency', type: 'string', required: false, default: 'EUR' },
    { field: 'residency', type: 'string', required: false, default: 'nl' },
    { field: 'language', type: 'string', required: false, default: 'en' },
  ]),
  // 4.3 booking start
  ...rows('4.3', 'BookingRequest', [
    { field: 'apikey', type: 'string', required: true },
    { field: 'service_hash', ...serviceHash, required: true },
  ]),
  // 4.4 overview
  ...rows('4.4', 'ApiKeyRequest', [{ field: 'apikey', type: 'string', required: true }]),
  // 4.5 retrieve and 4.6 cancel share one request schema
  ...rows('4.5/4.6', 'BookhashRequest', [
    { field: 'apikey', type: 'string', required: true },
    { field: 'bookhash', ...bookhash, required: true },
  ]),
];
