/**
 * Idempotent booking start over HTTP (booking.php with an Idempotency-Key header), as one suite
 * run against each store (idempotency.test.ts, postgresStore.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_REUSED } from '../domain/bookings/idempotency.js';
import {
  KEY_ANNA, KEY_BEN, dayAfter, findRate, startTestServer, type FoundRate, type TestServer,
} from './bookingServer.js';
import type { Store } from '../domain/ports/store.js';

const ANNA = 1;
const BEN = 2;

export function describeIdempotentBookingStart(name: string, makeStore: () => Promise<Store>): void {
  describe(`booking.php with Idempotency-Key (${name})`, () => {
    let server: TestServer;
    let store: Store;
    let rate: FoundRate;
    let other: FoundRate;
    let keys = 0;
    const newKey = () => `key-${Date.now()}-${(keys += 1)}`;

    beforeAll(async () => {
      store = await makeStore();
      server = await startTestServer({ store });
      const stay = { checkin: dayAfter(server.clock, 30), checkout: dayAfter(server.clock, 32) };
      rate = await findRate(server, KEY_ANNA, stay, { refundable: true });
      other = await findRate(server, KEY_ANNA, stay, { refundable: false });
    });
    afterAll(async () => {
      await server.close();
      await store.close();
    });

    const start = async (apikey: string, serviceHash: string, key?: string) => {
      const response = await fetch(`${server.url}/booking.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'Idempotency-Key': key }) },
        body: JSON.stringify({ apikey, service_hash: serviceHash }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const bookingsOf = async (accountId: number) => (await store.bookingsOfAccount(accountId)).length;

    it('a repeat with the same key gives the same answer and makes no second booking', async () => {
      const key = newKey();
      const before = await bookingsOf(ANNA);
      const first = await start(KEY_ANNA, rate.serviceHash, key);
      expect(first.status).toBe(200);
      expect(await start(KEY_ANNA, rate.serviceHash, key)).toEqual(first);
      expect(await bookingsOf(ANNA)).toBe(before + 1);
    });

    it('concurrent requests with one key make one booking and all get its answer', async () => {
      const key = newKey();
      const before = await bookingsOf(ANNA);
      const answers = await Promise.all(Array.from({ length: 6 }, () => start(KEY_ANNA, rate.serviceHash, key)));
      expect(answers[0]?.status).toBe(200);
      for (const answer of answers) expect(answer).toEqual(answers[0]);
      expect(await bookingsOf(ANNA)).toBe(before + 1);
    });

    it('the same key with another body gives 422 and books nothing', async () => {
      const key = newKey();
      await start(KEY_ANNA, rate.serviceHash, key);
      const before = await bookingsOf(ANNA);
      expect(await start(KEY_ANNA, other.serviceHash, key)).toEqual({ status: 422, body: { error: KEY_REUSED } });
      expect(await bookingsOf(ANNA)).toBe(before);
    });

    it('keys belong to the account: another account with the same key gets its own booking', async () => {
      const key = newKey();
      const anna = await start(KEY_ANNA, rate.serviceHash, key);
      const ben = await start(KEY_BEN, rate.serviceHash, key);
      expect(ben.status).toBe(200);
      expect(ben.body.booking_url).not.toEqual(anna.body.booking_url);
      expect((await store.bookingsOfAccount(BEN)).some((booking) => ben.body.booking_url === `${server.url}/book/finalize?bookhash=${booking.bookhash}`)).toBe(true);
    });

    it('a key is remembered for 24 hours of the clock, then it books again', async () => {
      const key = newKey();
      const first = await start(KEY_ANNA, rate.serviceHash, key);
      server.clock.advance(24 * 3600 - 1);
      expect(await start(KEY_ANNA, rate.serviceHash, key)).toEqual(first);
      server.clock.advance(1);
      const later = await start(KEY_ANNA, rate.serviceHash, key);
      server.clock.advance(-24 * 3600);
      expect(later.status).toBe(200);
      expect(later.body.booking_url).not.toEqual(first.body.booking_url);
    });

    it('a refused request leaves the key unused, so the corrected request books', async () => {
      const key = newKey();
      const refused = await start(KEY_ANNA, '1-XX-1-20261215-20261218-2', key);
      expect(refused.status).toBe(400);
      expect((await start(KEY_ANNA, rate.serviceHash, key)).status).toBe(200);
    });

    it.each([
      ['empty', ''],
      ['longer than 255 characters', 'k'.repeat(256)],
      ['not printable ASCII', 'schl\u00fcssel'],
      ['with a tab', 'a\tb'],
    ])('a key that is %s gives 400 and books nothing', async (_name, key) => {
      const before = await bookingsOf(ANNA);
      const answer = await start(KEY_ANNA, rate.serviceHash, key);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/Idempotency-Key header must be 1 to 255 printable ASCII characters/);
      expect(await bookingsOf(ANNA)).toBe(before);
    });

    it('a 255-character key works; without the header every request books', async () => {
      expect((await start(KEY_ANNA, rate.serviceHash, 'k'.repeat(255))).status).toBe(200);
      const before = await bookingsOf(ANNA);
      await start(KEY_ANNA, rate.serviceHash);
      await start(KEY_ANNA, rate.serviceHash);
      expect(await bookingsOf(ANNA)).toBe(before + 2);
    });
  });
}
