/**
 * Stubs over HTTP (POST /_control/stubs/…, /_control/verify), against in-process apps with a
 * FakeClock: contract checks when added, matching, times and state, faults, the journal, isolation
 * between accounts, bounds, and the account reset.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KEY_ANNA, KEY_BEN, dayAfter, startTestServer, type TestServer } from '../../testing/bookingServer.js';
import { STUB_LIMITS } from '../../domain/stubs/stub.js';
import { CONTROL_CONTRACT_PATH, loadContract } from '../../../contract/document.js';
import { createContractValidator } from '../../../contract/validator.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response JSON off the wire; the tests assert its shape themselves
type Json = Record<string, any>;

const ADMIN_TOKEN = 'stubs-test-admin-token';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { adminToken: ADMIN_TOKEN } });
});
afterAll(() => server.close());
beforeEach(async () => {
  for (const apikey of [KEY_ANNA, KEY_BEN]) expect((await server.post('/_control/stubs/reset', { apikey })).status).toBe(200);
});

const addStub = async (apikey: string, stub: Json) => server.post('/_control/stubs/add', { apikey, ...stub });
const overview = (apikey: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/booking_overview.php`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ apikey }) });
const search = (apikey: string, location: string) =>
  server.post('/search.php', { apikey, location, checkin: dayAfter(server.clock, 30), checkout: dayAfter(server.clock, 32) });
const RATE_LIMITED = { status: 429, headers: { 'Retry-After': '7' }, body: { error: 'Slow down (stubbed)' } };

describe('adding a stub: checked against openapi.yaml', () => {
  it('refuses an answer the contract does not allow with 400 and the violations, and adds it with nonconforming: true', async () => {
    const withoutRetryAfter = await addStub(KEY_ANNA, { operation: 'searchHotels', response: { status: 429, body: { error: 'x' } } });
    expect(withoutRetryAfter.status).toBe(400);
    expect(JSON.stringify(withoutRetryAfter.body.violations)).toMatch(/retry-after/i);
    expect(withoutRetryAfter.body.error).toMatch(/does not keep openapi.yaml for searchHotels 429.*nonconforming/);

    const undeclaredStatus = await addStub(KEY_ANNA, { operation: 'searchHotels', response: { status: 418, body: { error: 'teapot' } } });
    expect(undeclaredStatus.status).toBe(400);
    const wrongShape = await addStub(KEY_ANNA, { operation: 'getBookingOverview', response: { status: 200, body: { bookings: 'none' } } });
    expect(wrongShape.status).toBe(400);

    const forced = await addStub(KEY_ANNA, { operation: 'searchHotels', response: { status: 418, body: { error: 'teapot' } }, nonconforming: true });
    expect(forced.status).toBe(201);
    expect(forced.body).toMatchObject({ id: 'stub_1', nonconforming: true, operation: 'searchHotels' });
  });

  it('adds a conforming answer, and refuses unknown fields, operations and faults with 400 naming them', async () => {
    expect((await addStub(KEY_ANNA, { operation: 'searchHotels', response: RATE_LIMITED })).status).toBe(201);
    for (const [stub, message] of [
      [{ operation: 'search', response: RATE_LIMITED }, /'operation' must be one of/],
      [{ operation: 'searchHotels' }, /Give 'response'/],
      [{ operation: 'searchHotels', fault: 'explode' }, /'fault' must be one of/],
      [{ operation: 'searchHotels', response: RATE_LIMITED, colour: 'red' }, /Unknown field 'colour'/],
      [{ operation: 'searchHotels', response: { ...RATE_LIMITED, headers: { 'Content-Length': '1' } } }, /may not set content-length/],
      [{ operation: 'searchHotels', response: RATE_LIMITED, delay_ms: 60_001 }, /'delay_ms' must be a whole number from 0 to 60000/],
      [{ operation: 'searchHotels', response: RATE_LIMITED, delay_ms: { min: 5, max: 1 } }, /at least 'delay_ms.min'/],
      [{ operation: 'searchHotels', response: RATE_LIMITED, times: 0 }, /'times' must be/],
    ] as const) {
      const answer = await addStub(KEY_ANNA, stub);
      expect(answer.status, JSON.stringify(stub)).toBe(400);
      expect(answer.body.error).toMatch(message);
    }
  });
});

describe('matching and answering', () => {
  it('answers the matching call with the stub, by JSON body subset, and others as ever', async () => {
    await addStub(KEY_ANNA, { operation: 'searchHotels', match: { body: { location: 'Paris' } }, response: RATE_LIMITED });
    const paris = await search(KEY_ANNA, 'Paris');
    expect(paris.status).toBe(429);
    expect(paris.headers.get('retry-after')).toBe('7');
    expect(paris.body).toEqual({ error: 'Slow down (stubbed)' });
    expect((await search(KEY_ANNA, 'Amsterdam')).status).toBe(200);
  });

  it('matches headers, prefers the lower priority number, and among equals the newest', async () => {
    await addStub(KEY_ANNA, { operation: 'getBookingOverview', priority: 5, response: { status: 503, headers: { 'Retry-After': '1' }, body: { error: 'first' } } });
    await addStub(KEY_ANNA, { operation: 'getBookingOverview', priority: 5, response: { status: 503, headers: { 'Retry-After': '1' }, body: { error: 'newest' } } });
    await addStub(KEY_ANNA, { operation: 'getBookingOverview', priority: 1, match: { headers: { 'X-Team': 'blue' } }, response: { status: 503, headers: { 'Retry-After': '1' }, body: { error: 'blue' } } });
    expect(await (await overview(KEY_ANNA)).json()).toEqual({ error: 'newest' });
    expect(await (await overview(KEY_ANNA, { 'x-team': 'blue' })).json()).toEqual({ error: 'blue' });
  });

  it('answers `times` calls, then the ordinary answer; a state moves from stub to stub', async () => {
    const error = (text: string) => ({ status: 503, headers: { 'Retry-After': '1' }, body: { error: text } });
    await addStub(KEY_ANNA, { operation: 'getBookingOverview', times: 2, response: error('twice') });
    expect((await overview(KEY_ANNA)).status).toBe(503);
    expect((await overview(KEY_ANNA)).status).toBe(503);
    expect((await overview(KEY_ANNA)).status).toBe(200);
    expect((await server.post('/_control/stubs', { apikey: KEY_ANNA })).body.stubs).toEqual([]);

    await addStub(KEY_ANNA, { operation: 'getBookingOverview', state: { when: 'Started', next: 'recovered' }, response: error('down once') });
    await addStub(KEY_ANNA, { operation: 'getBookingOverview', state: { when: 'recovered' }, response: { status: 200, body: { status: 'ok', count: 0, bookings: [] } } });
    expect(await (await overview(KEY_ANNA)).json()).toEqual({ error: 'down once' });
    expect(await (await overview(KEY_ANNA)).json()).toEqual({ status: 'ok', count: 0, bookings: [] });
    expect((await server.post('/_control/stubs', { apikey: KEY_ANNA })).body.state).toBe('recovered');
  });

  it("never answers another account's calls", async () => {
    await addStub(KEY_ANNA, { operation: 'getBookingOverview', response: { status: 503, headers: { 'Retry-After': '1' }, body: { error: 'anna only' } } });
    expect((await overview(KEY_ANNA)).status).toBe(503);
    expect((await overview(KEY_BEN)).status).toBe(200);
    expect((await server.post('/_control/stubs', { apikey: KEY_BEN })).body.stubs).toEqual([]);
  });

  it('waits a fixed or random delay before answering', async () => {
    await addStub(KEY_ANNA, { operation: 'getBookingOverview', delay_ms: { min: 100, max: 150 }, response: { status: 200, body: { status: 'ok', count: 0, bookings: [] } } });
    const started = performance.now();
    expect((await overview(KEY_ANNA)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
  });
});

/** The raw bytes a POST /booking_overview.php gets back, and how its connection ended. */
function rawOverview(apikey: string): Promise<{ text: string; ended: 'end' | 'error' }> {
  const { port } = new URL(server.url);
  const body = JSON.stringify({ apikey });
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: Number(port) });
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => resolve({ text, ended: 'error' }));
    socket.on('close', () => resolve({ text, ended: 'end' }));
    socket.write(`POST /booking_overview.php HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
  });
}

describe('faults (always allowed: transport, not contract)', () => {
  const BODY = { status: 'ok', count: 0, bookings: [] as unknown[] };
  it('connection_reset and empty_response close the connection without an answer', async () => {
    await addStub(KEY_ANNA, { operation: 'getBookingOverview', times: 1, fault: 'connection_reset' });
    expect((await rawOverview(KEY_ANNA)).text).toBe('');
    await addStub(KEY_ANNA, { operation: 'getBookingOverview', times: 1, fault: 'empty_response' });
    expect((await rawOverview(KEY_ANNA)).text).toBe('');
  });

  it('cut_body sends half the body it announced; malformed_json a body that does not parse; trickle the whole body slowly', async () => {
    await addStub(KEY_ANNA, { operation: 'getBookingOverview', times: 1, fault: 'cut_body', response: { status: 200, body: { status: 'ok', count: 0, bookings: [], note: 'x'.repeat(200) } } });
    const cut = await rawOverview(KEY_ANNA);
    const announced = Number(/content-length: (\d+)/i.exec(cut.text)?.[1]);
    expect(cut.text.split('\r\n\r\n')[1]!.length).toBeLessThan(announced);

    await addStub(KEY_ANNA, { operation: 'getBookingOverview', times: 1, fault: 'malformed_json', response: { status: 200, body: BODY } });
    const malformed = await overview(KEY_ANNA);
    expect(malformed.status).toBe(200);
    const malformedText = await malformed.text();
    expect(() => JSON.parse(malformedText) as unknown).toThrow();

    await addStub(KEY_ANNA, { operation: 'getBookingOverview', times: 1, fault: 'trickle', trickle_interval_ms: 20, response: { status: 200, body: BODY } });
    const started = performance.now();
    const trickled = await overview(KEY_ANNA);
    expect(await trickled.json()).toEqual(BODY);
    expect(performance.now() - started).toBeGreaterThanOrEqual(40);
  });
});

describe('the journal, verify and the account reset', () => {
  it('journals a stub answer as scenario traffic naming the stub, a nonconforming one as outside the contract on purpose', async () => {
    const added = await addStub(KEY_ANNA, { operation: 'getBookingOverview', response: { status: 418, body: { error: 'teapot' } }, nonconforming: true, name: 'teapot' });
    expect((await overview(KEY_ANNA)).status).toBe(418);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const journal = await server.post('/_control/journal', { apikey: KEY_ANNA, endpoint: '/booking_overview.php' });
    const entry = (journal.body.entries as Json[]).at(-1)!;
    expect(entry.scenario).toBe('stub');
    expect(entry.stub).toEqual({ id: added.body.id, name: 'teapot', nonconforming: true, fault: null });
    expect(entry.conformance.response_valid).toBe(false);
    expect(entry.conformance.violations[0].message).toMatch(/^deliberately outside the contract \(nonconforming stub_1\)/);
  });

  it('verify counts the calls that held a body subset, and shows the closest calls field by field when none did', async () => {
    await search(KEY_BEN, 'Lyon');
    await search(KEY_BEN, 'Lyon');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const twice = await server.post('/_control/verify', { apikey: KEY_BEN, operation: 'searchHotels', body: { location: 'Lyon' }, count: 2 });
    expect(twice.body).toMatchObject({ ok: true, matched: 2, expected: 2, closest: [] });
    const none = await server.post('/_control/verify', { apikey: KEY_BEN, operation: 'searchHotels', body: { location: 'Lille' } });
    expect(none.body).toMatchObject({ ok: false, matched: 0 });
    expect((none.body as Json).closest[0].differences).toEqual([{ path: '/body/location', expected: 'Lille', actual: 'Lyon' }]);
    expect((await server.post('/_control/verify', { apikey: KEY_BEN, operation: 'searchHotels', count: -1 })).status).toBe(400);
  });

  it('counts stub answers as scenario traffic in /metrics, not as the service\'s own answers', async () => {
    const scenarioCount = async () => {
      const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).text();
      const line = text.split('\n').find((row) => row.startsWith('http_scenario_requests_total{') && row.includes('booking_overview') && row.includes('"418"'));
      return line ? Number(line.split(' ').at(-1)) : 0;
    };
    const before = await scenarioCount();
    await addStub(KEY_ANNA, { operation: 'getBookingOverview', response: { status: 418, body: { error: 'teapot' } }, nonconforming: true });
    expect((await overview(KEY_ANNA)).status).toBe(418);
    expect(await scenarioCount()).toBe(before + 1);
  });

  it('an account reset removes its stubs', async () => {
    await addStub(KEY_ANNA, { operation: 'getBookingOverview', response: { status: 200, body: { status: 'ok', count: 0, bookings: [] } } });
    expect((await server.post('/_control/reset', { apikey: KEY_ANNA })).status).toBe(200);
    expect((await server.post('/_control/stubs', { apikey: KEY_ANNA })).body).toEqual({ state: 'Started', stubs: [] });
  });

  it('removes one stub by id (404 for an id the account does not have, even another account\'s)', async () => {
    const added = await addStub(KEY_ANNA, { operation: 'getBookingOverview', response: { status: 200, body: { status: 'ok', count: 0, bookings: [] } } });
    expect((await server.post('/_control/stubs/remove', { apikey: KEY_BEN, id: added.body.id })).status).toBe(404);
    expect((await server.post('/_control/stubs/remove', { apikey: KEY_ANNA, id: added.body.id })).body).toEqual({ removed: added.body.id });
    expect((await server.post('/_control/stubs/remove', { apikey: KEY_ANNA, id: added.body.id })).status).toBe(404);
  });
});

describe('the answers keep control-api.yaml', () => {
  const control = createContractValidator(loadContract(CONTROL_CONTRACT_PATH));
  const kept = (path: string, status: number, body: unknown) => expect(control.validateResponse(path, 'post', status, body)).toEqual({ ok: true });

  it('add, list, remove, reset and verify answer as documented', async () => {
    const full = { operation: 'searchHotels', name: 'paris', priority: 3, times: 2, state: { when: 'Started', next: 'x' }, delay_ms: { min: 1, max: 2 },
      match: { body: { location: 'Paris' }, headers: { 'X-A': 'b' } }, response: RATE_LIMITED };
    const added = await addStub(KEY_ANNA, full);
    kept('/stubs/add', 201, added.body);
    const fault = await addStub(KEY_ANNA, { operation: 'startBooking', fault: 'trickle', trickle_interval_ms: 5, response: { status: 200, body: { x: 1 } } });
    kept('/stubs/add', 201, fault.body);
    const refused = await addStub(KEY_ANNA, { operation: 'searchHotels', response: { status: 429, body: {} } });
    kept('/stubs/add', 400, refused.body);
    kept('/stubs', 200, (await server.post('/_control/stubs', { apikey: KEY_ANNA })).body);
    kept('/stubs/remove', 200, (await server.post('/_control/stubs/remove', { apikey: KEY_ANNA, id: added.body.id })).body);
    kept('/stubs/remove', 404, (await server.post('/_control/stubs/remove', { apikey: KEY_ANNA, id: 'stub_99' })).body);
    kept('/stubs/reset', 200, (await server.post('/_control/stubs/reset', { apikey: KEY_ANNA })).body);
    await search(KEY_ANNA, 'Oslo');
    await new Promise((resolve) => setTimeout(resolve, 50));
    kept('/verify', 200, (await server.post('/_control/verify', { apikey: KEY_ANNA, operation: 'searchHotels', body: { location: 'Bergen' } })).body);
    kept('/verify', 200, (await server.post('/_control/verify', { apikey: KEY_ANNA, operation: 'searchHotels', count: 1 })).body);
  });
});

describe('bounds per account', () => {
  it(`keeps at most ${STUB_LIMITS.perAccount} stubs and ${STUB_LIMITS.bytesPerAccount / 1024} KB per account (409), and the full account leaves the others free`, async () => {
    const small = { operation: 'getBookingOverview', match: { headers: { 'x-never': 'x' } }, response: { status: 200, body: { status: 'ok', count: 0, bookings: [] } } };
    for (let i = 0; i < STUB_LIMITS.perAccount; i++) expect((await addStub(KEY_ANNA, small)).status).toBe(201);
    const over = await addStub(KEY_ANNA, small);
    expect(over.status).toBe(409);
    expect(over.body.error).toMatch(/holds 50 stubs, the most it keeps/);
    expect((await addStub(KEY_BEN, small)).status).toBe(201);

    await server.post('/_control/stubs/reset', { apikey: KEY_ANNA });
    const big = { ...small, name: 'big', response: { status: 503, headers: { 'Retry-After': '1' }, body: { error: 'x'.repeat(14_000) } } };
    let added = 0;
    for (; added < STUB_LIMITS.perAccount; added++) if ((await addStub(KEY_ANNA, big)).status !== 201) break;
    expect(added).toBe(Math.floor(STUB_LIMITS.bytesPerAccount / 14_200));
    expect((await addStub(KEY_ANNA, big)).body.error).toMatch(/256 KB of stubs/);
    expect((await overview(KEY_BEN)).status).toBe(200);
  });
});
