/**
 * Key guessing is slowed down: after N failed authentications a minute from one client IP, its
 * further failed attempts are answered one a second, and 429 with Retry-After once they queue more
 * than 3 s ahead, on the API, the control API, the admin calls, /metrics and the console sign-in.
 * A right key or token is never slowed or refused, from any address; the admin token has a budget
 * of its own; other IPs are unaffected; the state is bounded.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../clock.js';
import { KEY_ANNA, KEY_BEN, TEST_START, startTestServer, type TestServer } from '../../testing/bookingServer.js';
import { CONSOLE, ConsoleClient } from '../../testing/consoleClient.js';
import { AuthThrottle, MAX_SLOW_DOWN_MS, SLOWED_INTERVAL_MS, defaultAuthFailuresPerMinute, type FailedAuthEvent } from './authThrottle.js';

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
  it('past N failures a minute, further ones are slowed, then refused with 429; right keys never are; a minute later it is over', async () => {
    const events: FailedAuthEvent[] = [];
    const { url, clock } = await start(events);
    const ip = '203.0.113.7';
    for (let i = 1; i <= LIMIT; i++) {
      const path = i % 2 === 0 ? '/_control/clock' : '/booking_overview.php';
      expect((await call(url, path, { apikey: `${WRONG}${i}` }, ip)).status, `failure ${i}`).toBe(403);
    }
    expect(events.map((event) => event.slowedMs)).toEqual(Array(LIMIT).fill(0));
    // Three more at once (real time stands still on the base clock): answered 403 one a second.
    const slowed = await Promise.all([1, 2, 3].map((i) => call(url, '/search.php', { apikey: `${WRONG}x${i}` }, ip)));
    expect(slowed.map((answer) => answer.status)).toEqual([403, 403, 403]);
    expect(events.slice(LIMIT).map((event) => event.slowedMs).sort()).toEqual([1000, 2000, 3000]);
    // A fourth would wait 4 s: refused at once.
    const refused = await call(url, '/search.php', { apikey: WRONG }, ip);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe('4');
    expect(refused.body.error).toBe(`Too many failed authentications from your address (${LIMIT} per minute; further ones are answered one a second). Retry after 4 seconds.`);
    expect((await call(url, '/_control/outbox', { apikey: WRONG }, ip)).status).toBe(429);
    // Right keys are served at once, from this address too, including one never used from it.
    expect((await call(url, '/booking_overview.php', { apikey: KEY_BEN }, ip)).status).toBe(200);
    expect((await call(url, '/_control/clock', { apikey: KEY_ANNA }, ip)).status).toBe(200);
    // Another address is not affected; a missing key is no guess (401).
    expect((await call(url, '/booking_overview.php', { apikey: WRONG }, '198.51.100.9')).status).toBe(403);
    expect((await call(url, '/booking_overview.php', {}, ip)).status).toBe(401);
    // The base clock decides, not an account's clock: the turns free as real time passes.
    await call(url, '/_control/clock', { apikey: KEY_ANNA, advance_seconds: 3600 }, ip);
    expect((await call(url, '/search.php', { apikey: WRONG }, ip)).status).toBe(429);
    clock.advance(60);
    expect((await call(url, '/search.php', { apikey: WRONG }, ip)).status).toBe(403);
    expect(events.filter((event) => event.blocked).map((event) => event.surface)).toEqual(['api', 'control', 'api']);
  });

  it('the admin token has a budget of its own: guessed API keys do not slow or refuse it, and wrong tokens are throttled like keys', async () => {
    const { url } = await start();
    const ip = '203.0.113.8';
    const admin = (token: string, path = '/_control/admin/reset') =>
      fetch(url + path, { method: path.endsWith('reset') ? 'POST' : 'GET', headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': ip } });
    for (let i = 0; i < LIMIT + 3; i++) await call(url, '/booking_overview.php', { apikey: WRONG }, ip);
    expect((await call(url, '/booking_overview.php', { apikey: WRONG }, ip)).status).toBe(429);
    expect((await admin('test-admin-token-0123456789')).status).toBe(200);
    for (let i = 0; i < LIMIT; i++) expect((await admin(`wrong-admin-token-${i}-xxxx`)).status).toBe(403);
    // Wrong tokens are 403 on /metrics too (401 is for none at all), and count against the same admin budget.
    expect((await admin('wrong-admin-token-on-metrics', '/metrics')).status).toBe(403);
    expect((await fetch(`${url}/metrics`, { headers: { 'x-forwarded-for': ip } })).status).toBe(401);
    const answers = await Promise.all([1, 2, 3].map((i) => admin(`wrong-admin-token-again-${i}`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([403, 403, 429]);
    // The right token still works at once.
    expect((await admin('test-admin-token-0123456789', '/metrics')).status).toBe(200);
  });
});

describe('console sign-in', () => {
  it('counts a wrong secret not shaped like a partner key on the admin token\'s budget, not the API keys\' (finding 9 of issue 35)', async () => {
    const { url } = await start();
    const ip = '203.0.113.9';
    const console = new ConsoleClient(url);
    for (let i = 0; i <= LIMIT; i++) expect((await console.post(`${CONSOLE}/login`, { apikey: `guessed-admin-token-${i}` }, { 'x-forwarded-for': ip })).status).toBe(403);
    const admin = (token: string) => fetch(`${url}/_control/admin/reset`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': ip } });
    const answers = await Promise.all([1, 2, 3].map((i) => admin(`wrong-admin-token-again-${i}`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([403, 403, 429]);
    // The API keys' budget of that address is untouched: a wrong key is answered at once.
    expect((await call(url, '/search.php', { apikey: WRONG }, ip)).status).toBe(403);
  });


  it('wrong keys past N a minute are slowed, then refused with 429 and why; a right key signs in all along', async () => {
    const { url } = await start();
    const client = new ConsoleClient(url);
    for (let i = 0; i < LIMIT + 3; i++) expect((await client.post(`${CONSOLE}/login`, { apikey: `${WRONG}${i}` })).status).toBe(403);
    const refused = await client.post(`${CONSOLE}/login`, { apikey: WRONG });
    expect(refused.status).toBe(429);
    expect(refused.text).toMatch(/Too many failed sign-ins from your address \(5 per minute\)\. Try again in \d seconds\./);
    expect(refused.headers.get('set-cookie')).toBeNull();
    const signedIn = await client.post(`${CONSOLE}/login`, { apikey: KEY_ANNA });
    expect(signedIn.status).toBe(303);
  });
});

describe('AuthThrottle', () => {
  it('keeps its state bounded: at most maxAddresses budgets, the newest kept', () => {
    const clock = new FakeClock(TEST_START);
    const throttle = new AuthThrottle({ clock, limitPerMinute: 1, maxAddresses: 100 });
    for (let i = 0; i < 1000; i++) throttle.judge(`10.0.${i >> 8}.${i & 255}`, 'api', undefined);
    expect(throttle.size()).toBe(100);
    expect(throttle.judge('10.0.3.231', 'api', undefined)).toEqual({ kind: 'failed', delayMs: SLOWED_INTERVAL_MS });
    expect(throttle.failedTotal).toBe(1001);
  });

  it('an address failing for ever: one answer a second, refused once its turn lies over 3 s ahead, free again as time passes', () => {
    const clock = new FakeClock(TEST_START);
    const throttle = new AuthThrottle({ clock, limitPerMinute: 3 });
    for (let i = 0; i < 3; i++) expect(throttle.judge('ip', 'api', undefined)).toEqual({ kind: 'failed', delayMs: 0 });
    expect(throttle.judge('ip', 'api', undefined)).toEqual({ kind: 'failed', delayMs: 1000 });
    expect(throttle.judge('ip', 'api', undefined)).toEqual({ kind: 'failed', delayMs: 2000 });
    expect(throttle.judge('ip', 'api', undefined)).toEqual({ kind: 'failed', delayMs: MAX_SLOW_DOWN_MS });
    for (let i = 0; i < 100; i++) expect(throttle.judge('ip', 'api', undefined)).toEqual({ kind: 'refused', retryAfterSeconds: 4 });
    expect(throttle.judge('ip', 'api', 7)).toEqual({ kind: 'ok' });
    clock.advance(2);
    expect(throttle.judge('ip', 'api', undefined)).toEqual({ kind: 'failed', delayMs: 2000 });
    clock.advance(60);
    expect(throttle.judge('ip', 'api', undefined)).toEqual({ kind: 'failed', delayMs: 0 });
  });

  it('the default limit stays above what one conformance run sends (6 unknown keys plus a minute window of them)', () => {
    for (const perMinute of [1, 5, 10, 100]) expect(defaultAuthFailuresPerMinute(perMinute)).toBeGreaterThan(6 + perMinute);
  });
});
