/**
 * Sections 2.1–2.4, 2.6–2.8 and 4.1 on search responses. Most checks share the one memoised
 * search; the rest make one search each (filters, options). Filter values are taken from the
 * shared search so that each filtered search is known to have matching hotels.
 */
import { expect, expectEqual, fail, ok } from '../kit/assert.js';
import type { CheckContext } from '../kit/context.js';
import { cents, haversineMetres, isMoney, nightsBetween, parseServiceHash, rateTypeOf } from '../kit/domain.js';
import type { SearchResponse, SharedSearch } from '../kit/fixtures.js';
import type { Check, Tag } from '../kit/types.js';
import { defineCheck, searchWith, withChanges, type Body } from './support.js';

type SearchHotel = SearchResponse['hotels'][number];

function onShared(id: string, title: string, section: string, tag: Tag, verify: (shared: SharedSearch) => void): Check {
  return defineCheck({ id: `search.${id}`, title, section, tag, needs: [], endpoints: ['/search.php'], run: async (ctx) => verify(await ctx.fixtures.search()) });
}

/** One search with changes (picked from the shared search), then `verify`. */
function onOwnSearch(
  id: string,
  title: string,
  section: string,
  tag: Tag,
  changes: (shared: SharedSearch, ctx: CheckContext) => Body,
  verify: (data: SearchResponse, change: Body, shared: SharedSearch) => void,
): Check {
  return defineCheck({
    id: `search.${id}`,
    title,
    section,
    tag,
    needs: [],
    endpoints: ['/search.php'],
    async run(ctx) {
      const shared = await ctx.fixtures.search();
      const change = changes(shared, ctx);
      // The shared search's own request, changed: its dates stay those of the shared search, even if
      // the kit's clock passed midnight since (today + 30 days would then name another stay).
      const data = ok(await ctx.api.postUnchecked('/search.php', withChanges({ ...shared.request }, change)), `search with ${JSON.stringify(change)}`);
      verify(data, change, shared);
    },
  });
}

const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function eachHotel(hotels: readonly SearchHotel[], rule: (hotel: SearchHotel) => string | undefined): void {
  const broken = hotels.map((h) => rule(h)).filter((m): m is string => m !== undefined);
  if (broken.length > 0) fail(`${broken.length} of ${hotels.length} hotels break the rule: ${broken.slice(0, 3).join('; ')}`);
}

/** Every money field of a pricing object, with its JSON path. */
function moneyFields(pricing: SearchHotel['rate']['pricing'], at: string): Array<[string, unknown]> {
  return [
    [`${at}.total_price`, pricing.total_price],
    ...pricing.price_per_night.map((p, i): [string, unknown] => [`${at}.price_per_night[${i}]`, p]),
    ...(pricing.taxes ?? []).map((t, i): [string, unknown] => [`${at}.taxes[${i}].amount`, t.amount]),
  ];
}

