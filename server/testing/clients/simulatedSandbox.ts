/**
 * A small simulation of the sandbox on a virtual clock, for running the scripted clients before
 * (and besides) the real server: it answers the six API calls and the payment page the way the
 * API description says, honours the `Test` header scenarios the clients use, and records every
 * API call through the real journal entry builder. Its answers carry only what the clients read.
 */
import { buildEntry, type JournalEntry } from '../../domain/journal/entry.js';
import { CLIENT_TIMEOUT_MS, type ClientEnv } from './api.js';

const RATE_LIMIT = 5;
const WINDOW_MS = 60_000;
const SLOW_MS = 6_000;
const SCENARIO_RETRY_AFTER_S = 10;
/** A supplier_unavailable booking can be cancelled once this long has passed since the first 502. */
const SUPPLIER_RECOVERS_MS = 20_000;
const CLIENT_ADDRESS = '127.0.0.1';

interface SimBooking {
  bookhash: string;
  status: string;
  refundable: boolean;
  deadline: string | null;
  scenario: string | null;
  firstFailureAt?: number;
}

type Reply = { status: number; body: unknown; headers?: Record<string, string> };

export interface SimulatedSandbox {
  journal: JournalEntry[];
  /** An environment for runGoodClient / runSloppyClient on this sandbox's clock. */
  env: ClientEnv;
}

