/**
 * Field checklist: every field named in sections 2 (resources) and 4 (request bodies) of the API
 * description (hotel-booking-api.md), written down by hand from its tables, with
 * the schema of openapi.yaml that must carry it and what the description says about it.
 *
 * The fields are in three tables (searchAndHotelFields.ts, bookingFields.ts, requestFields.ts), in the
 * description's order, over the shapes of fieldExpectations.ts.
 *
 * conformance/contract.test.ts walks this table and checks openapi.yaml against it, so a field that
 * goes missing, changes type, loses or gains nullability, or moves between required and optional is
 * caught. Choices openapi.yaml makes where the description is silent (reference behaviour) are NOT
 * restated here, except as values the schema must accept (`accepts`).
 */
import { BOOKING_FIELDS } from './bookingFields.js';
import type { FieldExpectation } from './fieldExpectations.js';
import { REQUEST_FIELDS } from './requestFields.js';
import { SEARCH_AND_HOTEL_FIELDS } from './searchAndHotelFields.js';

export const FIELD_CHECKLIST: readonly FieldExpectation[] = [...SEARCH_AND_HOTEL_FIELDS, ...BOOKING_FIELDS, ...REQUEST_FIELDS];

/** Request schema of each operation (section 4), so the test can tie the checklist to the paths. */
export const REQUEST_SCHEMAS: Readonly<Record<string, string>> = {
  '/search.php': 'SearchRequest',
  '/hotel.php': 'HotelRequest',
  '/booking.php': 'BookingRequest',
  '/booking_overview.php': 'ApiKeyRequest',
  '/retrieve_booking.php': 'BookhashRequest',
  '/book/cancel.php': 'BookhashRequest',
};

/** 200 response schema of each operation (sections 4 and 2.11). */
export const RESPONSE_SCHEMAS: Readonly<Record<string, string>> = {
  '/search.php': 'SearchResponse',
  '/hotel.php': 'HotelResponse',
  '/booking.php': 'BookingResponse',
  '/booking_overview.php': 'BookingOverviewResponse',
  '/retrieve_booking.php': 'RetrieveBookingResponse',
  '/book/cancel.php': 'CancelResponse',
};

/** Schemas a field of another schema must resolve to (nested resources of section 2). */
export const NESTED_SCHEMAS: ReadonlyArray<{ schema: string; field: string; target: string }> = [
  { schema: 'SearchResponse', field: 'hotels[]', target: 'SearchHotel' },
  { schema: 'SearchHotel', field: 'rate', target: 'SearchRate' },
  { schema: 'SearchRate', field: 'pricing', target: 'Pricing' },
  { schema: 'SearchRate', field: 'cancellation', target: 'Cancellation' },
  { schema: 'HotelResponse', field: 'rooms[]', target: 'HotelRoom' },
  { schema: 'HotelRoom', field: 'rates[]', target: 'HotelRate' },
  { schema: 'HotelRate', field: 'pricing', target: 'Pricing' },
  { schema: 'HotelRate', field: 'cancellation', target: 'Cancellation' },
  { schema: 'Pricing', field: 'taxes[]', target: 'Tax' },
  { schema: 'BookingOverviewResponse', field: 'bookings[]', target: 'BookingOverviewItem' },
  { schema: 'RetrieveBookingResponse', field: 'booking', target: 'BookingDetail' },
];

/** Error statuses per operation (section 7 table, and the Errors line of each section 4 operation). */
export const SECTION_7_STATUSES: Readonly<Record<string, readonly number[]>> = {
  '/search.php': [400, 401, 403, 405, 429],
  '/hotel.php': [400, 401, 403, 404, 405, 429],
  '/booking.php': [400, 401, 403],
  '/booking_overview.php': [401, 403],
  '/retrieve_booking.php': [400, 401, 403, 404],
  '/book/cancel.php': [400, 401, 403, 404, 409, 502],
};
