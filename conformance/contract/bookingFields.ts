/**
 * The spec checklist's fields of the booking resources and the small responses: sections 2.9 to
 * 2.11 of the API description (overview item, booking detail, booking start/overview/retrieve/cancel
 * responses, errors).
 */
import { MEALS, OVERVIEW_STATUSES, DETAIL_STATUSES, bookhash, bookingTimestamp, date, localDateTime, money, rows, type FieldExpectation } from './fieldExpectations.js';

export const BOOKING_FIELDS: readonly FieldExpectation[] = [
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
];
