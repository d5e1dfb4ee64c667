/**
 * Section 4.2 (and the stay rules of section 8, which apply to a live lookup) of /hotel.php.
 * Bodies start from a valid one on the shared search's first hotel.
 */
import { errorText, expect, expectStatus, ok } from '../kit/assert.js';
import type { CheckContext } from '../kit/context.js';
import { addDays } from '../kit/domain.js';
import type { Check, Need, Tag } from '../kit/types.js';
import { defineCheck, withChanges, type Body } from './support.js';

/** A live-lookup body for the shared search's first hotel. */
async function liveBody(ctx: CheckContext): Promise<Body> {
  const { response } = await ctx.fixtures.search();
  return { apikey: ctx.apikey, id: response.hotels[0]?.id, ...ctx.stay(30, 3) };
}

function stayOf(ctx: CheckContext, nights: number, daysAhead = 30): Body {
  const { checkin } = ctx.stay(daysAhead, 1);
  return { checkin, checkout: addDays(checkin, nights) };
}

function rejects(id: string, title: string, section: string, tag: Tag, body: (ctx: CheckContext) => Promise<Body>, needs: Need[] = []): Check {
  return defineCheck({
    id: `hotel.${id}`,
    title,
    section,
    tag,
    needs,
    endpoints: ['/hotel.php'],
    async run(ctx) {
      const request = await body(ctx);
      const response = await ctx.api.postUnchecked('/hotel.php', request);
      expectStatus(response, 400, `hotel details with ${JSON.stringify({ ...request, apikey: '…' })}`);
      expect(errorText(response) !== '', 'the 400 has no error text');
    },
  });
}

const live = (changes: (ctx: CheckContext) => Body) => async (ctx: CheckContext) => withChanges(await liveBody(ctx), changes(ctx));

const expiredSearchId = defineCheck({
  id: 'hotel.search-id.expired-400',
  title: 'a search_id older than one hour gives 400',
  section: '4.2, 8 (reference: 400 for an expired search_id)',
  tag: 'reference',
  needs: ['control', 'clock'],
  endpoints: ['/search.php', '/hotel.php'],
  async run(ctx) {
    const { response } = await ctx.fixtures.search();
    await ctx.clock.pass(61 * 60_000);
    const request = { apikey: ctx.apikey, id: response.hotels[0]?.id ?? 0, search_id: response.search_id };
    const expired = await ctx.api.post('/hotel.php', request);
    expectStatus(expired, 400, `hotel details with search_id ${response.search_id} 61 minutes after the search`);
  },
});

const liveMaxNights = defineCheck({
  id: 'hotel.live.max-nights-accepted',
  title: 'a live lookup of 30 nights is accepted',
  section: '4.2, 8',
  tag: 'spec',
  needs: [],
  endpoints: ['/hotel.php'],
  async run(ctx) {
    const request = withChanges(await liveBody(ctx), stayOf(ctx, 30));
    ok(await ctx.api.postUnchecked('/hotel.php', request), 'a live lookup of 30 nights');
  },
});

export const HOTEL_VALIDATION_CHECKS: Check[] = [
  rejects('dates-or-search-id.missing-400', 'neither search_id nor checkin+checkout gives 400', '4.2, 7', 'spec', live(() => ({ checkin: undefined, checkout: undefined }))),
  rejects('id.missing-400', 'hotel details without id give 400', '4.2, 7', 'spec', async (ctx) => {
    const { response } = await ctx.fixtures.search();
    return { apikey: ctx.apikey, search_id: response.search_id };
  }),
  rejects('live.checkin-without-checkout-400', 'checkin without checkout (and no search_id) gives 400', '4.2', 'spec', live(() => ({ checkout: undefined }))),
  rejects('live.too-long-400', 'a live lookup of 31 nights gives 400', '4.2, 8', 'spec', live((ctx) => stayOf(ctx, 31))),
  rejects('live.checkout-equals-checkin-400', 'a live lookup with checkout equal to checkin gives 400', '4.2, 8', 'spec', live((ctx) => stayOf(ctx, 0))),
  rejects('live.past-checkin-400', 'a live lookup with check-in in the past gives 400', '4.2, 8', 'spec', live((ctx) => {
    const yesterday = addDays(ctx.today(), -2); // in the past in every time zone
    return { checkin: yesterday, checkout: addDays(yesterday, 2) };
  })),
  rejects('live.invalid-date-format-400', 'a live lookup with a date not YYYY-MM-DD gives 400', '4.2, 7', 'spec', live((ctx) => ({
    checkin: ctx.stay(30, 3).checkin.replace(/-/g, ''),
  }))),
  rejects('live.persons-zero-400', 'persons 0 gives 400', '4.2, 8', 'spec', live(() => ({ persons: 0 }))),
  rejects('live.persons-too-many-400', 'persons 6 gives 400', '4.2, 8', 'spec', live(() => ({ persons: 6 }))),
  liveMaxNights,
  rejects('search-id.unknown-400', 'an unknown search_id gives 400', '4.2 (reference)', 'reference', async (ctx) => {
    const { response } = await ctx.fixtures.search();
    return { apikey: ctx.apikey, id: response.hotels[0]?.id, search_id: 'conformance0unknown0search0id00' };
  }),
  rejects('unknown-field-400', 'an unknown request field gives 400', '4 (reference: unknown fields)', 'reference', live(() => ({ colour: 'blue' }))),
  rejects('id.too-large-400', 'a hotel id above 2^53-1 (the largest integer I-JSON carries exactly) gives 400', '4.2 (reference: id bound)', 'reference', live(() => ({ id: 1e20 }))),
  expiredSearchId,
];
