/**
 * A successful payment e-mails the booking confirmation to the guest, in the booking's language,
 * in the same store write as the status change; a failed payment or a refused one sends nothing.
 */
import { describe, expect, it } from 'vitest';
import { addDays, FakeClock, isoDate } from '../../clock.js';
import { LowdbStore } from '../../store/lowdbStore.js';
import type { BookingChange, Store } from '../ports/store.js';
import { demoAccounts } from '../accounts.js';
import { OfferRegistry } from '../offers.js';
import { hotelRooms } from '../rates/index.js';
import { Bookings } from './bookings.js';
import { TEST_START, testWorld } from '../../testing/bookingServer.js';

const SUPPORT = 'support@hotel-booking.example';

async function setup(language = 'en') {
  const clock = new FakeClock(TEST_START);
  const store = await LowdbStore.inMemory();
  const world = testWorld();
  const offers = new OfferRegistry(store);
  const bookings = new Bookings({ store, world, offers, config: { publicUrl: 'http://127.0.0.1:3000', supportEmail: SUPPORT } });
  const account = demoAccounts().find((account) => account.apikey === 'demo-key-1')!;
  const checkin = addDays(isoDate(clock.now()), 30); // Saturday 19 December 2026
  const stay = { checkin, checkout: addDays(checkin, 2), persons: 2, currency: 'EUR', residency: 'nl' };
  const start = async (hotelId: number, refundable = true) => {
    const rate = hotelRooms(world.hotel(hotelId)!, stay, clock.now()).flatMap((room) => room.rates).find((r) => r.refundable === refundable)!;
    await offers.record(account.id, [rate.service_hash], { currency: 'EUR', residency: 'nl', language }, clock);
    const { booking_url } = await bookings.start(account, rate.service_hash, clock);
    return new URL(booking_url).searchParams.get('bookhash')!;
  };
  return { store, clock, bookings, start };
}

describe('the booking confirmation e-mail', () => {
  it('goes out on a successful payment, with the booking, the taxes on top and the deadline in the hotel zone', async () => {
    const { store, clock, bookings, start } = await setup();
    const bookhash = await start(900004); // taxes_not_included: city tax and VAT on top
    const paid = await bookings.pay(bookhash, 'success', clock, { clientRemarks: 'Late arrival' });
    const emails = await store.outbox();
    expect(emails).toHaveLength(1);
    const email = emails[0]!;
    expect(email).toMatchObject({
      to: 'anna.devries@example.com',
      subject: `Your booking at ${paid.hotelName} is confirmed`,
      bookhash,
      sent_at: '2026-11-19T10:00:00.000Z',
    });
    const cityTax = paid.taxes.find((tax) => tax.name === 'city_tax')!;
    for (const part of [
      'Dear Anna de Vries,',
      `Your payment of ${paid.totalPrice} EUR was received`,
      `Supplier order:    ${paid.supplierOrderId!}`,
      'Arrival:           Sat, 19 December 2026',
      'Departure:         Mon, 21 December 2026 (2 nights)',
      'Your remarks:      Late arrival',
      `Not included in the price, payable on top: City tax ${cityTax.amount} ${cityTax.currency} and VAT `,
      `(${bookings.timeZoneOf(paid)}).`,
      `Questions? Contact ${SUPPORT} and mention booking reference ${bookhash}.`,
    ]) {
      expect(email.text).toContain(part);
    }
    expect(email.text).toMatch(/Free cancellation until \w{3}, \d{1,2} \w+ 2026, \d{2}:\d{2} \(/);
  });

  it("speaks the booking's language", async () => {
    const { store, clock, bookings, start } = await setup('de-DE');
    const bookhash = await start(900004, false);
    const paid = await bookings.pay(bookhash, 'success', clock);
    const email = (await store.outbox())[0]!;
    expect(email.subject).toBe(`Ihre Buchung im ${paid.hotelName} ist bestätigt`);
    expect(email.text).toContain('Anreise:');
    expect(email.text).toContain('Sa., 19. Dezember 2026');
    expect(email.text).toContain('MwSt.');
    expect(email.text).toContain('Nicht erstattungsfähig');
  });

  it('is not sent for a declined card, a supplier failure or a refused second payment', async () => {
    const { store, clock, bookings, start } = await setup();
    await bookings.pay(await start(900004), 'payment_failed', clock);
    await bookings.pay(await start(900004), 'booking_failed', clock);
    const confirmed = await start(900004);
    await bookings.pay(confirmed, 'success', clock);
    await expect(bookings.pay(confirmed, 'success', clock)).rejects.toMatchObject({ status: 409 });
    expect((await store.outbox()).map((email) => email.bookhash)).toEqual([confirmed]);
  });

  it('is part of the one durable write of the confirmed status', async () => {
    const { store, clock, start } = await setup();
    const bookhash = await start(900004);
    const changes: BookingChange[] = [];
    const updateBooking: Store['updateBooking'] = (hash, change) => store.updateBooking(hash, (current) => {
      const result = change(current);
      if (result !== undefined) changes.push(result);
      return result;
    });
    // The real store, but every change the service asks for is seen here.
    const spied = new Proxy(store, {
      get: (target, property) => {
        if (property === 'updateBooking') return updateBooking;
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const spiedBookings = new Bookings({ store: spied, world: testWorld(), offers: new OfferRegistry(spied), config: { publicUrl: 'http://x', supportEmail: SUPPORT } });
    await spiedBookings.pay(bookhash, 'success', clock);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ booking: { status: 'booking_confirmed', paid: 'yes' }, emails: [{ bookhash }] });
    expect((await store.findBooking(bookhash))?.status).toBe('booking_confirmed');
    expect(await store.outbox()).toHaveLength(1);
  });
});
