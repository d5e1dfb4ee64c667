/**
 * Checks stored records on open, so that a hand-edited or damaged store stops startup with a
 * message naming the record and field, instead of serving 500s or wrong owners later.
 */
import type { Account } from '../domain/accounts.js';
import type { BookingRecord } from '../domain/bookings/record.js';
import type { OutboxEmail } from '../domain/ports/store.js';
import type { StubSet } from '../domain/stubs/stub.js';

type FieldRule = 'string' | 'string|null' | 'string?' | 'integer' | 'number' | 'boolean' | 'array' | readonly string[];

const BOOKING_FIELDS: Readonly<Record<keyof BookingRecord, FieldRule | 'guest'>> = {
  id: 'integer', bookhash: 'string', accountId: 'integer', hotelId: 'integer', serviceHash: 'string',
  arrival: 'string', departure: 'string', nights: 'integer', persons: 'integer', guest: 'guest',
  clientRemarks: 'string|null', roomName: 'string', roomType: 'string', bedding: 'string', meal: 'string',
  totalPrice: 'string', currency: 'string', pricePerNight: 'array', quotedTotalPrice: 'string',
  chargeAmount: 'string', chargeCurrency: 'string', taxes: 'array', refundable: 'boolean',
  freeCancellationBefore: 'string|null', policies: 'array',
  status: ['processing', 'booking_confirmed', 'payment_failed', 'booking_failed', 'booking_cancelled'],
  paid: ['no', 'yes', 'refunded'], supplierOrderId: 'string|null', hotelName: 'string', hotelAddress: 'string',
  hotelCity: 'string', hotelCountry: 'string', hotelStars: 'number', hotelPhone: 'string|null',
  hotelImage: 'string|null', createdAt: 'string', csrfToken: 'string',
  paymentAttemptedAt: 'string|null', cancelledAt: 'string|null', refundSettlesAt: 'string|null',
  supplierCancelFailedAt: 'string|null', language: 'string?', scenario: 'string?',
};
const GUEST_FIELDS = ['first_name', 'last_name', 'email', 'phone'] as const;
const EMAIL_FIELDS = ['to', 'subject', 'text', 'bookhash', 'sent_at'] as const;

function ruleProblem(value: unknown, rule: FieldRule): string | undefined {
  if (Array.isArray(rule)) return rule.includes(value) ? undefined : `must be one of ${rule.join(', ')}`;
  switch (rule) {
    case 'string':
      return typeof value === 'string' ? undefined : 'must be a string';
    case 'string?':
      return value === undefined || typeof value === 'string' ? undefined : 'must be a string when present';
    case 'string|null':
      return value === null || typeof value === 'string' ? undefined : 'must be a string or null';
    case 'integer':
      return Number.isSafeInteger(value) && (value as number) >= 1 ? undefined : 'must be a positive integer';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'must be a number';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    default:
      return Array.isArray(value) ? undefined : 'must be an array';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const BOOKING_RULES = Object.entries(BOOKING_FIELDS);

/** Why `value` is not a booking record (e.g. "field guest.email must be a string"), or undefined. */
export function bookingProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'is not an object';
  // A plain loop over precomputed rules: this runs for every booking when a large store opens.
  for (let index = 0; index < BOOKING_RULES.length; index++) {
    const [field, rule] = BOOKING_RULES[index]!;
    const fieldValue = value[field];
    if (fieldValue === undefined && rule !== 'string?') return `lacks field ${field}`;
    if (rule === 'guest') {
      if (!isObject(fieldValue)) return 'field guest must be an object';
      for (const guestField of GUEST_FIELDS) {
        if (typeof fieldValue[guestField] !== 'string') return `field guest.${guestField} must be a string`;
      }
    } else if (ruleProblem(fieldValue, rule) !== undefined) {
      return `field ${field} ${ruleProblem(fieldValue, rule)}`;
    }
  }
  return undefined;
}

/** Why `value` is not an outbox e-mail, or undefined. */
export function emailProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'is not an object';
  for (const field of EMAIL_FIELDS) {
    if (typeof value[field] !== 'string') return `field ${field} must be a string`;
  }
  return undefined;
}

