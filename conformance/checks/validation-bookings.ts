/**
 * Sections 4.3–4.6 and 7: the 400s of booking start, retrieve and cancel, and the reference
 * server's stricter choices (full service_hash validation, malformed bookhash, 409 for a rate no
 * longer offered).
 */
import { errorText, expect, expectStatus } from '../kit/assert.js';
import type { CheckContext } from '../kit/context.js';
import { addDays, parseServiceHash, rateTypeOf } from '../kit/domain.js';
import type { ApiPath, Check, Tag } from '../kit/types.js';
import { defineCheck, type Body } from './support.js';

function rejects(id: string, title: string, section: string, tag: Tag, path: ApiPath, body: (ctx: CheckContext) => Promise<Body> | Body): Check {
  return defineCheck({
    id,
    title,
    section,
    tag,
    needs: [],
    endpoints: [path],
    async run(ctx) {
      const request = await body(ctx);
      const response = await ctx.api.postUnchecked(path, request);
      expectStatus(response, 400, `${path} with ${JSON.stringify({ ...request, apikey: '…' })}`);
      expect(errorText(response) !== '', 'the 400 has no error text');
    },
  });
}

/** The shared search's first rate, with one part of its service_hash replaced. */
async function alteredHash(ctx: CheckContext, alter: (parts: string[]) => void): Promise<Body> {
  const { response } = await ctx.fixtures.search();
  const hash = response.hotels[0]?.rate.service_hash ?? '';
  const parsed = parseServiceHash(hash);
  if (!parsed) ctx.skip(`the shared rate's service_hash '${hash}' does not have the 2.8 format (see search.service-hash.format)`);
  const compact = (date: string) => date.replace(/-/g, '');
  const parts = [String(parsed.hotelId), parsed.roomCode, String(parsed.rateType), compact(parsed.checkin), compact(parsed.checkout), String(parsed.persons)];
  alter(parts);
  return { apikey: ctx.apikey, service_hash: parts.join('-') };
}

/**
 * A service_hash that is well-formed but not offered: a rate type the room does not list, or else
 * a refundable rate for check-in today (its free-cancellation deadline would already be past).
 */
async function unofferedHash(ctx: CheckContext): Promise<{ hash: string; why: string }> {
  const { response } = await ctx.fixtures.hotel();
  const rooms = response.rooms ?? [];
  for (const room of rooms) {
    const offered = new Set(room.rates.map((r) => rateTypeOf(r.meal, r.refundable)));
    const missing = [1, 2, 3, 4].find((t) => !offered.has(t));
    const sample = room.rates[0]?.service_hash;
    if (missing !== undefined && sample && parseServiceHash(sample)) {
      return { hash: sample.replace(/-[1-4]-(\d{8}-\d{8}-\d+)$/, `-${missing}-$1`), why: `rate type ${missing} is not offered for room '${room.room_name}'` };
    }
  }
  const sample = rooms[0]?.rates[0]?.service_hash;
  const parsed = sample === undefined ? undefined : parseServiceHash(sample);
  if (!sample || !parsed) ctx.skip(`hotel ${response.id} has no rate to derive an unoffered one from`);
  await ctx.awayFromMidnight(180_000); // longer than any wait for the rate limit before the booking goes out
  const today = ctx.todayAtSearchPoint(); // the hotel's local date: the server judges "today" there
  const compact = (d: string) => d.replace(/-/g, '');
  const hash = `${parsed.hotelId}-${parsed.roomCode}-3-${compact(today)}-${compact(addDays(today, 1))}-${parsed.persons}`;
  return { hash, why: 'a refundable rate for check-in today, whose free cancellation would already be over' };
}

const rateGone = defineCheck({
  id: 'booking.rate-no-longer-available-409',
  title: 'a well-formed service_hash of a rate that is not offered gives 409',
  section: '4.3, 7 (reference: 409 rate no longer available)',
  tag: 'reference',
  needs: [],
  endpoints: ['/search.php', '/hotel.php', '/booking.php'],
  async run(ctx) {
    const { hash, why } = await unofferedHash(ctx);
    const started = await ctx.api.post('/booking.php', { apikey: ctx.apikey, service_hash: hash });
    expectStatus(started, 409, `booking start of ${hash} (${why})`);
  },
});

export const BOOKING_VALIDATION_CHECKS: Check[] = [
  rejects('booking.service-hash.missing-400', 'booking start without service_hash gives 400', '4.3, 7', 'spec', '/booking.php', (ctx) => ({ apikey: ctx.apikey })),
  rejects('booking.service-hash.invalid-400', 'booking start with a service_hash not of the 2.8 format gives 400', '4.3, 7', 'spec', '/booking.php', (ctx) => ({
    apikey: ctx.apikey,
    service_hash: 'not-a-service-hash',
  })),
  rejects('booking.service-hash.bad-rate-type-400', 'a service_hash with rate_type 7 gives 400', '4.3 (reference: full validation)', 'reference', '/booking.php', (ctx) =>
    alteredHash(ctx, (parts) => (parts[2] = '7'))),
  rejects('booking.service-hash.unknown-hotel-400', 'a service_hash of a hotel that does not exist gives 400', '4.3 (reference: full validation)', 'reference', '/booking.php', (ctx) =>
    alteredHash(ctx, (parts) => (parts[0] = '999999999'))),
  rejects('booking.service-hash.past-dates-400', 'a service_hash with check-in in the past gives 400', '4.3 (reference: full validation)', 'reference', '/booking.php', (ctx) =>
    alteredHash(ctx, (parts) => {
      const yesterday = addDays(ctx.today(), -2); // in the past in every time zone
      parts[3] = yesterday.replace(/-/g, '');
      parts[4] = addDays(yesterday, 2).replace(/-/g, '');
    })),
  rejects('booking.unknown-field-400', 'an unknown request field gives 400', '4 (reference: unknown fields)', 'reference', '/booking.php', async (ctx) => ({
    ...(await alteredHash(ctx, () => undefined)),
    guest_name: 'Someone Else',
  })),
  rateGone,
  rejects('retrieve.bookhash.missing-400', 'retrieve without bookhash gives 400', '4.5, 7', 'spec', '/retrieve_booking.php', (ctx) => ({ apikey: ctx.apikey })),
  rejects('cancel.bookhash.missing-400', 'cancel without bookhash gives 400', '4.6, 7', 'spec', '/book/cancel.php', (ctx) => ({ apikey: ctx.apikey })),
  rejects('retrieve.bookhash.malformed-400', 'retrieve with a bookhash that is not 30 letters and digits gives 400', '4.5 (reference)', 'reference', '/retrieve_booking.php', (ctx) => ({
    apikey: ctx.apikey,
    bookhash: 'short-hash',
  })),
  rejects('cancel.bookhash.malformed-400', 'cancel with a bookhash that is not 30 letters and digits gives 400', '4.6 (reference)', 'reference', '/book/cancel.php', (ctx) => ({
    apikey: ctx.apikey,
    bookhash: 'short-hash',
  })),
];
