/**
 * Refund settlement after a cancel: "payment settlement is handled within two working days"
 * (spec section 3). Reference behaviour: `paid` turns from `yes` to `refunded` at the same time of
 * day on the second working day (Monday to Friday, UTC) after the cancel instant. It is computed
 * when a booking is read, so it follows the server clock without timers.
 */

export const SETTLEMENT_WORKING_DAYS = 2;
const DAY_MS = 86_400_000;

export function isWorkingDay(instant: Date): boolean {
  const weekday = instant.getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The instant `count` working days after `from` (same UTC time of day), counting from the next day. */
export function addWorkingDays(from: Date, count: number): Date {
  let current = from.getTime();
  let counted = 0;
  // Each week has five working days, so this ends within count/5*7 + 7 steps.
  for (let step = 0; counted < count && step < count * 2 + 7; step++) {
    current += DAY_MS;
    if (isWorkingDay(new Date(current))) counted += 1;
  }
  return new Date(current);
}

/** When a cancel at `cancelledAt` settles its refund. */
export function refundSettlesAt(cancelledAt: Date): Date {
  return addWorkingDays(cancelledAt, SETTLEMENT_WORKING_DAYS);
}

export type PaidState = 'no' | 'yes' | 'refunded';

/** The payment status as seen at `now`: a pending refund counts as settled once its instant has passed. */
export function paidAt(paid: PaidState, settlesAt: string | null, now: Date): PaidState {
  if (paid === 'yes' && settlesAt !== null && now.getTime() >= Date.parse(settlesAt)) return 'refunded';
  return paid;
}
