/**
 * Section 8 (and the 429 of section 7): 5 requests per minute and 200 per day on search and hotel
 * details, per endpoint; no limit elsewhere; Retry-After in whole seconds; the window frees after
 * it. These checks provoke 429s on purpose (`provoke`: not scheduled, not retried); everything
 * else in the run is scheduled to stay under the limits.
 */
import { errorText, expect, expectStatus, fail } from '../kit/assert.js';
import type { CheckContext } from '../kit/context.js';
import { DAY_MS } from '../kit/limiter.js';
import type { Exchange } from '../kit/recorder.js';
import type { ApiPath, Check } from '../kit/types.js';
import { SHORT_NAMES, UNKNOWN_BOOKHASH, UNKNOWN_KEY, defineCheck, type Body } from './support.js';

/** A valid request to a limited endpoint (hotel details by the shared search_id). */
async function validRequest(ctx: CheckContext, path: ApiPath): Promise<Body> {
  if (path === '/search.php') return { ...ctx.fixtures.baseSearchRequest() };
  const { response } = await ctx.fixtures.search();
  return { apikey: ctx.apikey, id: response.hotels[0]?.id, search_id: response.search_id };
}

function retryAfterOf(response: Exchange): number {
  const header = response.headers.get('retry-after');
  if (header === null || !/^\d+$/.test(header.trim()) || Number(header) < 1) {
    fail(`the 429 has Retry-After ${header === null ? 'missing' : `'${header}'`}; expected whole seconds ≥ 1`);
  }
  return Number(header);
}

/** Words of a rate-limit message, in any of the usual wordings. */
const RATE_LIMIT_WORDS = /rate[- ]?limit|too many requests|request limit|limit (?:reached|exceeded)|quota/i;
const WINDOW_WORDS = { minute: /\b(?:minute|min)\b/i, day: /\b(?:day|daily|24 ?h(?:ours)?)\b/i } as const;

/**
 * Section 7: the 429 text "begins with a rate-limit message naming the limit reached". Any wording:
 * its first sentence speaks of a rate limit, and the text names the limit (its number and window).
 */
function expectLimitMessage(response: Exchange, count: number, window: keyof typeof WINDOW_WORDS): void {
  const text = errorText(response).trim();
  const opening = text.split(/[.!?\n](?:\s|$)/)[0] ?? '';
  expect(RATE_LIMIT_WORDS.test(opening), `the 429 error text does not begin with a rate-limit message: '${text}'`);
  expect(new RegExp(`\\b${count}\\b`).test(text) && WINDOW_WORDS[window].test(text), `the 429 error text does not name the limit (${count} requests per ${window}): '${text}'`);
}

/** Sends into the endpoint until it answers 429 (at most one more than the minute limit). */
async function provoke429(ctx: CheckContext, path: ApiPath, body: Body): Promise<Exchange> {
  for (let i = 0; i <= ctx.settings.perMinute; i++) {
    const response = await ctx.api.postUnchecked(path, body, { provoke: true });
    if (response.status === 429) return response;
    expectStatus(response, 200, `request ${i + 1} to ${path} within a minute`);
  }
  fail(`${ctx.settings.perMinute + 1} requests to ${path} within a minute, none answered 429`);
}

/**
 * Sends `count` requests that must all be accepted (200), counting from an empty window. An early
 * 429 means traffic the kit could not see (another client on its IP): it waits that out once and
 * sends the whole count again.
 */
async function acceptedFromEmptyWindow(
  ctx: CheckContext,
  path: ApiPath,
  count: number,
  request: (i: number) => [Body, string],
  options: { provoke: true } | { retryOn429: false },
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    let early = false;
    for (let i = 1; i <= count && !early; i++) {
      const [body, what] = request(i);
      const response = await ctx.api.postUnchecked(path, body, options);
      early = response.status === 429 && attempt === 1;
      if (!early) expectStatus(response, 200, what);
    }
    if (!early) return;
    await ctx.outwaitUnseenTraffic(path);
  }
}

function sixthIs429(path: ApiPath): Check {
  return defineCheck({
    id: `limits.${SHORT_NAMES[path]}.sixth-request-429`,
    title: `the 6th request in a minute to ${path} gives 429 with Retry-After and the limit named`,
    section: '7, 8',
    tag: 'spec',
    needs: [],
    endpoints: path === '/search.php' ? [path] : ['/search.php', path],
    labels: ['window'],
    async run(ctx) {
      const body = await validRequest(ctx, path);
      await ctx.freshWindow(path);
      const limit = ctx.settings.perMinute;
      await acceptedFromEmptyWindow(ctx, path, limit, (i) => [body, `request ${i} of ${limit} within a minute`], { retryOn429: false });
      const over = await ctx.api.postUnchecked(path, body, { provoke: true });
      expectStatus(over, 429, `request ${limit + 1} within a minute`);
      retryAfterOf(over);
      expectLimitMessage(over, limit, 'minute');
    },
  });
}

