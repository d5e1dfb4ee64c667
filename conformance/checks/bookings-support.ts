/**
 * What the state checks share: retrieve, overview and cancel calls, and the memoised bookings that
 * several checks inspect (a cancelled one, one whose cancel failed at the supplier).
 */
import type { components } from '../../contract/generated/openapi.js';
import { expectEqual, expectStatus, ok } from '../kit/assert.js';
import type { CheckContext } from '../kit/context.js';
import type { StartedBooking } from '../kit/fixtures.js';
import type { Exchange } from '../kit/recorder.js';

export type BookingDetail = components['schemas']['BookingDetail'];
export type OverviewItem = components['schemas']['BookingOverviewItem'];

export async function retrieve(ctx: CheckContext, bookhash: string, what: string, apikey = ctx.apikey): Promise<BookingDetail> {
  return ok(await ctx.api.post('/retrieve_booking.php', { apikey, bookhash }), what).booking;
}

/** The overview's bookings; count must be their number (2.11). */
export async function overview(ctx: CheckContext, apikey = ctx.apikey): Promise<OverviewItem[]> {
  const body = ok(await ctx.api.post('/booking_overview.php', { apikey }), 'booking overview');
  expectEqual(body.count, body.bookings.length, 'overview count vs bookings.length');
  return body.bookings;
}

export const cancel = (ctx: CheckContext, bookhash: string, apikey = ctx.apikey) => ctx.api.post('/book/cancel.php', { apikey, bookhash });

/** A confirmed refundable booking, cancelled once (shared by the checks on a successful cancel). */
export interface CancelledBooking {
  booking: StartedBooking;
  before: BookingDetail;
  cancelled: Exchange<components['schemas']['CancelResponse']>;
  /** E-mails about the booking in the outbox just before the cancel (with the harness), e.g. a booking confirmation. */
  mailsBeforeCancel: number | undefined;
}

export function cancelledBooking(ctx: CheckContext): Promise<CancelledBooking> {
  return ctx.fixtures.memo('cancelled-booking', Infinity, async () => {
    const booking = await ctx.fixtures.confirmedBooking(true);
    const before = await retrieve(ctx, booking.bookhash, 'retrieve of the confirmed booking');
    expectEqual(before.status, 'booking_confirmed', 'status after payment');
    const mailsBeforeCancel = ctx.harness
      ? (await ctx.harness.outbox()).filter((mail) => mail.bookhash === booking.bookhash).length
      : undefined;
    const cancelled = await cancel(ctx, booking.bookhash);
    expectStatus(cancelled, 200, `cancel of the confirmed refundable booking ${booking.bookhash} (deadline ${before.free_cancellation_before})`);
    return { booking, before, cancelled, mailsBeforeCancel };
  });
}

/** A confirmed refundable booking at the scenario hotel whose supplier fails cancellations, cancelled once. */
export function supplierFailure(ctx: CheckContext): Promise<{ booking: StartedBooking; response: Exchange }> {
  return ctx.fixtures.memo('supplier-failure', Infinity, async () => {
    const hotel = await ctx.fixtures.scenarioHotel('cancel_fails_at_supplier');
    const details = ok(await ctx.api.post('/hotel.php', { apikey: ctx.apikey, id: hotel.id, ...ctx.stay(30, 3) }), `live details of scenario hotel ${hotel.id}`);
    const rate = (details.rooms ?? []).flatMap((room) => room.rates).find((r) => r.refundable);
    if (!rate) ctx.skip(`scenario hotel ${hotel.id} offers no refundable rate`);
    const booking = await ctx.fixtures.startBooking(rate.service_hash);
    await ctx.control().pay(booking.bookhash, 'success');
    return { booking, response: await cancel(ctx, booking.bookhash) };
  });
}

