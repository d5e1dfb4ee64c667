/** Mutants of the limits (sections 7 and 8). */
import { BOOKING, HOTEL, SEARCH, minuteLimiter, rewriteResponse } from './middleware.js';
import type { Mutant } from './types.js';

const UNLIMITED = { rateLimits: { perMinute: 1_000_000, perDay: 1_000_000 } };

export const LIMIT_MUTANTS: Mutant[] = [
  {
    id: 'limits.none',
    breaks: 'no rate limit at all',
    section: '8',
    config: UNLIMITED,
    caughtBy: ['limits.search.sixth-request-429'],
  },
  {
    id: 'limits.daily-not-enforced',
    breaks: 'the daily limit (200) is not enforced',
    section: '8',
    config: { rateLimits: { perMinute: 5, perDay: 1_000_000 } },
    caughtBy: ['limits.search.daily-200'],
  },
  {
    id: 'limits.retry-after-missing',
    breaks: '429 without Retry-After',
    section: '7, 8',
    front: () => [rewriteResponse([SEARCH, HOTEL], (body, _req, res) => (res.statusCode === 429 ? (res.removeHeader('Retry-After'), body) : body))],
    caughtBy: ['limits.search.sixth-request-429'],
  },
  {
    id: 'limits.retry-after-not-integer',
    breaks: 'Retry-After is an HTTP date, not whole seconds',
    section: '7',
    front: ({ clock }) => [rewriteResponse([SEARCH, HOTEL], (body, _req, res) => {
      if (res.statusCode === 429) res.set('Retry-After', new Date(clock.now().getTime() + 60_000).toUTCString());
      return body;
    })],
    caughtBy: ['limits.search.sixth-request-429'],
  },
  {
    id: 'limits.message-without-limit',
    breaks: 'the 429 text does not name the limit reached',
    section: '7',
    front: () => [rewriteResponse([SEARCH, HOTEL], (body, _req, res) => (res.statusCode === 429 ? { error: 'Too many requests, slow down.' } : body))],
    caughtBy: ['limits.search.sixth-request-429'],
  },
  {
    id: 'limits.ratelimit-fields-missing',
    breaks: 'search and hotel details answer without the RateLimit header fields (reference: they state both windows)',
    section: '8 (reference)',
    front: () => [rewriteResponse([SEARCH, HOTEL], (body, _req, res) => (res.removeHeader('RateLimit'), res.removeHeader('RateLimit-Policy'), body))],
    caughtBy: ['limits.search.ratelimit-fields'],
  },
  {
    id: 'limits.ratelimit-remaining-stuck',
    breaks: 'RateLimit always says the whole quota is left',
    section: '8 (reference)',
    front: () => [rewriteResponse([SEARCH, HOTEL], (body, _req, res) => {
      const policy = String(res.getHeader('RateLimit-Policy') ?? '');
      if (policy) res.set('RateLimit', policy.replace(/;q=(\d+);w=(\d+)/g, ';r=$1;t=$2'));
      return body;
    })],
    caughtBy: ['limits.search.ratelimit-fields'],
  },
  {
    id: 'limits.shared-across-endpoints',
    breaks: 'search and hotel details share one limit',
    section: '8',
    config: UNLIMITED,
    front: ({ clock }) => [minuteLimiter(clock, [SEARCH, HOTEL], () => 'search.php+hotel.php')],
    caughtBy: ['limits.per-endpoint'],
  },
  {
    id: 'limits.unauthenticated-counted',
    breaks: 'requests with an unknown key count towards the limit (reference: they do not)',
    section: '8 (reference)',
    config: UNLIMITED,
    front: ({ clock }) => [minuteLimiter(clock, [SEARCH, HOTEL], (path) => path)],
    caughtBy: ['limits.search.unauthenticated-not-counted'],
  },
  {
    id: 'limits.booking-rate-limited',
    breaks: 'booking.php is rate limited (5 per minute)',
    section: '8',
    front: ({ clock }) => [minuteLimiter(clock, [BOOKING], () => 'booking.php')],
    caughtBy: ['limits.booking.unlimited'],
  },
];
