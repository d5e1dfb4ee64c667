/**
 * Redaction in one place (issue 35, finding 4): a key put into every field, header, query parameter
 * and path segment of calls is found in no output of the sandbox: the team's journal and
 * certification report (JSON, JUnit, HTML), the console's pages and downloads, the admin's pages
 * and API, and the request log.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE, ConsoleClient } from '../../testing/consoleClient.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../../testing/testServer.js';
import { createLogger } from '../transport/requestLog.js';

const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' };
const TEAM = { name: 'Redaction Tours', contact: 'ops@redaction.example', first_name: 'Red', last_name: 'Acted', email: 'red@redaction.example', phone: '+31 20 555 0177' };

let server: TestServer;
let logged = '';
beforeAll(async () => {
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  server = await startTestServer({ logger: createLogger('info', { destination }), config: { rateLimits: { perMinute: 10_000, perDay: 100_000 } } });
});
afterAll(() => server.close());

describe('a key in every place a client can put it', () => {
  it('is printed by no journal, report, console or admin page, nor the log', async () => {
    const created = await server.request('/_control/admin/accounts', { method: 'POST', headers: ADMIN, body: JSON.stringify(TEAM) });
    const key = created.body.key as string;
    const id = created.body.account.id as number;
    const json = { 'content-type': 'application/json' };
    const fields = ['checkin', 'checkout', 'location', 'currency', 'language', 'residency', 'adults', 'children', 'id', 'bookhash', 'service_hash', 'unknown_field'];
    const calls: Array<[string, Record<string, string>, unknown]> = [
      ...['/search.php', '/hotel.php', '/booking.php', '/booking_overview.php', '/retrieve_booking.php', '/cancel_booking.php'].flatMap((path) =>
        fields.map((field): [string, Record<string, string>, unknown] => [path, json, { apikey: key, [field]: key }])),
      ['/search.php', { ...json, Test: key }, { apikey: key, checkin: '2027-03-15', checkout: '2027-03-18', location: 'Amsterdam' }],
      ['/search.php', { ...json, bookhash: key, 'user-agent': key, 'x-api-key': key, 'idempotency-key': key, 'x-request-id': key }, { apikey: key }],
      [`/search.php?apikey=${key}&checkin=${key}&${key}=1`, json, { apikey: key }],
      [`/search.php/${key}`, json, { apikey: key }],
      [`/${key}`, json, { apikey: key }],
      ['/search.php', { 'content-type': 'text/plain' }, `apikey=${key}`],
      ['/_control/pay', json, { apikey: key, bookhash: key }],
      ['/_control/clock', json, { apikey: key, now: key }],
      ['/_control/journal', json, { apikey: key, endpoint: key, since: key }],
    ];
    for (const [path, headers, body] of calls) {
      const answer = await server.request(path, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
      expect(answer.status, path).toBeLessThan(500);
    }
    await server.idle();

    const outputs: Array<[string, string]> = [];
    const textOf = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body));
    const post = async (path: string, body: unknown) => textOf((await server.request(path, { method: 'POST', headers: json, body: JSON.stringify(body) })).body);
    outputs.push(['journal', await post('/_control/journal', { apikey: key })]);
    for (const format of ['json', 'junit', 'html']) outputs.push([`certification ${format}`, await post('/_control/certification', { apikey: key, format })]);
    outputs.push(['store journal', JSON.stringify(await server.store.requestJournal(id))]);

    const console = new ConsoleClient(server.baseUrl);
    await console.signIn(key);
    const dashboard = await console.get(CONSOLE);
    outputs.push(['dashboard', dashboard.text]);
    for (const match of dashboard.text.matchAll(/href="(\/_control\/ui\/journal\/\d+)"/g)) outputs.push([match[1]!, (await console.get(match[1]!)).text]);
    for (const file of ['certification.json', 'certification.xml', 'certification.html']) outputs.push([file, (await console.get(`${CONSOLE}/${file}`)).text]);

    const admin = new ConsoleClient(server.baseUrl);
    await admin.post(`${CONSOLE}/login`, { apikey: TEST_ADMIN_TOKEN });
    outputs.push(['admin page', (await admin.get(`${CONSOLE}/admin/accounts/${id}`)).text]);
    outputs.push(['admin API', textOf((await server.request(`/_control/admin/accounts/${id}`, { headers: ADMIN })).body)]);
    outputs.push(['log', logged]);

    expect(outputs.filter(([, text]) => text.length > 0).length).toBeGreaterThan(10);
    expect(outputs.find(([, text]) => text.includes('***'))).toBeDefined(); // the key was seen, and hidden
    for (const [where, text] of outputs) { const at = text.indexOf(key); expect(text.includes(key), `${where} prints the key: ${JSON.stringify(text.slice(Math.max(0, at - 120), at + 60))}`).toBe(false); }
  });
});
