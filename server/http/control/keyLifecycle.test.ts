/**
 * The key life cycle over HTTP (docs/operating.md, "Key life cycle"): a key in its grace period may
 * make API calls until its grace ends and nothing else (finding 1 of issue 35: a leaked key that the
 * owner rolled could see the new key's id, roll it and lock the owner out); an active key may end
 * another key's grace at once ("expire now") and revoke the account's other keys; the usable-key
 * cap holds on every path that creates a key, and key changes are budgeted per account.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { USABLE_KEYS_PER_ACCOUNT } from '../../domain/apiKeys.js';
import { KEY_CHANGES_PER_MINUTE } from '../../domain/keyLifecycle.js';
import { CONSOLE, ConsoleClient } from '../../testing/consoleClient.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../../testing/testServer.js';

let server: TestServer;
const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' };
const TEAM = { name: 'Lifecycle Tours', contact: 'ops@lifecycle.example', first_name: 'Lin', last_name: 'Cycle', email: 'lin@lifecycle.example', phone: '+31 20 555 0199' };

const admin = (method: string, path: string, body?: unknown) =>
  server.request(`/_control/admin${path}`, { method, headers: ADMIN, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

async function createTeam(): Promise<{ id: number; key: string; keyId: string }> {
  const created = await admin('POST', '/accounts', TEAM);
  expect(created.status).toBe(201);
  return { id: created.body.account.id as number, key: created.body.key as string, keyId: created.body.key_id as string };
}

const search = (apikey: string) =>
  server.post('/search.php', { apikey, checkin: '2027-03-15', checkout: '2027-03-18', location: 'Amsterdam' }, { headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.0.1' } });

/** The owner rolls K1 with the default grace and gets K2. */
async function rolledOnce(): Promise<{ id: number; k1: string; k1Id: string; k2: string; k2Id: string }> {
  const { id, key: k1, keyId: k1Id } = await createTeam();
  const rolled = await server.post('/_control/keys/roll', { apikey: k1, grace_seconds: 3600 });
  expect(rolled.status).toBe(201);
  return { id, k1, k1Id, k2: rolled.body.key as string, k2Id: rolled.body.key_id as string };
}

beforeAll(async () => {
  server = await startTestServer({ config: { trustProxy: 'loopback' } });
});
afterAll(() => server.close());
beforeEach(() => server.resetAll());

describe('a key in its grace period (finding 1)', () => {
  it('makes API calls until its grace ends, but cannot list, roll, expire or revoke any key', async () => {
    const { k1, k2, k2Id, k1Id } = await rolledOnce();
    expect((await search(k1)).status).toBe(200);
    const listed = await server.post('/_control/keys', { apikey: k1 });
    expect(listed.status).toBe(403);
    expect(listed.body.error).toContain(`Key ${k1Id} was rolled and is in its grace period`);
    expect(JSON.stringify(listed.body)).not.toContain(k2Id);
    for (const [path, body] of [
      ['/_control/keys/roll', { key_id: k2Id, grace_seconds: 0 }],
      ['/_control/keys/roll', {}],
      ['/_control/keys/expire', { key_id: k1Id }],
      ['/_control/keys/revoke', { key_id: k2Id }],
    ] as const) {
      const refused = await server.post(path, { apikey: k1, ...body });
      expect([path, refused.status]).toEqual([path, 403]);
    }
    // The owner's key is untouched and still the only one that manages keys.
    expect((await search(k2)).status).toBe(200);
    const own = await server.post('/_control/keys', { apikey: k2 });
    expect(own.body.keys.map((key: { id: string; state: string }) => [key.id, key.state])).toEqual([[k1Id, 'expiring'], [k2Id, 'active']]);
  });

  it('cannot sign in to the console, and a session of a key that gets rolled ends', async () => {
    const { id, key: k1 } = await createTeam();
    const session = new ConsoleClient(server.baseUrl);
    await session.signIn(k1);
    expect((await session.get(`${CONSOLE}/certification.json`)).status).toBe(200);
    const rolled = await server.post('/_control/keys/roll', { apikey: k1, grace_seconds: 3600 });
    expect(rolled.status).toBe(201);
    expect((await session.get(`${CONSOLE}/certification.json`)).status).toBe(401);
    const again = await new ConsoleClient(server.baseUrl).post(`${CONSOLE}/login`, { apikey: k1 });
    expect(again.status).toBe(403);
    expect(again.text).toContain('grace period');
    expect((await search(k1)).status).toBe(200);
    expect(id).toBeGreaterThan(0);
  });
});

