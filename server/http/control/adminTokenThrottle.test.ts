/**
 * Finding 2 of the security review, checked where it must hold: /metrics sits behind the admin
 * token's throttle. While an address's wrong admin tokens are refused on the admin routes, /metrics
 * answers that address 429 too (not 401 or 403), and the other way round; the right token is never
 * slowed or refused; another address is unaffected.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../../testing/testServer.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const WRONG = 'Bearer not-the-admin-token-at-all';

async function withFailures(limit: number): Promise<TestServer> {
  server = await startTestServer({ config: { authFailuresPerMinute: limit, trustProxy: 'loopback' } });
  return server;
}

const from = (address: string, authorization?: string) => ({ headers: { 'x-forwarded-for': address, ...(authorization ? { authorization } : {}) } });

describe('/metrics and the admin routes share the admin token\'s budget', () => {
  it('once wrong tokens on the admin routes are refused, /metrics answers that address 429 with Retry-After, not 401 or 403', async () => {
    const s = await withFailures(2);
    // At once: past the budget each waits its turn (one a second), and those more than 3 s ahead are refused now.
    const statuses = await Promise.all(Array.from({ length: 8 }, async () => (await s.request('/_control/admin/accounts', from('10.7.0.1', WRONG))).status));
    expect(statuses).toContain(429);
    const metrics = await s.request('/metrics', from('10.7.0.1', WRONG));
    expect(metrics.status).toBe(429);
    expect(Number(metrics.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await s.request('/metrics', from('10.7.0.1', `Bearer ${TEST_ADMIN_TOKEN}`))).status).toBe(200);
    expect((await s.request('/metrics', from('10.7.0.2', WRONG))).status).toBe(403);
  });

  it('wrong tokens on /metrics are throttled too, and count for the admin routes', async () => {
    const s = await withFailures(2);
    const statuses = await Promise.all(Array.from({ length: 8 }, async () => (await s.request('/metrics', from('10.7.0.3', WRONG))).status));
    expect(statuses.filter((status) => status === 403).length).toBeGreaterThanOrEqual(2);
    expect(statuses).toContain(429);
    expect((await s.request('/_control/admin/accounts', from('10.7.0.3', WRONG))).status).toBe(429);
    expect((await s.request('/_control/admin/accounts', from('10.7.0.3', `Bearer ${TEST_ADMIN_TOKEN}`))).status).toBe(200);
  });
});
