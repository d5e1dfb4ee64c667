/**
 * Accounts and keys over the admin control API, end to end over HTTP: what an operator does, what
 * the partner's key then does on the API, and what never shows (a key after its one answer, a digest).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KEY_PREFIX } from '../../domain/apiKeys.js';
import { FIRST_ACCOUNT_ID } from '../../domain/accounts.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../../testing/testServer.js';

let server: TestServer;
const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' };

export const TEAM = {
  name: 'Acme Travel', contact: 'ops@acme.example', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@acme.example', phone: '+44 20 7946 0958',
};

const admin = (method: string, path: string, body?: unknown) =>
  server.request(`/_control/admin${path}`, { method, headers: ADMIN, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

async function createTeam(overrides: Record<string, unknown> = {}): Promise<{ id: number; key: string; keyId: string }> {
  const created = await admin('POST', '/accounts', { ...TEAM, ...overrides });
  expect(created.status).toBe(201);
  return { id: created.body.account.id as number, key: created.body.key as string, keyId: created.body.key_id as string };
}

const search = (apikey: string, ip = '10.9.0.1') =>
  server.post('/search.php', { apikey, checkin: '2027-03-15', checkout: '2027-03-18', location: 'Amsterdam' }, { headers: { 'content-type': 'application/json', 'x-forwarded-for': ip } });

beforeAll(async () => {
  server = await startTestServer({ config: { trustProxy: 'loopback' } });
});
afterAll(() => server.close());
beforeEach(() => server.resetAll());

describe('creating an account', () => {
  it('answers its key once (hbs_test_ and 32 base62 characters: 190 random bits) and the key works on the API', async () => {
    const created = await admin('POST', '/accounts', TEAM);
    expect(created.status).toBe(201);
    const { key, key_id: keyId, account } = created.body;
    expect(key).toMatch(new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{32}$`));
    expect(keyId).toMatch(/^key_[0-9A-Za-z]{10}$/);
    expect(account).toMatchObject({ name: 'Acme Travel', contact: 'ops@acme.example', status: 'active', demo: false, quota: null });
    expect(account.id).toBeGreaterThanOrEqual(FIRST_ACCOUNT_ID);
    expect(account.keys).toEqual([expect.objectContaining({ id: keyId, state: 'active', hint: `${KEY_PREFIX}…${key.slice(-4)}` })]);
    expect((await search(key)).status).toBe(200);

    // Never again: not in the account, the list, nor anything that looks like its digest.
    for (const answer of [await admin('GET', `/accounts/${account.id}`), await admin('GET', '/accounts')]) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain(key);
      expect(JSON.stringify(answer.body)).not.toMatch(/[0-9a-f]{64}/);
    }
  });

  it('books with the account\'s guest profile', async () => {
    const { key } = await createTeam();
    const found = await search(key);
    const booking = await server.post('/booking.php', { apikey: key, service_hash: found.body.hotels[0].rate.service_hash });
    expect(booking.status).toBe(200);
    const bookhash = new URL(booking.body.booking_url as string).searchParams.get('bookhash');
    const retrieved = await server.post('/retrieve_booking.php', { apikey: key, bookhash });
    expect(retrieved.body.booking).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@acme.example', phone: '+44 20 7946 0958' });
  });

  it.each([
    [{ email: 'not-an-address' }, /'email' must be an e-mail address/],
    [{ phone: '020 555' }, /'phone' must be a phone number in international form/],
    [{ first_name: 'Ada\u202E' }, /'first_name' must not contain control characters or bidirectional controls/],
    [{ name: 'Acme\u200BTravel' }, /'name' must not contain invisible format characters or line separators: U\+200B at character 5/],
    [{ name: '\uFEFFAcme' }, /U\+FEFF/],
    [{ name: 'Acme\u2028Travel' }, /U\+2028/],
    [{ last_name: 'Lovelace\u200F' }, /'last_name' must not contain invisible format characters/],
    [{ contact: 'ops\u00ADacme' }, /U\+00AD/],
    [{ name: 'Acme \uD800 Travel' }, /'name' must be well-formed Unicode/],
    [{ name: '' }, /'name' must not be empty/],
    [{ name: 'x'.repeat(101) }, /at most 100 characters/],
    [{ role: 'admin' }, /Unknown field 'role'/],
    [{ return_url_hosts: ['https://x.example/'] }, /must be a host name/],
  ])('refuses %j with 400 naming the field, and creates nothing', async (change, message) => {
    const before = (await admin('GET', '/accounts')).body.total as number;
    const refused = await admin('POST', '/accounts', { ...TEAM, ...change });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(message);
    expect((await admin('GET', '/accounts')).body.total).toBe(before);
  });

  it('needs the admin token: 401 without, 403 with a wrong one; a foreign Origin is refused', async () => {
    expect((await server.request('/_control/admin/accounts')).status).toBe(401);
    expect((await server.request('/_control/admin/accounts', { headers: { authorization: 'Bearer wrong-token-wrong-token' } })).status).toBe(403);
    const crossSite = await server.request('/_control/admin/accounts', { method: 'POST', headers: { ...ADMIN, origin: 'https://evil.example' }, body: JSON.stringify(TEAM) });
    expect(crossSite.status).toBe(403);
  });
});

describe('the operator\'s account life cycle', () => {
  it('disables (the key gets 403 saying so) and enables an account; lists and finds it', async () => {
    const { id, key, keyId } = await createTeam({ name: 'Zebra Tours' });
    expect((await admin('POST', `/accounts/${id}/disable`)).body.status).toBe('disabled');
    const refused = await search(key);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(`Invalid API key: the account of key ${keyId} is disabled`);
    expect((await admin('POST', `/accounts/${id}/enable`)).body.status).toBe('active');
    expect((await search(key)).status).toBe(200);
    const listed = await admin('GET', '/accounts?q=zebra&limit=1');
    expect(listed.body).toMatchObject({ total: 1, limit: 1, accounts: [{ id }] });
    expect((await admin('GET', '/accounts?limit=-1')).status).toBe(400);
  });

  it('changes the profile; refuses to change a demo account (409) or an unknown one (404)', async () => {
    const { id } = await createTeam();
    const changed = await admin('PATCH', `/accounts/${id}`, { name: 'Acme Travel BV', return_url_hosts: ['*.acme.example'] });
    expect(changed.body).toMatchObject({ name: 'Acme Travel BV', return_url_hosts: ['*.acme.example'], contact: TEAM.contact });
    expect((await admin('PATCH', '/accounts/1', { name: 'Mine now' })).status).toBe(409);
    expect((await admin('GET', '/accounts/999999')).status).toBe(404);
    expect((await admin('DELETE', '/accounts/1')).status).toBe(409);
  });

  it('deletes an account with its bookings, e-mails and journal; its key stops; its id is never given again', async () => {
    const { id, key } = await createTeam();
    const found = await search(key);
    await server.post('/booking.php', { apikey: key, service_hash: found.body.hotels[0].rate.service_hash });
    expect(await server.store.bookingsOfAccount(id)).toHaveLength(1);
    expect((await admin('DELETE', `/accounts/${id}`)).body).toEqual({ status: 'deleted', id });
    expect(await server.store.bookingsOfAccount(id)).toEqual([]);
    expect(await server.store.requestJournal(id)).toEqual([]);
    expect((await search(key)).status).toBe(403);
    expect((await admin('GET', `/accounts/${id}`)).status).toBe(404);
    expect((await createTeam()).id).toBeGreaterThan(id);
  });
});

describe('keys', () => {
  it('issues a second key, revokes one (it stops at once: "Invalid API key"), the other keeps working', async () => {
    const { id, key: first, keyId: firstId } = await createTeam();
    const issued = await admin('POST', `/accounts/${id}/keys`);
    expect(issued.status).toBe(201);
    const second = issued.body.key as string;
    expect(second).not.toBe(first);
    expect((await admin('POST', `/accounts/${id}/keys/${firstId}/revoke`)).body.keys[0]).toMatchObject({ id: firstId, state: 'revoked' });
    const refused = await search(first);
    expect([refused.status, refused.body.error]).toEqual([403, 'Invalid API key']);
    expect((await search(second)).status).toBe(200);
    expect((await admin('POST', `/accounts/${id}/keys/key_nosuchkey1/revoke`)).status).toBe(404);
  });

  it('rolls a key: the new one works at once, the old one until its grace period ends (at most 24 h)', async () => {
    const { id, key: old, keyId } = await createTeam();
    const rolled = await admin('POST', `/accounts/${id}/keys/${keyId}/roll`, { grace_seconds: 3600 });
    expect(rolled.status).toBe(201);
    const fresh = rolled.body.key as string;
    expect(rolled.body.account.keys.find((k: { id: string }) => k.id === keyId)).toMatchObject({ state: 'expiring', rolled_to: rolled.body.key_id });
    expect((await search(old)).status).toBe(200);
    expect((await search(fresh)).status).toBe(200);
    server.clock.set(new Date(server.clock.now().getTime() + 3600_000));
    const expired = await search(old);
    expect(expired.status).toBe(403);
    expect(expired.body.error).toContain(`key ${keyId} was rolled and expired`);
    expect((await search(fresh)).status).toBe(200);
    expect((await admin('POST', `/accounts/${id}/keys/${rolled.body.key_id}/roll`, { grace_seconds: 86_401 })).status).toBe(400);
    expect((await admin('POST', `/accounts/${id}/keys/${keyId}/roll`, {})).status).toBe(409);
  });

  it('lets a partner list its keys by id and roll one itself (grace 0: the old key stops now)', async () => {
    const { key, keyId } = await createTeam();
    const listed = await server.post('/_control/keys', { apikey: key });
    expect(listed.body).toMatchObject({ key_id: keyId, keys: [{ id: keyId, state: 'active' }] });
    expect(JSON.stringify(listed.body)).not.toContain(key);
    const rolled = await server.post('/_control/keys/roll', { apikey: key, grace_seconds: 0 });
    expect(rolled.status).toBe(201);
    expect((await search(key)).status).toBe(403);
    expect((await search(rolled.body.key as string)).status).toBe(200);
    expect((await server.post('/_control/keys/roll', { apikey: 'demo-key-1' })).status).toBe(409);
  });

  it('names the key by its id in the journal, never the key', async () => {
    const { id, key, keyId } = await createTeam();
    await search(key);
    await server.idle();
    const journal = await server.post('/_control/journal', { apikey: key });
    expect(journal.body.entries[0].key_id).toBe(keyId);
    expect(JSON.stringify(await server.store.requestJournal(id))).not.toContain(key);
  });
});

describe('a quota increase (API description, section 8)', () => {
  const burst = async (key: string, count: number, ip = '10.9.0.1') => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push((await search(key, ip)).status);
    return statuses;
  };

  it('raises that account\'s own windows, for that account only; the 429 says how to ask, naming the key by id', async () => {
    const { id, key, keyId } = await createTeam();
    const other = await createTeam();
    const granted = await admin('PUT', `/accounts/${id}/quota`, { per_minute: 8, note: 'nightly price sync' });
    expect(granted.body.quota).toMatchObject({ per_minute: 8, per_day: null, lifted: false, until: null, in_force: true });
    expect(await burst(key, 9)).toEqual([...Array(8).fill(200), 429]);
    const raised = await search(key);
    expect(raised.body.error).toMatch(/^Rate limit exceeded: 8 requests per minute on search\.php\. Retry after \d+ seconds\. This account's quota increase sets that limit\. For a quota increase, write to support@hotel-booking\.example/);
    expect(await burst(other.key, 6)).toEqual([200, 200, 200, 200, 200, 429]);
    const plain = await search(other.key);
    expect(plain.body.error).toContain(`write to support@hotel-booking.example with this key's id (${other.keyId}) and your use case`);
    expect(plain.body.error).not.toContain(keyId);
  });

  it('lifts the limits for a period; when it ends the sandbox\'s limits hold again; withdrawn, likewise', async () => {
    const { id, key } = await createTeam();
    expect((await admin('PUT', `/accounts/${id}/quota`, { lifted: true, days: 1 })).body.quota.in_force).toBe(true);
    expect(await burst(key, 12)).toEqual(Array(12).fill(200));
    server.clock.set(new Date(server.clock.now().getTime() + 86_400_000));
    expect((await admin('GET', `/accounts/${id}`)).body.quota.in_force).toBe(false);
    expect(await burst(key, 6, '10.9.0.2')).toEqual([200, 200, 200, 200, 200, 429]);
    await admin('PUT', `/accounts/${id}/quota`, { per_minute: 7 });
    expect((await admin('DELETE', `/accounts/${id}/quota`)).body.quota).toBeNull();
    expect(await burst(key, 6, '10.9.0.3')).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it.each([
    [{ per_minute: 4 }, /'per_minute' must be a whole number from 5/],
    [{}, /Give 'per_minute', 'per_day' or 'lifted: true'/],
    [{ lifted: true, per_day: 500 }, /not both/],
    [{ per_day: 500, until: '2020-01-01T00:00:00Z' }, /'until' must lie in the future/],
  ])('refuses %j with 400', async (quota, message) => {
    const { id } = await createTeam();
    const refused = await admin('PUT', `/accounts/${id}/quota`, quota);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(message);
  });
});

describe('return_url hosts (finding 13; issue 35, finding 7: the Public Suffix List)', () => {
  it.each([
    ['*.com', /names a public suffix/], ['*.co.uk', /names a public suffix/], ['com', /names a public suffix/], ['co.uk', /names a public suffix/],
    ['*.github.io', /names a public suffix/], ['acme.example:99999', /port outside 1–65535/], ['acme.example:0', /port outside/],
    ['[:::::]', /not a valid IPv6 address/], [`${'a'.repeat(60)}.`.repeat(7) + 'example', /longer than 253 characters/],
    ['-acme.example', /must be a host name/], ['*.127.0.0.1', /wildcard over an IP address/],
  ])('refuses %s with 400', async (host, message) => {
    const refused = await admin('POST', '/accounts', { ...TEAM, return_url_hosts: [host] });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(message);
  });

  it('accepts partners\' own hosts, wildcards under them, loopback and IP addresses with ports', async () => {
    const hosts = ['partner.example', '*.partner.example', 'partner.co.uk', '*.acme.co.uk', 'acme.github.io', 'localhost:8080', '127.0.0.1', '[::1]:8443', 'partner.example:65535'];
    const created = await admin('POST', '/accounts', { ...TEAM, return_url_hosts: hosts });
    expect(created.status).toBe(201);
    expect(created.body.account.return_url_hosts).toEqual(hosts);
  });


  it('a booking page of an account with an allow-list keeps a return_url only to a listed host', async () => {
    const { key } = await createTeam({ return_url_hosts: ['partner.example', '*.partner.example'] });
    const found = await search(key);
    const booking = await server.post('/booking.php', { apikey: key, service_hash: found.body.hotels[0].rate.service_hash });
    const page = async (returnUrl: string) => {
      const url = new URL(booking.body.booking_url as string);
      url.searchParams.set('return_url', returnUrl);
      return (await server.request(`${url.pathname}${url.search}`)).body as string;
    };
    expect(await page('https://eu.partner.example/done')).toContain('name="return_url" value="https://eu.partner.example/done"');
    expect(await page('https://partner.example/done')).toContain('name="return_url" value="https://partner.example/done"');
    for (const refused of ['https://evil.example/done', 'https://partner.example.evil.example/']) {
      expect(await page(refused)).not.toContain('name="return_url"');
    }
  });
});
