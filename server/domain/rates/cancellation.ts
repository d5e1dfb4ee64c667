/**
 * Cancellation terms (openapi PenaltyPolicy/Cancellation reference behaviour):
 * refundable rates are free to cancel until check-in minus N days at 23:59:00
 * (N per hotel from 1, 2, 3, 5, 7, 14); after that the first night is charged.
 * Non-refundable rates charge the total from the moment they were quoted.
 * All these zone-less date-times are wall-clock times of the hotel's time zone.
 */
import type { components } from '../../../contract/generated/openapi.js';
import { instantMsOfLocal } from '../localTime.js';
import { formatIn } from './currency.js';
import { isoDate, type StayNights } from './dates.js';
import type { PricedRate } from './pricing.js';

type Cancellation = components['schemas']['Cancellation'];

export interface Deadline {
  /** `YYYY-MM-DDT23:59:00`, zone-less: hotel-local time. */
  text: string;
  /** The instant it denotes in the hotel's zone, epoch milliseconds. */
  ms: number;
}

/** Zone-less free-cancellation deadline: 23:59 local time, `cancellationDays` before check-in. */
function deadlineText(stay: StayNights, cancellationDays: number): string {
  return `${isoDate(stay.checkinDay - cancellationDays)}T23:59:00`;
}

/** Free-cancellation deadline of a stay at a hotel (in `timeZone`) with this lead time. */
export function deadlineOf(stay: StayNights, cancellationDays: number, timeZone: string): Deadline {
  const text = deadlineText(stay, cancellationDays);
  return { text, ms: instantMsOfLocal(text, timeZone) };
}

/** Refundable rates are offered only while their deadline is still after `now`. */
export function refundableOpen(stay: StayNights, cancellationDays: number, timeZone: string, now: Date): boolean {
  return deadlineOf(stay, cancellationDays, timeZone).ms > now.getTime();
}

export function cancellationOf(
  refundable: boolean, priced: PricedRate, stay: StayNights, cancellationDays: number, quotedAt: string,
  currency: string,
): Cancellation {
  // The charge is in EUR whenever the display currency is not EUR (pricing.charge_currency).
  const charge = (cents: number) => formatIn(cents, 'EUR');
  const display = (cents: number) => formatIn(cents, currency);
  if (refundable) {
    const deadline = deadlineText(stay, cancellationDays);
    return {
      free_cancellation_before: deadline,
      policies: [{
        starts_at: deadline,
        ends_at: stay.checkoutNoon,
        penalty_amount: display(priced.displayNights[0] ?? 0),
        penalty_charge: charge(priced.eurNights[0] ?? 0),
      }],
    };
  }
  return {
    free_cancellation_before: null,
    policies: [{
      starts_at: quotedAt,
      ends_at: stay.checkoutNoon,
      penalty_amount: display(priced.displayTotal),
      penalty_charge: charge(priced.eurTotal),
    }],
  };
}
