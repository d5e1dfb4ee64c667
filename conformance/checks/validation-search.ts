/**
 * Section 4.1 request rules of /search.php, one check per bound and enum: the boundary values
 * that must be accepted and the ones that must give 400. Every body is the shared base search
 * with one change, so the change is the only possible reason for the answer.
 */
import { errorText, expect, expectEqual, expectStatus, ok } from '../kit/assert.js';
import type { CheckContext } from '../kit/context.js';
import { addDays } from '../kit/domain.js';
import type { SearchResponse } from '../kit/fixtures.js';
import type { Check, Tag } from '../kit/types.js';
import { PROPERTY_KINDS } from '../contract/fieldExpectations.js';
import { defineCheck, searchWith, type Body } from './support.js';

type Changes = (ctx: CheckContext) => Body;

function rejects(id: string, title: string, section: string, tag: Tag, changes: Changes): Check {
  return defineCheck({
    id: `search.${id}`,
    title,
    section,
    tag,
    needs: [],
    endpoints: ['/search.php'],
    async run(ctx) {
      const change = changes(ctx);
      const response = await searchWith(ctx, change);
      expectStatus(response, 400, `search with ${describe(change)}`);
      expect(errorText(response) !== '', 'the 400 has no error text');
    },
  });
}

function accepts(id: string, title: string, section: string, changes: Changes, verify?: (data: SearchResponse, ctx: CheckContext) => void, tag: Tag = 'spec'): Check {
  return defineCheck({
    id: `search.${id}`,
    title,
    section,
    tag,
    needs: [],
    endpoints: ['/search.php'],
    async run(ctx) {
      const change = changes(ctx);
      const data = ok(await searchWith(ctx, change), `search with ${describe(change)}`);
      verify?.(data, ctx);
    },
  });
}

/** How long "today" must stay today for a check that sends it: longer than any wait for a rate-limit slot. */
const DAY_STABLE_MS = 180_000;

function describe(change: Body): string {
  const parts = Object.entries(change).map(([k, v]) => (v === undefined ? `no ${k}` : `${k}=${JSON.stringify(v)}`));
  return parts.join(', ');
}

const nightsLater = (ctx: CheckContext, nights: number): Body => {
  const { checkin } = ctx.stay(30, 1);
  return { checkin, checkout: addDays(checkin, nights) };
};