const unauthenticatedNotCounted = defineCheck({
  id: 'limits.search.unauthenticated-not-counted',
  title: 'requests refused for their key do not count towards the limit',
  section: '8 (reference: only authenticated requests count)',
  tag: 'reference',
  needs: [],
  endpoints: ['/search.php'],
  labels: ['window'],
  async run(ctx) {
    const body = await validRequest(ctx, '/search.php');
    await ctx.freshWindow('/search.php');
    const limit = ctx.settings.perMinute;
    for (let i = 1; i <= limit; i++) {
      expectStatus(await ctx.api.postUnchecked('/search.php', { ...body, apikey: UNKNOWN_KEY }, { provoke: true }), 403, `unknown-key search ${i}`);
    }
    // No retry on an early 429 here: a 429 after refused requests is exactly what this check looks for.
    for (let i = 1; i <= limit; i++) {
      expectStatus(await ctx.api.postUnchecked('/search.php', body, { provoke: true }), 200, `valid search ${i} after ${limit} refused ones`);
    }
  },
});

const freesAfterRetryAfter = defineCheck({
  id: 'limits.search.frees-after-retry-after',
  title: 'after Retry-After seconds the search window takes a request again',
  section: '7, 8',
  tag: 'spec',
  needs: [],
  endpoints: ['/search.php'],
  labels: ['window'],
  async run(ctx) {
    const body = await validRequest(ctx, '/search.php');
    const refused = await provoke429(ctx, '/search.php', body);
    const seconds = retryAfterOf(refused);
    if (!ctx.clock.moves && seconds * 1000 > ctx.settings.maxSleepMs) fail(`Retry-After ${seconds} s is longer than the kit waits`);
    ctx.note(`${ctx.clock.moves ? 'moved the clock' : 'waited'} ${seconds} s (Retry-After)`);
    await ctx.clock.pass(seconds * 1000 + (ctx.clock.moves ? 0 : 250), 'the rate limit (Retry-After)');
    expectStatus(await ctx.api.postUnchecked('/search.php', body, { provoke: true }), 200, `search ${seconds} s after a 429 with Retry-After ${seconds}`);
  },
});

const perEndpoint = defineCheck({
  id: 'limits.per-endpoint',
  title: 'the limits are per endpoint: with search exhausted, hotel details still answer',
  section: '8',
  tag: 'spec',
  needs: [],
  endpoints: ['/search.php', '/hotel.php'],
  labels: ['window'],
  async run(ctx) {
    const hotelBody = await validRequest(ctx, '/hotel.php');
    // Room on hotel.php first, so that the request below goes out while search.php is still full.
    await ctx.freshWindow('/hotel.php');
    await provoke429(ctx, '/search.php', await validRequest(ctx, '/search.php'));
    const details = await ctx.api.postUnchecked('/hotel.php', hotelBody, { provoke: true });
    expectStatus(details, 200, 'hotel details right after search.php answered 429');
  },
});

function unlimited(path: ApiPath, body: (ctx: CheckContext) => Promise<Body>, expected: number): Check {
  return defineCheck({
    id: `limits.${SHORT_NAMES[path]}.unlimited`,
    title: `${path} is not rate limited: 12 quick requests, none 429`,
    section: '8',
    tag: 'spec',
    needs: [],
    endpoints: path === '/booking_overview.php' || path === '/book/cancel.php' ? [path] : ['/search.php', '/booking.php', path],
    async run(ctx) {
      const request = await body(ctx);
      const count = 2 * ctx.settings.perMinute + 2;
      for (let i = 1; i <= count; i++) {
        expectStatus(await ctx.api.postUnchecked(path, request, { provoke: true }), expected, `request ${i} of ${count} to ${path}`);
      }
    },
  });
}

const dailyLimit = defineCheck({
  id: 'limits.search.daily-200',
  title: 'the 201st search in a day gives 429 naming the daily limit',
  section: '8',
  tag: 'spec',
  needs: [],
  endpoints: ['/search.php'],
  labels: ['expensive'],
  async run(ctx) {
    const body = await validRequest(ctx, '/search.php');
    // With a harness: a day later, so that neither the server nor the kit counts earlier requests.
    if (ctx.clock.moves) await ctx.clock.pass(DAY_MS + 60_000);
    const limit = ctx.settings.perDay;
    for (let i = 1; i <= limit; i++) {
      const hint = ctx.clock.moves ? '' : ' (without a harness, earlier searches from this address today count too)';
      expectStatus(await ctx.api.postUnchecked('/search.php', body, { retryOn429: false }), 200, `search ${i} of ${limit} in a day, within the minute limit${hint}`);
    }
    // Only the day window may be full: let the minute window empty first.
    await ctx.freshWindow('/search.php');
    const over = await ctx.api.postUnchecked('/search.php', body, { provoke: true });
    expectStatus(over, 429, `search ${limit + 1} in a day`);
    const seconds = retryAfterOf(over);
    expectLimitMessage(over, limit, 'day');
    ctx.scheduler.blockUntil('/search.php', ctx.clock.now() + seconds * 1000);
  },
});

/** One quota item of a RateLimit or RateLimit-Policy field: `"name";k=v;…` (a Structured Field List member). */
interface QuotaItem {
  name: string;
  params: Record<string, number>;
}

