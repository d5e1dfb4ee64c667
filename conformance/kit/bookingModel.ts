/**
 * A small model of the booking states of section 3 (with 4.3-4.6): what each operation must answer
 * for the bookings a sequence made, and what retrieve and the overview must show. The stateful
 * sequences (checks/sequences.ts) run random operations against a server and this model side by
 * side. Where the description leaves a choice open (a deadline too near to judge, since its local
 * time carries no zone), the model accepts either answer and follows the server.
 */

export type ModelStatus = 'processing' | 'booking_confirmed' | 'payment_failed' | 'booking_failed' | 'booking_cancelled';
export type PaymentOutcome = 'success' | 'payment_failed' | 'booking_failed';

export interface ModelBooking {
  bookhash: string;
  refundable: boolean;
  /** free_cancellation_before of the rate as epoch ms read as UTC (its zone is not stated), or null. */
  deadlineMs: number | null;
  status: ModelStatus;
}

export interface BookingModel {
  bookings: ModelBooking[];
  /** The server's time (epoch ms) as the kit knows it. */
  nowMs: number;
}

/** A deadline's local time may be in any zone from UTC-12 to UTC+14: within that, either answer is right. */
export const DEADLINE_SLACK_MS = 14 * 3_600_000;

/** Statuses retrieve may show for a model status (`new` is where `processing` may still be, 2.10). */
export function retrieveStatuses(status: ModelStatus): readonly string[] {
  return status === 'processing' ? ['processing', 'new'] : [status];
}

/** The overview lists a booking only once a payment was attempted (section 3, Visibility). */
export const inOverview = (booking: ModelBooking): boolean => booking.status !== 'processing';

/** The status after a payment with this outcome (only a processing booking is payable). */
export function afterPayment(outcome: PaymentOutcome): ModelStatus {
  return outcome === 'success' ? 'booking_confirmed' : outcome;
}

/**
 * What cancel must answer (4.6): 409 unless confirmed; then 403 for a non-refundable rate or a
 * passed deadline; else 200. Several statuses when the deadline is too near to tell.
 */
export function cancelStatuses(booking: ModelBooking, nowMs: number): readonly number[] {
  if (booking.status !== 'booking_confirmed') return [409];
  if (!booking.refundable || booking.deadlineMs === null) return [403];
  if (nowMs < booking.deadlineMs - DEADLINE_SLACK_MS) return [200];
  if (nowMs > booking.deadlineMs + DEADLINE_SLACK_MS) return [403];
  return [200, 403];
}

/** `YYYY-MM-DDTHH:MM:SS` (no zone) as epoch ms read as UTC; null stays null. */
export function localDeadlineMs(text: string | null | undefined): number | null {
  if (typeof text !== 'string') return null;
  const ms = Date.parse(`${text.slice(0, 19)}Z`);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * What the overview shows for the model's bookings, as a list of problems: every booking with an
 * attempted payment listed once with its status, none without one.
 */
export function overviewProblems(model: BookingModel, listed: ReadonlyArray<{ bookhash: string; status: string }>): string[] {
  const problems: string[] = [];
  for (const booking of model.bookings) {
    const rows = listed.filter((row) => row.bookhash === booking.bookhash);
    if (!inOverview(booking)) {
      if (rows.length > 0) problems.push(`${booking.bookhash} is listed (status ${rows[0]?.status}) although no payment was attempted`);
    } else if (rows.length !== 1) {
      problems.push(`${booking.bookhash} (${booking.status}) is listed ${rows.length} times, expected once`);
    } else if (rows[0]?.status !== booking.status) {
      problems.push(`${booking.bookhash} is listed as ${rows[0]?.status}, expected ${booking.status}`);
    }
  }
  return problems;
}
