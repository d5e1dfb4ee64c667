/**
 * Every bound server/control-api.yaml states on a request body (maxLength, minimum, maximum) is
 * enforced with 400 naming the field, before the key is judged and before anything changes; a value
 * at the bound passes the check. The cases are derived from the contract, so a bound added there is
 * tested here without a new line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CONTRACT_PATH, loadContract } from '../../../contract/document.js';
import { controlBodyBoundsOf } from './controlBounds.js';
import { KEY_ANNA, controlPay, dayAfter, findRate, startBooking, startTestServer, type TestServer } from '../../testing/bookingServer.js';

const bounds = controlBodyBoundsOf(loadContract(CONTROL_CONTRACT_PATH));
// The account calls (a key in the body); the admin's routes check their bodies in AccountAdmin's input
// rules (accountInput.ts), tested with the admin token in accountsControlApi.test.ts.
const cases = [...bounds]
  .filter(([path]) => !path.startsWith('/admin/'))
  .flatMap(([path, list]) => list.map((bound) => [`${path} ${bound.field}`, path, bound] as const));

const ADMIN_TOKEN = 'control-bounds-admin-token';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { adminToken: ADMIN_TOKEN } });
});
afterAll(() => server.close());

describe('control-api.yaml bounds', () => {
  it('states bounds on the key of every call with a body, the /pay fields and the journal filters', () => {
    for (const path of ['/clock', '/reset', '/pay', '/outbox', '/journal', '/certification']) {
      expect(bounds.get(path)?.find((bound) => bound.field === 'apikey')?.maxLength, path).toBe(200);
    }
    const fields = (path: string) => bounds.get(path)?.map((bound) => bound.field);
    expect(fields('/pay')).toEqual(expect.arrayContaining(['bookhash', 'booking_url', 'client_remarks']));
    expect(fields('/journal')).toEqual(expect.arrayContaining(['endpoint', 'since', 'until', 'limit']));
  });

  it.each(cases)('%s: past the bound is 400 naming the field, before the key is judged', async (_label, path, bound) => {
    const past = bound.maxLength !== undefined ? 'x'.repeat(bound.maxLength + 1) : bound.maximum !== undefined ? bound.maximum + 1 : (bound.minimum as number) - 1;
    // An unknown key with it: the bound answers first, so the key is not judged (no 403). Admin
    // calls name no key: they carry the admin token, and the bound answers before anything is read.
    const admin = path.startsWith('/admin/');
    const body = admin
      ? { [bound.field]: past }
      : { apikey: bound.field === 'apikey' ? past : 'no-such-key', ...(bound.field === 'apikey' ? {} : { [bound.field]: past }) };
    const answer = admin
      ? await fetch(`${server.url}/_control${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
          body: JSON.stringify(body),
        }).then(async (response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> }))
      : await server.post(`/_control${path}`, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(String(answer.body.error)).toMatch(new RegExp(`^'${bound.field}' must be at (most|least) `));
  });

  it('counts characters, not UTF-16 units, and lets a value at the bound through to the handler', async () => {
    const stay = { checkin: dayAfter(server.clock, 20), checkout: dayAfter(server.clock, 22) };
    const rate = await findRate(server, KEY_ANNA, stay);
    const bookhash = await startBooking(server, KEY_ANNA, rate.serviceHash);
    const before = await server.store.findBooking(bookhash);
    expect((await controlPay(server, bookhash, 'success', '🏨'.repeat(1001))).status).toBe(400);
    expect(await server.store.findBooking(bookhash)).toEqual(before); // nothing paid
    expect((await controlPay(server, bookhash, 'success', '🏨'.repeat(1000))).status).toBe(200);
    expect((await server.post('/_control/journal', { apikey: KEY_ANNA, limit: 1000 })).status).toBe(200);
    // Contract 1.0.0 bounded no journal limit: more than the 1,000 calls a journal keeps returns them all.
    expect((await server.post('/_control/journal', { apikey: KEY_ANNA, limit: 5000 })).status).toBe(200);
  });
});
