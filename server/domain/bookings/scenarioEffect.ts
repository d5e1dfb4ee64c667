import type { Hotel } from '../hotel.js';

/**
 * The parameters of a scenario effect of the hotel (price_increase_at_booking, sold_out_at_booking,
 * cancel_fails_at_supplier, …), if it has that effect. The hotel is the one a scenario made it
 * (scenarios/effects.ts: hotelUnder, hotelAtCancel).
 */
export function scenarioEffect<K extends Hotel['scenario'][number]['kind']>(
  hotel: Hotel | undefined,
  kind: K,
): Extract<Hotel['scenario'][number], { kind: K }> | undefined {
  return hotel?.scenario.find((effect): effect is Extract<Hotel['scenario'][number], { kind: K }> => effect.kind === kind);
}
