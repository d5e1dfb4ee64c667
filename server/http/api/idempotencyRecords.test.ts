/**
 * Finding 3's last part: /metrics shows how many idempotency records the store keeps
 * (`store_transient_entries{kind="idempotency_records"}`), on the embedded store here and on
 * PostgreSQL in postgresStore.test.ts (transientSizes of both).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../../testing/testServer.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { rateLimits: { perMinute: 1000, perDay: 10_000 } } });
});
afterAll(() => server.close());

const recordsIn = async () => {
  const text = (await server.request('/metrics', { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } })).body as string;
  return Number(/^store_transient_entries\{kind="idempotency_records"\} (\d+)$/m.exec(text)?.[1]);
};

describe('idempotency records in /metrics', () => {
  it('counts the records kept: one per booking made with an Idempotency-Key, none for a replay', async () => {
    expect(await recordsIn()).toBe(0);
    const found = await server.post('/search.php', { apikey: 'demo-key-1', checkin: '2027-03-15', checkout: '2027-03-18', location: 'Amsterdam' });
    const serviceHash = found.body.hotels[0].rate.service_hash as string;
    for (const key of ['order-1', 'order-2', 'order-1']) {
      const booked = await server.post('/booking.php', { apikey: 'demo-key-1', service_hash: serviceHash }, { headers: { 'content-type': 'application/json', 'idempotency-key': key } });
      expect(booked.status).toBe(200);
    }
    expect(await recordsIn()).toBe(2);
  });
});