export const SEARCH_VALIDATION_CHECKS: Check[] = [
  // Accepted boundaries.
  accepts('stay.max-nights-accepted', 'a stay of 30 nights is accepted', '4.1, 8', (ctx) => nightsLater(ctx, 30), (d) =>
    expectEqual(d.search.nights, 30, 'search.nights')),
  accepts('radius.min-accepted', 'radius 1 is accepted', '4.1, 8', () => ({ radius: 1 }), (d) => expectEqual(d.search.radius_m, 1, 'search.radius_m')),
  accepts('radius.max-accepted', 'radius 10000 is accepted', '4.1, 8', () => ({ radius: 10000 }), (d) =>
    expectEqual(d.search.radius_m, 10000, 'search.radius_m')),
  accepts('persons.min-accepted', 'persons 1 is accepted', '4.1, 8', () => ({ persons: 1 }), (d) => expectEqual(d.search.persons, 1, 'search.persons')),
  accepts('persons.max-accepted', 'persons 5 is accepted', '4.1, 8', () => ({ persons: 5 }), (d) => expectEqual(d.search.persons, 5, 'search.persons')),
  accepts('star-rating.unrated-accepted', 'star_rating 0 (unrated) is accepted', '4.1', () => ({ star_rating: [0] })),
  accepts('kind.all-accepted', 'every property type of 4.1 is accepted as kind', '4.1', () => ({ kind: [...PROPERTY_KINDS] })),
  accepts('meal-type.both-accepted', 'meal_type nomeal and breakfast are accepted', '4.1', () => ({ meal_type: ['nomeal', 'breakfast'] })),
  accepts('location.text-accepted', 'a free-text location without coordinates is accepted', '4.1', (ctx) => ({
    location: ctx.settings.location,
    latitude: undefined,
    longitude: undefined,
  })),
  defineCheck({
    id: 'search.checkin.today-accepted',
    title: "check-in today (the search point's local date) is accepted",
    section: '4.1 (reference: today counts as future)',
    tag: 'reference',
    needs: [],
    endpoints: ['/search.php'],
    async run(ctx) {
      // "Today" must still be today when the search goes out, after any wait for the rate limit.
      await ctx.awayFromMidnight(DAY_STABLE_MS);
      const today = ctx.todayAtSearchPoint();
      const change = { checkin: today, checkout: addDays(today, 2) };
      ok(await searchWith(ctx, change), `search with ${describe(change)}`);
    },
  }),

  // Rejected: dates.
  rejects('stay.too-long-400', 'a stay of 31 nights gives 400', '4.1, 8', 'spec', (ctx) => nightsLater(ctx, 31)),
  rejects('stay.checkout-equals-checkin-400', 'checkout equal to checkin gives 400', '4.1', 'spec', (ctx) => nightsLater(ctx, 0)),
  rejects('stay.checkout-before-checkin-400', 'checkout before checkin gives 400', '4.1', 'spec', (ctx) => nightsLater(ctx, -2)),
  rejects('checkin.past-400', 'check-in in the past gives 400', '4.1, 8', 'spec', (ctx) => {
    // Two days back: in the past in every time zone, whichever one the server judges "today" in.
    const yesterday = addDays(ctx.today(), -2);
    return { checkin: yesterday, checkout: addDays(yesterday, 3) };
  }),
  rejects('checkin.invalid-format-400', 'check-in not YYYY-MM-DD gives 400', '4.1, 7', 'spec', (ctx) => {
    const [y, m, d] = ctx.stay(30, 3).checkin.split('-');
    return { checkin: `${d}-${m}-${y}` };
  }),
  rejects('checkout.invalid-format-400', 'check-out not YYYY-MM-DD gives 400', '4.1, 7', 'spec', (ctx) => ({
    checkout: ctx.stay(30, 3).checkout.replace(/-/g, '/'),
  })),
  rejects('checkin.impossible-date-400', 'a check-in that is not a calendar date (Feb 30) gives 400', '4.1, 7', 'spec', (ctx) => {
    const year = Number(ctx.today().slice(0, 4)) + 1;
    return { checkin: `${year}-02-30`, checkout: `${year}-03-03` };
  }),
  rejects('checkin.missing-400', 'a search without checkin gives 400', '4.1, 7', 'spec', () => ({ checkin: undefined })),
  rejects('checkout.missing-400', 'a search without checkout gives 400', '4.1, 7', 'spec', () => ({ checkout: undefined })),

  // Rejected: place.
  rejects('location.missing-400', 'neither location nor coordinates gives 400', '4.1, 7', 'spec', () => ({ latitude: undefined, longitude: undefined })),
  rejects('coordinates.latitude-only-400', 'latitude without longitude (and no location) gives 400', '4.1', 'spec', () => ({ longitude: undefined })),
  rejects('coordinates.longitude-only-400', 'longitude without latitude (and no location) gives 400', '4.1', 'spec', () => ({ latitude: undefined })),
  rejects('location.unknown-400', 'a location that cannot be geocoded gives 400', '4.1 (reference)', 'reference', () => ({
    location: 'Xqzvvy Nowhere-Conformance 99999',
    latitude: undefined,
    longitude: undefined,
  })),

  // Rejected: bounds and enums.
  rejects('radius.zero-400', 'radius 0 gives 400', '4.1, 8', 'spec', () => ({ radius: 0 })),
  rejects('radius.too-large-400', 'radius 10001 gives 400', '4.1, 8', 'spec', () => ({ radius: 10001 })),
  rejects('persons.zero-400', 'persons 0 gives 400', '4.1, 8', 'spec', () => ({ persons: 0 })),
  rejects('persons.too-many-400', 'persons 6 gives 400', '4.1, 8', 'spec', () => ({ persons: 6 })),
  rejects('star-rating.six-400', 'star_rating 6 gives 400', '4.1', 'spec', () => ({ star_rating: [6] })),
  rejects('kind.unknown-400', "an unknown kind ('Motel') gives 400", '4.1', 'spec', () => ({ kind: ['Motel'] })),
  rejects('meal-type.allinclusive-400', "meal_type 'allinclusive' gives 400", '4.1', 'spec', () => ({ meal_type: ['allinclusive'] })),

  // Rejected: our choices.
  rejects('price.from-above-to-400', 'price_from above price_to gives 400', '4.1 (reference)', 'reference', () => ({ price_from: 500, price_to: 100 })),
  rejects('unknown-field-400', 'an unknown request field gives 400', '4 (reference: unknown fields)', 'reference', () => ({ colour: 'blue' })),
  rejects('currency.unsupported-400', 'a currency outside the exchange-rate table gives 400', '4.1 (reference)', 'reference', () => ({ currency: 'QQQ' })),
  rejects('price.too-large-400', 'price_to above 2^53-1 (the largest integer I-JSON carries exactly) gives 400', '4.1 (reference: price bounds)', 'reference', () => ({ price_to: 1e20 })),
];
