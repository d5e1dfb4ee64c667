/**
 * The cancel of a booking (spec 4.6, openapi.yaml book/cancel.php): the decision, taken on the
 * booking as stored, in the documented order (status 409, refundable 403, deadline 403, supplier
 * 502), the cancelled record with its refund's settlement, and the error each refusal gives.
 */
import { ApiError, conflict, forbidden, simulatedFault } from '../../errors.js';
import type { Hotel } from '../hotel.js';
import { instantMsOfLocal } from '../localTime.js';
import type { BookingRecord } from './record.js';
import { scenarioEffect } from './scenarioEffect.js';
import { refundSettlesAt } from './settlement.js';
import { nextStatus } from './stateMachine.js';

export const ALREADY_CANCELLED = 'This reservation was already cancelled.';
export const SUPPLIER_CANCEL_FAILED =
  'The hotel supplier could not process the cancellation; the booking is still confirmed. Please try again later.';

export type CancelDecision =
  | { kind: 'cancelled'; record: BookingRecord; settlesAt: Date }
  | { kind: 'not_confirmed'; status: BookingRecord['status'] }
  | { kind: 'non_refundable' }
  | { kind: 'deadline_passed'; deadline: string }
  | { kind: 'supplier_down' };

/** Where the booking is cancelled: its hotel's zone (for the deadline) and the hotel as the cancel meets it. */
export interface CancelPlace {
  zone: string;
  hotel: Hotel | undefined;
}

/** Whether the booking can be cancelled at `now`, and if so the cancelled record. */
export function decideCancel(current: BookingRecord, now: Date, place: CancelPlace): CancelDecision {
  const cancelled = nextStatus(current.status, 'cancel');
  if (cancelled === undefined) return { kind: 'not_confirmed', status: current.status };
  if (!current.refundable || current.freeCancellationBefore === null) return { kind: 'non_refundable' };
  if (now.getTime() >= instantMsOfLocal(current.freeCancellationBefore, place.zone)) {
    return { kind: 'deadline_passed', deadline: current.freeCancellationBefore };
  }
  const failing = scenarioEffect(place.hotel, 'cancel_fails_at_supplier');
  if (failing) {
    const firstFailure = current.supplierCancelFailedAt === null ? now.getTime() : Date.parse(current.supplierCancelFailedAt);
    if (now.getTime() < firstFailure + failing.recoversAfterSeconds * 1000) return { kind: 'supplier_down' };
  }
  const settlesAt = refundSettlesAt(now);
  return {
    kind: 'cancelled',
    settlesAt,
    record: {
      ...current,
      status: cancelled,
      cancelledAt: now.toISOString(),
      refundSettlesAt: current.paid === 'yes' ? settlesAt.toISOString() : null,
    },
  };
}

/** The error a cancel that was refused gives the client. */
export function cancelRefusal(decision: Exclude<CancelDecision, { kind: 'cancelled' }>, supportEmail: string): ApiError {
  switch (decision.kind) {
    case 'not_confirmed':
      return decision.status === 'booking_cancelled'
        ? conflict(ALREADY_CANCELLED, { status: 'already_cancelled' })
        : conflict(`Only confirmed bookings can be cancelled; this booking is ${decision.status}.`, {
            status: decision.status,
          });
    case 'non_refundable':
      return forbidden(`This rate is non-refundable; online cancellation is unavailable. Please contact ${supportEmail}.`);
    case 'deadline_passed':
      return forbidden(
        `The free cancellation deadline (${decision.deadline}) has passed; online cancellation is no longer possible. ` +
          `Please contact ${supportEmail}.`,
      );
    case 'supplier_down':
      // The sandbox has no real supplier: every 502 is a scenario's (a scenario hotel, the Test header).
      return simulatedFault(new ApiError(502, SUPPLIER_CANCEL_FAILED));
  }
}
