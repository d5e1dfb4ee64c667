/**
 * One pipeline for every spelling: routing is strict and case-sensitive, so a path is served only
 * as written in the contract; every other spelling (case, slashes, ;params, percent-encoding) gets
 * a JSON 404 and never reaches a handler. Also: Cache-Control: no-store on every API answer.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/testServer.js';
import { API_PATHS, pathSpellings } from '../../testing/fuzz/corpus.js';
import { sendRaw } from '../../testing/fuzz/runner.js';

const INVALID_BODIES = [
  // Each reached a handler unchecked on some spelling before routing was strict.
  { apikey: 'demo-key-1', checkin: 20261215, checkout: '2026-12-18', location: 'Amsterdam' },
  { apikey: 'demo-key-1', checkin: '2026-12-15', checkout: '2026-12-18', latitude: 'x', longitude: 4.9 },
  { apikey: 'demo-key-1', id: 'one', bookhash: 42, service_hash: ['x'] },
];
const DEEP = `{"apikey":"demo-key-1","checkin":"2026-12-15","checkout":"2026-12-18","latitude":52,"longitude":${'['.repeat(300)}4${']'.repeat(300)}}`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { rateLimits: { perMinute: 1_000_000, perDay: 1_000_000 } } });
});
afterAll(async () => {
  await server.close();
});

/** POST with node:http, which sends the path exactly as written (fetch would normalise /./ away). */
// A raw reply's JSON, whose shape each test asserts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response JSON off the wire; the tests assert its shape themselves
type Json = any;
const raw = (path: string, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  new Promise<{ status: number; body: Json; headers: Headers }>((resolve, reject) => {
    const url = new URL(server.baseUrl);
    const outgoing = request({ host: url.hostname, port: url.port, method: 'POST', path, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text), headers: new Headers(response.headers as Record<string, string>) }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });

describe('every spelling of every endpoint', () => {
  it('answers invalid bodies with 4xx on every spelling: 400 on the canonical path, JSON 404 on the others', async () => {
    for (const path of API_PATHS) {
      for (const spelling of [path, ...pathSpellings(path)]) {
        for (const body of [...INVALID_BODIES.map((item) => JSON.stringify(item)), DEEP]) {
          const response = await raw(spelling, body);
          const where = `${spelling} ${body.slice(0, 60)}`;
          if (spelling === path) {
            expect(response.status, where).toBe(400);
          } else {
            expect(response.status, where).toBe(404);
            expect(response.body.error, where).toMatch(/^No such endpoint: POST /);
          }
        }
      }
    }
  }, 60_000);

  it('validates absolute-form targets (POST http://host/search.php) like the origin form', async () => {
    const port = Number(new URL(server.baseUrl).port);
    const send = (target: string, body: string) =>
      sendRaw(port, {
        name: target,
        expect: [],
        bytes: `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      });
    for (const path of API_PATHS) {
      const answer = await send(`http://evil.example${path}`, JSON.stringify(INVALID_BODIES[0]));
      expect(answer.status, path).toBe(400);
      expect(JSON.parse(answer.body).error, path).toMatch(/^request\/body/);
      expect((await send(`http://evil.example${path.toUpperCase()}`, '{}')).status).toBe(404);
      expect((await send(`http://evil.example/${path}`, '{}')).status).toBe(404);
    }
    expect((await send('*', '{}')).status).toBe(404);
  });

  it('refuses the deep body on the canonical path before validation', async () => {
    const response = await raw('/search.php', DEEP);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/nesting deeper than 32 levels/);
  });

  it('has one spelling for /_control, /book and /images too', async () => {
    const clock = JSON.stringify({ apikey: 'demo-key-1', advance_seconds: 1 });
    for (const spelling of ['/_CONTROL/clock', '/_control/CLOCK', '/_control/clock/', '//_control/clock', '/_control//clock', '/_control/clock;x', '/_control/%63lock']) {
      const response = await raw(spelling, clock);
      expect(response.status, spelling).toBe(404);
    }
    expect((await server.post('/_control/clock', { apikey: 'demo-key-1' })).body.now).toBe('2026-11-21T10:00:00.000Z');
    for (const spelling of ['/BOOK/finalize?bookhash=x', '/book/FINALIZE?bookhash=x', '/book/finalize/?bookhash=x', '/book//finalize?bookhash=x']) {
      expect((await server.request(spelling)).status, spelling).toBe(404);
    }
    expect((await server.request('/book/finalize?bookhash=x')).status).toBe(400);
    expect((await server.request('/images/hotels/1/1.jpg')).status).toBe(200);
    for (const spelling of ['/IMAGES/hotels/1/1.jpg', '/images/HOTELS/1/1.jpg', '/images/hotels/1/1.jpg/']) {
      expect((await server.request(spelling)).status, spelling).toBe(404);
    }
  });
});

describe('Cache-Control: no-store', () => {
  it('is on every API answer, errors included, and on the finalization page', async () => {
    const answers = [
      await server.post('/search.php', { apikey: 'demo-key-1', checkin: '2026-12-15', checkout: '2026-12-18', location: 'Amsterdam' }),
      await server.post('/hotel.php', { apikey: 'demo-key-1', id: 1, checkin: '2026-12-15', checkout: '2026-12-18' }),
      await server.post('/booking_overview.php', { apikey: 'demo-key-1' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    for (const path of API_PATHS) {
      answers.push(await server.post(path, {}), await server.post(path, { apikey: 'demo-key-1', nope: 1 }));
      answers.push(await server.request(path), await raw(path, '{'), await raw(path, '{}', { 'content-type': 'text/plain' }));
    }
    answers.push(await server.post('/nope.php', {}), await server.request('/book/finalize?bookhash=x'));
    for (const answer of answers) expect(answer.headers.get('cache-control'), JSON.stringify(answer.body).slice(0, 80)).toBe('no-store');
    // Hotel images carry no guest data and stay cacheable.
    expect((await server.request('/images/hotels/1/1.jpg')).headers.get('cache-control')).toBe('public, max-age=2592000');
  });
});