export function simulatedSandbox(options: { apikey: string; start?: string }): SimulatedSandbox {
  const baseUrl = 'http://sandbox.test';
  let now = Date.parse(options.start ?? '2026-12-01T09:00:00Z');
  const journal: JournalEntry[] = [];
  const bookings = new Map<string, SimBooking>();
  const hits = new Map<string, number[]>();
  let searches = 0;

  const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
  const hash = (hotel: number, type: number, body: Record<string, unknown>) =>
    `${hotel}-DBL-${type}-${String(body.checkin).replace(/-/g, '')}-${String(body.checkout).replace(/-/g, '')}-2`;

  function api(endpoint: string, body: Record<string, unknown>, scenario: string | null): Reply {
    if (typeof body.apikey !== 'string' || body.apikey === '') return { status: 401, body: { error: 'Missing API key' } };
    if (body.apikey !== options.apikey) return { status: 403, body: { error: 'Invalid API key' } };
    if (endpoint === '/search.php' || endpoint === '/hotel.php') {
      if (scenario === 'rate_limited') return { status: 429, body: { error: 'Rate limit exceeded (scenario)' }, headers: { 'Retry-After': String(SCENARIO_RETRY_AFTER_S) } };
      const recent = (hits.get(endpoint) ?? []).filter((at) => now - at < WINDOW_MS);
      if (recent.length >= RATE_LIMIT) {
        const retryAfter = Math.ceil((recent[0]! + WINDOW_MS - now) / 1000);
        return { status: 429, body: { error: `Rate limit exceeded: ${RATE_LIMIT} requests per minute` }, headers: { 'Retry-After': String(retryAfter) } };
      }
      hits.set(endpoint, [...recent, now]);
    }
    switch (endpoint) {
      case '/search.php': {
        if (typeof body.checkout !== 'string') return { status: 400, body: { error: "'checkout' is required" } };
        searches += 1;
        const hotels = scenario === 'no_availability' ? [] : [{ id: 1000 + searches, rate: { service_hash: hash(1000 + searches, 3, body) } }];
        return { status: 200, body: { search_id: `search-${searches}`, total_hotels: hotels.length, hotels } };
      }
      case '/hotel.php': {
        if (typeof body.search_id !== 'string' && typeof body.checkin !== 'string') return { status: 400, body: { error: 'search_id or checkin and checkout are required' } };
        const stay = { checkin: body.checkin ?? day(30), checkout: body.checkout ?? day(32) };
        const rate = (type: number, refundable: boolean) => ({
          service_hash: hash(Number(body.id), type, stay),
          refundable,
          cancellation: { free_cancellation_before: refundable ? `${stay.checkin as string}T00:00:00` : null, policies: [] },
        });
        return { status: 200, body: { id: body.id, rooms: [{ rates: [rate(3, true), rate(1, false), rate(4, true), rate(2, false)] }] } };
      }
      case '/booking.php': {
        const serviceHash = String(body.service_hash);
        const match = /^\d+-DBL-(\d)-(\d{4})(\d{2})(\d{2})-/.exec(serviceHash);
        if (!match) return { status: 400, body: { error: `Invalid service_hash '${serviceHash}'` } };
        const bookhash = `bk${String(bookings.size + 1).padStart(28, '0')}`;
        const refundable = Number(match[1]) >= 3;
        bookings.set(bookhash, {
          bookhash,
          status: scenario === 'sold_out' ? 'booking_failed' : 'processing',
          refundable,
          deadline: refundable ? `${match[2]}-${match[3]}-${match[4]}T00:00:00` : null,
          scenario,
        });
        return { status: 200, body: { status: 'ok', booking_url: `${baseUrl}/book/finalize?bookhash=${bookhash}` } };
      }
      case '/booking_overview.php': {
        const listed = [...bookings.values()].filter((b) => b.status !== 'processing');
        return { status: 200, body: { status: 'ok', count: listed.length, bookings: listed.map((b) => ({ bookhash: b.bookhash, status: b.status })) } };
      }
      case '/retrieve_booking.php': {
        const booking = bookings.get(String(body.bookhash));
        return booking ? { status: 200, body: { status: 'ok', booking: { bookhash: booking.bookhash, status: booking.status } } } : { status: 404, body: { error: 'Booking not found' } };
      }
      case '/book/cancel.php': {
        const booking = bookings.get(String(body.bookhash));
        if (!booking) return { status: 404, body: { error: 'Booking not found' } };
        if (booking.status !== 'booking_confirmed') return { status: 409, body: { error: 'This reservation was already cancelled.', status: 'already_cancelled' } };
        if (!booking.refundable) return { status: 403, body: { error: 'This rate is non-refundable; online cancellation is unavailable.' } };
        if (now >= Date.parse(`${booking.deadline}Z`)) return { status: 403, body: { error: `The free cancellation deadline (${booking.deadline}) has passed.` } };
        if (booking.scenario === 'supplier_unavailable') {
          booking.firstFailureAt ??= now;
          if (now - booking.firstFailureAt < SUPPLIER_RECOVERS_MS) return { status: 502, body: { error: 'Cancellation failed at the hotel supplier' } };
        }
        booking.status = 'booking_cancelled';
        return { status: 200, body: { status: 'cancelled', booking_id: 1, bookhash: booking.bookhash } };
      }
      default:
        return { status: 404, body: { error: `No such endpoint: POST ${endpoint}` } };
    }
  }

  function page(url: URL, init: RequestInit | undefined): Response {
    if ((init?.method ?? 'GET') === 'GET') {
      const booking = bookings.get(url.searchParams.get('bookhash') ?? '');
      const form = booking?.status === 'processing' ? '<input type="hidden" name="csrf_token" value="token">' : '';
      return new Response(`<!doctype html><form>${form}</form>`, { status: booking ? 200 : 404 });
    }
    const booking = bookings.get(new URLSearchParams(init?.body as string).get('bookhash') ?? '');
    if (booking?.status === 'processing') booking.status = 'booking_confirmed';
    return new Response(null, { status: 303, headers: { location: url.pathname } });
  }

  const fetchFn = (async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.pathname.startsWith('/book/finalize')) return page(url, init);
    const headers = new Headers(init?.headers);
    const scenario = headers.get('test');
    const text = (init?.body as string | undefined) ?? '';
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // A malformed body is answered below like any other bad request.
    }
    const at = now;
    const reply = api(url.pathname, body, scenario);
    const duration = scenario === 'slow' ? SLOW_MS : 15;
    journal.push(
      buildEntry({
        id: journal.length + 1,
        at: new Date(at),
        clientAddress: CLIENT_ADDRESS,
        request: { method: init?.method ?? 'GET', url: `${url.pathname}${url.search}`, headers: Object.fromEntries(headers), body: text },
        response: { status: reply.status, headers: { 'content-type': 'application/json', ...reply.headers }, body: reply.body },
        durationMs: duration,
        scenario,
      }),
    );
    if (duration > CLIENT_TIMEOUT_MS && init?.signal) {
      // The client's timer fires first: it sees no answer at all.
      now += CLIENT_TIMEOUT_MS;
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    }
    now += duration;
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json', ...reply.headers } });
  }) as typeof fetch;

  return {
    journal,
    env: {
      baseUrl,
      apikey: options.apikey,
      fetch: fetchFn,
      now: () => now,
      wait: async (ms) => {
        now += Math.max(0, ms);
      },
      advanceClock: async (seconds) => {
        now += Math.max(0, seconds) * 1000;
      },
      checkin: day(20),
      checkout: day(23),
      location: 'Amsterdam',
    },
  };
}
