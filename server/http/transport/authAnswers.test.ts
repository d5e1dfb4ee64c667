/**
 * One rule on every surface that asks for a credential: 401 when none is given, 403 when the one
 * given is wrong. The API and the control API (an apikey in the body), the admin calls and /metrics
 * (the admin token), the console's sign-in (a key in a form).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../apiPaths.js';
import { startTestServer, type TestServer } from '../../testing/bookingServer.js';

const TOKEN = 'auth-answers-admin-token';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { adminToken: TOKEN } });
});
afterAll(() => server.close());

async function send(path: string, init: { method?: string; body?: string; headers?: Record<string, string> }): Promise<number> {
  const response = await fetch(server.url + path, { method: init.method ?? 'POST', headers: init.headers, body: init.body });
  await response.arrayBuffer();
  return response.status;
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });

describe('401 without a credential, 403 with a wrong one', () => {
  it.each(API_PATHS.map((path) => [path]))('the API: %s', async (path) => {
    expect(await send(path, json({}))).toBe(401);
    expect(await send(path, json({ apikey: '' }))).toBe(401);
    expect(await send(path, json({ apikey: 'not-a-key' }))).toBe(403);
  });

  it.each(['/clock', '/reset', '/pay', '/outbox', '/journal', '/certification'].map((path) => [path]))('the control API: %s', async (path) => {
    expect(await send(`/_control${path}`, json({}))).toBe(401);
    expect(await send(`/_control${path}`, json({ apikey: 'not-a-key' }))).toBe(403);
  });

  it.each([
    ['POST', '/_control/admin/reset'],
    ['POST', '/_control/admin/journal'],
    ['GET', '/_control/admin/backup'],
    ['GET', '/metrics'],
  ])('the admin token: %s %s', async (method, path) => {
    const body = method === 'POST' ? json({ account_id: 1 }) : { headers: {} };
    expect(await send(path, { method, ...body })).toBe(401);
    expect(await send(path, { method, ...body, headers: { ...body.headers, authorization: 'Bearer' } })).toBe(401);
    expect(await send(path, { method, ...body, headers: { ...body.headers, authorization: 'Bearer not-the-token' } })).toBe(403);
    expect(await send(path, { method, ...body, headers: { ...body.headers, authorization: `Bearer ${TOKEN}` } })).toBe(200);
  });

  it("the console's sign-in", async () => {
    const form = (apikey: string) => ({
      body: `apikey=${encodeURIComponent(apikey)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
    });
    expect(await send('/_control/ui/login', form(''))).toBe(401);
    expect(await send('/_control/ui/login', form('not-a-key'))).toBe(403);
  });
});
