/**
 * Every scenario of the `Test` request header over HTTP, against in-process apps with a FakeClock
 * (responses validated against openapi.yaml by the app, simulated faults excepted).
 */
import express from 'express';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RATE_NO_LONGER_AVAILABLE, SOLD_OUT_AT_BOOKING, SUPPLIER_CANCEL_FAILED } from '../../domain/bookings/bookings.js';
import { centsOf } from '../../domain/bookings/priceChange.js';
import {
  KEY_ANNA, KEY_BEN, bookhashOf, controlPay, dayAfter, findRate, startTestServer, type FoundRate, type TestServer,
} from '../../testing/bookingServer.js';
import { SCENARIO_NAMES, SIMULATED_RETRY_AFTER_SECONDS } from '../../domain/scenarios/catalogue.js';
import { scenarioHeader, scenarioOf } from './scenarioHeader.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response JSON off the wire; the tests assert its shape themselves
type Json = Record<string, any>;
type Reply = { status: number; body: Json; headers: Headers };

/** POST with a `Test` header (none when `scenario` is undefined). */
async function post(server: TestServer, path: string, body: unknown, scenario?: string, signal?: AbortSignal): Promise<Reply> {
  const response = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(scenario === undefined ? {} : { Test: scenario }) },
    body: JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) as Json };
}

async function retrieve(server: TestServer, bookhash: string): Promise<Json> {
  const reply = await post(server, '/retrieve_booking.php', { apikey: KEY_ANNA, bookhash });
  expect(reply.status).toBe(200);
  return reply.body.booking as Json;
}

/**
 * The `slow` wait of `delayMs` on fake timers (setTimeout and clearTimeout only; the server runs in
 * this process): `started` once the server begins it, `cancelled` once it drops it, `fired()` whether
 * it ran out. Undone after each test.
 */
