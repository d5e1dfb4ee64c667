/**
 * Key guessing is slowed down: after N failed authentications a minute from one client IP, its
 * further attempts get 429 with Retry-After on the API, the control API, the admin calls and the
 * console sign-in; other IPs and keys already used from that IP are served; the state is bounded.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../clock.js';
import { KEY_ANNA, KEY_BEN, TEST_START, startTestServer, type TestServer } from '../../domain/bookings/testSupport.js';
import { CONSOLE, ConsoleClient } from '../../testing/consoleClient.js';
import { AuthThrottle, defaultAuthFailuresPerMinute, type FailedAuthEvent } from './authThrottle.js';

const LIMIT = 5;
const WRONG = 'not-a-key-0000';
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server trusting loopback proxies, so that X-Forwarded-For names the client IP. */
async function start(events: FailedAuthEvent[] = []) {
  const clock = new FakeClock(TEST_START);
  server = await startTestServer({ clock, config: { authFailuresPerMinute: LIMIT, trustProxy: 'loopback', adminToken: 'test-admin-token-0123456789' }, onFailedAuth: (event) => events.push(event) });
  return server;
}

const call = (url: string, path: string, body: unknown, ip: string) =>
  fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify(body) }).then(
    async (response) => ({ status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as { error?: string } }),
  );

