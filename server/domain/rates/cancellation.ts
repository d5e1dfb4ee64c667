/**
 * Cancellation terms (openapi PenaltyPolicy/Cancellation reference behaviour):
 * refundable rates are free to cancel until check-in minus N days at 23:59:00
 * (N per hotel from 1, 2, 3, 5, 7, 14); after that the first night is charged.
 * Non-refundable rates charge the total from the moment they were quoted.
 */
import type { components } from '../../../generated/openapi.js';
import { formatCents } from './currency.js';
import { isoDate, msOfDay, type StayNights } from './dates.js';
import type { PricedRate } from './pricing.js';

type Cancellation = components['schemas']['Cancellation'];

const LAST_MINUTE_MS = (23 * 60 + 59) * 60_000;

export interface Deadline {
  /** `YYYY-MM-DDT23:59:00`, zone-less (UTC). */
  text: string;
  /** The same instant in epoch milliseconds. */
  ms: number;
}

/** Free-cancellation deadline of a stay at a hotel with this lead time. */
export function deadlineOf(stay: StayNights, cancellationDays: number): Deadline {
  const day = stay.checkinDay - cancellationDays;
  return { text: `${isoDate(day)}T23:59:00`, ms: msOfDay(day) + LAST_MINUTE_MS };
}

/** Epoch ms of the deadline without building its text (hot path). */
export function deadlineMs(stay: StayNights, cancellationDays: number): number {
  return msOfDay(stay.checkinDay - cancellationDays) + LAST_MINUTE_MS;
}

/** Refundable rates are offered only while their deadline is still after `now`. */
export function refundableOpen(stay: StayNights, cancellationDays: number, now: Date): boolean {
  return deadlineMs(stay, cancellationDays) > now.getTime();
}

export function cancellationOf(
  refundable: boolean, priced: PricedRate, stay: StayNights, cancellationDays: number, quotedAt: string,
): Cancellation {
  if (refundable) {
    const deadline = deadlineOf(stay, cancellationDays).text;
    return {
      free_cancellation_before: deadline,
      policies: [{
        starts_at: deadline,
        ends_at: stay.checkoutNoon,
        penalty_amount: formatCents(priced.displayNights[0] ?? 0),
        penalty_charge: formatCents(priced.eurNights[0] ?? 0),
      }],
    };
  }
  return {
    free_cancellation_before: null,
    policies: [{
      starts_at: quotedAt,
      ends_at: stay.checkoutNoon,
      penalty_amount: formatCents(priced.displayTotal),
      penalty_charge: formatCents(priced.eurTotal),
    }],
  };
}
