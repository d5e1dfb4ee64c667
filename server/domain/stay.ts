import { badRequest } from '../errors.js';

export const MAX_NIGHTS = 30;
const DAY_MS = 86_400_000;

/** Whole nights between two `YYYY-MM-DD` dates (UTC). */
export function nightsBetween(checkin: string, checkout: string): number {
  return Math.round((Date.parse(`${checkout}T00:00:00Z`) - Date.parse(`${checkin}T00:00:00Z`)) / DAY_MS);
}

/**
 * The stay rules shared by search, live hotel details and booking start: check-in not in the
 * past (`today`, the local date at the hotel or search point, is allowed), checkout after
 * check-in, at most 30 nights.
 * Returns the number of nights; throws a 400 naming the broken rule.
 */
export function validateStay(checkin: string, checkout: string, today: string): number {
  if (checkin < today) throw badRequest(`checkin ${checkin} is in the past; it must be ${today} or later`);
  const nights = nightsBetween(checkin, checkout);
  if (nights < 1) throw badRequest(`checkout ${checkout} must be after checkin ${checkin}`);
  if (nights > MAX_NIGHTS) {
    throw badRequest(`The stay is ${nights} nights; at most ${MAX_NIGHTS} nights are allowed`);
  }
  return nights;
}
