/**
 * Sections 2.5–2.8 and 4.2 on hotel-details responses. Most checks share the memoised details of
 * the shared search's first hotel (by search_id); the live lookup, the unknown id and the scenario
 * hotels (listed by the harness) cost one request each.
 */
import { expect, expectEqual, expectStatus, fail, ok } from '../kit/assert.js';
import type { CheckContext } from '../kit/context.js';
import { cents, isMoney, nightsBetween, parseServiceHash, rateTypeOf } from '../kit/domain.js';
import type { HotelRate, HotelResponse, SharedHotel } from '../kit/fixtures.js';
import type { Check, Need, Tag } from '../kit/types.js';
import { defineCheck } from './support.js';

type Room = NonNullable<HotelResponse['rooms']>[number];

/** Rank of a rate in a room (2.5.2): nomeal NR, nomeal R, breakfast NR, breakfast R. */
const rank = (rate: HotelRate) => (rate.meal === 'breakfast' ? 2 : 0) + (rate.refundable ? 1 : 0);

function roomsOf(hotel: HotelResponse): Room[] {
  const rooms = hotel.rooms ?? [];
  if (rooms.length === 0) fail(`hotel ${hotel.id} lists no rooms, though the search offered a rate for it`);
  return rooms;
}

function eachRate(hotel: HotelResponse, rule: (rate: HotelRate, room: Room) => string | undefined): void {
  const broken = roomsOf(hotel).flatMap((room) => room.rates.map((rate) => rule(rate, room))).filter((m): m is string => m !== undefined);
  if (broken.length > 0) fail(`${broken.length} rates break the rule: ${broken.slice(0, 3).join('; ')}`);
}

function onShared(id: string, title: string, section: string, tag: Tag, verify: (shared: SharedHotel) => void): Check {
  return defineCheck({
    id: `hotel.${id}`,
    title,
    section,
    tag,
    needs: [],
    endpoints: ['/search.php', '/hotel.php'],
    run: async (ctx) => verify(await ctx.fixtures.hotel()),
  });
}

function rateChecks(hotel: HotelResponse, stay: { checkin: string; checkout: string; persons: number }): void {
  eachRate(hotel, (rate) => {
    const hash = parseServiceHash(rate.service_hash);
    if (!hash) return `'${rate.service_hash}' does not have the 2.8 format`;
    const wrong = [
      hash.hotelId === hotel.id ? '' : `hotel id ${hash.hotelId}`,
      hash.checkin === stay.checkin ? '' : `check-in ${hash.checkin}`,
      hash.checkout === stay.checkout ? '' : `check-out ${hash.checkout}`,
      hash.persons === stay.persons ? '' : `persons ${hash.persons}`,
      hash.rateType === rateTypeOf(rate.meal, rate.refundable) ? '' : `rate_type ${hash.rateType} for ${rate.meal}, refundable ${rate.refundable}`,
    ].filter(Boolean);
    return wrong.length === 0 ? undefined : `'${rate.service_hash}': ${wrong.join(', ')} (expected ${stay.checkin}..${stay.checkout}, ${stay.persons} persons)`;
  });
}

/** A scenario hotel's live details (no search needed: any id works with dates). */
async function scenarioDetails(ctx: CheckContext, kind: string): Promise<{ id: number; details: HotelResponse; stay: { checkin: string; checkout: string } }> {
  const hotel = await ctx.fixtures.scenarioHotel(kind);
  const stay = ctx.stay(30, 3);
  const details = ok(await ctx.api.post('/hotel.php', { apikey: ctx.apikey, id: hotel.id, ...stay }), `live details of the '${kind}' scenario hotel ${hotel.id}`);
  return { id: hotel.id, details, stay };
}

function scenarioCheck(id: string, title: string, section: string, tag: Tag, kind: string, verify: (details: HotelResponse, stay: { checkin: string; checkout: string }) => void): Check {
  const needs: Need[] = ['control'];
  return defineCheck({
    id: `hotel.${id}`,
    title,
    section,
    tag,
    needs,
    endpoints: ['/hotel.php'],
    async run(ctx) {
      const { details, stay } = await scenarioDetails(ctx, kind);
      verify(details, stay);
    },
  });
}

const liveLookup = defineCheck({
  id: 'hotel.live.source-and-rates',
  title: 'a live lookup (dates, persons) answers with source live and rates for those dates and persons',
  section: '2.5, 2.8, 4.2',
  tag: 'spec',
  needs: [],
  endpoints: ['/search.php', '/hotel.php'],
  async run(ctx) {
    const { response: searched } = await ctx.fixtures.search();
    const id = searched.hotels[0]?.id ?? 0;
    const stay = ctx.stay(32, 2);
    const details = ok(await ctx.api.post('/hotel.php', { apikey: ctx.apikey, id, ...stay, persons: 3 }), `live details of hotel ${id}`);
    expectEqual(details.id, id, 'id');
    expectEqual(details.availability?.source, 'live', 'availability.source');
    expectEqual(details.availability?.checkin, stay.checkin, 'availability.checkin');
    expectEqual(details.availability?.checkout, stay.checkout, 'availability.checkout');
    if ((details.rooms ?? []).length > 0) rateChecks(details, { ...stay, persons: 3 });
  },
});

