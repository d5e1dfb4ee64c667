import { startSandbox, type Sandbox } from 'hotel-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHotelClient, firstRefundableRate, HotelApiError, type HotelClient } from './client.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.stop());

/** A stay two months ahead, as YYYY-MM-DD. */
function stay(nights = 2): { checkin: string; checkout: string } {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return { checkin: day(60), checkout: day(60 + nights) };
}

/** Search Amsterdam and book the first refundable rate among the first hotels' details. */
async function bookRefundableStay(client: HotelClient, scenario?: 'payment_declined') {
  const search = await client.search({ location: 'Amsterdam', ...stay() });
  expect(search.hotels.length).toBeGreaterThan(0);
  for (const hotel of search.hotels.slice(0, 3)) {
    const details = await client.hotel({ id: hotel.id, search_id: search.search_id });
    const rate = firstRefundableRate(details);
    if (rate) return { hotel: details, rate, ...(await client.startBooking(rate.service_hash, scenario)) };
  }
  throw new Error('no refundable rate in the first three hotels');
}

describe('booking a stay', () => {
  it('searches, books, pays, lists, retrieves and cancels', async () => {
    const guest = sandbox.accounts[0]!;
    const client = createHotelClient({ baseUrl: sandbox.url, apikey: guest.apikey });

    const { hotel, rate, bookhash, bookingUrl } = await bookRefundableStay(client);
    expect(bookhash).toHaveLength(30);
    expect(bookingUrl.startsWith(sandbox.url)).toBe(true);
    expect((await client.retrieve(bookhash)).status).toBe('processing');

    // The guest pays on the finalization page; the sandbox's control API presses its button.
    const paid = await sandbox.control.POST('/pay', { body: { apikey: guest.apikey, bookhash } });
    expect(paid.response.status).toBe(200);

    const overview = await client.overview();
    expect(overview.bookings.find((booking) => booking.bookhash === bookhash)?.status).toBe('booking_confirmed');
    const booking = await client.retrieve(bookhash);
    expect(booking).toMatchObject({
      status: 'booking_confirmed',
      paid: 'yes',
      refundable: true,
      hotel_name: hotel.name,
      total_price: rate.pricing.total_price,
      first_name: guest.first_name,
      email: guest.email,
    });

    expect(await client.cancel(bookhash)).toMatchObject({ status: 'cancelled', bookhash, booking_id: booking.id });
    expect((await client.retrieve(bookhash)).status).toBe('booking_cancelled');
    const again = await client.cancel(bookhash).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(HotelApiError);
    expect(again).toMatchObject({ status: 409, errorStatus: 'already_cancelled' });
  });

  it('refuses a cancel after the free-cancellation deadline, and the booking stays confirmed', async () => {
    const guest = sandbox.accounts[1]!;
    const client = createHotelClient({ baseUrl: sandbox.url, apikey: guest.apikey });
    const { rate, bookhash } = await bookRefundableStay(client);
    await sandbox.control.POST('/pay', { body: { apikey: guest.apikey, bookhash } });
    const deadline = rate.cancellation.free_cancellation_before!;

    // The deadline is in the hotel's local time: 15 hours after it as UTC is past it in every zone.
    const past = new Date(Date.parse(`${deadline}Z`) + 15 * 3600_000).toISOString();
    const clock = await sandbox.control.POST('/clock', { body: { apikey: guest.apikey, now: past } });
    expect(clock.response.status).toBe(200);

    const refused = await client.cancel(bookhash).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HotelApiError);
    expect((refused as HotelApiError).status).toBe(403);
    expect((refused as HotelApiError).message).toMatch(/deadline/i);
    expect((await client.retrieve(bookhash)).status).toBe('booking_confirmed');
  });

  it('shows a declined payment as payment_failed (sandbox scenario payment_declined)', async () => {
    const guest = sandbox.accounts[2]!;
    const client = createHotelClient({ baseUrl: sandbox.url, apikey: guest.apikey });
    const { bookhash } = await bookRefundableStay(client, 'payment_declined');

    await sandbox.control.POST('/pay', { body: { apikey: guest.apikey, bookhash } });

    expect(await client.retrieve(bookhash)).toMatchObject({ status: 'payment_failed', paid: 'no' });
    expect((await client.overview()).bookings.map((booking) => [booking.bookhash, booking.status])).toContainEqual([bookhash, 'payment_failed']);
    await expect(client.cancel(bookhash)).rejects.toMatchObject({ status: 409 });
  });
});
