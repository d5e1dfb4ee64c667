/**
 * Checks stored records on open, so that a hand-edited or damaged store stops startup with a
 * message naming the record and field, instead of serving 500s or wrong owners later.
 */
import type { BookingRecord } from '../domain/bookings/record.js';
import type { OutboxEmail } from './store.js';

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
