/**
 * The control API (/_control/*) in-process: every call acts on the account named by `apikey` in
 * the body; one account's control calls never change what another observes; whole-sandbox calls
 * need the admin token and do not exist without one.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  controlPay,
  dayAfter,
  findRate,
  KEY_ANNA,
  KEY_BEN,
  startBooking,
  startTestServer,
  type FoundRate,
  type TestServer,
} from '../../testing/bookingServer.js';

const ADMIN = 'admin-token-for-tests';
let server: TestServer;
let stay: { checkin: string; checkout: string };
let rate: FoundRate;

const clockOf = async (apikey: string) => (await server.post('/_control/clock', { apikey })).body;
const retrieveStatus = async (apikey: string, bookhash: string) =>
  (await server.post('/retrieve_booking.php', { apikey, bookhash })).status;
const adminReset = (authorization?: string) =>
  fetch(`${server.url}/_control/admin/reset`, { method: 'POST', headers: authorization ? { authorization } : {} });

beforeAll(async () => {
  server = await startTestServer({ config: { adminToken: ADMIN } });
  stay = { checkin: dayAfter(server.clock, 30), checkout: dayAfter(server.clock, 33) };
});
afterAll(() => server.close());
beforeEach(async () => {
  expect((await adminReset(`Bearer ${ADMIN}`)).status).toBe(200);
  server.clock.reset();
  rate = await findRate(server, KEY_ANNA, stay, { refundable: true });
});

describe('control API: one account per call', () => {
  it('needs the key in the body: 401 without, 403 unknown, 405 for GET', async () => {
    for (const path of ['/_control/clock', '/_control/reset', '/_control/pay', '/_control/outbox']) {
      expect((await server.post(path, {})).status, path).toBe(401);
      expect((await server.post(path, { apikey: 'nope' })).status, path).toBe(403);
      const get = await fetch(`${server.url}${path}`);
      expect(get.status, path).toBe(405);
      expect(get.headers.get('allow')).toBe('POST');
    }
    expect((await fetch(`${server.url}/_control/scenarios`)).status).toBe(200);
  });

  it("reads, sets, advances and offsets one account's clock; the other's stays", async () => {
    expect(await clockOf(KEY_ANNA)).toEqual({ now: '2026-11-19T10:00:00.000Z', offset_seconds: 0 });
    const set = await server.post('/_control/clock', { apikey: KEY_ANNA, now: '2027-01-01T00:00:00Z' });
    expect(set.body.now).toBe('2027-01-01T00:00:00.000Z');
    expect((await server.post('/_control/clock', { apikey: KEY_ANNA, advance_seconds: 90 })).body.now).toBe('2027-01-01T00:01:30.000Z');
    expect((await server.post('/_control/clock', { apikey: KEY_ANNA, offset_seconds: 60 })).body).toEqual({
      now: '2026-11-19T10:01:00.000Z',
      offset_seconds: 60,
    });
    expect(await clockOf(KEY_BEN)).toEqual({ now: '2026-11-19T10:00:00.000Z', offset_seconds: 0 });
    server.clock.advance(10); // real time passes for both
    expect((await clockOf(KEY_ANNA)).now).toBe('2026-11-19T10:01:10.000Z');
    expect((await clockOf(KEY_BEN)).now).toBe('2026-11-19T10:00:10.000Z');
  });

  it('rejects bad clock input with 400 and leaves the clock alone', async () => {
    for (const body of [
      { now: 'tomorrow' },
      { advance_seconds: '5' },
      { offset_seconds: null },
      { advance_seconds: 1e300 },
      { now: '2027-01-01T00:00:00Z', advance_seconds: 5 },
      { advance_secs: 5 },
    ]) {
      expect((await server.post('/_control/clock', { apikey: KEY_ANNA, ...body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await server.post('/_control/clock', '[1]')).status).toBe(400);
    expect((await clockOf(KEY_ANNA)).offset_seconds).toBe(0);
  });

  it("the account's clock drives its search_id expiry; the cache and search_ids are per account", async () => {
    const search = { ...stay, location: 'Amsterdam' };
    const anna = (await server.post('/search.php', { apikey: KEY_ANNA, ...search })).body;
    const ben = (await server.post('/search.php', { apikey: KEY_BEN, ...search })).body;
    expect(ben.search_id).not.toBe(anna.search_id);
    const hotelId = (anna.hotels as Array<{ id: number }>)[0]?.id;
    // Another account's search_id is unknown to this one.
    expect((await server.post('/hotel.php', { apikey: KEY_BEN, id: hotelId, search_id: anna.search_id })).status).toBe(400);
    await server.post('/_control/clock', { apikey: KEY_ANNA, advance_seconds: 3600 });
    expect((await server.post('/hotel.php', { apikey: KEY_ANNA, id: hotelId, search_id: anna.search_id })).status).toBe(400);
    expect((await server.post('/hotel.php', { apikey: KEY_BEN, id: hotelId, search_id: ben.search_id })).status).toBe(200);
    expect((await server.post('/search.php', { apikey: KEY_BEN, ...search })).body.search_id).toBe(ben.search_id);
  });

  it('stamps bookings and deadlines on the account clock', async () => {
    await server.post('/_control/clock', { apikey: KEY_ANNA, advance_seconds: 86_400 });
    const bookhash = await startBooking(server, KEY_ANNA, rate.serviceHash);
    const booking = (await server.post('/retrieve_booking.php', { apikey: KEY_ANNA, bookhash })).body.booking as Record<string, unknown>;
    expect(booking.created_at).toBe('2026-11-20 10:00:00');
  });

  it("settles a refund on the account's clock, on the API and on the finalization page", async () => {
    const bookhash = await startBooking(server, KEY_ANNA, rate.serviceHash);
    await controlPay(server, bookhash, 'success');
    expect((await server.post('/book/cancel.php', { apikey: KEY_ANNA, bookhash })).status).toBe(200);
    const page = async () => (await (await fetch(`${server.url}/book/finalize?bookhash=${bookhash}`)).text()).match(/id="paid">[^<]*<small>\((\w+)\)/)?.[1];
    expect(await page()).toBe('yes');
    await server.post('/_control/clock', { apikey: KEY_BEN, advance_seconds: 7 * 86_400 }); // not Anna's clock
    expect(await page()).toBe('yes');
    await server.post('/_control/clock', { apikey: KEY_ANNA, advance_seconds: 7 * 86_400 });
    expect(await page()).toBe('refunded');
    expect((await server.post('/retrieve_booking.php', { apikey: KEY_ANNA, bookhash })).body.booking).toMatchObject({ paid: 'refunded' });
  });

  it('pays only its own bookings (403 for another account, nothing changes)', async () => {
    const bookhash = await startBooking(server, KEY_ANNA, rate.serviceHash);
    const foreign = await server.post('/_control/pay', { apikey: KEY_BEN, bookhash, outcome: 'success' });
    expect(foreign.status).toBe(403);
    expect(JSON.stringify(foreign.body)).not.toContain('Anna');
    expect((await server.post('/retrieve_booking.php', { apikey: KEY_ANNA, bookhash })).body.booking).toMatchObject({ status: 'processing' });
    expect((await server.post('/_control/pay', { apikey: KEY_ANNA, bookhash })).status).toBe(200);
    expect((await server.post('/_control/pay', { apikey: KEY_ANNA, bookhash: 'B'.repeat(30) })).status).toBe(404);
  });

  it('shows each account only its own outbox', async () => {
    const bookhash = await startBooking(server, KEY_ANNA, rate.serviceHash);
    await controlPay(server, bookhash, 'success');
    expect((await server.post('/book/cancel.php', { apikey: KEY_ANNA, bookhash })).status).toBe(200);
    const anna = (await server.post('/_control/outbox', { apikey: KEY_ANNA })).body;
    expect(anna.count).toBe(2); // the booking confirmation and the cancellation
    expect((await server.post('/_control/outbox', { apikey: KEY_BEN })).body).toEqual({ count: 0, emails: [] });
  });

  it("resets one account (bookings, outbox, searches, clock) and nothing of another's", async () => {
    const annas = await startBooking(server, KEY_ANNA, rate.serviceHash);
    const bensRate = await findRate(server, KEY_BEN, stay, { refundable: true });
    const bens = await startBooking(server, KEY_BEN, bensRate.serviceHash);
    await server.post('/_control/clock', { apikey: KEY_BEN, advance_seconds: 120 });
    const annaSearch = (await server.post('/search.php', { apikey: KEY_ANNA, ...stay, location: 'Amsterdam' })).body;
    await server.post('/_control/clock', { apikey: KEY_ANNA, advance_seconds: 500 });

    const reset = await server.post('/_control/reset', { apikey: KEY_ANNA });
    expect(reset.body).toEqual({ status: 'reset', now: '2026-11-19T10:00:00.000Z', offset_seconds: 0 });
    expect(await retrieveStatus(KEY_ANNA, annas)).toBe(404);
    const hotelId = (annaSearch.hotels as Array<{ id: number }>)[0]?.id;
    expect((await server.post('/hotel.php', { apikey: KEY_ANNA, id: hotelId, search_id: annaSearch.search_id })).status).toBe(400);
    expect(await retrieveStatus(KEY_BEN, bens)).toBe(200);
    expect((await clockOf(KEY_BEN)).offset_seconds).toBe(120);
  });
});

describe('rate limits: per IP, endpoint and account, judged on the account clock; the address ceiling over all accounts', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ config: { rateLimits: { perMinute: 5, perDay: 200 }, addressCeilingPerMinute: 12 } });
  });
  afterAll(() => limited.close());

  it('each account has its own windows on the IP; one that moves its clock frees its window; its later requests count', async () => {
    const search = (apikey: string) => limited.post('/search.php', { apikey, ...stay, location: 'Amsterdam' });
    for (let i = 0; i < 5; i++) expect((await search(KEY_ANNA)).status).toBe(200);
    expect((await search(KEY_ANNA)).status).toBe(429);
    for (let i = 0; i < 5; i++) expect((await search(KEY_BEN)).status).toBe(200); // Ben's own windows: same IP, not used
    expect((await search(KEY_BEN)).status).toBe(429);

    limited.clock.advance(1);
    await limited.post('/_control/clock', { apikey: KEY_ANNA, advance_seconds: 61 });
    expect((await search(KEY_ANNA)).status).toBe(200); // a minute on, on her clock: her window has room
    const ben = await search(KEY_BEN);
    expect(ben.status).toBe(429); // Ben's clock did not move
    expect(Number(ben.headers.get('retry-after'))).toBe(59);

    // The IP's ceiling (12 a minute of real time over all accounts): 11 taken so far, one more fits.
    expect((await search(KEY_ANNA)).status).toBe(200);
    const ceiling = await search(KEY_ANNA);
    expect(ceiling.status).toBe(429);
    expect(ceiling.body.error).toMatch(/^Rate limit exceeded: 12 requests per minute from your address on search\.php, over all accounts/);
    // An account reset frees its own windows, never the ceiling: that is what protects capacity.
    await limited.post('/_control/reset', { apikey: KEY_ANNA });
    expect((await search(KEY_ANNA)).body.error).toMatch(/from your address/);
    limited.clock.advance(60);
    expect((await search(KEY_ANNA)).status).toBe(200);

    // Moved back, Anna's clock sees her own requests "in the future": they still count.
    for (let i = 0; i < 4; i++) expect((await search(KEY_ANNA)).status).toBe(200);
    limited.clock.advance(1);
    await limited.post('/_control/clock', { apikey: KEY_ANNA, advance_seconds: -3600 });
    expect((await search(KEY_ANNA)).status).toBe(429);
  });
});

describe('admin (whole sandbox)', () => {
  it('does not exist without SANDBOX_ADMIN_TOKEN', async () => {
    const plain = await startTestServer();
    const response = await fetch(`${plain.url}/_control/admin/reset`, { method: 'POST', headers: { authorization: 'Bearer x' } });
    expect(response.status).toBe(404);
    await plain.close();
  });

  it('needs the token (401 without, 403 wrong) and then resets every account', async () => {
    const annas = await startBooking(server, KEY_ANNA, rate.serviceHash);
    await server.post('/_control/clock', { apikey: KEY_BEN, advance_seconds: 30 });
    const missing = await adminReset();
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer');
    expect((await adminReset(`Bearer ${ADMIN}x`)).status).toBe(403);
    expect((await adminReset(ADMIN)).status).toBe(401);
    expect(await retrieveStatus(KEY_ANNA, annas)).toBe(200);

    expect((await adminReset(`Bearer ${ADMIN}`)).status).toBe(200);
    expect(await retrieveStatus(KEY_ANNA, annas)).toBe(404);
    expect((await clockOf(KEY_BEN)).offset_seconds).toBe(0);
  });
});

describe('control API switched off', () => {
  it('answers 404 everywhere', async () => {
    const off = await startTestServer({ config: { controlApi: false, adminToken: ADMIN } });
    expect((await off.post('/_control/clock', { apikey: KEY_ANNA })).status).toBe(404);
    expect((await off.post('/_control/reset', { apikey: KEY_ANNA })).status).toBe(404);
    expect((await fetch(`${off.url}/_control/admin/reset`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN}` } })).status).toBe(404);
    await off.close();
  });
});
