/**
 * Splits a typed place ("Dam 1, 1012 JS Amsterdam", "10 Downing Street, London SW1A 2AA")
 * into normalised comma parts, finds postcodes of common national formats and drops house
 * numbers. Works on short tokens with anchored patterns only, so the cost is linear in the
 * (length-capped) input and no pattern can backtrack.
 */
import { normalizePlaceText } from './text.js';

export type PostcodeFormat =
  /** NL "1012 JS" */
  | 'nl'
  /** UK "SW1A 2AA" (full) or "SW1A" (outward code, only next to a full one) */
  | 'uk'
  /** Canada "K1A 0B1" */
  | 'ca'
  /** 4 to 6 digits: US ZIP, DE/FR/ES/IT 5 digits, AT/CH/BE/DK 4, IN/CN/RU 6, ... */
  | 'numeric'
  /** Japan "100-0001", Brazil "01310-100", Poland "00-950", ... */
  | 'dashed';

export interface Postcode {
  format: PostcodeFormat;
  /** Upper case, single space where the format has one ("1012 JS", "SW1A 2AA"); digits only for numeric. */
  code: string;
  /** The forward part that identifies an area: "SW1A", "K1A", the digits of a numeric code. */
  area: string;
}

export interface PlacePart {
  /** Normalised tokens without postcodes and house numbers. */
  tokens: string[];
  /** The part had a house number ("263", "12a", "7bis"): it is an address line. */
  numbered: boolean;
  /** The part's normalised text with its numbers, for names that hold one ("Pier 39", "District 1"). */
  text: string;
}

export interface PlaceText {
  /** The comma parts that have tokens left, in text order. */
  parts: PlacePart[];
  /** Postcodes in text order. */
  postcodes: Postcode[];
}

/** The API caps `location` at 200 characters; longer text is refused before any work. */
export const MAX_PLACE_TEXT_LENGTH = 200;
const MAX_PARTS = 8;
const MAX_TOKENS_PER_PART = 12;

const DIGITS_4_TO_6 = /^\d{4,6}$/;
const LETTERS_2 = /^[a-z]{2}$/;
const UK_OUTWARD = /^[a-z]{1,2}\d[a-z\d]?$/;
const UK_INWARD = /^\d[a-z]{2}$/;
const UK_JOINED = /^[a-z]{1,2}\d[a-z\d]?\d[a-z]{2}$/;
const CA_FORWARD = /^[a-z]\d[a-z]$/;
const CA_LOCAL = /^\d[a-z]\d$/;
/** "263", "12a", "7bis", "3rd" is not one (ordinal street names stay). */
const HOUSE_NUMBER = /^\d{1,5}[a-z]?$|^\d{1,4}(bis|ter)$/;
/** Raw "100-0001" style codes, found before normalisation turns the dash into a space. */
const DASHED_CODE = /^\d{2,5}-\d{3,4}$/;

/** Returns undefined when the text is too long or has no letters or digits at all. */
export function parsePlaceText(text: string): PlaceText | undefined {
  if (text.length > MAX_PLACE_TEXT_LENGTH) return undefined;
  const postcodes: Postcode[] = [];
  const parts: PlacePart[] = [];
  for (const rawPart of text.split(',', MAX_PARTS)) {
    const rawWords = rawPart.trim().split(/\s+/);
    const words: string[] = [];
    for (const rawWord of rawWords) {
      if (DASHED_CODE.test(rawWord)) {
        postcodes.push({ format: 'dashed', code: rawWord, area: rawWord.slice(0, rawWord.indexOf('-')) });
      } else {
        words.push(rawWord);
      }
    }
    const tokens = normalizePlaceText(words.join(' ')).split(' ').filter((token) => token.length > 0);
    const kept: string[] = [];
    let numbered = false;
    for (let i = 0; i < tokens.length && kept.length < MAX_TOKENS_PER_PART; i++) {
      const token = tokens[i]!;
      const next = tokens[i + 1] ?? '';
      const found = postcodeAt(token, next);
      if (found) {
        postcodes.push(found.postcode);
        i += found.tokens - 1;
      } else if (HOUSE_NUMBER.test(token)) {
        numbered = true;
      } else {
        kept.push(token);
      }
    }
    if (kept.length > 0) parts.push({ tokens: kept, numbered, text: tokens.join(' ') });
  }
  if (parts.length === 0 && postcodes.length === 0) return undefined;
  return { parts, postcodes };
}

function postcodeAt(token: string, next: string): { postcode: Postcode; tokens: number } | undefined {
  if (/^\d{4}$/.test(token) && LETTERS_2.test(next) && !isCommonTwoLetterWord(next)) {
    return { postcode: { format: 'nl', code: `${token} ${next.toUpperCase()}`, area: token }, tokens: 2 };
  }
  if (UK_OUTWARD.test(token) && UK_INWARD.test(next)) {
    const outward = token.toUpperCase();
    return { postcode: { format: 'uk', code: `${outward} ${next.toUpperCase()}`, area: outward }, tokens: 2 };
  }
  if (UK_JOINED.test(token)) {
    const outward = token.slice(0, -3).toUpperCase();
    return { postcode: { format: 'uk', code: `${outward} ${token.slice(-3).toUpperCase()}`, area: outward }, tokens: 1 };
  }
  if (CA_FORWARD.test(token) && CA_LOCAL.test(next)) {
    const forward = token.toUpperCase();
    return { postcode: { format: 'ca', code: `${forward} ${next.toUpperCase()}`, area: forward }, tokens: 2 };
  }
  if (DIGITS_4_TO_6.test(token)) {
    // Four digits are far more often a house number than a postcode unless a city follows;
    // the geocoder decides, so keep them as numeric postcodes and let it weigh them.
    return { postcode: { format: 'numeric', code: token, area: token }, tokens: 1 };
  }
  return undefined;
}

/** Two-letter words that follow a number in addresses without being the letters of a Dutch postcode. */
function isCommonTwoLetterWord(word: string): boolean {
  return ['st', 'nd', 'rd', 'th', 'av', 'de', 'la', 'le', 'el', 'da', 'di', 'do', 'am', 'an', 'im', 'in', 'on', 'of', 'at'].includes(word);
}
