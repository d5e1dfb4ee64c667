/**
 * What a scenario chosen with the `Test` header changes in the domain. Supplier outcomes reuse the
 * scenario hotels' code paths: the scenario lends the hotel the same effect a scenario hotel has
 * (no_rooms, price_increase_at_booking, sold_out_at_booking, cancel_fails_at_supplier), and the rate
 * engine and the bookings service act on it as they do for hotels 900003 and 900008–900010.
 */
import type { Hotel, ScenarioEffect } from '../hotel.js';
import type { PaymentOutcome } from '../bookings/payment.js';
import {
  BOOKING_MARKS, PRICE_CHANGE_PERCENT, SUPPLIER_RECOVERS_AFTER_SECONDS, type ScenarioName,
} from './catalogue.js';

const HOTEL_EFFECTS: Partial<Record<ScenarioName, readonly ScenarioEffect[]>> = {
  no_availability: [{ kind: 'no_rooms' }],
  price_changed: [{ kind: 'price_increase_at_booking', percent: PRICE_CHANGE_PERCENT }],
  sold_out: [{ kind: 'sold_out_at_booking' }],
  supplier_unavailable: [{ kind: 'cancel_fails_at_supplier', recoversAfterSeconds: SUPPLIER_RECOVERS_AFTER_SECONDS }],
};

/** Sent on the cancel itself, `supplier_unavailable` fails that cancel: the supplier never recovers within it. */
const FAILING_CANCEL: readonly ScenarioEffect[] = [{ kind: 'cancel_fails_at_supplier', recoversAfterSeconds: Infinity }];

/** True when the scenario changes what the hotel sells or how its supplier answers. */
export function altersHotel(scenario: ScenarioName | undefined): boolean {
  return scenario !== undefined && HOTEL_EFFECTS[scenario] !== undefined;
}

/**
 * The hotel as the scenario makes it behave: its own effects plus the scenario's (the same object
 * when the scenario changes nothing, so the rate engine's per-hotel caches keep working).
 */
export function hotelUnder<H extends Hotel | undefined>(hotel: H, scenario: ScenarioName | undefined): H {
  const extra = scenario === undefined ? undefined : HOTEL_EFFECTS[scenario];
  if (!hotel || !extra) return hotel;
  return { ...hotel, scenario: [...hotel.scenario, ...extra] };
}

/**
 * The hotel as a cancel meets it: the effects of the scenario its booking was marked with, and
 * `supplier_unavailable` sent on the cancel itself, which fails that cancel whatever the time.
 */
export function hotelAtCancel(hotel: Hotel | undefined, marked: ScenarioName | undefined, sent: ScenarioName | undefined): Hotel | undefined {
  const underMark = hotelUnder(hotel, marked);
  if (!underMark || sent !== 'supplier_unavailable') return underMark;
  return { ...underMark, scenario: [...FAILING_CANCEL, ...underMark.scenario] };
}

/** The scenario stored on a booking started with it, or undefined when it has no later step. */
export function bookingMark(scenario: ScenarioName | undefined): ScenarioName | undefined {
  return scenario !== undefined && BOOKING_MARKS.includes(scenario) ? scenario : undefined;
}

/** The outcome of a payment of a booking marked with the scenario: the mark wins over the card. */
export function paymentOutcomeUnder(marked: ScenarioName | undefined, chosen: PaymentOutcome): PaymentOutcome {
  if (marked === 'payment_declined') return 'payment_failed';
  if (marked === 'supplier_rejects') return 'booking_failed';
  return chosen;
}
