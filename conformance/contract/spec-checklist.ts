/**
 * Field checklist: every field named in sections 2 (resources) and 4 (request bodies) of the API
 * description (hotel-booking-api.md), written down by hand from its tables, with
 * the schema of openapi.yaml that must carry it and what the description says about it.
 *
 * conformance/contract.test.ts walks this table and checks openapi.yaml against it, so a field that
 * goes missing, changes type, loses or gains nullability, or moves between required and optional is
 * caught. Choices openapi.yaml makes where the description is silent (reference behaviour) are NOT
 * restated here, except as `sample`s the schema must accept.
 */

export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';
export type Scalar = string | number | boolean;

export interface ItemExpectation {
  type: JsonType;
  enum?: readonly Scalar[];
  minimum?: number;
  maximum?: number;
  format?: 'date' | 'uri' | 'email';
  /** Required properties of object items. */
  requiredKeys?: readonly string[];
}

export interface FieldExpectation {
  /** Section of the API description the field comes from. */
  section: string;
  /** `components.schemas` name that holds the field. */
  schema: string;
  /** Dotted path from that schema: `location.region_type`; `[]` steps into array items: `descriptions[].title`. */
  field: string;
  type: JsonType;
  /** The field may be null (default: false — null must be refused). */
  nullable?: boolean;
  /**
   * true: listed in the parent's `required`; false: must NOT be listed (the description says it is
   * omitted/absent/present only sometimes, or it is an optional request field); undefined: the
   * description does not say.
   */
  required?: boolean;
  format?: 'date' | 'uri' | 'email';
  enum?: readonly Scalar[];
  minimum?: number;
  maximum?: number;
  /** Default value the description states (request fields). */
  default?: Scalar;
  items?: ItemExpectation;
  /** Keys an object (or a nullable object) must declare. */
  keys?: readonly string[];
  /** Values the schema must accept (shapes the description shows). */
  accepts?: readonly unknown[];
  /** Values the schema must refuse. */
  rejects?: readonly unknown[];
}

const MEALS = ['nomeal', 'breakfast'] as const;
export const PROPERTY_KINDS = [
  'Hotel', 'Apartment', 'Resort', 'BNB', 'Hostel', 'Guesthouse', 'Apart-hotel', 'Boutique_and_Design',
  'Camping', 'Castle', 'Cottages_and_Houses', 'Farm', 'Glamping', 'Mini-hotel', 'Sanatorium', 'Villas_and_Bungalows',
] as const;
const OVERVIEW_STATUSES = ['payment_failed', 'booking_failed', 'booking_confirmed', 'booking_cancelled'] as const;
const DETAIL_STATUSES = ['new', 'processing', 'booking_failed', 'booking_confirmed', 'booking_cancelled'] as const;
const POLICY_KEYS = ['internet', 'parking', 'meals', 'pets', 'extra_beds', 'cots', 'shuttle', 'children_beds', 'additional_fees'] as const;

/** Money amounts are decimal text (section 2, General). */
const money = { type: 'string', accepts: ['412.50', '0.00'], rejects: [412.5] } as const;
/** Cancellation date-times: ISO 8601 without zone (section 2, General). */
const localDateTime = { type: 'string', accepts: ['2026-12-12T23:59:00'] } as const;
/** booked_at / created_at: `YYYY-MM-DD HH:MM:SS` (section 2, General). */
const bookingTimestamp = { type: 'string', accepts: ['2026-11-21 10:15:42'] } as const;
const date = { type: 'string', format: 'date', accepts: ['2026-12-15'], rejects: ['15-12-2026'] } as const;
const bookhash = { type: 'string', accepts: ['FSOo7WWCeMn6BJB68o7UxMRi9gahXs'], rejects: ['FSOo7WWCeMn6BJB68o7UxMRi9gahX'] } as const;
const serviceHash = { type: 'string', accepts: ['4127-SUPDBL-1-20261215-20261218-2'] } as const;

type Row = Omit<FieldExpectation, 'section' | 'schema'>;
const rows = (section: string, schema: string, fields: readonly Row[]): FieldExpectation[] =>
  fields.map((f) => ({ section, schema, ...f }));