describe('failed authentications per client IP (API and control API)', () => {
  it('answers 429 with Retry-After after N failures a minute; other IPs and known keys are served; a minute later it is over', async () => {
    const events: FailedAuthEvent[] = [];
    const { url, clock } = await start(events);
    const ip = '203.0.113.7';
    expect((await call(url, '/booking_overview.php', { apikey: KEY_ANNA }, ip)).status).toBe(200); // Anna's key known from this IP
    for (let i = 1; i <= LIMIT; i++) {
      const path = i % 2 === 0 ? '/_control/clock' : '/booking_overview.php';
      expect((await call(url, path, { apikey: `${WRONG}${i}` }, ip)).status, `failure ${i}`).toBe(403);
    }
    const blocked = await call(url, '/search.php', { apikey: WRONG }, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.retryAfter).toBe('60');
    expect(blocked.body.error).toBe(`Too many failed authentications from your address (${LIMIT} per minute). Retry after 60 seconds.`);
    expect((await call(url, '/_control/outbox', { apikey: WRONG }, ip)).status).toBe(429);
    // During the block, a key never used from this IP is not judged either (no oracle for guesses)...
    expect((await call(url, '/booking_overview.php', { apikey: KEY_BEN }, ip)).status).toBe(429);
    // ...but the key that worked from here before is served, and so is any key from another IP.
    expect((await call(url, '/booking_overview.php', { apikey: KEY_ANNA }, ip)).status).toBe(200);
    expect((await call(url, '/_control/clock', { apikey: KEY_ANNA }, ip)).status).toBe(200);
    expect((await call(url, '/booking_overview.php', { apikey: KEY_BEN }, '198.51.100.9')).status).toBe(200);
    expect((await call(url, '/booking_overview.php', { apikey: WRONG }, '198.51.100.9')).status).toBe(403);
    // A missing key is not a guess: still 401.
    expect((await call(url, '/booking_overview.php', {}, '198.51.100.9')).status).toBe(401);
    // The base clock decides, not an account's clock.
    await call(url, '/_control/clock', { apikey: KEY_ANNA, advance_seconds: 3600 }, ip);
    expect((await call(url, '/search.php', { apikey: WRONG }, ip)).status).toBe(429);
    clock.advance(30);
    expect((await call(url, '/search.php', { apikey: WRONG }, ip)).retryAfter).toBe('30');
    clock.advance(30);
    expect((await call(url, '/search.php', { apikey: WRONG }, ip)).status).toBe(403);
    expect(events.filter((event) => !event.blocked)).toHaveLength(LIMIT + 2);
    expect(events.filter((event) => event.blocked).map((event) => event.surface)).toEqual(['api', 'control', 'api', 'api', 'api']);
  });

  it('counts wrong admin tokens too, and the admin reset forgets every block', async () => {
    const { url } = await start();
    const admin = (token: string) =>
      fetch(`${url}/_control/admin/reset`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.8' } });
    for (let i = 0; i < LIMIT; i++) expect((await admin(`wrong-admin-token-${i}-xxxx`)).status).toBe(403);
    const blocked = await admin('wrong-admin-token-again');
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('60');
    expect((await call(url, '/booking_overview.php', { apikey: WRONG }, '203.0.113.8')).status).toBe(429);
  });
});

describe('console sign-in', () => {
  it('a wrong key N times a minute: the sign-in answers 429 with Retry-After and says why', async () => {
    const { url } = await start();
    const client = new ConsoleClient(url);
    for (let i = 0; i < LIMIT; i++) expect((await client.post(`${CONSOLE}/login`, { apikey: `${WRONG}${i}` })).status).toBe(403);
    const blocked = await client.post(`${CONSOLE}/login`, { apikey: KEY_ANNA });
    expect(blocked.status).toBe(429);
    expect(blocked.text).toContain('Too many failed sign-ins from your address (5 per minute). Try again in 60 seconds.');
    expect(blocked.headers.get('set-cookie')).toBeNull();
  });
});

describe('AuthThrottle', () => {
  it('keeps its state bounded: at most maxAddresses IPs and maxTrusted pairs', () => {
    const clock = new FakeClock(TEST_START);
    const throttle = new AuthThrottle({ clock, limitPerMinute: 3, maxAddresses: 100, maxTrusted: 50 });
    for (let i = 0; i < 1000; i++) {
      throttle.judge(`10.0.${i >> 8}.${i & 255}`, 'api', undefined);
      throttle.judge(`10.1.${i >> 8}.${i & 255}`, 'api', 1);
    }
    expect(throttle.size()).toEqual({ addresses: 100, trusted: 50 });
    // The newest are kept: the last IP is still counted.
    throttle.judge('10.0.3.231', 'api', undefined);
    throttle.judge('10.0.3.231', 'api', undefined);
    expect(throttle.retryAfterSeconds('10.0.3.231')).toBe(60);
    expect(throttle.failedTotal).toBe(1002);
  });

  it('an IP failing forever keeps at most N timestamps; blocked attempts do not extend the block', () => {
    const clock = new FakeClock(TEST_START);
    const throttle = new AuthThrottle({ clock, limitPerMinute: 3 });
    for (let i = 0; i < 3; i++) expect(throttle.judge('ip', 'api', undefined).kind).toBe('failed');
    clock.advance(50);
    for (let i = 0; i < 100; i++) expect(throttle.judge('ip', 'api', undefined)).toEqual({ kind: 'blocked', retryAfterSeconds: 10 });
    clock.advance(10);
    expect(throttle.judge('ip', 'api', undefined).kind).toBe('failed');
    expect(throttle.judge('ip', 'api', 7).kind).toBe('ok');
  });

  it('a trusted key is trusted for a day only', () => {
    const clock = new FakeClock(TEST_START);
    const throttle = new AuthThrottle({ clock, limitPerMinute: 1 });
    throttle.judge('ip', 'api', 7);
    throttle.judge('ip', 'api', undefined);
    expect(throttle.judge('ip', 'api', 7).kind).toBe('ok');
    clock.advance(86_400);
    throttle.judge('ip', 'api', undefined);
    expect(throttle.judge('ip', 'api', 7).kind).toBe('blocked');
  });

  it('the default limit stays above what one conformance run sends (6 unknown keys plus a minute window of them)', () => {
    for (const perMinute of [1, 5, 10, 100]) expect(defaultAuthFailuresPerMinute(perMinute)).toBeGreaterThan(6 + perMinute);
  });
});
