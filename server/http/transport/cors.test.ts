/** CORS_ORIGINS: parsing, and CORS on the six API paths only (the browser side is in console.browser.test.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_ANNA, testWorld } from '../../testing/bookingServer.js';
import { startTestServer, type TestServer } from '../../testing/testServer.js';
import { parseCorsOrigins } from './cors.js';
import { API_PATHS } from './apiPipeline.js';

const LISTED = 'http://localhost:5173';
const OTHER = 'https://evil.example';

const preflight = (origin: string, requestHeaders = 'content-type') => ({
  method: 'OPTIONS',
  headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': requestHeaders },
});

describe('parseCorsOrigins', () => {
  it('reads a comma-separated list of exact origins', () => {
    expect(parseCorsOrigins(' http://localhost:5173 , https://app.example.com ')).toEqual([
      'http://localhost:5173',
      'https://app.example.com',
    ]);
    expect(parseCorsOrigins('')).toEqual([]);
    expect(parseCorsOrigins('*')).toEqual(['*']);
  });

  it('refuses what is not an origin, and * mixed with others', () => {
    expect(() => parseCorsOrigins('http://localhost:5173/')).toThrow("'http://localhost:5173/' is not an origin");
    expect(() => parseCorsOrigins('https://app.example.com/path')).toThrow('is not an origin');
    expect(() => parseCorsOrigins('localhost:5173')).toThrow('is not an origin');
    expect(() => parseCorsOrigins('ftp://files.example')).toThrow('is not an origin');
    expect(() => parseCorsOrigins('HTTP://LOCALHOST:5173')).toThrow('is not an origin');
    expect(() => parseCorsOrigins('*, http://localhost:5173')).toThrow('cannot be combined');
  });
});

describe('CORS with listed origins', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      world: testWorld(),
      config: { corsOrigins: [LISTED], rateLimits: { perMinute: 1, perDay: 200 } },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers a preflight from a listed origin on every API path', async () => {
    for (const path of API_PATHS) {
      const response = await server.request(path, preflight(LISTED, 'content-type,idempotency-key,test'));
      expect(response.status, path).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe(LISTED);
      expect(response.headers.get('vary')).toContain('Origin');
      expect(response.headers.get('access-control-allow-methods')).toBe('POST');
      expect(response.headers.get('access-control-allow-headers')!.toLowerCase().split(',')).toEqual(
        expect.arrayContaining(['content-type', 'idempotency-key', 'test']),
      );
      expect(response.headers.get('access-control-max-age')).toBe('600');
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it('puts the origin on every answer to a listed origin, errors and 429 included, exposing Retry-After', async () => {
    const stay = { checkin: '2026-12-15', checkout: '2026-12-18', location: 'Amsterdam' };
    const first = await server.post('/search.php', { apikey: KEY_ANNA, ...stay }, { headers: { origin: LISTED } });
    expect(first.status).toBe(200);
    expect(first.headers.get('access-control-allow-origin')).toBe(LISTED);
    const limited = await server.post('/search.php', { apikey: KEY_ANNA, ...stay }, { headers: { origin: LISTED } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(limited.headers.get('access-control-expose-headers')).toBe('Retry-After,X-Request-Id,RateLimit,RateLimit-Policy');
    const unauthenticated = await server.post('/hotel.php', {}, { headers: { origin: LISTED } });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('access-control-allow-origin')).toBe(LISTED);
  });

  it('refuses a preflight from an unlisted origin with 403 JSON and no CORS headers', async () => {
    const response = await server.request('/booking.php', preflight(OTHER));
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: `Origin ${OTHER} is not allowed; list it in CORS_ORIGINS` });
    expect([...response.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  it('serves a plain request from an unlisted origin without CORS headers (the browser hides it)', async () => {
    const response = await server.post('/booking_overview.php', { apikey: KEY_ANNA }, { headers: { origin: OTHER } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('leaves OPTIONS without Origin (not a browser preflight) to the API: 405', async () => {
    const response = await server.request('/search.php', { method: 'OPTIONS' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('never adds CORS to the control API or the pages', async () => {
    const controlPreflight = await server.request('/_control/clock', preflight(LISTED));
    expect(controlPreflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(controlPreflight.status).not.toBe(204);
    for (const path of ['/_control/clock', '/', '/docs', '/openapi.json', '/healthz', '/book/finalize?bookhash=x']) {
      const response = await server.request(path, { headers: { origin: LISTED } });
      expect(response.headers.get('access-control-allow-origin'), path).toBeNull();
    }
  });
});

describe('CORS off (the default)', () => {
  it('adds no CORS headers and a preflight gets 405', async () => {
    const server = await startTestServer({ world: testWorld() });
    try {
      const response = await server.request('/search.php', preflight(LISTED));
      expect(response.status).toBe(405);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      const post = await server.post('/booking_overview.php', { apikey: KEY_ANNA }, { headers: { origin: LISTED } });
      expect(post.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await server.close();
    }
  });
});

describe('CORS_ORIGINS=*', () => {
  it('allows any origin, explicitly', async () => {
    const server = await startTestServer({ world: testWorld(), config: { corsOrigins: ['*'] } });
    try {
      const response = await server.request('/search.php', preflight(OTHER));
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const post = await server.post('/booking_overview.php', { apikey: KEY_ANNA }, { headers: { origin: OTHER } });
      expect(post.headers.get('access-control-allow-origin')).toBe('*');
    } finally {
      await server.close();
    }
  });
});