export const FIELD_CHECKLIST: readonly FieldExpectation[] = [
  // 2.1 SearchResponse
  ...rows('2.1', 'SearchResponse', [
    { field: 'search_id', type: 'string', required: true },
    { field: 'search', type: 'object', required: true },
    { field: 'total_hotels', type: 'integer', required: true, maximum: 15 },
    { field: 'hotels', type: 'array', required: true, items: { type: 'object' } },
  ]),
  // 2.2 Search metadata
  ...rows('2.2', 'SearchResponse', [
    { field: 'search.checkin', ...date, required: true },
    { field: 'search.checkout', ...date, required: true },
    { field: 'search.nights', type: 'integer', required: true },
    { field: 'search.latitude', type: 'number', required: true },
    { field: 'search.longitude', type: 'number', required: true },
    { field: 'search.radius_m', type: 'integer', required: true },
    { field: 'search.currency', type: 'string', required: true },
    { field: 'search.language', type: 'string', required: true },
    { field: 'search.residency', type: 'string', required: true },
    { field: 'search.persons', type: 'integer', required: true },
  ]),
  // 2.3 SearchHotel
  ...rows('2.3', 'SearchHotel', [
    { field: 'id', type: 'integer', required: true },
    { field: 'name', type: 'string', required: true },
    { field: 'address', type: 'string', required: true },
    { field: 'city', type: 'string', required: true },
    { field: 'country_code', type: 'string', required: true },
    { field: 'star_rating', type: 'integer', required: true, minimum: 0, maximum: 5 },
    { field: 'kind', type: 'string', required: true, enum: PROPERTY_KINDS },
    { field: 'latitude', type: 'number', required: true },
    { field: 'longitude', type: 'number', required: true },
    { field: 'image', type: 'string', format: 'uri', required: true },
    // "included by default": include_amenities=false omits it.
    { field: 'amenities', type: 'string', nullable: true, required: false },
    // "Present only when include_description is true".
    { field: 'short_description', type: 'string', nullable: true, required: false },
    { field: 'rate', type: 'object', required: true },
  ]),
  // 2.4 SearchRate
  ...rows('2.4', 'SearchRate', [
    { field: 'service_hash', ...serviceHash, required: true },
    { field: 'search_hash', type: 'string', required: true },
    { field: 'room', type: 'object', required: true, keys: ['room_name', 'room_class', 'bedding'] },
    { field: 'room.room_name', type: 'string', required: true },
    { field: 'room.room_class', type: 'string', required: true },
    { field: 'room.bedding', type: 'string', required: true },
    { field: 'meal', type: 'string', required: true, enum: MEALS },
    { field: 'pricing', type: 'object', required: true },
    { field: 'cancellation', type: 'object', required: true },
  ]),
  // 2.5 HotelResponse, static part
  ...rows('2.5', 'HotelResponse', [
    { field: 'id', type: 'integer', required: true },
    { field: 'name', type: 'string', required: true },
    { field: 'type', type: 'string', required: true },
    { field: 'star_rating', type: 'integer', required: true, minimum: 0, maximum: 5 },
    { field: 'is_closed', type: 'boolean', required: true },
    // "When a hotel exists but has no detailed local data, its detail fields are null."
    { field: 'hotel_chain', type: 'string', nullable: true, required: true },
    { field: 'location', type: 'object', required: true },
    { field: 'location.address', type: 'string', required: true },
    { field: 'location.postal_code', type: 'string', required: true },
    { field: 'location.latitude', type: 'number', required: true },
    { field: 'location.longitude', type: 'number', required: true },
    { field: 'location.city', type: 'string', required: true },
    { field: 'location.country_code', type: 'string', required: true },
    { field: 'location.region_type', type: 'string', nullable: true, required: true },
    { field: 'location.airport_iata', type: 'string', nullable: true, required: true },
    { field: 'location.distance_to_center_m', type: 'integer', nullable: true, required: true },
    { field: 'times', type: 'object', nullable: true, required: true },
    { field: 'times.check_in', type: 'string', required: true },
    { field: 'times.check_out', type: 'string', required: true },
    { field: 'times.front_desk_open', type: 'string', nullable: true, required: true },
    { field: 'times.front_desk_close', type: 'string', nullable: true, required: true },
    { field: 'property', type: 'object', nullable: true, required: true },
    { field: 'property.total_rooms', type: 'integer', nullable: true, required: true },
    { field: 'property.floors', type: 'integer', nullable: true, required: true },
    { field: 'property.year_built', type: 'integer', nullable: true, required: true },
    { field: 'property.year_renovated', type: 'integer', nullable: true, required: true },
    { field: 'property.payment_methods', type: 'array', nullable: true, required: true, items: { type: 'string' } },
    { field: 'property.electricity', type: 'string', nullable: true, required: true },
    { field: 'descriptions', type: 'array', nullable: true, required: true, items: { type: 'object', requiredKeys: ['title', 'text'] } },
    { field: 'descriptions[].title', type: 'string', required: true },
    { field: 'descriptions[].text', type: 'string', required: true },
    { field: 'images', type: 'array', nullable: true, required: true, items: { type: 'object', requiredKeys: ['url', 'category'] } },
    { field: 'images[].url', type: 'string', format: 'uri', required: true },
    { field: 'images[].category', type: 'string', required: true },
    { field: 'amenities', type: 'array', nullable: true, required: true, items: { type: 'object', requiredKeys: ['group', 'included', 'paid'] } },
    { field: 'amenities[].group', type: 'string', required: true },
    { field: 'amenities[].included', type: 'array', required: true, items: { type: 'string' } },
    { field: 'amenities[].paid', type: 'array', required: true, items: { type: 'string' } },
    { field: 'quick_features', type: 'array', nullable: true, required: true, items: { type: 'string' } },
    // Value shapes of the policy keys are not shown: only the keys are checked.
    { field: 'policies', type: 'object', nullable: true, required: true, keys: POLICY_KEYS },
    { field: 'important_notes', type: 'string', nullable: true, required: true },
  ]),
  // 2.5 HotelResponse, availability part
  ...rows('2.5', 'HotelResponse', [
    { field: 'availability', type: 'object', nullable: true },
    { field: 'availability.source', type: 'string', enum: ['search_cache', 'live'], required: true },
    { field: 'availability.checkin', ...date, required: true },
    { field: 'availability.checkout', ...date, required: true },
    { field: 'availability.nights', type: 'integer', required: true },
    { field: 'availability.currency', type: 'string', required: true },
    // "only when no rooms"
    { field: 'availability.message', type: 'string', required: false },
    { field: 'rooms', type: 'array', nullable: true, items: { type: 'object' }, accepts: [[]] },
  ]),
  // 2.5.1 HotelRoom
  ...rows('2.5.1', 'HotelRoom', [
    { field: 'room_name', type: 'string', required: true },
    { field: 'room_type', type: 'string', required: true },
    { field: 'room_class', type: 'string', required: true },
    { field: 'quality', type: 'string', required: true },
    { field: 'bedding', type: 'string', required: true },
    { field: 'bedrooms', type: 'integer', required: false }, // omitted when 0
    { field: 'capacity', type: 'string', required: true },
    { field: 'bathroom', type: 'string', required: true, accepts: ['Private', 'Shared'] },
    { field: 'view', type: 'string', required: false }, // omitted when none
    { field: 'balcony', type: 'boolean', required: false, accepts: [true] }, // omitted when false
    { field: 'family_room', type: 'boolean', required: false, accepts: [true] },
    { field: 'club_room', type: 'boolean', required: false, accepts: [true] },
    { field: 'floor', type: 'string', required: false }, // omitted when none
    { field: 'amenities', type: 'array', required: true, items: { type: 'string' } },
    { field: 'rates', type: 'array', required: true, items: { type: 'object' } },
  ]),
  // 2.5.2 HotelRate
  ...rows('2.5.2', 'HotelRate', [
    { field: 'service_hash', ...serviceHash, required: true },
    { field: 'search_hash', type: 'string', required: true },
    { field: 'meal', type: 'string', required: true, enum: MEALS },
    { field: 'refundable', type: 'boolean', required: true },
    { field: 'pricing', type: 'object', required: true },
    { field: 'cancellation', type: 'object', required: true },
    { field: 'booking', type: 'object', required: true, keys: ['rooms_available', 'any_residency', 'is_package_rate'] },
    { field: 'booking.rooms_available', type: 'integer', required: true },
    { field: 'booking.any_residency', type: 'boolean', required: true },
    { field: 'booking.is_package_rate', type: 'boolean', required: true },
  ]),
  // 2.6 Pricing, Tax, vat
  ...rows('2.6', 'Pricing', [
    { field: 'total_price', ...money, required: true },
    { field: 'currency', type: 'string', required: true, accepts: ['EUR'] },
    { field: 'price_per_night', type: 'array', required: true, items: { type: 'string' } },
    // "Present in hotel details responses" (so not in search).
    { field: 'average_per_night', ...money, nullable: true, required: false },
    // Nullable; the description does not say they can be absent (required left open).
    { field: 'charge_amount', ...money, nullable: true },
    { field: 'charge_currency', type: 'string', nullable: true },
    // "empty or absent when included"
    { field: 'taxes', type: 'array', nullable: true, required: false, items: { type: 'object', requiredKeys: ['name', 'amount', 'currency'] }, accepts: [[]] },
    { field: 'taxes[].name', type: 'string', required: true, accepts: ['city_tax'] },
    { field: 'taxes[].amount', ...money, required: true },
    { field: 'taxes[].currency', type: 'string', required: true },
    // "absent when included"
    { field: 'vat', type: 'object', nullable: true, required: false, keys: ['amount', 'currency'] },
    { field: 'vat.amount', ...money },
    { field: 'vat.currency', type: 'string' },
  ]),
  ...rows('2.6', 'Tax', [
    { field: 'name', type: 'string', required: true },
    { field: 'amount', ...money, required: true },
    { field: 'currency', type: 'string', required: true },
  ]),
  // 2.7 Cancellation
  ...rows('2.7', 'Cancellation', [
    { field: 'free_cancellation_before', ...localDateTime, nullable: true, required: true },
    { field: 'policies', type: 'array', required: true, items: { type: 'object', requiredKeys: ['starts_at', 'ends_at', 'penalty_amount', 'penalty_charge'] }, accepts: [[]] },
    { field: 'policies[].starts_at', ...localDateTime, required: true },
    { field: 'policies[].ends_at', ...localDateTime, required: true },
    { field: 'policies[].penalty_amount', ...money, required: true },
    { field: 'policies[].penalty_charge', ...money, required: true },
  ]),
  // 2.9 BookingOverviewItem
  ...rows('2.9', 'BookingOverviewItem', [
    { field: 'booking_id', type: 'integer', required: true },
    { field: 'bookhash', ...bookhash, required: true },
    { field: 'booked_at', ...bookingTimestamp, required: true },
    { field: 'arrival', ...date, required: true },
    { field: 'departure', ...date, required: true },
    { field: 'guest_name', type: 'string', required: true },
    { field: 'hotel_name', type: 'string', required: true },
    { field: 'room_name', type: 'string', required: true },
    { field: 'status', type: 'string', required: true, enum: OVERVIEW_STATUSES },
  ]),
  // 2.10 BookingDetail
  ...rows('2.10', 'BookingDetail', [
    { field: 'id', type: 'integer', required: true },
    { field: 'arrival', ...date, required: true },
    { field: 'departure', ...date, required: true },
    { field: 'persons', type: 'integer', required: true },
    { field: 'first_name', type: 'string', required: true },
    { field: 'last_name', type: 'string', required: true },
    { field: 'email', type: 'string', format: 'email', required: true },
    { field: 'phone', type: 'string', required: true },
    { field: 'client_remarks', type: 'string', nullable: true, required: true },
    { field: 'bookhash', ...bookhash, required: true },
    { field: 'room_name', type: 'string', required: true },
    { field: 'bedding', type: 'string', required: true },
    { field: 'meal', type: 'string', required: true, enum: MEALS },
    { field: 'total_price', ...money, required: true },
    { field: 'currency', type: 'string', required: true },
    { field: 'refundable', type: 'boolean', required: true },
    { field: 'free_cancellation_before', ...localDateTime, nullable: true, required: true },
    // Section 2.10 lists five values; section 3 adds payment_failed for all bookings.
    { field: 'status', type: 'string', required: true, accepts: DETAIL_STATUSES },
    { field: 'paid', type: 'string', required: true, accepts: ['yes', 'no', 'refunded'] },
    { field: 'supplier_order_id', type: 'string', nullable: true, required: true },
    { field: 'hotel_name', type: 'string', required: true },
    { field: 'hotel_address', type: 'string', required: true },
    { field: 'hotel_city', type: 'string', required: true },
    { field: 'hotel_country', type: 'string', required: true },
    { field: 'hotel_stars', type: 'integer', required: true },
    { field: 'created_at', ...bookingTimestamp, required: true },
  ]),
  // 2.11
  ...rows('2.11', 'BookingResponse', [
    { field: 'status', type: 'string', required: true, enum: ['ok'] },
    { field: 'booking_url', type: 'string', format: 'uri', required: true },
  ]),
  ...rows('2.11', 'BookingOverviewResponse', [
    { field: 'status', type: 'string', required: true, enum: ['ok'] },
    { field: 'count', type: 'integer', required: true },
    { field: 'bookings', type: 'array', required: true, items: { type: 'object' }, accepts: [[]] },
  ]),
  ...rows('2.11', 'RetrieveBookingResponse', [
    { field: 'status', type: 'string', required: true, enum: ['ok'] },
    { field: 'booking', type: 'object', required: true },
  ]),
  ...rows('2.11', 'CancelResponse', [
    { field: 'status', type: 'string', required: true, enum: ['cancelled'] },
    { field: 'booking_id', type: 'integer', required: true },
    { field: 'bookhash', type: 'string', required: true },
  ]),
  ...rows('2.11', 'ErrorResponse', [{ field: 'error', type: 'string', required: true }]),
  ...rows('2.11', 'CancelConflictResponse', [
    { field: 'error', type: 'string', required: true },
    { field: 'status', type: 'string', required: true, accepts: ['already_cancelled'] },
  ]),

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
