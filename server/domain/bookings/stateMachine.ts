/**
 * The booking state machine (spec section 3 plus the reference choices in openapi.yaml).
 * Pure: it only says which moves are allowed; the Bookings service performs them.
 *
 *   (start) ──────────────────────────────▶ processing
 *   processing ── payment succeeded ──────▶ booking_confirmed
 *   processing ── card declined ──────────▶ payment_failed
 *   processing ── supplier rejected ──────▶ booking_failed   (after payment, refunded)
 *   booking_confirmed ── cancel ──────────▶ booking_cancelled
 *
 * `new` is never produced (openapi.yaml); it is treated like `processing` only for display.
 * payment_failed, booking_failed and booking_cancelled are final.
 */
import type { BookingStatus } from '../../contract.js';

export type BookingEvent = 'payment_succeeded' | 'payment_declined' | 'supplier_rejected' | 'cancel';

const TRANSITIONS: Readonly<Record<BookingStatus, Partial<Record<BookingEvent, BookingStatus>>>> = {
  new: {},
  processing: {
    payment_succeeded: 'booking_confirmed',
    payment_declined: 'payment_failed',
    supplier_rejected: 'booking_failed',
  },
  booking_confirmed: { cancel: 'booking_cancelled' },
  payment_failed: {},
  booking_failed: {},
  booking_cancelled: {},
};

/** The status a booking starts in. */
export const INITIAL_STATUS: BookingStatus = 'processing';

/** Statuses a booking can have once a payment was attempted: the ones the overview lists. */
export const OVERVIEW_STATUSES = ['payment_failed', 'booking_failed', 'booking_confirmed', 'booking_cancelled'] as const;
export type OverviewStatus = (typeof OVERVIEW_STATUSES)[number];

/** The next status, or undefined when the event is not allowed in this status. */
export function nextStatus(status: BookingStatus, event: BookingEvent): BookingStatus | undefined {
  return TRANSITIONS[status][event];
}

/** Like nextStatus, but throws: for callers that checked the move is allowed. */
export function transition(status: BookingStatus, event: BookingEvent): BookingStatus {
  const next = nextStatus(status, event);
  if (next === undefined) throw new Error(`booking status ${status} does not allow ${event}`);
  return next;
}

export function isOverviewStatus(status: BookingStatus): status is OverviewStatus {
  return (OVERVIEW_STATUSES as readonly string[]).includes(status);
}
