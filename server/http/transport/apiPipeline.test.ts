/** Method, body, auth and rate-limit rules that every endpoint shares (spec 5, 7, 8). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/testServer.js';

const API_PATHS = ['/search.php', '/hotel.php', '/booking.php', '/booking_overview.php', '/retrieve_booking.php', '/book/cancel.php'];
const search = { apikey: 'demo-key-1', checkin: '2026-12-15', checkout: '2026-12-18', location: 'Amsterdam' };
const hotelLive = { apikey: 'demo-key-1', id: 1, checkin: '2026-12-15', checkout: '2026-12-18' };

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

describe('method and body', () => {
  it('answers 405 with Allow: POST for every other method on every API path', async () => {
    for (const path of API_PATHS) {
      for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
        const response = await server.request(path, { method });
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.get('allow')).toBe('POST');
        expect(response.body.error).toMatch(new RegExp(`Method ${method} not allowed`));
      }
    }
  });

  it('refuses a wrong content type, malformed JSON, a non-object body and too deep nesting with 400, an oversized body with 413', async () => {
    const cases: Array<[RequestInit, RegExp]> = [
      [{ headers: { 'content-type': 'text/plain' }, body: '{}' }, /Content-Type must be application\/json/],
      [{ headers: {}, body: undefined }, /Content-Type must be application\/json/],
      [{ headers: { 'content-type': 'application/json' }, body: '{"apikey": ' }, /Malformed JSON/],
      [{ headers: { 'content-type': 'application/json' }, body: '[1,2]' }, /Malformed JSON|must be a JSON object/],
      [{ headers: { 'content-type': 'application/json' }, body: '"text"' }, /Malformed JSON|must be a JSON object/],
      [
        { headers: { 'content-type': 'application/json' }, body: `{"apikey":"demo-key-1","x":${'['.repeat(33)}${']'.repeat(33)}}` },
        /nesting deeper than 32/,
      ],
    ];
    for (const [init, message] of cases) {
      const response = await server.request('/booking_overview.php', { method: 'POST', ...init });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(message);
    }
    const oversized = await server.post('/booking_overview.php', { apikey: 'demo-key-1', location: 'x'.repeat(70_000) });
    expect(oversized.status).toBe(413);
    expect(oversized.body.error).toMatch(/too large/);
  });

  it('answers unknown paths with a JSON 404', async () => {
    const response = await server.post('/nope.php', {});
    expect(response.status).toBe(404);
    expect(response.body.error).toMatch(/No such endpoint/);
  });
});

describe('authentication (checked before any other rule)', () => {
  it('gives 401 without a key and 403 with an unknown key on every endpoint', async () => {
    for (const path of API_PATHS) {
      const missing = await server.post(path, {});
      expect(missing.status, path).toBe(401);
      expect(missing.body.error).toMatch(/Missing API key/);
      const emptyKey = await server.post(path, { apikey: '' });
      expect(emptyKey.status, path).toBe(401);
      const unknown = await server.post(path, { apikey: 'no-such-key' });
      expect(unknown.status, path).toBe(403);
      expect(unknown.body.error).toBe('Invalid API key');
      const wrongType = await server.post(path, { apikey: 12345 });
      expect(wrongType.status, path).toBe(403);
    }
  });

  it('checks the key before the body: an invalid body with no key is a 401, with a bad key a 403', async () => {
    expect((await server.post('/search.php', { radius: 'far' })).status).toBe(401);
    expect((await server.post('/search.php', { apikey: 'x', radius: 'far' })).status).toBe(403);
  });
});

describe('rate limits (spec 8)', () => {
  it('refuses the 6th search in a minute with 429, an integer Retry-After and a message naming the limit', async () => {
    for (let i = 0; i < 5; i++) expect((await server.post('/search.php', search)).status).toBe(200);
    server.clock.advance(20);
    const refused = await server.post('/search.php', search);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('40');
    expect(refused.body.error).toMatch(/^Rate limit exceeded: 5 requests per minute/);
    server.clock.advance(39);
    expect((await server.post('/search.php', search)).status).toBe(429);
    server.clock.advance(1);
    expect((await server.post('/search.php', search)).status).toBe(200);
  });

  it('counts per endpoint and leaves the other endpoints unlimited', async () => {
    for (let i = 0; i < 5; i++) await server.post('/search.php', search);
    expect((await server.post('/search.php', search)).status).toBe(429);
    for (let i = 0; i < 5; i++) expect((await server.post('/hotel.php', hotelLive)).status).toBe(200);
    expect((await server.post('/hotel.php', hotelLive)).status).toBe(429);
    for (let i = 0; i < 20; i++) {
      expect((await server.post('/booking_overview.php', { apikey: 'demo-key-1' })).status).toBe(200);
      expect((await server.post('/retrieve_booking.php', { apikey: 'demo-key-1', bookhash: 'A'.repeat(30) })).status).toBe(404);
    }
  });

  it('counts invalid authenticated requests, not unauthenticated ones, and refuses before validating', async () => {
    for (let i = 0; i < 10; i++) expect((await server.post('/search.php', { apikey: 'bad' })).status).toBe(403);
    for (let i = 0; i < 5; i++) expect((await server.post('/search.php', { apikey: 'demo-key-1' })).status).toBe(400);
    expect((await server.post('/search.php', { apikey: 'demo-key-1' })).status).toBe(429);
  });

  it('keys on the socket address: X-Forwarded-For does not dodge the limit by default', async () => {
    for (let i = 0; i < 5; i++) {
      await server.post('/search.php', search, { headers: { 'x-forwarded-for': `10.0.0.${i}` } });
    }
    const refused = await server.post('/search.php', search, { headers: { 'x-forwarded-for': '10.9.9.9' } });
    expect(refused.status).toBe(429);
  });

  it('enforces 200 per day with Retry-After until the oldest request of the day leaves', async () => {
    for (let minute = 0; minute < 40; minute++) {
      for (let i = 0; i < 5; i++) expect((await server.post('/search.php', search)).status).toBe(200);
      server.clock.advance(60);
    }
    const refused = await server.post('/search.php', search);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Rate limit exceeded: 200 requests per day/);
    expect(Number(refused.headers.get('retry-after'))).toBe(86_400 - 40 * 60);
    expect((await server.post('/hotel.php', hotelLive)).status).toBe(200);
  });
});

describe('configurable limits and trusted proxies', () => {
  it('takes limits from config and, when told to trust one proxy hop, keys on X-Forwarded-For', async () => {
    await server.close();
    server = await startTestServer({ config: { rateLimits: { perMinute: 1, perDay: 10 }, trustProxy: 1 } });
    expect((await server.post('/search.php', search, { headers: { 'x-forwarded-for': '203.0.113.1' } })).status).toBe(200);
    expect((await server.post('/search.php', search, { headers: { 'x-forwarded-for': '203.0.113.1' } })).status).toBe(429);
    expect((await server.post('/search.php', search, { headers: { 'x-forwarded-for': '203.0.113.2' } })).status).toBe(200);
    // One hop: only the address the proxy appended counts; what the client wrote before it does not.
    const forged = { 'x-forwarded-for': '198.51.100.7, 203.0.113.2' };
    expect((await server.post('/search.php', search, { headers: forged })).status).toBe(429);
  });
});