/** An id no implementation is likely to have; some may call it out of range (400). */
const FAR_HOTEL_ID = 999_999_999;

const unknownHotel = defineCheck({
  id: 'hotel.unknown-id-404',
  title: 'an unknown hotel id gives 404',
  section: '4.2, 7',
  tag: 'spec',
  needs: [],
  endpoints: ['/hotel.php', '/search.php'],
  async run(ctx) {
    const stay = ctx.stay(30, 3);
    const far = await ctx.api.post('/hotel.php', { apikey: ctx.apikey, id: FAR_HOTEL_ID, ...stay });
    if (far.status === 404) return;
    // A far-off id may be refused as invalid (400); an unknown id near the known ones must then be a 404.
    expectStatus(far, [404, 400], `live details of hotel ${FAR_HOTEL_ID}`);
    const { response } = await ctx.fixtures.search();
    const top = Math.max(...response.hotels.map((h) => h.id));
    for (const id of [top + 1, top + 7, top + 101]) {
      const near = await ctx.api.post('/hotel.php', { apikey: ctx.apikey, id, ...stay });
      if (near.status === 200) continue; // it exists; try another
      expectStatus(near, 404, `live details of hotel ${id} (unknown, next to the known id ${top}; ${FAR_HOTEL_ID} gave 400)`);
      return;
    }
    ctx.skip(`hotel ${FAR_HOTEL_ID} gave 400, and hotels ${top + 1}, ${top + 7} and ${top + 101} all exist: no unknown id in range to try`);
  },
});

const DETAIL_FIELDS = ['hotel_chain', 'times', 'property', 'descriptions', 'images', 'amenities', 'quick_features', 'policies', 'important_notes'] as const;

