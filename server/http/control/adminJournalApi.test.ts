/**
 * POST /_control/admin/journal: an operator reads one team's journal with the admin token, with the
 * filters of /journal, without the team's key; it exists only with an admin token.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { KEY_ANNA, KEY_BEN, startTestServer, type TestServer } from '../../testing/bookingServer.js';

const TOKEN = 'admin-journal-token-0123';
const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function start(withToken = true): Promise<TestServer> {
  const server = await startTestServer({ config: withToken ? { adminToken: TOKEN } : {} });
  servers.push(server);
  return server;
}

async function readJournal(server: TestServer, body: unknown, token = TOKEN) {
  const response = await fetch(`${server.url}/_control/admin/journal`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The journal is written after each answer: wait until the account's entries are all there (bounded). */
async function journalOf(server: TestServer, body: Record<string, unknown>, count: number) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const answer = await readJournal(server, body);
    if (answer.status !== 200 || (answer.body.count as number) >= count) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return readJournal(server, body);
}

describe('POST /_control/admin/journal', () => {
  it("gives one team's calls, filtered as /journal does, and never another team's or a key", async () => {
    const server = await start();
    expect((await server.post('/booking_overview.php', { apikey: KEY_ANNA })).status).toBe(200);
    expect((await server.post('/retrieve_booking.php', { apikey: KEY_ANNA })).status).toBe(400);
    expect((await server.post('/booking_overview.php', { apikey: KEY_BEN })).status).toBe(200);

    const all = await journalOf(server, { account_id: 1 }, 2);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ account_id: 1, count: 2 });
    const entries = all.body.entries as Array<{ endpoint: string; response: { status: number } }>;
    expect(entries.map((entry) => [entry.endpoint, entry.response.status])).toEqual([['/booking_overview.php', 200], ['/retrieve_booking.php', 400]]);
    expect(JSON.stringify(all.body)).not.toContain(KEY_ANNA);

    const failing = await readJournal(server, { account_id: 1, status: '4xx' });
    expect(failing.body).toMatchObject({ count: 1, entries: [expect.objectContaining({ endpoint: '/retrieve_booking.php' })] });
    // The same entries the team reads with its own key.
    const own = await server.post('/_control/journal', { apikey: KEY_ANNA, status: '4xx' });
    expect(own.body.entries).toEqual(failing.body.entries);
    expect((await journalOf(server, { account_id: 2 }, 1)).body).toMatchObject({ account_id: 2, count: 1 });
  });

  it('refuses what it cannot answer: no such account (404), a bad body (400), the wrong method (405)', async () => {
    const server = await start();
    expect(await readJournal(server, { account_id: 999 })).toMatchObject({ status: 404, body: { error: 'No account has the id 999' } });
    expect((await readJournal(server, {})).status).toBe(400);
    expect((await readJournal(server, { account_id: '1' })).status).toBe(400);
    expect((await readJournal(server, { account_id: 1.5 })).status).toBe(400);
    expect((await readJournal(server, { account_id: 1, apikey: KEY_ANNA })).body.error).toMatch(/^Unknown field 'apikey'/);
    expect((await readJournal(server, { account_id: 1, status: 'bad' })).status).toBe(400);
    expect((await readJournal(server, { account_id: 1, limit: 1001 })).body.error).toBe("'limit' must be at most 1000");
    const get = await fetch(`${server.url}/_control/admin/journal`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('does not exist without an admin token', async () => {
    const server = await start(false);
    expect((await readJournal(server, { account_id: 1 })).status).toBe(404);
  });
});
