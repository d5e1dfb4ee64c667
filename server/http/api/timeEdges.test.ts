/**
 * The Idempotency-Key's 24 hours and the free-cancellation deadline at exactly their edges and 1 ms
 * either side, over HTTP: reached by the account's clock (control API) and, for the key, by real
 * time with the clock set back (LIFETIMES in server/testing/timeRules/model.ts). The other rules'
 * edges: server/domain/timeEdges.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantMsOfLocal } from '../../domain/localTime.js';
import {
  KEY_ANNA,
  controlPay,
  dayAfter,
  findRate,
  startBooking,
  startTestServer,
  testWorld,
  type FoundRate,
  type TestServer,
} from '../../testing/bookingServer.js';
import { DAY_MS } from '../../testing/timeRules/model.js';

describe('time rules at their edges over HTTP', () => {
  let server: TestServer;
  let refundable: FoundRate;
  const T0 = () => server.clock.now().getTime();

  beforeAll(async () => {
    server = await startTestServer();
    refundable = await findRate(server, KEY_ANNA, { checkin: dayAfter(server.clock, 30), checkout: dayAfter(server.clock, 33) }, { refundable: true });
  });
  afterAll(() => server.close());

  const setClock = async (instantMs: number) => {
    const moved = await server.post('/_control/clock', { apikey: KEY_ANNA, now: new Date(instantMs).toISOString() });
    expect(moved.status).toBe(200);
  };
  const book = async (key: string) => {
    const response = await fetch(`${server.url}/booking.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify({ apikey: KEY_ANNA, service_hash: refundable.serviceHash }),
    });
    return { status: response.status, body: (await response.json()) as { booking_url?: string } };
  };

  it("an Idempotency-Key replays its answer until exactly 24 h on the account's clock", async () => {
    for (const [afterMs, replays] of [[DAY_MS - 1, true], [DAY_MS, false], [DAY_MS + 1, false]] as const) {
      const start = T0();
      const key = `edge-account-${afterMs}`;
      const first = await book(key);
      expect(first.status).toBe(200);
      await setClock(start + afterMs); // same instant of real time (the base clock stands still)
      const again = await book(key);
      expect(again.status).toBe(200);
      expect(again.body.booking_url === first.body.booking_url, `${afterMs} ms after on the account's clock`).toBe(replays);
      await server.post('/_control/clock', { apikey: KEY_ANNA, offset_seconds: 0 });
    }
  });

  it('an Idempotency-Key replays until exactly 24 h of real time, however far its clock is set back', async () => {
    for (const [afterMs, replays] of [[DAY_MS - 1, true], [DAY_MS, false], [DAY_MS + 1, false]] as const) {
      const start = T0();
      const key = `edge-real-${afterMs}`;
      const first = await book(key);
      server.clock.set(new Date(start + afterMs)); // real time passes…
      await setClock(start); // …and the account's clock is set back to when the key was used
      const again = await book(key);
      expect(again.body.booking_url === first.body.booking_url, `${afterMs} ms of real time after`).toBe(replays);
      await server.post('/_control/clock', { apikey: KEY_ANNA, offset_seconds: 0 });
    }
  });

  it('a refundable booking cancels strictly before its deadline: 1 ms before 200, at it and 1 ms after 403', async () => {
    const deadline = String(refundable.rate.cancellation.free_cancellation_before);
    const deadlineMs = instantMsOfLocal(deadline, testWorld().hotel(refundable.hotelId)!.timeZone);
    for (const [atMs, status] of [[deadlineMs - 1, 200], [deadlineMs, 403], [deadlineMs + 1, 403]] as const) {
      await server.post('/_control/clock', { apikey: KEY_ANNA, offset_seconds: 0 });
      const bookhash = await startBooking(server, KEY_ANNA, refundable.serviceHash);
      expect((await controlPay(server, bookhash)).status).toBe(200);
      await setClock(atMs);
      const cancel = await server.post('/book/cancel.php', { apikey: KEY_ANNA, bookhash });
      expect(cancel.status, `cancel at deadline ${atMs - deadlineMs >= 0 ? '+' : ''}${atMs - deadlineMs} ms`).toBe(status);
    }
    await server.post('/_control/clock', { apikey: KEY_ANNA, offset_seconds: 0 });
  });
});
