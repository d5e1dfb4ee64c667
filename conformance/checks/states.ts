/**
 * Section 3 (states and transitions) with 2.9–2.11, 4.3–4.5 and 5.4: what booking start, the
 * overview and retrieve show. Without a harness only a `processing` booking can be made (payment
 * needs the finalization page); confirmed and failed bookings are paid through the harness.
 */
import { expect, expectEqual, expectStatus, fail } from '../kit/assert.js';
import { amountsInText, cents, parseServiceHash, rateTypeOf } from '../kit/domain.js';
import type { Check } from '../kit/types.js';
import { cancelledBooking, overview, retrieve } from './bookings-support.js';
import { UNKNOWN_BOOKHASH, defineCheck } from './support.js';

/** Every field of 2.10 (hotel phone and image have no names in the description). */
const DETAIL_FIELDS = [
  'id', 'arrival', 'departure', 'persons', 'first_name', 'last_name', 'email', 'phone', 'client_remarks', 'bookhash',
  'room_name', 'bedding', 'meal', 'total_price', 'currency', 'refundable', 'free_cancellation_before', 'status', 'paid',
  'supplier_order_id', 'hotel_name', 'hotel_address', 'hotel_city', 'hotel_country', 'hotel_stars', 'created_at',
] as const;

const decodeHtml = (html: string) =>
  html.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#0?39;|&#x27;/g, "'");


