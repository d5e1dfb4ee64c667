/**
 * The demo accounts: on by default (the home page lists their public keys, the console says where
 * to find them, startSandbox() hands them out), off with one setting for a hosted sandbox, and then
 * no public page names any key and the demo keys no longer work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox.js';
import { startTestServer, type TestServer } from '../../testing/testServer.js';

const PUBLIC_PAGES = ['/', '/_control/ui', '/_control/ui/admin', '/docs', '/healthz'];

describe('with the demo accounts (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('lists only the demo accounts\' keys on the home page, never an issued one', async () => {
    const created = await server.request('/_control/admin/accounts', {
      method: 'POST',
      headers: { authorization: 'Bearer test-admin-token', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Hidden Team', contact: 'a@hidden.example', first_name: 'H', last_name: 'T', email: 'h@hidden.example', phone: '+31 20 555 0100' }),
    });
    const home = (await server.request('/')).body as string;
    expect(home).toContain('<code>demo-key-1</code>');
    expect(home).not.toContain(created.body.key as string);
    expect(home).not.toContain('Hidden Team');
    expect((await server.request('/_control/ui')).body).toContain('The demo keys are listed on the');
  });
});

describe('with the demo accounts off (DEMO_ACCOUNTS=off)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { demoAccounts: false } });
  });
  afterAll(() => server.close());

  it('names no key on any public page, and the demo keys are unknown', async () => {
    for (const path of PUBLIC_PAGES) {
      const page = await server.request(path);
      expect(String(page.body), path).not.toMatch(/demo-key-\d|hbs_test_/);
    }
    expect((await server.request('/')).body).toContain('ask the operator of this sandbox for yours');
    expect((await server.post('/booking_overview.php', { apikey: 'demo-key-1' })).status).toBe(403);
    expect((await server.request('/_control/admin/accounts', { headers: { authorization: 'Bearer test-admin-token' } })).body.total).toBe(0);
  });

  it('startSandbox({ demoAccounts: false }) hands out no account', async () => {
    const sandbox = await startSandbox({ demoAccounts: false });
    try {
      expect(sandbox.accounts).toEqual([]);
      const overview = await fetch(`${sandbox.url}/booking_overview.php`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"apikey":"demo-key-1"}' });
      expect(overview.status).toBe(403);
    } finally {
      await sandbox.stop();
    }
  });
});
