/**
 * Every control route is on the strict router (finding 6 of issue 35: `/_control/JOURNAL`, a
 * trailing slash and `/_control/Certification` answered 200 and skipped the contract's bounds). The
 * grid of spellings the API's paths are tried with (testing/fuzz/corpus.ts), on every partner route
 * and the admin's: only the canonical spelling is served; every other one is refused (404 or 405),
 * never a 2xx, never a 5xx, and the body bounds hold on the canonical one.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathSpellings } from '../../testing/fuzz/corpus.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../../testing/testServer.js';

const PARTNER_ROUTES = ['/_control/journal', '/_control/certification', '/_control/clock', '/_control/outbox', '/_control/pay', '/_control/keys', '/_control/keys/roll', '/_control/keys/expire', '/_control/keys/revoke'];
const ADMIN_ROUTES = ['/_control/admin/accounts', '/_control/admin/reset'];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** node:http sends the path exactly as written (fetch would normalise some spellings away). */
const raw = (path: string, body: string, headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    const url = new URL(server.baseUrl);
    const outgoing = request({ host: url.hostname, port: url.port, method: 'POST', path, headers: { 'content-type': 'application/json', ...headers } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });

describe('every spelling of every control route', () => {
  it('serves only the canonical spelling of the partner\'s routes', async () => {
    // A body that would be answered (200/201/409/400 on the canonical path), never on another spelling.
    const body = JSON.stringify({ apikey: 'demo-key-1', limit: 1 });
    for (const path of PARTNER_ROUTES) {
      for (const spelling of pathSpellings(path).filter((other) => other !== path)) {
        const status = await raw(spelling, body, {});
        expect([404, 405], `${spelling} answered ${status}`).toContain(status);
      }
    }
  });

  it('serves only the canonical spelling of the admin\'s routes', async () => {
    for (const path of ADMIN_ROUTES) {
      for (const spelling of pathSpellings(path).filter((other) => other !== path)) {
        const status = await raw(spelling, '{}', { authorization: `Bearer ${TEST_ADMIN_TOKEN}` });
        expect([404, 405], `${spelling} answered ${status}`).toContain(status);
      }
    }
  });

  it('holds the contract\'s bounds on the journal (a limit past its maximum, 2^53-1 as in 1.0.0, is 400)', async () => {
    expect(await raw('/_control/journal', JSON.stringify({ apikey: 'demo-key-1', limit: 2 ** 53 }), {})).toBe(400);
    expect(await raw('/_control/journal', JSON.stringify({ apikey: 'demo-key-1', limit: 1 }), {})).toBe(200);
  });
});
