/**
 * Calendar helpers on UTC day numbers (days since 1970-01-01), plus a small
 * cache of per-stay night data so hot paths do no date parsing.
 */

const MS_PER_DAY = 86_400_000;

/** Day number of a real calendar date `YYYY-MM-DD`, or undefined when it is not one. */
export function dayOf(date: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  return dayOfParts(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** Day number of year/month/day, or undefined when the date does not exist (e.g. 2026-02-30). */
export function dayOfParts(year: number, month: number, day: number): number | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1) return undefined;
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return undefined;
  }
  return Math.round(ms / MS_PER_DAY);
}

/** `YYYY-MM-DD` of a day number. */
export function isoDate(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}


/** Everything the rate engine needs to know about the nights of one stay. */
export interface StayNights {
  checkinDay: number;
  checkoutDay: number;
  nights: number;
  /** Day number of each night (the date the night starts). */
  days: Int32Array;
  /** 0 = Sunday … 6 = Saturday, per night. */
  weekdays: Uint8Array;
  /** 0 = January … 11 = December, per night. */
  months: Uint8Array;
  /** YYYYMMDD of check-in and check-out, as used in service_hash. */
  checkinCompact: string;
  checkoutCompact: string;
  /** `YYYY-MM-DDT12:00:00` of check-out (end of every penalty period). */
  checkoutNoon: string;
}

const stayCache = new Map<string, StayNights>();
const STAY_CACHE_LIMIT = 512;

/** Night data of a stay; throws RangeError on malformed dates or checkout not after checkin. */
export function stayNights(checkin: string, checkout: string): StayNights {
  const key = `${checkin}|${checkout}`;
  const cached = stayCache.get(key);
  if (cached) return cached;
  const checkinDay = dayOf(checkin);
  const checkoutDay = dayOf(checkout);
  if (checkinDay === undefined || checkoutDay === undefined) {
    throw new RangeError(`Invalid stay dates ${checkin} – ${checkout}`);
  }
  const nights = checkoutDay - checkinDay;
  if (nights < 1 || nights > 366) throw new RangeError(`Invalid stay length ${nights} nights`);
  const days = new Int32Array(nights);
  const weekdays = new Uint8Array(nights);
  const months = new Uint8Array(nights);
  for (let i = 0; i < nights; i++) {
    const day = checkinDay + i;
    const date = new Date(day * MS_PER_DAY);
    days[i] = day;
    weekdays[i] = date.getUTCDay();
    months[i] = date.getUTCMonth();
  }
  const result: StayNights = {
    checkinDay,
    checkoutDay,
    nights,
    days,
    weekdays,
    months,
    checkinCompact: checkin.replaceAll('-', ''),
    checkoutCompact: checkout.replaceAll('-', ''),
    checkoutNoon: `${checkout}T12:00:00`,
  };
  if (stayCache.size >= STAY_CACHE_LIMIT) stayCache.clear();
  stayCache.set(key, result);
  return result;
}
