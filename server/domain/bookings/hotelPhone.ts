/**
 * A hotel's phone number (reference behaviour): `location.phone` in hotel details (E.164) and
 * `hotel_phone` in bookings (international format). A pure function of (hotel id, country),
 * computed when asked, never stored per hotel.
 *
 * Numbers are valid for the country by libphonenumber's full metadata: the country's example
 * number (libphonenumber-js ships one per country) with its last digits replaced by digits derived
 * from the hotel id, kept only when the result is still a valid number of the country; after a
 * bounded number of tries, the example number itself. Hotels without detailed local data have no
 * phone (null).
 */
import { createRequire } from 'node:module';
import type { PhoneNumber } from 'libphonenumber-js/max';
import type { Hotel } from '../hotel.js';

type Metadata = typeof import('libphonenumber-js/max') & { examples: typeof import('libphonenumber-js/mobile/examples').default };
let metadata: Metadata | undefined;
/** libphonenumber with its full metadata, loaded on the first phone number (~30 ms: not on every start). */
function phoneLibrary(): Metadata {
  if (!metadata) {
    const require = createRequire(import.meta.url);
    const examples = require('libphonenumber-js/mobile/examples') as { default?: Metadata['examples'] } & Metadata['examples'];
    metadata = { ...(require('libphonenumber-js/max') as typeof import('libphonenumber-js/max')), examples: examples.default ?? examples };
  }
  return metadata;
}

/** Digits at the end of the example number that the hotel id replaces. */
const VARIED_DIGITS = 4;
/** Derivations of the hotel id tried before the example number itself is used. */
const MAX_TRIES = 8;
/** Numbers derived lately (country and id → E.164, or null when the country is unknown to libphonenumber). */
const remembered = new Map<string, string | null>();
const MAX_REMEMBERED = 2_000;

/** A valid E.164 number of the country for this hotel id, or undefined when libphonenumber does not know the country. */
export function hotelPhoneNumber(hotelId: number, countryCode: string): string | undefined {
  const country = countryCode.toUpperCase();
  const key = `${country}${hotelId}`;
  const known = remembered.get(key);
  if (known !== undefined) return known ?? undefined;
  const found = derive(hotelId, country)?.number;
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  remembered.set(key, found ?? null);
  return found;
}

function derive(hotelId: number, country: string): PhoneNumber | undefined {
  const { getExampleNumber, isSupportedCountry, parsePhoneNumberWithError, examples } = phoneLibrary();
  if (!isSupportedCountry(country)) return undefined;
  const example = getExampleNumber(country, examples);
  if (!example) return undefined;
  const national = String(example.nationalNumber);
  const kept = national.slice(0, Math.max(1, national.length - VARIED_DIGITS));
  const varied = national.length - kept.length;
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    const digits = String((Math.imul(hotelId + attempt * 7919, 2654435761) >>> 0) % 10 ** varied).padStart(varied, '0');
    try {
      // Parsed as a national number of the country, so it is judged by that country's own patterns
      // (countries that share a calling code, such as MA and EH, each keep their own).
      const candidate = parsePhoneNumberWithError(`${kept}${digits}`, country);
      if (candidate.isValid()) return candidate;
    } catch {
      // not a number at all: try the next derivation
    }
  }
  return example;
}

/** E.164, e.g. "+31612345678"; null for a hotel without local details. */
export function hotelPhoneE164(hotel: Hotel): string | null {
  if (!hotel.hasDetails) return null;
  return hotelPhoneNumber(hotel.id, hotel.countryCode) ?? null;
}

/** International formats of the numbers formatted lately, by E.164 (each booking of a hotel asks again). */
const formatted = new Map<string, string>();

/** International format, e.g. "+31 6 12345678"; null for a hotel without local details. */
export function hotelPhone(hotel: Hotel): string | null {
  if (!hotel.hasDetails) return null;
  const number = hotelPhoneNumber(hotel.id, hotel.countryCode);
  if (!number) return null;
  let international = formatted.get(number);
  if (international === undefined) {
    international = phoneLibrary().parsePhoneNumberWithError(number).formatInternational();
    if (formatted.size >= MAX_REMEMBERED) formatted.clear();
    formatted.set(number, international);
  }
  return international;
}
