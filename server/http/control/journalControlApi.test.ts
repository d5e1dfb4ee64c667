import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../domain/accounts.js';
import type { JournalEntry } from '../../domain/journal/entry.js';
import { startTestServer, type TestServer } from '../../testing/testServer.js';

const [first, second] = demoAccounts();
const KEY = first!.apikey;
const OTHER = second!.apikey;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.post('/booking_overview.php', { apikey: KEY });
  await server.post('/retrieve_booking.php', { apikey: KEY });
  await server.post('/search.php', { apikey: KEY, location: 'Amsterdam', checkin: 'soon' });
  await server.request('/booking_overview.php?apikey=' + KEY, { method: 'GET' });
});
afterAll(() => server.close());

/** The journal, once the recorder (which runs after each answer) has written `count` entries. */
async function journal(body: Record<string, unknown>, count?: number) {
  let answer = await server.post('/_control/journal', body);
  for (let i = 0; i < 50 && count !== undefined && answer.body.count < count; i++) {
    await new Promise((r) => setTimeout(r, 10));
    answer = await server.post('/_control/journal', body);
  }
  return answer;
}

describe('POST /_control/journal', () => {
  it("lists the account's calls, oldest first, with the key hidden and conformance judged", async () => {
    const { status, body } = await journal({ apikey: KEY }, 4);
    expect(status).toBe(200);
    const entries = body.entries as JournalEntry[];
    expect(entries.map((e) => [e.id, e.endpoint, e.response.status, e.key_location])).toEqual([
      [1, '/booking_overview.php', 200, 'body'],
      [2, '/retrieve_booking.php', 400, 'body'],
      [3, '/search.php', 400, 'body'],
      [4, '/booking_overview.php', 405, 'query'],
    ]);
    expect(entries[0]!.conformance).toEqual({ request_valid: true, response_valid: true, violations: [] });
    expect(entries[2]!.conformance.request_valid).toBe(false);
    expect(JSON.stringify(body)).not.toContain(KEY);
  });

  it('filters, and keeps accounts apart', async () => {
    await journal({ apikey: KEY }, 4);
    expect((await journal({ apikey: KEY, status: '4xx', endpoint: 'search.php' })).body.entries.map((e: JournalEntry) => e.id)).toEqual([3]);
    expect((await journal({ apikey: KEY, non_conforming: true, limit: 1 })).body.entries.map((e: JournalEntry) => e.id)).toEqual([4]);
    expect((await journal({ apikey: OTHER })).body).toEqual({ count: 0, entries: [] });
  });

  it('refuses a bad filter, an unknown field, a missing key and GET', async () => {
    expect((await journal({ apikey: KEY, status: 'teapot' })).status).toBe(400);
    expect((await journal({ apikey: KEY, colour: 'red' })).body.error).toMatch(/^Unknown field 'colour'/);
    expect((await journal({})).status).toBe(401);
    const get = await server.request('/_control/journal');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});

describe('POST /_control/certification', () => {
  it('answers the report as JSON, JUnit or a self-contained HTML page', async () => {
    await journal({ apikey: KEY }, 4);
    const json = await server.post('/_control/certification', { apikey: KEY });
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ verdict: 'failed', certified: false, entries: { count: 4 } });
    expect(json.body.failed).toEqual(['key-in-body']);
    const junit = await server.post('/_control/certification', { apikey: KEY, format: 'junit' });
    expect(junit.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(junit.body).toContain('<testsuites name="hotel-certification"');
    const html = await server.post('/_control/certification', { apikey: KEY, format: 'html' });
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-/);
    expect((await server.post('/_control/certification', { apikey: KEY, format: 'pdf' })).status).toBe(400);
  });
});