function fakeSlowTimer(delayMs: number) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const fakeSet = globalThis.setTimeout;
  const fakeClear = globalThis.clearTimeout;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let fired = false;
  let onStarted!: () => void;
  let onCancelled!: () => void;
  const started = new Promise<void>((resolve) => (onStarted = resolve));
  const cancelled = new Promise<void>((resolve) => (onCancelled = resolve));
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    if (ms !== delayMs || timer !== undefined) return fakeSet(callback, ms, ...args);
    timer = fakeSet(() => {
      fired = true;
      callback(...args);
    }, ms);
    onStarted();
    return timer;
  }) as typeof setTimeout);
  vi.spyOn(globalThis, 'clearTimeout').mockImplementation((id) => {
    if (id !== undefined && id === timer) onCancelled();
    fakeClear(id);
  });
  return { started, cancelled, fired: () => fired };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the Test header', () => {
  let server: TestServer;
  let stay: { checkin: string; checkout: string };
  let rate: FoundRate;
  const amsterdam = { latitude: 52.3676, longitude: 4.9041, radius: 3000 };

  beforeAll(async () => {
    server = await startTestServer({ config: { slowScenarioDelayMs: 400 } });
    stay = { checkin: dayAfter(server.clock, 30), checkout: dayAfter(server.clock, 33) };
    rate = await findRate(server, KEY_ANNA, stay, { refundable: true });
  });
  afterAll(() => server.close());

  const startWith = async (scenario?: string): Promise<Reply> =>
    post(server, '/booking.php', { apikey: KEY_ANNA, service_hash: rate.serviceHash }, scenario);
  const bookingCount = async () => (await server.store.bookingsOfAccount(1)).length;

  describe('choosing a scenario', () => {
    it('GET /_control/scenarios lists every scenario with its endpoints and effect, beside the scenario hotels', async () => {
      const body = (await (await fetch(`${server.url}/_control/scenarios`)).json()) as Json;
      expect(body.scenarios.map((hotel: { id: number }) => hotel.id)).toContain(900008);
      expect(body.test_header.header).toBe('Test');
      const listed = body.test_header.scenarios as Array<{ name: string; applies_to: string[]; effect: string; kind: string }>;
      expect(listed.map((s) => s.name)).toEqual([...SCENARIO_NAMES]);
      for (const scenario of listed) {
        expect(scenario.applies_to.length, scenario.name).toBeGreaterThan(0);
        expect(scenario.effect.length, scenario.name).toBeGreaterThan(20);
      }
      expect(listed.find((s) => s.name === 'payment_declined')?.applies_to).toEqual(['/booking.php']);
      expect(listed.find((s) => s.name === 'slow')?.applies_to).toHaveLength(6);
    });

    it('an unknown value is 400 naming the values allowed on the endpoint', async () => {
      const reply = await post(server, '/search.php', { apikey: KEY_ANNA, ...amsterdam, ...stay }, 'explode');
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe(
        "Unknown Test scenario 'explode'; allowed values on search.php: standard, no_availability, slow, server_error, rate_limited, connection_reset",
      );
      expect((await post(server, '/search.php', { apikey: KEY_ANNA, ...amsterdam, ...stay }, '')).status).toBe(400);
    });

    it('a value for another endpoint is 400 saying where it applies', async () => {
      const reply = await post(server, '/booking_overview.php', { apikey: KEY_ANNA }, 'payment_declined');
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatch(/^Test scenario 'payment_declined' does not apply to booking_overview\.php; it applies to booking\.php\./);
    });

    it('values are exact (the contract enum), surrounding spaces aside: another case is 400 naming the spelling', async () => {
      expect((await post(server, '/booking_overview.php', { apikey: KEY_ANNA }, '  server_error ')).status).toBe(500);
      const upper = await post(server, '/booking_overview.php', { apikey: KEY_ANNA }, 'Server_ERROR');
      expect(upper.status).toBe(400);
      expect(upper.body.error).toBe(
        "Unknown Test scenario 'Server_ERROR' (values are lower case: 'server_error'); allowed values on booking_overview.php: standard, slow, server_error, rate_limited, connection_reset",
      );
      const search = await post(server, '/search.php', { apikey: KEY_ANNA, ...amsterdam, ...stay }, 'NO_AVAILABILITY');
      expect(search.status).toBe(400);
      expect(search.body.error).toMatch(/values are lower case: 'no_availability'/);
    });

    it('never bypasses the checks before it: method, body, apikey and request schema answer as without it', async () => {
      const get = await fetch(`${server.url}/search.php`, { headers: { Test: 'server_error' } });
      expect(get.status).toBe(405);
      const notJson = await fetch(`${server.url}/search.php`, { method: 'POST', headers: { Test: 'server_error' }, body: 'x' });
      expect(notJson.status).toBe(400);
      expect((await post(server, '/search.php', { ...amsterdam, ...stay }, 'server_error')).status).toBe(401);
      expect((await post(server, '/search.php', { apikey: 'nope', ...amsterdam, ...stay }, 'connection_reset')).status).toBe(403);
      const invalid = await post(server, '/booking.php', { apikey: KEY_ANNA }, 'rate_limited');
      expect(invalid.status).toBe(400);
      expect(invalid.body.error).toMatch(/service_hash/);
      // The scenario check itself comes after the schema check too.
      expect((await post(server, '/booking.php', { apikey: KEY_ANNA }, 'explode')).body.error).toMatch(/service_hash/);
    });

    it('standard gives the ordinary answer (the same cached search)', async () => {
      const plain = await post(server, '/search.php', { apikey: KEY_ANNA, ...amsterdam, ...stay });
      const standard = await post(server, '/search.php', { apikey: KEY_ANNA, ...amsterdam, ...stay }, 'standard');
      expect(standard.status).toBe(200);
      expect(standard.body).toEqual(plain.body);
    });
  });

  describe('no_availability', () => {
    it('search answers 200 with no hotels, and the identical search without it still finds hotels', async () => {
      const body = { apikey: KEY_ANNA, ...amsterdam, ...stay };
      const before = await post(server, '/search.php', body);
      const none = await post(server, '/search.php', body, 'no_availability');
      expect(none.status).toBe(200);
      expect(none.body).toMatchObject({ total_hotels: 0, hotels: [] });
      expect(none.body.search_id).toMatch(/^[0-9a-f]{32}$/);
      expect(none.body.search_id).not.toBe(before.body.search_id);
      const after = await post(server, '/search.php', body);
      expect(after.body.search_id).toBe(before.body.search_id);
      expect(after.body.total_hotels).toBeGreaterThan(0);
    });

    it('hotel details answer 200 with no rooms and the no-rooms message; the live cache keeps the real rooms', async () => {
      const body = { apikey: KEY_ANNA, id: rate.hotelId, ...stay, language: 'en' };
      const none = await post(server, '/hotel.php', body, 'no_availability');
      expect(none.status).toBe(200);
      expect(none.body.rooms).toEqual([]);
      expect(none.body.availability.message).toMatch(/no rooms/i);
      expect(none.body.id).toBe(rate.hotelId);
      const real = await post(server, '/hotel.php', body);
      expect(real.body.rooms.length).toBeGreaterThan(0);
    });

    it('booking start answers 409 rate no longer available and creates no booking', async () => {
      const count = await bookingCount();
      const reply = await startWith('no_availability');
      expect(reply.status).toBe(409);
      expect(reply.body.error).toBe(RATE_NO_LONGER_AVAILABLE);
      expect(await bookingCount()).toBe(count);
    });
  });

  describe('booking start', () => {
    it('price_changed books at a price 10% higher, shown on the finalization page', async () => {
      const reply = await startWith('price_changed');
      expect(reply.status).toBe(200);
      const bookhash = bookhashOf(String(reply.body.booking_url));
      const booking = await retrieve(server, bookhash);
      const quoted = centsOf(rate.rate.pricing.total_price);
      expect(centsOf(String(booking.total_price))).toBeGreaterThan(quoted * 1.09);
      expect(centsOf(String(booking.total_price))).toBeLessThan(quoted * 1.11);
      expect((await server.store.findBooking(bookhash))?.scenario).toBe('price_changed');
      const page = await (await fetch(String(reply.body.booking_url))).text();
      expect(page).toContain(rate.rate.pricing.total_price);
      expect(page).toContain(String(booking.total_price));
    });

    it('sold_out answers 409 as hotel 900009 does and creates no booking', async () => {
      const count = await bookingCount();
      const reply = await startWith('sold_out');
      expect(reply.status).toBe(409);
      expect(reply.body.error).toBe(SOLD_OUT_AT_BOOKING);
      expect(await bookingCount()).toBe(count);
    });

    it('payment_declined: the payment fails whatever the card', async () => {
      const bookhash = bookhashOf(String((await startWith('payment_declined')).body.booking_url));
      expect((await server.store.findBooking(bookhash))?.scenario).toBe('payment_declined');
      expect((await controlPay(server, bookhash, 'success')).status).toBe(200);
      expect(await retrieve(server, bookhash)).toMatchObject({ status: 'payment_failed', paid: 'no', supplier_order_id: null });
    });

    it('supplier_rejects: booking_failed after payment, refunded, whatever the card (the page too)', async () => {
      const bookhash = bookhashOf(String((await startWith('supplier_rejects')).body.booking_url));
      const form = new URLSearchParams({ bookhash, card: '4242424242424242' });
      const page = await (await fetch(`${server.url}/book/finalize?bookhash=${bookhash}`)).text();
      const csrf = /name="csrf_token" value="([^"]+)"/.exec(page)?.[1];
      expect(csrf).toBeDefined();
      form.set('csrf_token', csrf as string);
      const paid = await fetch(`${server.url}/book/finalize`, { method: 'POST', body: form, redirect: 'manual' });
      expect(paid.status).toBe(303);
      expect(await retrieve(server, bookhash)).toMatchObject({ status: 'booking_failed', paid: 'refunded' });
    });

    it('supplier_unavailable: cancels give 502 until 600 s after the first failed attempt, then succeed', async () => {
      const bookhash = bookhashOf(String((await startWith('supplier_unavailable')).body.booking_url));
      expect((await controlPay(server, bookhash, 'success')).status).toBe(200);
      const cancel = () => post(server, '/book/cancel.php', { apikey: KEY_ANNA, bookhash });
      const failed = await cancel();
      expect(failed.status).toBe(502);
      expect(failed.body.error).toBe(SUPPLIER_CANCEL_FAILED);
      const moveClock = (seconds: number) => post(server, '/_control/clock', { apikey: KEY_ANNA, advance_seconds: seconds });
      await moveClock(590);
      expect((await cancel()).status).toBe(502);
      await moveClock(10);
      expect((await cancel()).status).toBe(200);
      await post(server, '/_control/clock', { apikey: KEY_ANNA, offset_seconds: 0 });
    });
  });

  describe('on cancel', () => {
    it('supplier_unavailable fails that cancel with 502 after its own checks; the booking stays confirmed', async () => {
      const bookhash = bookhashOf(String((await startWith()).body.booking_url));
      const cancel = (scenario?: string, apikey = KEY_ANNA) => post(server, '/book/cancel.php', { apikey, bookhash }, scenario);
      expect((await cancel('supplier_unavailable')).status).toBe(409); // not confirmed yet: the cancel's own rule first
      expect((await cancel('supplier_unavailable', KEY_BEN)).status).toBe(403);
      expect((await controlPay(server, bookhash, 'success')).status).toBe(200);
      const failed = await cancel('supplier_unavailable');
      expect(failed.status).toBe(502);
      expect(failed.body.error).toBe(SUPPLIER_CANCEL_FAILED);
      // Still failing however late, as long as the header is sent.
      await post(server, '/_control/clock', { apikey: KEY_ANNA, advance_seconds: 3600 });
      expect((await cancel('supplier_unavailable')).status).toBe(502);
      expect((await retrieve(server, bookhash)).status).toBe('booking_confirmed');
      expect((await cancel()).status).toBe(200);
      await post(server, '/_control/clock', { apikey: KEY_ANNA, offset_seconds: 0 });
    });
  });

  describe('transport faults', () => {
    it('server_error: 500 with a JSON error saying it is simulated; nothing is processed', async () => {
      const count = await bookingCount();
      const reply = await startWith('server_error');
      expect(reply.status).toBe(500);
      expect(reply.body).toEqual({ error: 'Simulated server error (Test header: server_error); the request was not processed.' });
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(await bookingCount()).toBe(count);
    });

    it('rate_limited: 429 at once with Retry-After and the real limit\'s error text, on any endpoint', async () => {
      for (const [path, body] of [
        ['/booking.php', { apikey: KEY_ANNA, service_hash: rate.serviceHash }],
        ['/search.php', { apikey: KEY_ANNA, ...amsterdam, ...stay }],
      ] as const) {
        const reply = await post(server, path, body, 'rate_limited');
        expect(reply.status, path).toBe(429);
        expect(reply.headers.get('retry-after')).toBe(String(SIMULATED_RETRY_AFTER_SECONDS));
        expect(reply.body.error).toBe(
          `Rate limit exceeded: 100000 requests per minute on ${path.slice(1)}. Retry after ${SIMULATED_RETRY_AFTER_SECONDS} seconds. (Simulated: Test header rate_limited.)`,
        );
      }
    });

    it('connection_reset: the connection is reset without an answer', async () => {
      const count = await bookingCount();
      const failure = await startWith('connection_reset').then(
        () => undefined,
        (error: unknown) => error as Error & { cause?: { code?: string } },
      );
      expect(failure).toBeInstanceOf(TypeError);
      expect(failure?.cause?.code).toBe('ECONNRESET');
      expect(await bookingCount()).toBe(count);
    });

    it('slow: the ordinary answer after the configured delay', async () => {
      const started = performance.now();
      const reply = await post(server, '/booking_overview.php', { apikey: KEY_ANNA }, 'slow');
      expect(performance.now() - started).toBeGreaterThanOrEqual(390);
      expect(reply.status).toBe(200);
      expect(Array.isArray(reply.body.bookings)).toBe(true);
    });

    it('slow: a client that gives up during the wait cancels the request (nothing is processed)', async () => {
      const count = await bookingCount();
      const slow = fakeSlowTimer(400);
      const body = { apikey: KEY_ANNA, service_hash: rate.serviceHash };
      const controller = new AbortController();
      const gaveUp = post(server, '/booking.php', body, 'slow', controller.signal).then(() => false, () => true);
      await slow.started; // the server is in the wait
      controller.abort();
      expect(await gaveUp).toBe(true);
      await slow.cancelled; // the server saw the client leave and dropped the wait
      await vi.advanceTimersByTimeAsync(1_000); // past the 400 ms delay: nothing is left to run
      expect(slow.fired()).toBe(false);
      expect(await bookingCount()).toBe(count);
    });
  });
});

