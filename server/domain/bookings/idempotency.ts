/**
 * Idempotency-Key for booking start (IETF httpapi idempotency-key draft): the key names one
 * request of the account; a retry with the same key and body gets the first answer again, the
 * same key with another body is refused (422).
 */
import { createHash } from 'node:crypto';
import { ApiError, badRequest } from '../../errors.js';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
const MAX_KEY_LENGTH = 255;
/** The rule parseIdempotencyKey enforces, as the contract's header schema states it (requestValidation.ts checks they agree at start). */
export const IDEMPOTENCY_KEY_SCHEMA = { type: 'string', minLength: 1, maxLength: MAX_KEY_LENGTH, pattern: '^[\\x20-\\x7E]+$' } as const;
const KEY_PATTERN = new RegExp(IDEMPOTENCY_KEY_SCHEMA.pattern);

export const KEY_REUSED =
  'This Idempotency-Key was already used with a different request body; use a new key for a new request.';
export const KEY_IN_PROGRESS =
  'A request with this Idempotency-Key is still being processed; retry shortly to get its answer.';

/** The key from the header, or undefined without one; 400 when it is empty, too long or not printable ASCII. */
export function parseIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (header.length === 0 || header.length > MAX_KEY_LENGTH || !KEY_PATTERN.test(header)) {
    throw badRequest(`The ${IDEMPOTENCY_KEY_HEADER} header must be 1 to ${MAX_KEY_LENGTH} printable ASCII characters`);
  }
  return header;
}

/** A digest of the request body that does not depend on the order of its keys. */
export function requestFingerprint(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const keyReused = () => new ApiError(422, KEY_REUSED);
export const keyInProgress = () => new ApiError(409, KEY_IN_PROGRESS);
