/**
 * service_hash (spec 2.8): `{hotel_id}-{room_code}-{rate_type}-{YYYYMMDD}-{YYYYMMDD}-{persons}`,
 * its parser with a human-readable reason per failure, and search_hash.
 */
import type { components } from '../../../contract/generated/openapi.js';
import { dayOfParts, isoDate } from './dates.js';
import { hex64 } from './random.js';

export type Meal = components['schemas']['Meal'];
export type RateType = 1 | 2 | 3 | 4;

/** Rate types in the order rates are listed within a room (spec 2.5.2). */
export const RATE_TYPES_IN_ORDER: readonly RateType[] = [1, 3, 2, 4];

/** 1 non-refundable + nomeal, 2 non-refundable + breakfast, 3 refundable + nomeal, 4 refundable + breakfast. */
export function rateTypeOf(meal: Meal, refundable: boolean): RateType {
  return ((refundable ? 3 : 1) + (meal === 'breakfast' ? 1 : 0)) as RateType;
}

/** The inverse of rateTypeOf. */
export function rateTypeMeaning(rateType: RateType): { meal: Meal; refundable: boolean } {
  return { meal: rateType % 2 === 0 ? 'breakfast' : 'nomeal', refundable: rateType >= 3 };
}

export const ROOM_CODE_PATTERN = /^[A-Z0-9]{1,24}$/;
export const MAX_NIGHTS = 30;
export const MAX_PERSONS = 5;

/** Builds a service_hash; checkin/checkout as YYYYMMDD. */
export function buildServiceHash(
  hotelId: number, roomCode: string, rateType: RateType, checkinCompact: string, checkoutCompact: string, persons: number,
): string {
  return `${hotelId}-${roomCode}-${rateType}-${checkinCompact}-${checkoutCompact}-${persons}`;
}

/** 16 lower-case hex characters derived from the service_hash, display currency and residency. */
export function searchHashOf(serviceHash: string, currency: string, residency: string): string {
  return hex64(`${serviceHash}|${currency}|${residency}`);
}

export interface ParsedServiceHash {
  hotelId: number;
  roomCode: string;
  rateType: RateType;
  /** YYYY-MM-DD */
  checkin: string;
  /** YYYY-MM-DD */
  checkout: string;
  persons: number;
}

export type ParseResult = { ok: true; value: ParsedServiceHash } | { ok: false; reason: string };

const FORMAT = '{hotel_id}-{room_code}-{rate_type}-{YYYYMMDD}-{YYYYMMDD}-{persons}';

function compactDay(text: string): number | undefined {
  if (!/^\d{8}$/.test(text)) return undefined;
  return dayOfParts(Number(text.slice(0, 4)), Number(text.slice(4, 6)), Number(text.slice(6, 8)));
}

/**
 * Validates a service_hash completely: format, hotel id, room code, rate type 1–4, real dates,
 * checkout after check-in and at most 30 nights, persons 1–5. It does not check the clock
 * (check-in in the past) nor the hotel: see quoteServiceHash.
 */
export function parseServiceHash(text: string): ParseResult {
  const fail = (reason: string): ParseResult => ({ ok: false, reason });
  if (typeof text !== 'string' || text.length === 0) return fail(`service_hash must be a non-empty string of the form ${FORMAT}`);
  if (text.length > 200) return fail(`service_hash is too long; expected the form ${FORMAT}`);
  const parts = text.split('-');
  if (parts.length !== 6) {
    return fail(`service_hash must have six parts separated by '-': ${FORMAT} (got ${parts.length})`);
  }
  const [hotelText, roomCode, rateText, checkinText, checkoutText, personsText] = parts as [string, string, string, string, string, string];
  if (!/^[1-9][0-9]{0,14}$/.test(hotelText) || !Number.isSafeInteger(Number(hotelText))) {
    return fail(`hotel_id '${hotelText}' in service_hash must be a positive integer without leading zeros`);
  }
  if (!ROOM_CODE_PATTERN.test(roomCode)) {
    return fail(`room_code '${roomCode}' in service_hash must be 1 to 24 upper-case letters and digits`);
  }
  if (!/^[1-4]$/.test(rateText)) return fail(`rate_type must be 1, 2, 3 or 4 (got '${rateText}')`);
  const checkinDay = compactDay(checkinText);
  if (checkinDay === undefined) return fail(`check-in date '${checkinText}' in service_hash must be a real date YYYYMMDD`);
  const checkoutDay = compactDay(checkoutText);
  if (checkoutDay === undefined) return fail(`check-out date '${checkoutText}' in service_hash must be a real date YYYYMMDD`);
  if (checkoutDay <= checkinDay) return fail('check-out date in service_hash must be after the check-in date');
  if (checkoutDay - checkinDay > MAX_NIGHTS) {
    return fail(`the stay in service_hash must be at most ${MAX_NIGHTS} nights (got ${checkoutDay - checkinDay})`);
  }
  if (!/^[1-5]$/.test(personsText)) return fail(`persons must be 1 to ${MAX_PERSONS} (got '${personsText}')`);
  return {
    ok: true,
    value: {
      hotelId: Number(hotelText),
      roomCode,
      rateType: Number(rateText) as RateType,
      checkin: isoDate(checkinDay),
      checkout: isoDate(checkoutDay),
      persons: Number(personsText),
    },
  };
}
