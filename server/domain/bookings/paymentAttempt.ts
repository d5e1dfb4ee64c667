/**
 * A payment attempt of a booking (the finalization page's button, or /_control/pay): the client's
 * remarks it carries, the booking it leaves behind for each outcome, and why a booking that is not
 * `processing` cannot be paid (409).
 */
import type { PaymentOutcome } from './payment.js';
import type { BookingRecord } from './record.js';
import { nextStatus, type BookingEvent } from './stateMachine.js';
import { newSupplierOrderId } from './tokens.js';

export const INVALID_FORM_TOKEN = 'The booking form is invalid or has expired; reload the booking page and try again.';
export const MAX_REMARKS_LENGTH = 1000;

const PAYMENT_EVENTS: Readonly<Record<PaymentOutcome, BookingEvent>> = {
  success: 'payment_succeeded',
  payment_failed: 'payment_declined',
  booking_failed: 'supplier_rejected',
};

/**
 * The booking after a payment attempt with this outcome at `now`, or undefined when its status
 * does not allow one. A success draws the supplier's order id.
 */
export function afterPayment(
  current: BookingRecord,
  outcome: PaymentOutcome,
  remarks: string | null,
  now: Date,
): BookingRecord | undefined {
  const status = nextStatus(current.status, PAYMENT_EVENTS[outcome]);
  if (status === undefined) return undefined;
  return {
    ...current,
    status,
    paid: outcome === 'success' ? 'yes' : outcome === 'booking_failed' ? 'refunded' : 'no',
    supplierOrderId: outcome === 'success' ? newSupplierOrderId() : null,
    clientRemarks: remarks,
    paymentAttemptedAt: now.toISOString(),
  };
}

/** Trimmed remarks, at most MAX_REMARKS_LENGTH characters; empty → null. */
export function normaliseRemarks(remarks: string | undefined): string | null {
  const trimmed = (remarks ?? '').trim();
  if (trimmed === '') return null;
  return Array.from(trimmed).slice(0, MAX_REMARKS_LENGTH).join('');
}

/** Why a booking cannot be paid (the 409 text). */
export function notPayableMessage(record: BookingRecord): string {
  switch (record.status) {
    case 'booking_confirmed':
      return 'This booking is already paid and confirmed; it cannot be paid again.';
    case 'payment_failed':
      return 'The payment of this booking failed; it cannot be paid again. Please start a new booking.';
    case 'booking_failed':
      return 'This booking failed at the hotel supplier after payment and the payment was refunded; please start a new booking.';
    case 'booking_cancelled':
      return 'This booking was cancelled; it cannot be paid.';
    default:
      return `This booking is ${record.status} and cannot be paid.`;
  }
}