/** Throws `fail(message)` unless `value` is a booking record; returns it typed. */
export function checkedBooking(value: unknown, where: string | (() => string), fail: (message: string) => Error): BookingRecord {
  const problem = bookingProblem(value);
  if (problem) {
    const hash = isObject(value) && typeof value.bookhash === 'string' ? ` (bookhash ${value.bookhash})` : '';
    throw fail(`${typeof where === 'string' ? where : where()}${hash} ${problem}`);
  }
  return value as BookingRecord;
}

export function checkedEmail(value: unknown, where: string | (() => string), fail: (message: string) => Error): OutboxEmail {
  const problem = emailProblem(value);
  if (problem) throw fail(`${typeof where === 'string' ? where : where()} ${problem}`);
  return value as OutboxEmail;
}

const ACCOUNT_TEXT_FIELDS = ['name', 'contact', 'first_name', 'last_name', 'email', 'phone', 'created_at'] as const;
const KEY_TEXT_FIELDS = ['id', 'digest', 'hint', 'created_at'] as const;
const KEY_OPTIONAL_TEXT_FIELDS = ['expires_at', 'revoked_at', 'rolled_to'] as const;

/** Why `value` is not a stored account (e.g. "field keys[1].digest must be a string"), or undefined. */
export function accountProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'is not an object';
  if (!Number.isSafeInteger(value.id) || (value.id as number) < 1) return 'field id must be a positive integer';
  for (const field of ACCOUNT_TEXT_FIELDS) if (typeof value[field] !== 'string') return `field ${field} must be a string`;
  if (value.status !== 'active' && value.status !== 'disabled') return 'field status must be one of active, disabled';
  if (value.demo !== false) return 'field demo must be false (demo accounts are not stored)';
  if (value.quota !== null && !isObject(value.quota)) return 'field quota must be an object or null';
  if (value.return_url_hosts !== null && !(Array.isArray(value.return_url_hosts) && value.return_url_hosts.every((host) => typeof host === 'string'))) {
    return 'field return_url_hosts must be an array of strings or null';
  }
  if (!Array.isArray(value.keys)) return 'field keys must be an array';
  for (const [index, key] of value.keys.entries()) {
    if (!isObject(key)) return `field keys[${index}] must be an object`;
    for (const field of KEY_TEXT_FIELDS) if (typeof key[field] !== 'string') return `field keys[${index}].${field} must be a string`;
    if (!/^[0-9a-f]{64}$/.test(key.digest as string)) return `field keys[${index}].digest must be a SHA-256 digest (64 hex digits)`;
    for (const field of KEY_OPTIONAL_TEXT_FIELDS) {
      if (key[field] !== null && typeof key[field] !== 'string') return `field keys[${index}].${field} must be a string or null`;
    }
  }
  return undefined;
}

/** Throws `fail(message)` unless `value` is a stored account; returns it typed. */
export function checkedAccount(value: unknown, where: string, fail: (message: string) => Error): Account {
  const problem = accountProblem(value);
  if (problem) throw fail(`${where}${isObject(value) && Number.isSafeInteger(value.id) ? ` (account ${String(value.id)})` : ''} ${problem}`);
  return value as Account;
}

/** Why `value` is not a stored stub set ({state, stubs: [{id, operation, priority, …}], nextId}), or undefined. */
export function stubSetProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'is not an object';
  if (typeof value.state !== 'string') return 'field state must be a string';
  if (!Number.isSafeInteger(value.nextId)) return 'field nextId must be an integer';
  if (!Array.isArray(value.stubs)) return 'field stubs must be an array';
  for (const [index, stub] of value.stubs.entries()) {
    if (!isObject(stub)) return `field stubs[${index}] must be an object`;
    if (typeof stub.id !== 'string' || typeof stub.operation !== 'string') return `field stubs[${index}] needs a string id and operation`;
    if (!Number.isSafeInteger(stub.priority) || !Number.isSafeInteger(stub.answered)) return `field stubs[${index}] needs integer priority and answered`;
    if (!isObject(stub.match)) return `field stubs[${index}].match must be an object`;
    if (stub.response === null && stub.fault === null) return `field stubs[${index}] needs a response or a fault`;
  }
  return undefined;
}

/** Throws `fail(message)` unless `value` is a stored stub set; returns it typed. */
export function checkedStubSet(value: unknown, where: string, fail: (message: string) => Error): StubSet {
  const problem = stubSetProblem(value);
  if (problem) throw fail(`${where} ${problem}`);
  return value as StubSet;
}