export const SEARCH_RESPONSE_CHECKS: Check[] = [
  onShared('defaults-echoed', 'defaults are applied and echoed: residency nl, language nl, currency EUR, radius 5000, persons 2', '4.1, 2.2', 'spec', ({ response }) => {
    const s = response.search;
    const wrong = [
      sameText(s.residency, 'nl') ? '' : `residency ${s.residency}`,
      sameText(s.language, 'nl') ? '' : `language ${s.language}`,
      sameText(s.currency, 'EUR') ? '' : `currency ${s.currency}`,
      s.radius_m === 5000 ? '' : `radius_m ${s.radius_m}`,
      s.persons === 2 ? '' : `persons ${s.persons}`,
    ].filter(Boolean);
    expect(wrong.length === 0, `a search without these fields echoes ${wrong.join(', ')}`);
  }),
  onShared('dates-echoed', 'search.checkin/checkout echo the request and nights is their difference', '2.2', 'spec', ({ request, response }) => {
    expectEqual(response.search.checkin, request.checkin, 'search.checkin');
    expectEqual(response.search.checkout, request.checkout, 'search.checkout');
    expectEqual(response.search.nights, nightsBetween(request.checkin, request.checkout), 'search.nights');
  }),
  onShared('coordinates-echoed', 'search.latitude/longitude are the given coordinates', '2.2, 4.1', 'spec', ({ request, response }) => {
    const off = haversineMetres(request.latitude ?? 0, request.longitude ?? 0, response.search.latitude, response.search.longitude);
    expect(off <= 10, `the search point ${response.search.latitude},${response.search.longitude} is ${Math.round(off)} m from the given coordinates`);
  }),
  onShared('hotels.at-most-15', 'at most 15 hotels are returned', '2.1, 4.1, 8', 'spec', ({ response }) => {
    expect(response.hotels.length <= 15, `${response.hotels.length} hotels returned`);
  }),
  onShared('total-hotels.matches-list', 'total_hotels is the number of hotels returned', '2.1', 'spec', ({ response }) => {
    expectEqual(response.total_hotels, response.hotels.length, 'total_hotels vs hotels.length');
  }),
  onShared('hotels.within-radius', 'every hotel lies within radius_m of the search point', '4.1', 'spec', ({ response }) => {
    const { latitude, longitude, radius_m } = response.search;
    const tolerance = Math.max(25, radius_m * 0.005);
    eachHotel(response.hotels, (h) => {
      const d = haversineMetres(latitude, longitude, h.latitude, h.longitude);
      return d <= radius_m + tolerance ? undefined : `hotel ${h.id} is ${Math.round(d)} m away (radius ${radius_m})`;
    });
  }),
  onShared('money.decimal-strings', 'money amounts are decimal strings', '2, 2.6', 'spec', ({ response }) => {
    eachHotel(response.hotels, (h) => {
      const bad = moneyFields(h.rate.pricing, `hotel ${h.id} rate.pricing`).find(([, v]) => !isMoney(v));
      return bad ? `${bad[0]} is ${JSON.stringify(bad[1])}` : undefined;
    });
  }),
  onShared('taxes.positive-amounts', 'extra taxes are listed only with an amount above zero', '2.6', 'spec', ({ response }) => {
    eachHotel(response.hotels, (h) => {
      const zero = (h.rate.pricing.taxes ?? []).find((t) => !(cents(t.amount) > 0));
      return zero ? `hotel ${h.id}: tax ${zero.name} of ${zero.amount}` : undefined;
    });
  }),
  onShared('price-per-night.one-per-night', 'price_per_night has one entry per night', '2.6', 'spec', ({ response }) => {
    eachHotel(response.hotels, (h) =>
      h.rate.pricing.price_per_night.length === response.search.nights
        ? undefined
        : `hotel ${h.id}: ${h.rate.pricing.price_per_night.length} prices for ${response.search.nights} nights`);
  }),
  onShared('total-price.sum-of-nights', 'total_price is the sum of price_per_night', '2.6 (reference)', 'reference', ({ response }) => {
    eachHotel(response.hotels, (h) => {
      const sum = h.rate.pricing.price_per_night.reduce((acc, p) => acc + cents(p), 0);
      return sum === cents(h.rate.pricing.total_price) ? undefined : `hotel ${h.id}: total ${h.rate.pricing.total_price}, nights sum to ${(sum / 100).toFixed(2)}`;
    });
  }),
  onShared('meal.nomeal-or-breakfast', 'only the meal plans nomeal and breakfast appear', '2.4, 4.1', 'spec', ({ response }) => {
    eachHotel(response.hotels, (h) => (['nomeal', 'breakfast'].includes(h.rate.meal) ? undefined : `hotel ${h.id}: meal ${h.rate.meal}`));
  }),
  onShared('service-hash.format', 'service_hash is {hotel_id}-{room_code}-{rate_type}-{checkin}-{checkout}-{persons} of the request, consistent with the rate', '2.8', 'spec', ({ request, response }) => {
    const persons = request.persons ?? 2;
    eachHotel(response.hotels, (h) => {
      const hash = parseServiceHash(h.rate.service_hash);
      if (!hash) return `hotel ${h.id}: '${h.rate.service_hash}' does not have the 2.8 format`;
      const refundable = h.rate.cancellation.free_cancellation_before !== null;
      const expected = rateTypeOf(h.rate.meal, refundable);
      const wrong = [
        hash.hotelId === h.id ? '' : `hotel id ${hash.hotelId}`,
        hash.checkin === request.checkin ? '' : `check-in ${hash.checkin}`,
        hash.checkout === request.checkout ? '' : `check-out ${hash.checkout}`,
        hash.persons === persons ? '' : `persons ${hash.persons}`,
        hash.rateType === expected ? '' : `rate_type ${hash.rateType} for ${h.rate.meal}, ${refundable ? 'refundable' : 'non-refundable'} (expected ${expected})`,
      ].filter(Boolean);
      return wrong.length === 0 ? undefined : `hotel ${h.id} '${h.rate.service_hash}': ${wrong.join(', ')} (request: ${request.checkin}..${request.checkout}, ${persons} persons)`;
    });
  }),
  onShared('description.omitted-by-default', 'short_description is absent unless include_description is true', '2.3, 4.1', 'spec', ({ response }) => {
    eachHotel(response.hotels, (h) => ('short_description' in h ? `hotel ${h.id} has short_description` : undefined));
  }),
  onShared('amenities.included-by-default', 'amenities are present by default', '2.3, 4.1', 'spec', ({ response }) => {
    eachHotel(response.hotels, (h) => ('amenities' in h ? undefined : `hotel ${h.id} has no amenities field`));
  }),

  onShared('hotels.nearest-first', 'hotels are ordered by distance, nearest first', '4.1 (reference: hotel order)', 'reference', ({ response }) => {
    const { latitude, longitude } = response.search;
    const distances = response.hotels.map((h) => haversineMetres(latitude, longitude, h.latitude, h.longitude));
    const out = distances.findIndex((d, i) => i > 0 && d + 1 < (distances[i - 1] ?? 0));
    expect(out < 0, `hotel ${response.hotels[out]?.id} (${Math.round(distances[out] ?? 0)} m) comes after one ${Math.round(distances[out - 1] ?? 0)} m away`);
  }),
  defineCheck({
    id: 'search.closed-hotels-never-returned',
    title: 'a closed hotel is never returned by search',
    section: '4.1 (reference)',
    tag: 'reference',
    needs: ['control'],
    endpoints: ['/search.php'],
    async run(ctx) {
      const closed = await ctx.fixtures.scenarioHotel('closed');
      const data = ok(await searchWith(ctx, { latitude: closed.latitude, longitude: closed.longitude, radius: 500 }), `search around the closed hotel ${closed.id}`);
      expect(!data.hotels.some((h) => h.id === closed.id), `the closed hotel ${closed.id} is returned`);
    },
  }),
  onOwnSearch('coordinates-win-over-location', 'with both location and coordinates, the coordinates are used', '4.1 (reference)', 'reference', () => ({ location: 'Xqzvvy Nowhere-Conformance 99999' }), (data, _c, shared) => {
    const off = haversineMetres(shared.request.latitude ?? 0, shared.request.longitude ?? 0, data.search.latitude, data.search.longitude);
    expect(off <= 10, `the search point is ${Math.round(off)} m from the given coordinates`);
  }),
  onOwnSearch('codes.case-normalised', 'residency, language and currency of any case are accepted; residency and language are echoed lower case, currency upper case', '4.1 (reference)', 'reference', () => ({ residency: 'GB', language: 'EN', currency: 'usd' }), (data) => {
    const s = data.search;
    expect(s.residency === 'gb' && s.language === 'en' && s.currency === 'USD', `echoed ${s.residency}/${s.language}/${s.currency}, expected gb/en/USD`);
  }),
  defineCheck({
    id: 'search.identical-search.across-keys',
    title: 'the identical-search cache is per account: another key gets its own search_id',
    section: '8 (reference: the cache is per account)',
    tag: 'reference',
    needs: ['apikey2'],
    endpoints: ['/search.php'],
    async run(ctx) {
      const shared = await ctx.fixtures.search();
      const data = ok(await ctx.api.postUnchecked('/search.php', { ...shared.request, apikey: ctx.secondKey() }), 'the shared search with the second key');
      expect(data.search_id !== shared.response.search_id, "the second key got the first key's search_id");
    },
  }),
  onOwnSearch('description.added-when-asked', 'include_description true adds short_description to every hotel', '2.3, 4.1', 'spec', () => ({ include_description: true }), (data) => {
    eachHotel(data.hotels, (h) => ('short_description' in h ? undefined : `hotel ${h.id} has no short_description`));
  }),
  onOwnSearch('amenities.omitted-when-false', 'include_amenities false omits amenities', '2.3, 4.1', 'spec', () => ({ include_amenities: false }), (data) => {
    eachHotel(data.hotels, (h) => ('amenities' in h ? `hotel ${h.id} still has amenities` : undefined));
  }),
  onOwnSearch('filter.star-rating', 'the star_rating filter is honoured', '4.1', 'spec', ({ response }) => ({ star_rating: [response.hotels[0]?.star_rating ?? 3] }), (data, change) => {
    const wanted = (change.star_rating as number[])[0];
    expect(data.hotels.length > 0, `no hotel with star_rating ${wanted}, though the unfiltered search has one`);
    eachHotel(data.hotels, (h) => (h.star_rating === wanted ? undefined : `hotel ${h.id} has ${h.star_rating} stars`));
  }),
  onOwnSearch('filter.kind', 'the kind filter is honoured', '4.1', 'spec', ({ response }) => ({ kind: [response.hotels[0]?.kind ?? 'Hotel'] }), (data, change) => {
    const wanted = (change.kind as string[])[0];
    expect(data.hotels.length > 0, `no hotel of kind ${wanted}, though the unfiltered search has one`);
    eachHotel(data.hotels, (h) => (h.kind === wanted ? undefined : `hotel ${h.id} is a ${h.kind}`));
  }),
  onOwnSearch('filter.meal-type', 'the meal_type filter is honoured', '4.1', 'spec', ({ response }) => ({
    meal_type: [response.hotels.some((h) => h.rate.meal === 'nomeal') ? 'breakfast' : 'nomeal'],
  }), (data, change) => {
    const wanted = (change.meal_type as string[])[0];
    eachHotel(data.hotels, (h) => (h.rate.meal === wanted ? undefined : `hotel ${h.id}: rate meal ${h.rate.meal}`));
  }),
  onOwnSearch('filter.price-range', 'price_from/price_to bound the total_price', '4.1', 'spec', ({ response }) => {
    const prices = response.hotels.map((h) => cents(h.rate.pricing.total_price)).sort((a, b) => a - b);
    const low = prices[Math.floor((prices.length - 1) / 4)] ?? 0;
    const high = prices[Math.ceil(((prices.length - 1) * 3) / 4)] ?? low;
    return { price_from: Math.floor(low / 100), price_to: Math.ceil(high / 100) };
  }, (data, change) => {
    const [from, to] = [change.price_from as number, change.price_to as number];
    expect(data.hotels.length > 0, `no hotel between ${from} and ${to}, though the unfiltered search has one`);
    eachHotel(data.hotels, (h) => {
      const price = cents(h.rate.pricing.total_price);
      return price >= from * 100 && price <= to * 100 ? undefined : `hotel ${h.id}: total_price ${h.rate.pricing.total_price} outside ${from}–${to}`;
    });
  }),
  onOwnSearch('params-echoed', 'persons, radius, currency, residency and language given are echoed and used', '2.2, 2.8, 4.1', 'spec', () => ({
    // JPY: a currency without minor units (ISO 4217), so its money text may have no decimals.
    persons: 3, radius: 3000, currency: 'JPY', residency: 'gb', language: 'en',
  }), (data) => {
    const s = data.search;
    expectEqual(s.persons, 3, 'search.persons');
    expectEqual(s.radius_m, 3000, 'search.radius_m');
    expect(sameText(s.currency, 'JPY') && sameText(s.residency, 'gb') && sameText(s.language, 'en'),
      `currency/residency/language echoed as ${s.currency}/${s.residency}/${s.language}, expected JPY/gb/en`);
    eachHotel(data.hotels, (h) => (parseServiceHash(h.rate.service_hash)?.persons === 3 ? undefined : `hotel ${h.id}: '${h.rate.service_hash}' is not for 3 persons`));
  }),
  // The description promises a cache of identical searches, not that it hands out the same search_id.
  // The shared search's own dates: the base body's stay is counted from today, which the kit's clock may have moved past since.
  onOwnSearch('identical-search.same-search-id', 'an identical search within the hour returns the same search_id (cache)', '8 (reference: same search_id)', 'reference', (shared) => ({ checkin: shared.request.checkin, checkout: shared.request.checkout }), (data, _c, shared) => {
    expectEqual(data.search_id, shared.response.search_id, 'search_id of the repeated search');
  }),
];
