/**
 * A quota increase is the raised account's own (issue 27): the kit's limit checks (5 a minute and
 * 200 a day per client IP and endpoint, Retry-After, the windows freeing) pass on demo-key-1 and
 * demo-key-2 against a sandbox where another account, on the same IP, has a raised quota and uses
 * it during the run, and another has its limits lifted. The raised account keeps its own limit.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { main } from './cli.js';
import { startReferenceServer, type RunningServer } from './testing/support/referenceServer.js';

const ADMIN_TOKEN = 'raised-quota-admin-token';
const ADMIN = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
const TEAM = { contact: 'ops@raised.example', first_name: 'Rai', last_name: 'Sed', email: 'rai@raised.example', phone: '+31 20 555 0177' };
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function teamWithQuota(name: string, quota: Record<string, unknown>): Promise<string> {
  const created = await fetch(`${server!.url}/_control/admin/accounts`, { method: 'POST', headers: ADMIN, body: JSON.stringify({ ...TEAM, name }) });
  const { key, account } = (await created.json()) as { key: string; account: { id: number } };
  const granted = await fetch(`${server!.url}/_control/admin/accounts/${account.id}/quota`, { method: 'PUT', headers: ADMIN, body: JSON.stringify(quota) });
  expect(granted.status).toBe(200);
  return key;
}

const search = async (apikey: string) =>
  (await fetch(`${server!.url}/search.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apikey, location: 'Amsterdam', checkin: isoDay(30), checkout: isoDay(33) }),
  })).status;

describe('the kit\'s limit checks beside an account with a quota increase', () => {
  it('pass on the demo keys while a raised account on the same IP searches past 5 a minute, and it keeps its own limit', { timeout: 180_000 }, async () => {
    server = await startReferenceServer({ config: { rateLimits: { perMinute: 5, perDay: 200 }, adminToken: ADMIN_TOKEN } });
    const raised = await teamWithQuota('Raised Team', { per_minute: 12, per_day: 1000, note: 'bulk availability checks' });
    const lifted = await teamWithQuota('Lifted Team', { lifted: true, days: 7 });
    // The raised account spends 9 of its 12 before and while the kit runs.
    const before = await Promise.all(Array.from({ length: 6 }, () => search(raised)));
    expect(before).toEqual(Array(6).fill(200));
    const out: string[] = [];
    const running = main(
      ['--base-url', server.url, '--apikey', 'demo-key-1', '--apikey2', 'demo-key-2', '--control', server.url, '--profile', 'reference', '--only', 'limits'],
      { out: (line) => out.push(line), err: (line) => out.push(line) },
    );
    const during = await Promise.all(Array.from({ length: 3 }, () => search(raised)));
    const code = await running;
    expect(code, out.join('\n').slice(-3000)).toBe(0);
    expect(out.join('\n')).toMatch(/(\d{2,}) checks: \1 passed, 0 failed, 0 skipped/);
    expect(during).toEqual([200, 200, 200]);
    const after = [];
    for (let i = 0; i < 4; i++) after.push(await search(raised));
    expect(after.filter((status) => status === 429).length).toBeGreaterThanOrEqual(1); // 12 a minute, not unlimited
    const liftedStatuses = await Promise.all(Array.from({ length: 15 }, () => search(lifted)));
    expect(liftedStatuses).toEqual(Array(15).fill(200));
  });
});
