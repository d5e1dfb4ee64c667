/**
 * Section 3 for the sold-out scenario (hotel 900009): the supplier refuses at booking start, so
 * the service answers 409 and creates no booking; `booking_failed` stays a failure after payment.
 */
import { describe, expect, it } from 'vitest';
import { addDays, FakeClock, isoDate } from '../../clock.js';
import { ApiError } from '../../errors.js';
import { LowdbStore } from '../../store/lowdbStore.js';
import { demoAccounts } from '../accounts.js';
import { OfferRegistry } from '../offers.js';
import { hotelRooms } from '../rates/index.js';
import { Bookings, SOLD_OUT_AT_BOOKING } from './bookings.js';
import { TEST_START, testWorld } from '../../testing/bookingServer.js';

async function setup() {
  const clock = new FakeClock(TEST_START);
  const store = await LowdbStore.inMemory();
  const world = testWorld();
  const bookings = new Bookings({
    store, world, offers: new OfferRegistry(store),
    config: { publicUrl: 'http://127.0.0.1:3000', supportEmail: 'support@hotel-booking.example' },
  });
  const account = demoAccounts().find((account) => account.apikey === 'demo-key-1')!;
  const checkin = addDays(isoDate(clock.now()), 20);
  const stay = { checkin, checkout: addDays(checkin, 2), persons: 2, currency: 'EUR', residency: 'nl' };
  const serviceHashOf = (hotelId: number) => hotelRooms(world.hotel(hotelId)!, stay, clock.now())[0]!.rates[0]!.service_hash;
  return { store, clock, bookings, account, serviceHashOf };
}

describe('sold out at booking (scenario 900009)', () => {
  it('refuses at booking start with 409 "rate no longer available" and stores nothing', async () => {
    const { store, clock, bookings, account, serviceHashOf } = await setup();
    const refusal = await bookings.start(account, serviceHashOf(900009), clock).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 409, message: SOLD_OUT_AT_BOOKING });
    expect(await store.bookingsOfAccount(account.id)).toHaveLength(0);
    expect(await bookings.overview(account)).toEqual([]);
  });

  it('an ordinary scenario hotel still starts in processing, and a supplier failure after payment is listed', async () => {
    const { clock, bookings, account, serviceHashOf } = await setup();
    const { booking_url } = await bookings.start(account, serviceHashOf(900004), clock);
    const bookhash = new URL(booking_url).searchParams.get('bookhash')!;
    expect((await bookings.retrieve(account, bookhash, clock)).status).toBe('processing');
    await bookings.pay(bookhash, 'booking_failed', clock);
    expect(await bookings.retrieve(account, bookhash, clock)).toMatchObject({ status: 'booking_failed', paid: 'refunded' });
    expect((await bookings.overview(account)).map((item) => [item.bookhash, item.status])).toEqual([[bookhash, 'booking_failed']]);
  });
});
