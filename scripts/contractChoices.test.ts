/**
 * Small choices of issue 18 that the contract now states, each checked against the server:
 * request and response `service_hash` share one schema (and a hash off its pattern gets booking
 * start's own 400), the example `search_id` is documented as illustrative, the residency pattern is
 * the server's whole bound, and `payment_failed` is a final status that retrieve shows.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isObject, loadContract, type JsonObject } from '../contract/document.js';
import { deref, resolvePointer } from '../contract/navigation.js';
import { startSandbox, type Sandbox } from '../server/sandbox.js';

const contract = loadContract();
const schemas = (contract.components as JsonObject).schemas as Record<string, JsonObject>;
const SERVICE_HASH_REF = '#/components/schemas/ServiceHash';

let sandbox: Sandbox;
let apikey: string;
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimitPerMinute: 50 });
  apikey = sandbox.accounts[0]!.apikey;
});
afterAll(async () => {
  await sandbox?.stop();
});

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${sandbox.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer's raw JSON, read field by field
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};
const stay = () => {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  return { checkin: day(110), checkout: day(112) };
};

describe('service_hash: what answers carry, booking start takes', () => {
  it('the booking request refers to ServiceHash, the search and hotel rates to IssuedServiceHash, and every issued hash is a ServiceHash', () => {
    const refs = (node: unknown): string[] =>
      isObject(node) ? [...(typeof node.$ref === 'string' ? [node.$ref] : []), ...(Array.isArray(node.allOf) ? node.allOf.flatMap(refs) : [])] : [];
    const property = (schema: string) => (schemas[schema]?.properties as Record<string, unknown>)?.service_hash;
    expect(refs(property('BookingRequest'))).toEqual([SERVICE_HASH_REF]);
    for (const schema of ['SearchRate', 'HotelRate']) expect(refs(property(schema)), schema).toEqual(['#/components/schemas/IssuedServiceHash']);
    const [taken, issued] = [deref(contract, { $ref: SERVICE_HASH_REF }, '#').node, schemas.IssuedServiceHash] as Array<{ pattern: string; maxLength: number }>;
    // A client passes a rate's service_hash unchanged to booking start: the issued form is within the taken one.
    expect(issued!.maxLength).toBeLessThanOrEqual(taken!.maxLength);
    const sample = fc.sample(fc.stringMatching(new RegExp(issued!.pattern)), { numRuns: 2_000, seed: 37 }).filter((value) => value.length <= issued!.maxLength);
    expect(sample.length).toBeGreaterThan(1_000);
    for (const value of sample) expect(new RegExp(taken!.pattern, 'u').test(value) && value.length <= taken!.maxLength, value).toBe(true);
  });

  it('a service_hash off the pattern gets booking start’s own reason (400), as before the pattern was stated', async () => {
    for (const [hash, reason] of [
      ['72863-SUPSTEMLT-7-20270715-20270718-2', "rate_type must be 1, 2, 3 or 4 (got '7')"],
      ['', 'service_hash must be a non-empty string'],
      ['not-a-hash', "service_hash must have six parts separated by '-'"],
    ] as const) {
      const answer = await post('/booking.php', { apikey, service_hash: hash });
      expect(answer.status, hash).toBe(400);
      expect(answer.body.error).toBe(`Invalid service_hash '${hash}': ${answer.body.error.slice(`Invalid service_hash '${hash}': `.length)}`);
      expect(answer.body.error).toContain(reason);
    }
  });
});

describe('examples', () => {
  it('the search_id of the hotel-details example is documented as illustrative', () => {
    const at = (pointer: string) => resolvePointer(contract, pointer) as JsonObject;
    expect(at('#/paths/~1hotel.php/post/requestBody/content/application~1json/examples/fromSearch').description).toMatch(/search_id.*illustrative/s);
    expect(at('#/components/examples/SearchResponseAmsterdam').description).toMatch(/Illustrative/);
  });
});

describe('residency', () => {
  it('the contract pattern is the server’s whole bound: any two letters pass, anything else is 400 naming residency', async () => {
    expect(schemas.ResidencyCode?.pattern).toBe('^[A-Za-z]{2}$');
    expect(schemas.ResidencyCode?.description).toMatch(/whole bound/);
    for (const residency of ['zz', 'ZZ']) {
      const answer = await post('/search.php', { apikey, ...stay(), location: 'Amsterdam', residency });
      expect(answer.status, residency).toBe(200);
      expect(answer.body.search.residency).toBe('zz');
    }
    for (const residency of ['nld', 'n1']) {
      const answer = await post('/search.php', { apikey, ...stay(), location: 'Amsterdam', residency });
      expect(answer.status, residency).toBe(400);
      expect(answer.body.error).toMatch(/residency/);
    }
  });
});

describe('payment_failed', () => {
  it('retrieve shows it (200, paid no, no supplier order), the overview lists it, and it is final: no second payment, no cancel', async () => {
    const retrieveText = ((contract.paths['/retrieve_booking.php'] as JsonObject).post as JsonObject).description as string;
    expect(retrieveText).toMatch(/`payment_failed` \(the payment was\s+declined; `paid: no`/);
    const search = await post('/search.php', { apikey, ...stay(), location: 'Amsterdam' });
    expect(search.status).toBe(200);
    const started = await post('/booking.php', { apikey, service_hash: search.body.hotels[0].rate.service_hash });
    expect(started.status).toBe(200);
    const bookhash = new URL(started.body.booking_url as string).searchParams.get('bookhash');
    expect((await post('/_control/pay', { apikey, bookhash, outcome: 'payment_failed' })).status).toBe(200);

    const retrieved = await post('/retrieve_booking.php', { apikey, bookhash });
    expect(retrieved.status).toBe(200);
    expect(retrieved.body.booking).toMatchObject({ bookhash, status: 'payment_failed', paid: 'no', supplier_order_id: null });
    const overview = await post('/booking_overview.php', { apikey });
    expect(overview.body.bookings.find((b: { bookhash: string }) => b.bookhash === bookhash)?.status).toBe('payment_failed');
    expect((await post('/_control/pay', { apikey, bookhash, outcome: 'success' })).status).toBe(409);
    expect(await post('/book/cancel.php', { apikey, bookhash })).toMatchObject({ status: 409, body: { status: 'payment_failed' } });
  });
});
