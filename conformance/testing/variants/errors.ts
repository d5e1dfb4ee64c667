/** Variants of error answers (section 7): other wording, keeping only what the description requires. */
import { CANCEL, HOTEL, SEARCH, rewriteResponse } from '../mutants/middleware.js';
import { onError } from './rewrite.js';
import type { Variant } from './types.js';

const OTHER_WORDING: Readonly<Record<number, string>> = {
  400: 'The request could not be processed: one or more parameters are missing or invalid.',
  401: 'Authentication required.',
  403: 'Access denied.',
  404: 'Nothing found for this request.',
  405: 'Only POST is supported here.',
};

const emailIn = (text: string) => /[^\s@()]+@[^\s@()]+\.[a-z]+/i.exec(text)?.[0] ?? 'support@example.com';
const dateTimeIn = (text: string) => /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?/.exec(text)?.[0] ?? '';

export const ERROR_VARIANTS: Variant[] = [
  {
    id: 'errors.other-wording',
    choice: 'other texts for 400, 401, 403, 404 and 405 (the cancel 403s keep their required content)',
    section: '7',
    front: onError((text, status, _body, path) => (path === CANCEL && status === 403 && /@/.test(text) ? text : OTHER_WORDING[status] ?? text)),
  },
  {
    id: 'errors.429-other-wording',
    choice: "a 429 text that begins with another rate-limit message: 'Too many requests, rate limit reached: 5 requests per minute on search.php'",
    section: '7',
    front: onError((text, status) => {
      if (status !== 429) return text;
      const limit = /(\d+) requests per (minute|day) on (\S+?)\.?\s/.exec(text);
      return limit ? `Too many requests, rate limit reached: ${limit[1]} requests per ${limit[2]} on ${limit[3]}… please slow down.` : text;
    }, [SEARCH, HOTEL]),
  },
  {
    id: 'errors.cancel-403-other-wording',
    choice: 'other cancel 403 texts, still naming the deadline (or non-refundable) and the support address',
    section: '7',
    front: onError((text, status) => {
      if (status !== 403 || !/@/.test(text)) return text;
      return /non-refundable/i.test(text)
        ? `Non-refundable rate: this booking cannot be cancelled online. Write to ${emailIn(text)} for help.`
        : `Too late to cancel for free: the deadline was ${dateTimeIn(text)}. Write to ${emailIn(text)} for help.`;
    }, [CANCEL]),
  },
  {
    id: 'errors.409-other-wording',
    choice: '409 texts in other words (already cancelled: "Booking cancelled before; nothing to do.")',
    section: '7',
    front: onError((text, status, body) => {
      if (status !== 409) return text;
      return body.status === 'already_cancelled' ? 'Booking cancelled before; nothing to do.' : `Refused: the booking is ${String(body.status)}.`;
    }, [CANCEL]),
  },
  {
    id: 'errors.extra-fields',
    choice: 'error bodies carry extra fields (code, request_id) next to error',
    section: '7, 2.11',
    front: () => [
      rewriteResponse([SEARCH, HOTEL, CANCEL, '/booking.php', '/booking_overview.php', '/retrieve_booking.php'], (body, _req, res) =>
        res.statusCode >= 400 && typeof body?.error === 'string' ? { ...body, code: `E${res.statusCode}`, request_id: 'req-0001' } : body),
    ],
  },
];