describe('Test: slow with the real delay', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers after 5.2 s by default: past the API\'s 5 s time-out, under Specmatic\'s 6 s', { timeout: 30_000 }, async () => {
    // The default server's wait, on fake timers: no test waits 5 real seconds.
    const slow = fakeSlowTimer(5_200);
    let answered = false;
    const reply = post(server, '/booking_overview.php', { apikey: KEY_ANNA }, 'slow').then((answer) => {
      answered = true;
      return answer;
    });
    await slow.started; // a wait of exactly 5,200 ms (another length never starts this)
    await vi.advanceTimersByTimeAsync(5_199);
    expect(slow.fired()).toBe(false);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(slow.fired()).toBe(true);
    expect((await reply).status).toBe(200);
  });
});

describe('Test-Delay-Ms: the delay of one slow call', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const overview = (headers: Record<string, string>) =>
    fetch(`${server.url}/booking_overview.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ apikey: KEY_ANNA }),
    });

  it('waits the milliseconds it names, on every endpoint where slow applies', async () => {
    const started = performance.now();
    const answer = await overview({ Test: 'slow', 'Test-Delay-Ms': '150' });
    const waited = performance.now() - started;
    expect(answer.status).toBe(200);
    expect(waited).toBeGreaterThanOrEqual(145);
    expect(waited).toBeLessThan(3_000); // not the 5.2 s default
  });

  it.each([['-1'], ['60001'], ['1.5'], ['1e3'], ['abc'], ['']])('refuses %j with 400 naming the range', async (value) => {
    const answer = await overview({ Test: 'slow', 'Test-Delay-Ms': value });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as Json).error).toMatch(/Test-Delay-Ms must be a whole number of milliseconds from 0 to 60000/);
  });

  it('changes nothing without Test: slow (tools send every header example together), but is refused outside its range all the same', async () => {
    for (const headers of [{ 'Test-Delay-Ms': '10' }, { Test: 'standard', 'Test-Delay-Ms': '10' }] as Array<Record<string, string>>) {
      expect((await overview(headers)).status).toBe(200);
    }
    for (const headers of [{ 'Test-Delay-Ms': 'x' }, { Test: 'standard', 'Test-Delay-Ms': '70000' }] as Array<Record<string, string>>) {
      const answer = await overview(headers);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as Json).error).toMatch(/^Test-Delay-Ms must be a whole number/);
    }
  });
});

describe('res.locals.scenario (read by the endpoints and the request journal)', () => {
  it('holds the chosen scenario, whatever the header name\'s case, and nothing without the header', async () => {
    const app = express();
    app.post('/hotel.php', scenarioHeader({ slowDelayMs: 0, perMinute: 5 }), (_req, res) => {
      res.json({ scenario: scenarioOf(res) ?? null });
    });
    const listener = createServer(app);
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/hotel.php`;
    try {
      const scenarioSeen = async (headers: Record<string, string>) => (await (await fetch(url, { method: 'POST', headers })).json()) as unknown;
      expect(await scenarioSeen({ TEST: 'no_availability' })).toEqual({ scenario: 'no_availability' });
      expect(await scenarioSeen({ test: 'slow' })).toEqual({ scenario: 'slow' });
      expect(await scenarioSeen({})).toEqual({ scenario: null });
    } finally {
      listener.closeAllConnections();
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});
