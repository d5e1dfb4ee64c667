/**
 * Accounts and keys in the console: the admin's pages (signed in with the admin token, under the
 * console's rules: session, CSRF token, same origin), the partner's keys by id and rolling them,
 * sessions that end with their key or account, and successful sign-ins throttled per address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE, ConsoleClient } from '../../testing/consoleClient.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../../testing/testServer.js';
import { SIGN_INS_PER_MINUTE } from './controlUiContext.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const TEAM = { name: 'Console Tours', contact: 'ops@console.example', first_name: 'Cleo', last_name: 'Sole', email: 'cleo@console.example', phone: '+31 20 555 0142' };

async function adminClient(): Promise<ConsoleClient> {
  const client = new ConsoleClient(server.baseUrl);
  const answer = await client.post(`${CONSOLE}/login`, { apikey: TEST_ADMIN_TOKEN });
  expect([answer.status, answer.headers.get('location')]).toEqual([303, `${CONSOLE}/admin?signed-in`]);
  expect((await client.get(`${CONSOLE}/admin`)).status).toBe(200);
  return client;
}

/** Creates an account through the admin's form; its id and key from the page shown once. */
async function createThroughForm(admin: ConsoleClient, name: string): Promise<{ id: number; key: string; path: string }> {
  const created = await admin.submit(`${CONSOLE}/admin/accounts`, { ...TEAM, name });
  expect(created.status).toBe(303);
  const path = created.headers.get('location') as string;
  const page = await admin.get(path);
  const key = /<code id="new-key" class="token">([^<]+)<\/code>/.exec(page.text)?.[1] as string;
  expect(key).toMatch(/^hbs_test_/);
  expect((await admin.get(path)).text).not.toContain(key); // shown once
  return { id: Number(/\/accounts\/(\d+)$/.exec(path)?.[1]), key, path };
}

const partner = async (key: string) => {
  const client = new ConsoleClient(server.baseUrl);
  await client.signIn(key);
  return client;
};