export const HOTEL_RESPONSE_CHECKS: Check[] = [
  onShared('search-cache.source', 'details by search_id answer with source search_cache and the search dates', '2.5, 4.2', 'spec', ({ request, response, search }) => {
    expectEqual(response.id, request.id, 'id');
    expectEqual(response.availability?.source, 'search_cache', 'availability.source');
    expectEqual(response.availability?.checkin, search.request.checkin, 'availability.checkin');
    expectEqual(response.availability?.checkout, search.request.checkout, 'availability.checkout');
    expectEqual(response.availability?.nights, nightsBetween(search.request.checkin, search.request.checkout), 'availability.nights');
  }),
  onShared('search-cache.has-search-rate', "the search's rate of the hotel is among its details rates", '4.2 (reference)', 'reference', ({ response, search }) => {
    const wanted = search.hotel.rate.service_hash;
    const all = roomsOf(response).flatMap((room) => room.rates.map((r) => r.service_hash));
    expect(all.includes(wanted ?? ''), `service_hash ${wanted} of the search is not among the ${all.length} rates`);
  }),
  onShared('rates.at-most-4', 'a room has at most 4 rates', '2.5.1, 8', 'spec', ({ response }) => {
    const crowded = roomsOf(response).filter((room) => room.rates.length > 4);
    expect(crowded.length === 0, `rooms with more than 4 rates: ${crowded.map((r) => `${r.room_name} (${r.rates.length})`).join(', ')}`);
  }),
  onShared('rates.order', 'rates are ordered nomeal NR, nomeal R, breakfast NR, breakfast R, each combination once', '2.5.2', 'spec', ({ response }) => {
    for (const room of roomsOf(response)) {
      const ranks = room.rates.map(rank);
      const ascending = ranks.every((r, i) => i === 0 || r > (ranks[i - 1] ?? -1));
      const shown = room.rates.map((r) => `${r.meal}/${r.refundable ? 'R' : 'NR'}`).join(', ');
      expect(ascending, `room '${room.room_name}' lists its rates as ${shown}`);
    }
  }),
  onShared('rates.refundable-iff-deadline', 'refundable is true exactly when free_cancellation_before is set', '2.5.2, 2.7', 'spec', ({ response }) => {
    eachRate(response, (rate) =>
      rate.refundable === (rate.cancellation.free_cancellation_before !== null)
        ? undefined
        : `${rate.service_hash}: refundable ${rate.refundable}, free_cancellation_before ${rate.cancellation.free_cancellation_before}`);
  }),
  onShared('rates.service-hash', 'every service_hash names the hotel, the search dates and persons, and the rate type of its meal and refundability', '2.8', 'spec', ({ response, search }) => {
    rateChecks(response, { checkin: search.request.checkin, checkout: search.request.checkout, persons: search.request.persons ?? 2 });
  }),
  onShared('rates.price-per-night', 'price_per_night has one entry per night', '2.6', 'spec', ({ response }) => {
    const nights = response.availability?.nights ?? 0;
    eachRate(response, (rate) => (rate.pricing.price_per_night.length === nights ? undefined : `${rate.service_hash}: ${rate.pricing.price_per_night.length} prices for ${nights} nights`));
  }),
  onShared('money.decimal-strings', 'money amounts are decimal strings', '2, 2.6', 'spec', ({ response }) => {
    eachRate(response, (rate) => {
      const p = rate.pricing;
      const values = [p.total_price, ...p.price_per_night, ...(p.average_per_night == null ? [] : [p.average_per_night]), ...(p.taxes ?? []).map((t) => t.amount)];
      const bad = values.find((v) => !isMoney(v));
      return bad === undefined ? undefined : `${rate.service_hash}: ${JSON.stringify(bad)}`;
    });
  }),
  onShared('rooms.unique-types', 'one room entry per room type (class + quality + bedding)', '2.5.1', 'spec', ({ response }) => {
    const keys = roomsOf(response).map((r) => `${r.room_class} / ${r.quality} / ${r.bedding}`);
    const twice = keys.filter((k, i) => keys.indexOf(k) !== i);
    expect(twice.length === 0, `room types listed more than once: ${[...new Set(twice)].join('; ')}`);
  }),
  onShared('rates.average-per-night-present', 'average_per_night is present in hotel-details pricing', '2.6', 'spec', ({ response }) => {
    eachRate(response, (rate) => ('average_per_night' in rate.pricing ? undefined : `${rate.service_hash} has no average_per_night`));
  }),
  onShared('search-cache.search-rate-cheapest', "the search's rate is the cheapest of the hotel's rates", '4.1 (reference: compared with details by search_id)', 'reference', ({ response, search }) => {
    const searchRate = search.hotel.rate;
    const cheaper = roomsOf(response).flatMap((room) => room.rates).filter((r) => cents(r.pricing.total_price) < cents(searchRate?.pricing.total_price ?? '0'));
    expect(cheaper.length === 0, `the search offered ${searchRate?.pricing.total_price}, details have cheaper: ${cheaper.slice(0, 3).map((r) => `${r.service_hash} ${r.pricing.total_price}`).join(', ')}`);
  }),
  defineCheck({
    id: 'hotel.search-id.wins-over-dates',
    title: 'with search_id and dates, the search_id wins',
    section: '4.2 (reference)',
    tag: 'reference',
    needs: [],
    endpoints: ['/search.php', '/hotel.php'],
    async run(ctx) {
      const { response, request } = await ctx.fixtures.search();
      const details = ok(await ctx.api.post('/hotel.php', { apikey: ctx.apikey, id: response.hotels[0]?.id ?? 0, search_id: response.search_id, ...ctx.stay(40, 2) }), 'details with search_id and other dates');
      expectEqual(details.availability?.source, 'search_cache', 'availability.source');
      expectEqual(details.availability?.checkin, request.checkin, 'availability.checkin');
    },
  }),
  liveLookup,
  unknownHotel,
  scenarioCheck('no-rooms.shape', 'without rooms: rooms [], availability source live with the dates and a message', '2.5', 'spec', 'no_rooms', (details, stay) => {
    expect(Array.isArray(details.rooms) && details.rooms.length === 0, `rooms is ${JSON.stringify(details.rooms)?.slice(0, 80)}, expected []`);
    expectEqual(details.availability?.source, 'live', 'availability.source');
    expectEqual(details.availability?.checkin, stay.checkin, 'availability.checkin');
    expectEqual(details.availability?.checkout, stay.checkout, 'availability.checkout');
    expect(typeof details.availability?.message === 'string' && details.availability.message !== '', 'availability.message is missing');
  }),
  scenarioCheck('no-details.null-fields', 'a hotel without detailed data has its detail fields null', '2.5 (reference: which fields)', 'reference', 'no_details', (details) => {
    const filled = DETAIL_FIELDS.filter((f) => details[f] !== null);
    expect(filled.length === 0, `detail fields not null: ${filled.join(', ')}`);
  }),
  scenarioCheck('closed.no-rooms', 'a closed hotel says is_closed and has no rooms', '2.5, 4.2 (reference)', 'reference', 'closed', (details) => {
    expectEqual(details.is_closed, true, 'is_closed');
    expect(Array.isArray(details.rooms) && details.rooms.length === 0, 'a closed hotel lists rooms');
  }),
];