/** The members of a RateLimit or RateLimit-Policy field (names quoted or tokens, integer parameters), or a failure naming the field. */
function quotaItems(response: Exchange, field: string): QuotaItem[] {
  const value = response.headers.get(field);
  if (value === null) fail(`the ${response.status} of ${response.endpoint} has no ${field} header field`);
  return value.split(',').map((member) => {
    const [rawName = '', ...params] = member.trim().split(';');
    const name = rawName.trim().replace(/^"(.*)"$/, '$1');
    const parsed: Record<string, number> = {};
    for (const param of params) {
      const match = /^\s*([a-z][a-z0-9_.*-]*)=(-?[0-9]{1,15})\s*$/.exec(param);
      if (!match) fail(`${field} '${value}': the parameter '${param.trim()}' is not an integer parameter`);
      parsed[match[1] as string] = Number(match[2]);
    }
    return { name, params: parsed };
  });
}

/** The item of the window `seconds` long: by its `w` in RateLimit-Policy, then by its name in RateLimit. */
function windowOf(policy: QuotaItem[], limits: QuotaItem[], seconds: number, field: string): { quota: number; remaining: number; reset: number } {
  const declared = policy.find((item) => item.params.w === seconds);
  if (!declared) fail(`RateLimit-Policy names no policy with w=${seconds} (${policy.map((item) => item.name).join(', ')})`);
  const current = limits.find((item) => item.name === declared.name);
  if (!current || current.params.r === undefined || current.params.t === undefined) fail(`${field} has no r and t for the policy '${declared.name}'`);
  return { quota: declared.params.q ?? NaN, remaining: current.params.r, reset: current.params.t };
}

const rateLimitFields = defineCheck({
  id: 'limits.search.ratelimit-fields',
  title: 'RateLimit-Policy and RateLimit state both windows; r counts down with each search; at the 429, r is 0 and t is Retry-After',
  section: '8 (reference: the IETF RateLimit header fields)',
  tag: 'reference',
  needs: [],
  endpoints: ['/search.php'],
  labels: ['window'],
  async run(ctx) {
    const body = await validRequest(ctx, '/search.php');
    await ctx.freshWindow('/search.php');
    const { perMinute, perDay } = ctx.settings;
    let previous: { minute: number; day: number } | undefined;
    for (let i = 1; i <= perMinute; i++) {
      const response = await ctx.api.postUnchecked('/search.php', body, { retryOn429: false });
      expectStatus(response, 200, `search ${i} of ${perMinute} in a fresh minute`);
      const policy = quotaItems(response, 'RateLimit-Policy');
      const limits = quotaItems(response, 'RateLimit');
      const minute = windowOf(policy, limits, 60, 'RateLimit');
      const day = windowOf(policy, limits, 86_400, 'RateLimit');
      expect(minute.quota === perMinute && day.quota === perDay, `RateLimit-Policy states q=${minute.quota} a minute and q=${day.quota} a day; the limits are ${perMinute} and ${perDay}`);
      expect(minute.remaining === perMinute - i, `after search ${i} in a fresh minute RateLimit says r=${minute.remaining} for the minute; expected ${perMinute - i}`);
      expect(minute.reset >= 1 && minute.reset <= 60 && day.reset >= 1 && day.reset <= 86_400, `RateLimit's t (${minute.reset}, ${day.reset}) lies outside its window`);
      if (previous) expect(day.remaining === previous.day - 1, `the day's r went ${previous.day} -> ${day.remaining} over one search`);
      previous = { minute: minute.remaining, day: day.remaining };
    }
    const over = await ctx.api.postUnchecked('/search.php', body, { provoke: true });
    expectStatus(over, 429, `search ${perMinute + 1} within a minute`);
    const minute = windowOf(quotaItems(over, 'RateLimit-Policy'), quotaItems(over, 'RateLimit'), 60, 'RateLimit');
    const seconds = retryAfterOf(over);
    expect(minute.remaining === 0 && minute.reset === seconds, `the 429's RateLimit says r=${minute.remaining};t=${minute.reset} for the minute; expected r=0;t=${seconds} (Retry-After)`);
  },
});

export const LIMIT_CHECKS: Check[] = [
  sixthIs429('/search.php'),
  freesAfterRetryAfter,
  perEndpoint,
  sixthIs429('/hotel.php'),
  unauthenticatedNotCounted,
  rateLimitFields,
  unlimited('/booking_overview.php', async (ctx) => ({ apikey: ctx.apikey }), 200),
  unlimited('/booking.php', async (ctx) => {
    const { response } = await ctx.fixtures.search();
    return { apikey: ctx.apikey, service_hash: response.hotels[0]?.rate.service_hash };
  }, 200),
  unlimited('/retrieve_booking.php', async (ctx) => ({ apikey: ctx.apikey, bookhash: (await ctx.fixtures.processingBooking()).bookhash }), 200),
  unlimited('/book/cancel.php', async (ctx) => ({ apikey: ctx.apikey, bookhash: UNKNOWN_BOOKHASH }), 404),
  dailyLimit,
];
