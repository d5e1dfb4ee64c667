/**
 * Sections 3, 4.6, 6 and 7 on cancel: its preconditions (confirmed, refundable, before the
 * deadline, own booking), its answer and side effects, and the supplier failure (502).
 */
import { parseDateTime } from '../kit/domain.js';
import { errorText, expect, expectEqual, expectStatus, fail, ok } from '../kit/assert.js';
import type { Exchange } from '../kit/recorder.js';
import type { Check } from '../kit/types.js';
import { cancel, cancelledBooking, overview, retrieve, supplierFailure } from './bookings-support.js';
import { UNKNOWN_BOOKHASH, defineCheck } from './support.js';

/** The 403 texts of cancel refer to the support address (section 7). */
function expectSupportAddress(response: Exchange, what: string): void {
  expect(/[^\s@]+@[^\s@]+\.[^\s@]+/.test(errorText(response)), `${what}: the error text names no support address: '${errorText(response)}'`);
}


export const CANCEL_CHECKS: Check[] = [
  defineCheck({
    id: 'states.cancel.unknown-404',
    title: 'cancelling a booking that does not exist gives 404',
    section: '4.6, 7',
    tag: 'spec',
    needs: [],
    endpoints: ['/book/cancel.php'],
    async run(ctx) {
      expectStatus(await cancel(ctx, UNKNOWN_BOOKHASH), 404, `cancel of ${UNKNOWN_BOOKHASH}`);
    },
  }),
  defineCheck({
    id: 'states.cancel.not-confirmed-409',
    title: 'cancelling a booking that is not confirmed gives 409 with a status and changes nothing',
    section: '3, 4.6, 7',
    tag: 'spec',
    needs: [],
    endpoints: ['/search.php', '/booking.php', '/book/cancel.php', '/retrieve_booking.php'],
    async run(ctx) {
      const started = await ctx.fixtures.processingBooking();
      const response = await cancel(ctx, started.bookhash);
      expectStatus(response, 409, `cancel of the processing booking ${started.bookhash}`);
      expect(typeof (response.json as { status?: unknown }).status === 'string', 'the 409 body carries no status');
      const after = await retrieve(ctx, started.bookhash, 'retrieve after the refused cancel');
      expect(['processing', 'new'].includes(after.status), `the refused cancel changed the status to ${after.status}`);
    },
  }),
  defineCheck({
    id: 'states.cancel.other-account-403',
    title: "cancelling another account's booking gives 403 and changes nothing",
    section: '4.6, 5 (reference: ownership is checked first)',
    tag: 'reference',
    needs: ['apikey2'],
    endpoints: ['/search.php', '/booking.php', '/book/cancel.php', '/retrieve_booking.php'],
    async run(ctx) {
      const started = await ctx.fixtures.processingBooking();
      expectStatus(await cancel(ctx, started.bookhash, ctx.secondKey()), 403, "cancel of the first account's booking with the second key");
      const after = await retrieve(ctx, started.bookhash, 'retrieve after the refused cancel');
      expect(['processing', 'new'].includes(after.status), `the refused cancel changed the status to ${after.status}`);
    },
  }),
  defineCheck({
    id: 'states.cancel.success-body',
    title: 'a successful cancel answers {status: cancelled, booking_id, bookhash}',
    section: '2.11, 4.6',
    tag: 'spec',
    needs: ['control'],
    endpoints: ['/search.php', '/hotel.php', '/booking.php', '/retrieve_booking.php', '/book/cancel.php'],
    async run(ctx) {
      const { booking, before, cancelled } = await cancelledBooking(ctx);
      const body = ok(cancelled, 'cancel');
      expectEqual(body.status, 'cancelled', 'status');
      expectEqual(body.booking_id, before.id, 'booking_id');
      expectEqual(body.bookhash, booking.bookhash, 'bookhash');
    },
  }),
  defineCheck({
    id: 'states.cancel.resulting-state',
    title: 'after a cancel, retrieve shows booking_cancelled and the overview lists it so',
    section: '3, 4.4, 4.5',
    tag: 'spec',
    needs: ['control'],
    endpoints: ['/search.php', '/hotel.php', '/booking.php', '/retrieve_booking.php', '/book/cancel.php', '/booking_overview.php'],
    async run(ctx) {
      const { booking } = await cancelledBooking(ctx);
      expectEqual((await retrieve(ctx, booking.bookhash, 'retrieve after cancel')).status, 'booking_cancelled', 'status after cancel');
      const listed = (await overview(ctx)).find((b) => b.bookhash === booking.bookhash);
      expectEqual(listed?.status, 'booking_cancelled', 'overview status after cancel');
    },
  }),
  defineCheck({
    id: 'states.cancel.second-cancel-409',
    title: "a second cancel gives 409 with status 'already_cancelled'",
    section: '4.6, 7',
    tag: 'spec',
    needs: ['control'],
    endpoints: ['/search.php', '/hotel.php', '/booking.php', '/retrieve_booking.php', '/book/cancel.php'],
    async run(ctx) {
      const { booking } = await cancelledBooking(ctx);
      const again = await cancel(ctx, booking.bookhash);
      expectStatus(again, 409, 'second cancel');
      expectEqual((again.json as { status?: unknown }).status, 'already_cancelled', '409 status');
      expect(/cancel/i.test(errorText(again)), `the 409 text does not say the reservation was already cancelled: '${errorText(again)}'`);
    },
  }),
  defineCheck({
    id: 'states.cancel.email-sent',
    title: 'a successful cancel sends the guest a confirmation e-mail (outbox)',
    section: '3, 6 (reference: the outbox)',
    tag: 'reference',
    needs: ['control'],
    endpoints: ['/search.php', '/hotel.php', '/booking.php', '/retrieve_booking.php', '/book/cancel.php'],
    async run(ctx) {
      const { booking, before, mailsBeforeCancel } = await cancelledBooking(ctx);
      const mails = (await ctx.control().outbox()).filter((m) => m.bookhash === booking.bookhash);
      // Only the cancel's own e-mail counts: a service may also have confirmed the booking by e-mail.
      const sinceCancel = mails.slice(mailsBeforeCancel ?? 0);
      expect(sinceCancel.length === 1, `${sinceCancel.length} e-mails for ${booking.bookhash} in the outbox since the cancel, expected 1`);
      expectEqual(sinceCancel[0]?.to, before.email, 'e-mail recipient');
    },
  }),
  defineCheck({
    id: 'states.cancel.non-refundable-403',
    title: 'cancelling a confirmed non-refundable booking gives 403 naming the support address',
    section: '4.6, 7',
    tag: 'spec',
    needs: ['control'],
    endpoints: ['/search.php', '/hotel.php', '/booking.php', '/book/cancel.php', '/retrieve_booking.php'],
    async run(ctx) {
      const booking = await ctx.fixtures.confirmedBooking(false);
      const response = await cancel(ctx, booking.bookhash);
      expectStatus(response, 403, `cancel of the confirmed non-refundable booking ${booking.bookhash}`);
      expectSupportAddress(response, 'non-refundable 403');
      expectEqual((await retrieve(ctx, booking.bookhash, 'retrieve after the refused cancel')).status, 'booking_confirmed', 'status after the refused cancel');
    },
  }),
  defineCheck({
    id: 'states.cancel.supplier-failure-502',
    title: 'a cancel the hotel supplier fails gives 502',
    section: '4.6, 7',
    tag: 'spec',
    needs: ['control'],
    endpoints: ['/hotel.php', '/booking.php', '/book/cancel.php', '/retrieve_booking.php'],
    async run(ctx) {
      const { response } = await supplierFailure(ctx);
      expectStatus(response, 502, 'cancel at the cancel_fails_at_supplier scenario hotel');
    },
  }),
  defineCheck({
    id: 'states.cancel.supplier-failure-keeps-confirmed',
    title: 'after a 502 the booking is still booking_confirmed',
    section: '4.6 (reference: 502 leaves the booking confirmed)',
    tag: 'reference',
    needs: ['control'],
    endpoints: ['/hotel.php', '/booking.php', '/book/cancel.php', '/retrieve_booking.php'],
    async run(ctx) {
      const { booking } = await supplierFailure(ctx);
      expectEqual((await retrieve(ctx, booking.bookhash, 'retrieve after the failed cancel')).status, 'booking_confirmed', 'status after a 502');
    },
  }),
  defineCheck({
    id: 'states.cancel.conflict-status-is-current',
    title: "the 409 of a cancel carries the booking's current status",
    section: '4.6 (reference: 409 status)',
    tag: 'reference',
    needs: [],
    endpoints: ['/search.php', '/booking.php', '/book/cancel.php'],
    async run(ctx) {
      const started = await ctx.fixtures.processingBooking();
      const response = await cancel(ctx, started.bookhash);
      expectStatus(response, 409, 'cancel of a processing booking');
      expectEqual((response.json as { status?: unknown }).status, 'processing', '409 status');
    },
  }),
  defineCheck({
    id: 'states.cancel.refund-settles',
    title: "after a cancel, paid turns 'refunded' within two working days, not within one day",
    section: '3 (reference: settlement after two working days)',
    tag: 'reference',
    needs: ['control', 'clock'],
    endpoints: ['/search.php', '/hotel.php', '/booking.php', '/retrieve_booking.php', '/book/cancel.php'],
    async run(ctx) {
      const { booking } = await cancelledBooking(ctx);
      await ctx.clock.pass(23 * 3_600_000);
      expectEqual((await retrieve(ctx, booking.bookhash, 'retrieve 23 h after cancel')).paid, 'yes', 'paid 23 h after the cancel');
      await ctx.clock.pass(3 * 86_400_000 + 3_600_000);
      expectEqual((await retrieve(ctx, booking.bookhash, 'retrieve 4 days after cancel')).paid, 'refunded', 'paid 4 days after the cancel');
    },
  }),
  defineCheck({
    id: 'states.cancel.after-deadline-403',
    title: 'cancelling after free_cancellation_before gives 403 naming the support address',
    section: '4.6, 7',
    tag: 'spec',
    needs: ['control', 'clock'],
    endpoints: ['/search.php', '/hotel.php', '/booking.php', '/book/cancel.php', '/retrieve_booking.php'],
    async run(ctx) {
      const booking = await ctx.fixtures.confirmedBooking(true);
      const detail = await retrieve(ctx, booking.bookhash, 'retrieve of the confirmed refundable booking');
      const deadline = parseDateTime(detail.free_cancellation_before ?? '');
      if (Number.isNaN(deadline)) fail(`free_cancellation_before '${detail.free_cancellation_before}' of a refundable booking is not a date-time`);
      // 13 hours past the deadline (a zone-less one read as UTC) is past it in every time zone.
      await ctx.clock.pass(deadline + 13 * 3_600_000 - ctx.clock.now());
      const response = await cancel(ctx, booking.bookhash);
      expectStatus(response, 403, `cancel 13 h after the deadline ${detail.free_cancellation_before}`);
      expectSupportAddress(response, 'deadline 403');
    },
  }),
];
