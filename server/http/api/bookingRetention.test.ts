/**
 * BOOKINGS_PER_ACCOUNT over HTTP: a full account's new booking retires its oldest unconfirmed one (its
 * booking_url then finds nothing); with only confirmed bookings, booking start answers 409 and books
 * nothing; other accounts are untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KEY_ANNA,
  KEY_BEN,
  bookhashOf,
  controlPay,
  dayAfter,
  findRate,
  startBooking,
  startTestServer,
  type FoundRate,
  type TestServer,
} from '../../testing/bookingServer.js';

describe('bookings kept per account (BOOKINGS_PER_ACCOUNT)', () => {
  let server: TestServer;
  let rate: FoundRate;
  let benRate: FoundRate;
  beforeAll(async () => {
    server = await startTestServer({ config: { bookingsPerAccount: 2 } });
    const stay = { checkin: dayAfter(server.clock, 30), checkout: dayAfter(server.clock, 33) };
    rate = await findRate(server, KEY_ANNA, stay, { refundable: true });
    benRate = await findRate(server, KEY_BEN, stay, { refundable: true });
  });
  afterAll(() => server.close());

  const retrieve = (apikey: string, bookhash: string) => server.post('/retrieve_booking.php', { apikey, bookhash });

  it('retires the oldest unconfirmed booking, then refuses with 409 when all are confirmed', async () => {
    const bens = await startBooking(server, KEY_BEN, benRate.serviceHash);
    const first = await startBooking(server, KEY_ANNA, rate.serviceHash);
    const second = await startBooking(server, KEY_ANNA, rate.serviceHash);
    await controlPay(server, second);
    const third = await startBooking(server, KEY_ANNA, rate.serviceHash);
    expect((await retrieve(KEY_ANNA, first)).status).toBe(404);
    expect((await retrieve(KEY_ANNA, second)).body.booking).toMatchObject({ status: 'booking_confirmed' });
    expect((await retrieve(KEY_ANNA, third)).status).toBe(200);
    await controlPay(server, third);

    const refused = await server.post('/booking.php', { apikey: KEY_ANNA, service_hash: rate.serviceHash });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'This sandbox account holds 2 confirmed bookings, the most it keeps; cancel some, or reset the account, to book again.',
    });
    const overview = await server.post('/booking_overview.php', { apikey: KEY_ANNA });
    expect((overview.body.bookings as { bookhash: string }[]).map((booking) => booking.bookhash).sort()).toEqual([second, third].sort());

    // A cancel makes room again; Ben's booking was never touched.
    expect((await server.post('/book/cancel.php', { apikey: KEY_ANNA, bookhash: second })).status).toBe(200);
    const fourth = bookhashOf(String((await server.post('/booking.php', { apikey: KEY_ANNA, service_hash: rate.serviceHash })).body.booking_url));
    expect((await retrieve(KEY_ANNA, fourth)).status).toBe(200);
    expect((await retrieve(KEY_ANNA, second)).status).toBe(404);
    expect((await retrieve(KEY_BEN, bens)).status).toBe(200);
  });
});