export const STATE_CHECKS: Check[] = [
  defineCheck({
    id: 'states.booking.start-processing',
    title: 'booking start gives a booking in processing (or new) with every field of 2.10, matching the rate',
    section: '2.10, 3, 4.3, 4.5',
    tag: 'spec',
    needs: [],
    endpoints: ['/search.php', '/booking.php', '/retrieve_booking.php'],
    async run(ctx) {
      const started = await ctx.fixtures.processingBooking();
      const detail = await retrieve(ctx, started.bookhash, 'retrieve of a just-started booking');
      expect(['processing', 'new'].includes(detail.status), `status ${detail.status}, expected processing (or new)`);
      const missing = DETAIL_FIELDS.filter((f) => !(f in detail));
      expect(missing.length === 0, `fields of 2.10 missing: ${missing.join(', ')}`);
      const hash = parseServiceHash(started.serviceHash);
      if (!hash) fail(`the booked service_hash '${started.serviceHash}' does not have the 2.8 format`);
      expectEqual(detail.bookhash, started.bookhash, 'bookhash');
      expectEqual(detail.arrival, hash.checkin, 'arrival');
      expectEqual(detail.departure, hash.checkout, 'departure');
      expectEqual(detail.persons, hash.persons, 'persons');
      expectEqual(rateTypeOf(detail.meal, detail.refundable), hash.rateType, 'rate type of meal + refundable');
      expectEqual(detail.free_cancellation_before === null, !detail.refundable, 'free_cancellation_before null ⇔ non-refundable');
    },
  }),
  defineCheck({
    id: 'states.booking.finalization-page',
    title: 'booking_url is a page showing the hotel, room, total price and guest, with a button',
    section: '4.3',
    tag: 'spec',
    needs: [],
    endpoints: ['/search.php', '/booking.php', '/retrieve_booking.php', 'finalization-page'],
    async run(ctx) {
      const started = await ctx.fixtures.processingBooking();
      const detail = await retrieve(ctx, started.bookhash, 'retrieve of a just-started booking');
      const page = await ctx.api.page(started.bookingUrl);
      expectStatus(page, 200, `GET ${started.bookingUrl}`);
      const text = decodeHtml(page.text);
      const price = cents(detail.total_price);
      const missing = [
        text.includes(detail.hotel_name) ? '' : `hotel name '${detail.hotel_name}'`,
        text.includes(detail.room_name) ? '' : `room '${detail.room_name}'`,
        amountsInText(text).includes(price) ? '' : `total price ${detail.total_price}`,
        text.includes(detail.first_name) ? '' : `guest first name '${detail.first_name}'`,
        /<button|type=["']?submit/i.test(text) ? '' : 'a button',
      ].filter(Boolean);
      expect(missing.length === 0, `the finalization page does not show ${missing.join(', ')}`);
    },
  }),
  defineCheck({
    id: 'states.booking.url-shape',
    title: 'booking_url is {public_url}/book/finalize?bookhash={bookhash}',
    section: '4.3 (reference)',
    tag: 'reference',
    needs: [],
    endpoints: ['/search.php', '/booking.php'],
    async run(ctx) {
      const started = await ctx.fixtures.processingBooking();
      const url = new URL(started.bookingUrl);
      expect(url.pathname.endsWith('/book/finalize') && url.searchParams.get('bookhash') === started.bookhash, `booking_url ${started.bookingUrl}`);
    },
  }),
  defineCheck({
    id: 'states.paid.values',
    title: "paid is 'no' before payment and 'yes' after it, also after a cancel",
    section: '2.10 (reference: paid values)',
    tag: 'reference',
    needs: ['control'],
    endpoints: ['/search.php', '/hotel.php', '/booking.php', '/retrieve_booking.php', '/book/cancel.php'],
    async run(ctx) {
      const unpaid = await retrieve(ctx, (await ctx.fixtures.processingBooking()).bookhash, 'retrieve of a processing booking');
      expectEqual(unpaid.paid, 'no', 'paid of a processing booking');
      const { booking } = await cancelledBooking(ctx);
      expectEqual((await retrieve(ctx, booking.bookhash, 'retrieve after cancel')).paid, 'yes', 'paid right after a cancel');
    },
  }),
  defineCheck({
    id: 'states.overview.hides-unpaid',
    title: 'the overview does not list a booking no payment was attempted for',
    section: '3, 4.4',
    tag: 'spec',
    needs: [],
    endpoints: ['/search.php', '/booking.php', '/booking_overview.php'],
    async run(ctx) {
      const started = await ctx.fixtures.processingBooking();
      const listed = (await overview(ctx)).find((b) => b.bookhash === started.bookhash);
      expect(!listed, `the unpaid booking ${started.bookhash} is listed (status ${listed?.status})`);
    },
  }),
  defineCheck({
    id: 'states.overview.count-matches',
    title: 'count is the number of bookings returned',
    section: '2.11, 4.4',
    tag: 'spec',
    needs: [],
    endpoints: ['/booking_overview.php'],
    run: async (ctx) => void (await overview(ctx)),
  }),
  defineCheck({
    id: 'states.overview.newest-first',
    title: 'the overview lists paid bookings newest first',
    section: '4.4',
    tag: 'spec',
    needs: ['control'],
    endpoints: ['/search.php', '/hotel.php', '/booking.php', '/booking_overview.php'],
    async run(ctx) {
      const older = await ctx.fixtures.confirmedBooking(false);
      await ctx.clock.pass(5000); // a later booked_at second
      const newer = await ctx.fixtures.confirmedBooking(false);
      const list = await overview(ctx);
      const at = (hash: string) => list.findIndex((b) => b.bookhash === hash);
      expect(at(newer.bookhash) >= 0 && at(older.bookhash) >= 0, 'the two paid bookings are not both listed');
      expect(at(newer.bookhash) < at(older.bookhash), `the newer booking ${newer.bookhash} is listed after the older ${older.bookhash}`);
      const unordered = list.findIndex((b, i) => i > 0 && b.booked_at > (list[i - 1]?.booked_at ?? ''));
      expect(unordered < 0, `booking ${list[unordered]?.booking_id} (${list[unordered]?.booked_at}) comes after an older one`);
    },
  }),
  defineCheck({
    id: 'states.overview.lists-payment-failed',
    title: 'a booking whose payment failed is listed as payment_failed',
    section: '3',
    tag: 'spec',
    needs: ['control'],
    endpoints: ['/search.php', '/hotel.php', '/booking.php', '/booking_overview.php'],
    async run(ctx) {
      const rate = await ctx.fixtures.rate(false);
      const started = await ctx.fixtures.startBooking(rate.service_hash);
      await ctx.control().pay(started.bookhash, 'payment_failed');
      const listed = (await overview(ctx)).find((b) => b.bookhash === started.bookhash);
      expectEqual(listed?.status, 'payment_failed', `overview status of ${started.bookhash}`);
    },
  }),
  defineCheck({
    id: 'states.overview.lists-booking-failed',
    title: 'a booking the supplier refused after payment is listed as booking_failed',
    section: '3',
    tag: 'spec',
    needs: ['control'],
    endpoints: ['/search.php', '/hotel.php', '/booking.php', '/booking_overview.php'],
    async run(ctx) {
      const rate = await ctx.fixtures.rate(true);
      const started = await ctx.fixtures.startBooking(rate.service_hash);
      await ctx.control().pay(started.bookhash, 'booking_failed');
      const listed = (await overview(ctx)).find((b) => b.bookhash === started.bookhash);
      expectEqual(listed?.status, 'booking_failed', `overview status of ${started.bookhash}`);
    },
  }),
  defineCheck({
    id: 'states.retrieve.other-account-403',
    title: "retrieving another account's booking gives 403",
    section: '4.5, 5',
    tag: 'spec',
    needs: ['apikey2'],
    endpoints: ['/search.php', '/booking.php', '/retrieve_booking.php'],
    async run(ctx) {
      const started = await ctx.fixtures.processingBooking();
      const response = await ctx.api.post('/retrieve_booking.php', { apikey: ctx.secondKey(), bookhash: started.bookhash });
      expectStatus(response, 403, "retrieve of the first account's booking with the second key");
    },
  }),
  defineCheck({
    id: 'states.retrieve.unknown-404',
    title: 'retrieving a booking that does not exist gives 404',
    section: '4.5, 7',
    tag: 'spec',
    needs: [],
    endpoints: ['/retrieve_booking.php'],
    async run(ctx) {
      expectStatus(await ctx.api.post('/retrieve_booking.php', { apikey: ctx.apikey, bookhash: UNKNOWN_BOOKHASH }), 404, `retrieve of ${UNKNOWN_BOOKHASH}`);
    },
  }),
];