describe('ending a leaked key from an active key', () => {
  it('"expire now" ends another key\'s grace at once; revoke stops any other key; neither on the calling key', async () => {
    const { k1, k1Id, k2, k2Id, id } = await rolledOnce();
    const expired = await server.post('/_control/keys/expire', { apikey: k2, key_id: k1Id });
    expect(expired.status).toBe(200);
    expect(expired.body.keys.find((key: { id: string }) => key.id === k1Id).state).toBe('expired');
    expect((await search(k1)).status).toBe(403);
    expect((await server.post('/_control/keys/expire', { apikey: k2, key_id: k1Id })).status).toBe(409);
    expect((await server.post('/_control/keys/expire', { apikey: k2, key_id: k2Id })).status).toBe(409);
    expect((await server.post('/_control/keys/revoke', { apikey: k2, key_id: k2Id })).status).toBe(409);

    const third = await admin('POST', `/accounts/${id}/keys`);
    const revoked = await server.post('/_control/keys/revoke', { apikey: k2, key_id: third.body.key_id });
    expect(revoked.status).toBe(200);
    expect((await search(third.body.key as string)).status).toBe(403);
    expect((await server.post('/_control/keys/revoke', { apikey: k2, key_id: 'key_nosuchkey1' })).status).toBe(404);
    expect((await server.post('/_control/keys/revoke', { apikey: k2, key_id: 'not a key' })).status).toBe(400);
  });

  it('does the same from the console', async () => {
    const { k1, k1Id, k2, id } = await rolledOnce();
    const third = await admin('POST', `/accounts/${id}/keys`);
    const session = new ConsoleClient(server.baseUrl);
    await session.signIn(k2);
    const dashboard = (await session.get(CONSOLE)).text;
    expect(dashboard).toContain(`Expire ${k1Id} now`);
    expect(dashboard).toContain(`Revoke ${third.body.key_id as string}`);
    expect((await session.submit(`${CONSOLE}/keys/expire`, { key_id: k1Id })).status).toBe(303);
    expect((await search(k1)).status).toBe(403);
    expect((await session.submit(`${CONSOLE}/keys/revoke`, { key_id: third.body.key_id as string })).status).toBe(303);
    expect((await search(third.body.key as string)).status).toBe(403);
    expect((await session.get(CONSOLE)).status).toBe(200);
  });
});

describe('the usable-key cap and the key-change budget (finding 2)', () => {
  it(`holds ${USABLE_KEYS_PER_ACCOUNT} usable keys on every path: rolls with a grace period too`, async () => {
    const { id, key } = await createTeam();
    for (let i = 1; i < USABLE_KEYS_PER_ACCOUNT - 1; i++) expect((await admin('POST', `/accounts/${id}/keys`)).status).toBe(201);
    const rolled = await server.post('/_control/keys/roll', { apikey: key, grace_seconds: 3600 });
    expect(rolled.status).toBe(201); // the tenth usable key
    const fresh = rolled.body.key as string;
    const past = await server.post('/_control/keys/roll', { apikey: fresh, grace_seconds: 3600 });
    expect(past.status).toBe(409);
    expect(past.body.error).toContain(`${USABLE_KEYS_PER_ACCOUNT} usable keys`);
    expect((await admin('POST', `/accounts/${id}/keys/${rolled.body.key_id as string}/roll`, { grace_seconds: 60 })).status).toBe(409);
    expect((await admin('POST', `/accounts/${id}/keys`)).status).toBe(409);
    // Without a grace period the old key stops: the count stays, so the roll is allowed.
    expect((await server.post('/_control/keys/roll', { apikey: fresh, grace_seconds: 0 })).status).toBe(201);
  });

  it(`budgets key changes per account (${KEY_CHANGES_PER_MINUTE} a minute), not touching another account`, async () => {
    let { key } = await createTeam();
    const other = await createTeam();
    const statuses: number[] = [];
    for (let i = 0; i <= KEY_CHANGES_PER_MINUTE; i++) {
      const rolled = await server.post('/_control/keys/roll', { apikey: key, grace_seconds: 0 });
      statuses.push(rolled.status);
      if (rolled.status === 201) key = rolled.body.key as string;
    }
    expect(statuses).toEqual([...Array(KEY_CHANGES_PER_MINUTE).fill(201), 429]);
    expect((await server.post('/_control/keys/roll', { apikey: other.key, grace_seconds: 0 })).status).toBe(201);
    server.clock.set(new Date(server.clock.now().getTime() + 61_000));
    expect((await server.post('/_control/keys/roll', { apikey: key, grace_seconds: 0 })).status).toBe(201);
  });
});