describe('the admin\'s pages', () => {
  it('lists the accounts, creates one with a key shown once, and never shows a key or a digest again', async () => {
    const admin = await adminClient();
    const list = await admin.get(`${CONSOLE}/admin`);
    expect(list.text).toContain('id="accounts"');
    expect(list.text).toContain('Demo account 1');
    const { id, key, path } = await createThroughForm(admin, 'Console Tours A');
    const page = await admin.get(path);
    expect(page.text).toContain(`<h1 id="account-name">Console Tours A <small>#${id}</small></h1>`);
    expect(page.text).not.toContain(key);
    expect(page.text).not.toMatch(/[0-9a-f]{64}/);
    expect((await admin.get(`${CONSOLE}/admin?q=Console%20Tours%20A`)).text).toContain(`id="account-${id}"`);
  });

  it('refuses the admin\'s forms without the CSRF token or from another origin, and its pages without the admin\'s session', async () => {
    const admin = await adminClient();
    const { id, key, path } = await createThroughForm(admin, 'Console Tours B');
    expect((await admin.post(`${path}/status`, { status: 'disabled' })).status).toBe(403);
    expect((await admin.post(`${path}/status`, { status: 'disabled', csrf_token: 'x' })).status).toBe(403);
    expect((await admin.post(`${path}/status`, { status: 'disabled' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await admin.get(path)).text).toContain('<span class="status" id="status">active</span>');
    const anonymous = new ConsoleClient(server.baseUrl);
    expect((await anonymous.get(path)).status).toBe(401);
    const teamSession = await partner(key);
    expect((await teamSession.get(path)).status).toBe(401);
    expect((await teamSession.get(`${CONSOLE}/admin`)).text).not.toContain('id="accounts"');
    expect((await admin.get(`${CONSOLE}/admin/accounts/1/delete`)).status).toBe(200);
    expect((await admin.submit(`${CONSOLE}/admin/accounts/1/delete`, { confirm: 'yes' })).status).toBe(409);
    expect(id).toBeGreaterThan(0);
  });

  it('grants a quota, limits the return_url hosts, issues and revokes keys, disables and deletes', async () => {
    const admin = await adminClient();
    const { id, key, path } = await createThroughForm(admin, 'Console Tours C');
    expect((await admin.submit(`${path}/quota`, { per_minute: '50', days: '30', note: 'catalogue sync' })).status).toBe(303);
    expect((await admin.get(path)).text).toContain('50 a minute, sandbox a day until');
    expect((await admin.submit(`${path}/quota`, { per_minute: '2' })).status).toBe(400);
    expect((await admin.submit(`${path}/return-hosts`, { hosts: 'partner.example, *.partner.example' })).status).toBe(303);
    expect((await admin.get(path)).text).toContain('<code>*.partner.example</code>');

    const session = await partner(key);
    expect((await session.get(CONSOLE)).status).toBe(200);
    const keyId = /<code>(key_[0-9A-Za-z]{10})<\/code>/.exec((await admin.get(path)).text)?.[1] as string;
    expect((await admin.submit(`${path}/keys/revoke`, { key_id: keyId })).status).toBe(303);
    expect((await session.get(`${CONSOLE}/certification.json`)).status).toBe(401); // its key is revoked: the session ended

    const issued = await admin.submit(`${path}/keys`, {});
    const second = /<code id="new-key" class="token">([^<]+)<\/code>/.exec((await admin.get(issued.headers.get('location') as string)).text)?.[1] as string;
    const again = await partner(second);
    expect((await admin.submit(`${path}/status`, { status: 'disabled' })).status).toBe(303);
    expect((await again.get(`${CONSOLE}/certification.json`)).status).toBe(401); // disabled: its sessions ended
    expect((await new ConsoleClient(server.baseUrl).post(`${CONSOLE}/login`, { apikey: second })).text).toContain('account is disabled');

    expect((await admin.get(`${path}/delete`)).text).toContain('Yes, delete this account');
    expect((await admin.submit(`${path}/delete`, { confirm: 'yes' })).headers.get('location')).toBe(`${CONSOLE}/admin`);
    expect((await admin.get(path)).status).toBe(404);
    expect(await server.store.bookingsOfAccount(id)).toEqual([]);
  });
});

describe('the new-account form\'s return_url hosts (finding 7 of issue 35)', () => {
  it('creates the account with its hosts, and refuses a public suffix with 400', async () => {
    const admin = await adminClient();
    const created = await admin.submit(`${CONSOLE}/admin/accounts`, { ...TEAM, name: 'Console Tours H', hosts: 'partner.example, *.partner.example' });
    expect(created.status).toBe(303);
    expect((await admin.get(created.headers.get('location') as string)).text).toContain('<code>*.partner.example</code>');
    const refused = await admin.submit(`${CONSOLE}/admin/accounts`, { ...TEAM, name: 'Console Tours I', hosts: '*.co.uk' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('names a public suffix');
  });
});

describe('the partner\'s keys', () => {
  it('shows its keys by id and rolls one: the new key shown once, the session kept, the old key stopped', async () => {
    const admin = await adminClient();
    const { key } = await createThroughForm(admin, 'Console Tours D');
    const session = await partner(key);
    const dashboard = (await session.get(CONSOLE)).text;
    const keyId = /You signed in with <code>(key_[0-9A-Za-z]{10})<\/code>/.exec(dashboard)?.[1] as string;
    expect(dashboard).toContain(`Roll ${keyId}`);
    expect(dashboard).not.toContain(key);
    const rolled = await session.submit(`${CONSOLE}/keys/roll`, { key_id: keyId, grace_seconds: '0' });
    expect(rolled.status).toBe(303);
    const after = (await session.get(CONSOLE)).text;
    const fresh = /<code id="new-key" class="token">([^<]+)<\/code>/.exec(after)?.[1] as string;
    expect(fresh).toMatch(/^hbs_test_/);
    expect((await session.get(CONSOLE)).text).not.toContain(fresh);
    expect((await server.post('/_control/keys', { apikey: key })).status).toBe(403);
    expect((await server.post('/_control/keys', { apikey: fresh })).status).toBe(200);
  });

  it('offers no roll for a demo account\'s public key', async () => {
    const dashboard = (await (await partner('demo-key-2')).get(CONSOLE)).text;
    expect(dashboard).toContain("A demo account's key is public and cannot be rolled.");
    expect(dashboard).not.toContain('Roll key_demo2');
    expect(dashboard).not.toContain('demo-key-2');
  });
});

describe('successful sign-ins', () => {
  it(`are throttled per address (${SIGN_INS_PER_MINUTE} a minute), so nobody can churn sessions in a loop`, async () => {
    const own = await startTestServer();
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= SIGN_INS_PER_MINUTE; i++) statuses.push((await new ConsoleClient(own.baseUrl).post(`${CONSOLE}/login`, { apikey: 'demo-key-3' })).status);
      expect(statuses).toEqual([...Array(SIGN_INS_PER_MINUTE).fill(303), 429]);
      own.clock.set(new Date(own.clock.now().getTime() + 61_000));
      expect((await new ConsoleClient(own.baseUrl).post(`${CONSOLE}/login`, { apikey: 'demo-key-3' })).status).toBe(303);
    } finally {
      await own.close();
    }
  });
});
