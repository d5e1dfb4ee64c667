/**
 * The spec checklist's fields of the search and hotel resources: sections 2.1 to 2.7 of the API
 * description (search response, hotel, rooms, rates, pricing, taxes, cancellation).
 */
import { MEALS, PROPERTY_KINDS, POLICY_KEYS, date, localDateTime, money, serviceHash, rows, type FieldExpectation } from './fieldExpectations.js';

export const SEARCH_AND_HOTEL_FIELDS: readonly FieldExpectation[] = [
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
];
