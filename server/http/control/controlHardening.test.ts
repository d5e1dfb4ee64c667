/**
 * The control API cannot be abused: JSON only (415), no other origin (403), a clock confined to
 * 2000–2100 with moves of at most 50 years (400 naming the range), and nothing stored at either
 * end of that range ever becomes unservable.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedOrigins } from './controlGuard.js';
import {
  KEY_ANNA,
  KEY_BEN,
  controlPay,
  dayAfter,
  findRate,
  startBooking,
  startTestServer,
  type TestServer,
} from '../../testing/bookingServer.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const control = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}/_control${path}`, { method: 'POST', ...init }).then(async (response) => ({
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
  }));
const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const clockNow = async () => String((await server.post('/_control/clock', { apikey: KEY_ANNA })).body.now);

describe('control guard', () => {
  it('refuses control POSTs that are not application/json with 415, and changes nothing', async () => {
    const before = await clockNow();
    for (const path of ['/reset', '/clock', '/pay']) {
      const headerSets: Array<Record<string, string>> = [{ 'content-type': 'text/plain' }, { 'content-type': 'application/x-www-form-urlencoded' }, {}];
      for (const headers of headerSets) {
        // Bytes, so that fetch adds no content type of its own.
        const body = new TextEncoder().encode(JSON.stringify({ apikey: KEY_ANNA, ...(path === '/clock' ? { advance_seconds: 3600 } : {}) }));
        const answer = await control(path, { headers, body });
        expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(415);
        expect(answer.body.error).toMatch(/must be sent as application\/json/);
      }
    }
    expect(await clockNow()).toBe(before);
  });

  it('refuses requests from another origin with 403, GETs included; accepts its own origin and none', async () => {
    const before = await clockNow();
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1:1', `${server.url}.evil.example`]) {
      const answer = await control('/clock', json({ apikey: KEY_ANNA, advance_seconds: 3600 }, { origin }));
      expect(answer.status, origin).toBe(403);
      expect(answer.body.error).toMatch(/another origin/);
      expect((await fetch(`${server.url}/_control/scenarios`, { headers: { origin } })).status).toBe(403);
    }
    expect(await clockNow()).toBe(before);
    expect((await control('/clock', json({ apikey: KEY_ANNA, advance_seconds: 1 }, { origin: server.url }))).status).toBe(200);
    expect((await control('/clock', json({ apikey: KEY_ANNA, advance_seconds: 1 }))).status).toBe(200);
  });
});

/** A raw request, so that the Host header can be the one a rebound domain sends. */
function rawPost(path: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('DNS rebinding', () => {
  it('a page on a rebound domain (its own name as Host and Origin) is refused by the control API and the console', async () => {
    const { port } = new URL(server.url);
    const rebound = `http://rebind.evil.example:${port}`;
    const headers = { host: `rebind.evil.example:${port}`, origin: rebound };
    const before = await clockNow();
    const clock = await rawPost('/_control/clock', { ...headers, 'content-type': 'application/json' }, JSON.stringify({ apikey: KEY_ANNA, advance_seconds: 3600 }));
    expect(clock.status).toBe(403);
    expect(clock.text).toMatch(/another origin/);
    expect(await clockNow()).toBe(before);
    const login = await rawPost('/_control/ui/login', { ...headers, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' }, `apikey=${KEY_ANNA}`);
    expect(login.status).toBe(403);
    expect(login.text).not.toMatch(/set-cookie/i);
    // The same requests under the server's real name are served.
    const own = await rawPost('/_control/clock', { origin: server.url, 'content-type': 'application/json' }, JSON.stringify({ apikey: KEY_ANNA }));
    expect(own.status).toBe(200);
  });

  it('allows PUBLIC_URL, its loopback spellings and the CORS origins; never `*` or another host', () => {
    expect([...allowedOrigins('https://sandbox.example.com/', ['http://localhost:5173', '*'])]).toEqual(['https://sandbox.example.com', 'http://localhost:5173']);
    expect([...allowedOrigins('http://0.0.0.0:3000')]).toEqual(['http://0.0.0.0:3000', 'http://127.0.0.1:3000', 'http://localhost:3000', 'http://[::1]:3000']);
    expect(allowedOrigins('http://127.0.0.1:3000').has('http://localhost:3001')).toBe(false);
  });

  it('a configured CORS origin may call the control API', async () => {
    const withCors = await startTestServer({ config: { corsOrigins: ['https://app.partner.example'] } });
    try {
      const call = (origin: string) =>
        fetch(`${withCors.url}/_control/clock`, { method: 'POST', ...json({ apikey: KEY_ANNA }, { origin }) }).then((response) => response.status);
      expect(await call('https://app.partner.example')).toBe(200);
      expect(await call('https://other.partner.example')).toBe(403);
    } finally {
      await withCors.close();
    }
  });
});

describe('clock range', () => {
  it('refuses absurd values with 400 naming the range, and every endpoint keeps working', async () => {
    const before = await clockNow();
    const absurd = [
      { advance_seconds: 1e300 },
      { advance_seconds: -1e12 },
      { now: '-000500-01-01T00:00:00Z' },
      { now: '+275760-09-13T00:00:00Z' },
      { now: '1999-12-31T23:59:59Z' },
      { now: '2101-01-01T00:00:00Z' },
      { now: '2080-01-01T00:00:00Z' }, // inside the range, but more than 50 years away
      { offset_seconds: 1e300 },
      { offset_seconds: -60 * 365.25 * 86_400 },
    ];
    for (const body of absurd) {
      const answer = await control('/clock', json({ apikey: KEY_ANNA, ...body }));
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toMatch(/between 2000-01-01T00:00:00Z and 2100-12-31T23:59:59Z|at most 50 years/);
    }
    expect(await clockNow()).toBe(before);
    const stay = { checkin: dayAfter(server.clock, 10), checkout: dayAfter(server.clock, 12) };
    expect((await server.post('/search.php', { apikey: KEY_ANNA, location: 'Amsterdam', ...stay })).status).toBe(200);
  });

  it('serves bookings paid at both ends of the range, at any later time', async () => {
    const paid: Array<{ apikey: string; bookhash: string }> = [];
    const payAt = async (instant: string, apikey: string) => {
      server.clock.set(new Date(instant));
      const stay = { checkin: dayAfter(server.clock, 20), checkout: dayAfter(server.clock, 22) };
      const rate = await findRate(server, apikey, stay);
      const bookhash = await startBooking(server, apikey, rate.serviceHash);
      expect((await controlPay(server, bookhash)).status).toBe(200);
      paid.push({ apikey, bookhash });
    };
    const readAll = async (when: string) => {
      for (const { apikey, bookhash } of paid) {
        const overview = await server.post('/booking_overview.php', { apikey });
        expect(overview.status, `overview ${when}`).toBe(200);
        const retrieved = await server.post('/retrieve_booking.php', { apikey, bookhash });
        expect(retrieved.status, `retrieve ${when}`).toBe(200);
        expect(retrieved.body.booking).toMatchObject({ status: 'booking_confirmed' });
      }
    };
    await payAt('2000-01-01T00:00:00Z', KEY_ANNA);
    await readAll('at the start of 2000');
    await payAt('2100-12-31T23:59:59Z', KEY_BEN);
    await readAll('at the end of 2100');
    server.clock.set(new Date('2000-01-01T00:00:00Z'));
    await readAll('back in 2000');
    server.clock.reset();
    await readAll('today');
  }, 60_000);
});
