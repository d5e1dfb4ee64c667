/** The console's stubs section: add (checked against the contract), list, remove and reset, for the signed-in account only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_ANNA, KEY_BEN, startTestServer, type TestServer } from '../../testing/bookingServer.js';
import { CONSOLE, ConsoleClient } from '../../testing/consoleClient.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the console: stubs', () => {
  it('adds a stub from its JSON, shows it, refuses one that breaks the contract with the violations, removes it', async () => {
    const console_ = new ConsoleClient(server.url);
    await console_.signIn(KEY_ANNA);
    expect((await console_.get(CONSOLE)).text).toContain('id="no-stubs"');

    const stub = { operation: 'getBookingOverview', response: { status: 503, headers: { 'Retry-After': '1' }, body: { error: 'down (console stub)' } } };
    expect((await console_.submit(`${CONSOLE}/stubs/add`, { stub: JSON.stringify(stub) })).status).toBe(303);
    const page = await console_.get(CONSOLE);
    expect(page.text).toContain('Stub stub_1 was added');
    expect(page.text).toMatch(/<code>stub_1<\/code>[\s\S]*getBookingOverview/);
    const overview = await server.post('/booking_overview.php', { apikey: KEY_ANNA });
    expect(overview.body).toEqual({ error: 'down (console stub)' });
    expect((await server.post('/booking_overview.php', { apikey: KEY_BEN })).status).toBe(200);

    const broken = await console_.submit(`${CONSOLE}/stubs/add`, { stub: JSON.stringify({ operation: 'searchHotels', response: { status: 429, body: { error: 'x' } } }) });
    expect(broken.status).toBe(400);
    expect(broken.text).toMatch(/The stub was not added: .*does not keep openapi.yaml/);
    expect(broken.text).toMatch(/retry-after/i);
    expect((await console_.submit(`${CONSOLE}/stubs/add`, { stub: '{oops' })).text).toContain('the stub is not JSON');

    expect((await console_.submit(`${CONSOLE}/stubs/remove`, { id: 'stub_1' })).status).toBe(303);
    expect((await console_.get(CONSOLE)).text).toContain('id="no-stubs"');
    expect((await console_.submit(`${CONSOLE}/stubs/remove`, { id: 'stub_1' })).status).toBe(404);
    await console_.submit(`${CONSOLE}/stubs/add`, { stub: JSON.stringify(stub) });
    expect((await console_.submit(`${CONSOLE}/stubs/reset`)).status).toBe(303);
    expect((await server.post('/_control/stubs', { apikey: KEY_ANNA })).body.stubs).toEqual([]);
  });

  it('refuses a stub form without the session\'s CSRF token', async () => {
    const console_ = new ConsoleClient(server.url);
    await console_.signIn(KEY_ANNA);
    expect((await console_.post(`${CONSOLE}/stubs/reset`, { csrf_token: 'wrong' })).status).toBe(403);
  });
});
