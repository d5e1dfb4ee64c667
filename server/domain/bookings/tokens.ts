/**
 * Unguessable references of a booking, all from the system's CSPRNG (secureRandom.ts): the 30-character bookhash,
 * the CSRF token of the finalization form and the sandbox supplier order id.
 */
import { timingSafeEqual } from 'node:crypto';
import { secureRandomBytes } from '../secureRandom.js';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UPPER_ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export const BOOKHASH_LENGTH = 30;
export const BOOKHASH_PATTERN = /^[A-Za-z0-9]{30}$/;

/**
 * `length` characters drawn uniformly from `alphabet`. Bytes at or above the largest multiple of the
 * alphabet size are rejected (no modulo bias): for 62 characters, 248 of 256 byte values are used.
 */
export function randomString(length: number, alphabet: string = ALPHANUMERIC): string {
  const size = alphabet.length;
  if (size < 2 || size > 256) throw new RangeError('alphabet must have 2 to 256 characters');
  const limit = 256 - (256 % size);
  let result = '';
  // Each round yields at least one accepted byte with overwhelming probability; bound it anyway.
  for (let round = 0; result.length < length && round < 1000; round++) {
    const bytes = secureRandomBytes(Math.ceil((length - result.length) * 1.1) + 4);
    for (const byte of bytes) {
      if (byte >= limit) continue;
      result += alphabet[byte % size];
      if (result.length === length) break;
    }
  }
  if (result.length !== length) throw new Error('random source exhausted');
  return result;
}

/** 30 letters and digits, about 178 bits of entropy. */
export function newBookhash(): string {
  return randomString(BOOKHASH_LENGTH);
}

/** The CSRF token of a booking's finalization form (256 bits, base64url). */
export function newCsrfToken(): string {
  return secureRandomBytes(32).toString('base64url');
}

/** A supplier order reference such as `SUP-7F3K9Q2M`. */
export function newSupplierOrderId(): string {
  return `SUP-${randomString(8, UPPER_ALPHANUMERIC)}`;
}

/** Constant-time comparison of two tokens (different lengths are simply unequal). */
export function tokensEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  if (a.length !== b.length) return false;
  return timingSafeEqual(a, b);
}
