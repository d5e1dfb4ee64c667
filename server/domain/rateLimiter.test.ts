import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AcceptedTimes, rateLimitWindows, SlidingWindowRateLimiter, type RateLimitDecision, type RateLimitWindow } from './rateLimiter.js';
import { judgeHit } from './slidingWindows.js';
import type { RateLimits } from '../config.js';
import { place, REAL_TIME, type Timeline } from './timeline.js';

/** The limiter with one fixed pair of windows, as the tests below use it. */
class FixedWindowsLimiter extends SlidingWindowRateLimiter {
  private readonly windows: RateLimitWindow[];

  constructor(limits: RateLimits) {
    super();
    this.windows = rateLimitWindows(limits);
  }

  hit(key: string, nowMs: number, timeline: Timeline = REAL_TIME, accountId?: number): RateLimitDecision {
    return this.hitWindows(key, nowMs, this.windows, timeline, accountId);
  }
}

const T0 = Date.parse('2026-11-21T10:00:00Z');
const seconds = (n: number) => n * 1000;

describe('SlidingWindowRateLimiter', () => {
  it('allows 5 per minute and refuses the 6th with the seconds until the oldest leaves', () => {
    const limiter = new FixedWindowsLimiter({ perMinute: 5, perDay: 200 });
    for (let i = 0; i < 5; i++) expect(limiter.hit('ip|/search.php', T0 + seconds(i * 2)).allowed).toBe(true);
    const refused = limiter.hit('ip|/search.php', T0 + seconds(10));
    expect(refused).toMatchObject({ allowed: false, window: 'minute', limit: 5, retryAfterSeconds: 50 });
  });

  it('frees the window exactly when Retry-After has passed', () => {
    const limiter = new FixedWindowsLimiter({ perMinute: 5, perDay: 200 });
    for (let i = 0; i < 5; i++) limiter.hit('k', T0);
    const refused = limiter.hit('k', T0 + seconds(1));
    expect(refused.allowed).toBe(false);
    const retryAfter = refused.allowed ? 0 : refused.retryAfterSeconds;
    expect(retryAfter).toBe(59);
    expect(limiter.hit('k', T0 + seconds(1 + retryAfter) - 1).allowed).toBe(false);
    expect(limiter.hit('k', T0 + seconds(1 + retryAfter)).allowed).toBe(true);
  });

  it('does not count refused requests', () => {
    const limiter = new FixedWindowsLimiter({ perMinute: 2, perDay: 200 });
    limiter.hit('k', T0);
    limiter.hit('k', T0);
    for (let i = 0; i < 10; i++) expect(limiter.hit('k', T0 + seconds(30)).allowed).toBe(false);
    expect(limiter.hit('k', T0 + seconds(60)).allowed).toBe(true);
  });

  it('keeps keys apart (per IP and per endpoint)', () => {
    const limiter = new FixedWindowsLimiter({ perMinute: 1, perDay: 200 });
    expect(limiter.hit('a|/search.php', T0).allowed).toBe(true);
    expect(limiter.hit('a|/hotel.php', T0).allowed).toBe(true);
    expect(limiter.hit('b|/search.php', T0).allowed).toBe(true);
    expect(limiter.hit('a|/search.php', T0).allowed).toBe(false);
  });

  it('enforces the day limit with the seconds until the oldest request of the day leaves', () => {
    const limiter = new FixedWindowsLimiter({ perMinute: 5, perDay: 200 });
    // 5 requests a minute for 40 minutes = 200 requests.
    for (let minute = 0; minute < 40; minute++) {
      for (let i = 0; i < 5; i++) expect(limiter.hit('k', T0 + seconds(minute * 60)).allowed).toBe(true);
    }
    const refused = limiter.hit('k', T0 + seconds(40 * 60));
    expect(refused).toMatchObject({ allowed: false, window: 'day', limit: 200, retryAfterSeconds: 86_400 - 40 * 60 });
    expect(limiter.hit('k', T0 + seconds(86_400)).allowed).toBe(true);
  });

  it('stays correct when the clock is moved backwards', () => {
    const limiter = new FixedWindowsLimiter({ perMinute: 2, perDay: 200 });
    limiter.hit('k', T0 + seconds(100));
    limiter.hit('k', T0);
    expect(limiter.hit('k', T0 + seconds(30)).allowed).toBe(false);
    expect(limiter.hit('k', T0 + seconds(61)).allowed).toBe(true);
  });

  it('forgets everything on reset', () => {
    const limiter = new FixedWindowsLimiter({ perMinute: 1, perDay: 1 });
    limiter.hit('k', T0);
    limiter.reset();
    expect(limiter.hit('k', T0).allowed).toBe(true);
  });
});

describe('SlidingWindowRateLimiter memory', () => {
  it('prunes keys whose windows expired, so the map stays bounded however many addresses call', () => {
    const limiter = new FixedWindowsLimiter({ perMinute: 5, perDay: 200 });
    const day = seconds(86_400);
    // Day 1: 20,000 distinct addresses, one request each, spread over the day.
    for (let i = 0; i < 20_000; i++) limiter.hit(`10.0.${i >> 8}.${i & 255}|/search.php`, T0 + Math.floor((i * day) / 20_000));
    expect(limiter.size).toBe(20_000);
    // Day 2, half-way: addresses of the first half of day 1 have left the day window.
    limiter.hit('203.0.113.1|/search.php', T0 + day + day / 2);
    expect(limiter.size).toBeLessThanOrEqual(10_001);
    expect(limiter.size).toBeGreaterThan(9_000);
    // Two days later only the newest caller is left, and it is still limited as before.
    limiter.hit('203.0.113.2|/search.php', T0 + 3 * day);
    expect(limiter.size).toBe(1);
    for (let i = 0; i < 4; i++) expect(limiter.hit('203.0.113.2|/search.php', T0 + 3 * day).allowed).toBe(true);
    expect(limiter.hit('203.0.113.2|/search.php', T0 + 3 * day).allowed).toBe(false);
  });
});

describe('SlidingWindowRateLimiter judged on an account timeline', () => {
  it('ages earlier requests by what the account moved its clock, and counts "future" requests', () => {
    const limiter = new FixedWindowsLimiter({ perMinute: 2, perDay: 200 });
    const realTime = REAL_TIME;
    limiter.hit('ip|/search.php', T0, realTime);
    limiter.hit('ip|/search.php', T0, realTime);
    expect(limiter.hit('ip|/search.php', T0 + 1, realTime).allowed).toBe(false);
    // An account whose clock went 61 s ahead at T0 + 1 ms: the earlier two are a minute old for it.
    const ahead: Timeline = [{ fromBaseMs: T0, offsetMs: 0 }, { fromBaseMs: T0 + 1, offsetMs: 61_000 }];
    expect(limiter.hit('ip|/search.php', T0 + 1, ahead).allowed).toBe(true);
    expect(limiter.hit('ip|/search.php', T0 + 2, ahead).allowed).toBe(true);
    expect(limiter.hit('ip|/search.php', T0 + 3, ahead)).toMatchObject({ allowed: false, window: 'minute' });
    // For real time the IP has four requests in the minute; for an account an hour behind, all lie ahead.
    expect(limiter.hit('ip|/search.php', T0 + 3, realTime)).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
    expect(limiter.hit('ip|/search.php', T0 + 3, [{ fromBaseMs: T0, offsetMs: -3_600_000 }]).allowed).toBe(false);
  });
});

const DAY_MS = 86_400_000;

/** Today's rule written the straightforward way: place every stored request, sort, count. */
class ReferenceLimiter {
  private history: number[] = [];

  hit(nowMs: number, windows: readonly RateLimitWindow[], timeline: Timeline): RateLimitDecision {
    const longestMs = Math.max(...windows.map((window) => window.seconds)) * 1000;
    this.history = this.history.filter((atMs) => atMs > nowMs - longestMs);
    const decision = referenceDecision(this.history, nowMs, windows, timeline);
    if (decision.allowed) {
      this.history.push(nowMs);
      this.history.sort((a, b) => a - b);
    }
    return decision;
  }
}

/** The decision on `history` (live base times, any order), by placing every request and sorting. */
function referenceDecision(history: readonly number[], nowMs: number, windows: readonly RateLimitWindow[], timeline: Timeline): RateLimitDecision {
  const placeOf = (baseMs: number) => baseMs + offsetByScan(timeline, baseMs);
  const accountNowMs = placeOf(nowMs);
  const places = history.map(placeOf).sort((a, b) => a - b);
  const insideOf = (window: RateLimitWindow) => places.filter((placeMs) => placeMs > accountNowMs - window.seconds * 1000);
  const full = windows.find((window) => insideOf(window).length >= window.limit);
  // Each window once the request is judged: what is left, and when its oldest counted request leaves.
  const states = windows.map((window) => {
    const inside = full ? insideOf(window) : [...insideOf(window), accountNowMs];
    const oldest = inside.length === 0 ? undefined : Math.min(...inside);
    const resetSeconds = oldest === undefined ? 0 : Math.max(0, Math.ceil((oldest + window.seconds * 1000 - accountNowMs) / 1000));
    return { name: window.name, seconds: window.seconds, limit: window.limit, remaining: Math.max(0, window.limit - inside.length), resetSeconds };
  });
  if (full) {
    const oldestInside = places[places.length - full.limit] ?? accountNowMs;
    const retryAfterSeconds = Math.max(1, Math.ceil((oldestInside + full.seconds * 1000 - accountNowMs) / 1000));
    return { allowed: false, window: full.name, limit: full.limit, retryAfterSeconds, states };
  }
  return { allowed: true, states };
}

/** The same rule over several accounts' requests: each kept with its account, a reset drops that account's. */
class ReferenceAccountsLimiter {
  private history: Array<{ atMs: number; accountId: number }> = [];

  hit(nowMs: number, windows: readonly RateLimitWindow[], timeline: Timeline, accountId: number): RateLimitDecision {
    const longestMs = Math.max(...windows.map((window) => window.seconds)) * 1000;
    this.history = this.history.filter((hit) => hit.atMs > nowMs - longestMs);
    // Every account's requests on the key count together, on the asker's timeline.
    const decision = referenceDecision(this.history.map((hit) => hit.atMs), nowMs, windows, timeline);
    if (decision.allowed) this.history.push({ atMs: nowMs, accountId });
    return decision;
  }

  resetAccount(accountId: number): void {
    this.history = this.history.filter((hit) => hit.accountId !== accountId);
  }
}

/** The offset in force at `baseMs` by a linear scan, as AccountClocks.timelineOf used to place requests. */
function offsetByScan(timeline: Timeline, baseMs: number): number {
  let offsetMs = timeline[0]?.offsetMs ?? 0;
  for (const change of timeline) {
    if (change.fromBaseMs > baseMs) break;
    offsetMs = change.offsetMs;
  }
  return offsetMs;
}

/**
 * Random scenarios at two scales: `wide` as the API sees them (steps of seconds, windows up to a day,
 * offsets up to days) and `dense` (windows of a few seconds, requests and offset changes
 * milliseconds apart), where requests land on window edges and change instants often enough to
 * catch an error of one millisecond.
 */
interface Scale {
  /** Times and offsets mostly lie on this grid (or 1 ms off it), so that they meet exactly. */
  gridMs: number;
  stepMs: number;
  windowSeconds: number;
  /** Offset changes mostly fall in [T0, T0 + spanMs], among the requests. */
  spanMs: number;
  offsetMs: number;
}
const WIDE: Scale = { gridMs: 1000, stepMs: 20_000, windowSeconds: 86_400, spanMs: 1_800_000, offsetMs: 2 * DAY_MS };
const DENSE: Scale = { gridMs: 100, stepMs: 700, windowSeconds: 3, spanMs: 30_000, offsetMs: 4_000 };

/** In [minMs, maxMs]: on the grid (as whole seconds from `advance_seconds` are), 1 ms off it, or any millisecond. */
const msArbitrary = (minMs: number, maxMs: number, gridMs: number) => {
  const onGrid = fc.integer({ min: Math.ceil(minMs / gridMs), max: Math.floor(maxMs / gridMs) }).map((steps) => steps * gridMs);
  return fc.oneof(onGrid, fc.tuple(onGrid, fc.integer({ min: -1, max: 1 })).map(([ms, off]) => ms + off), fc.integer({ min: minMs, max: maxMs }));
};

/** Offset changes (forward and backward) among the requests and sometimes far before or after, sorted as AccountClocks keeps them. */
const timelineArbitrary = (scale: Scale): fc.Arbitrary<Timeline> =>
  fc
    .array(
      fc.record({
        fromBaseMs: fc.oneof(
          { arbitrary: msArbitrary(0, scale.spanMs, scale.gridMs).map((ms) => T0 + ms), weight: 4 },
          { arbitrary: fc.integer({ min: T0 - DAY_MS, max: T0 + 2 * DAY_MS }), weight: 1 },
        ),
        offsetMs: msArbitrary(-scale.offsetMs, scale.offsetMs, scale.gridMs),
      }),
      { maxLength: 6 },
    )
    .map((changes) => changes.sort((a, b) => a.fromBaseMs - b.fromBaseMs));

const limitArbitrary = (max: number) =>
  fc.oneof({ arbitrary: fc.integer({ min: 1, max }), weight: 9 }, { arbitrary: fc.constant(0), weight: 1 });

const windowsArbitrary = (scale: Scale): fc.Arbitrary<RateLimitWindow[]> =>
  fc.tuple(
    fc.record({ name: fc.constant('minute' as const), seconds: fc.integer({ min: 1, max: Math.min(600, scale.windowSeconds) }), limit: limitArbitrary(6) }),
    fc.record({ name: fc.constant('day' as const), seconds: fc.integer({ min: 1, max: scale.windowSeconds }), limit: limitArbitrary(12) }),
  );

/** Base-clock steps: mostly a little on, sometimes days on, sometimes back (the control API moved it). */
const stepArbitrary = (scale: Scale) =>
  fc.oneof(
    { arbitrary: msArbitrary(0, scale.stepMs, scale.gridMs), weight: 8 },
    { arbitrary: fc.integer({ min: 0, max: 2 * DAY_MS }), weight: 1 },
    { arbitrary: fc.oneof(msArbitrary(-20 * scale.stepMs, 0, scale.gridMs), fc.integer({ min: -DAY_MS, max: 0 })), weight: 1 },
  );

describe('judgeHit on timelines', () => {
  it('places an instant like a linear scan of the offset changes', () => {
    fc.assert(
      fc.property(fc.oneof(timelineArbitrary(WIDE), timelineArbitrary(DENSE)), msArbitrary(-DAY_MS, 2 * DAY_MS, 1000), (timeline, offsetMs) => {
        const baseMs = T0 + offsetMs;
        expect(place(timeline, baseMs)).toBe(baseMs + offsetByScan(timeline, baseMs));
      }),
      { numRuns: 2000, seed: 13 },
    );
  });

  it('skips entries before `from` and those the longest window left (PostgreSQL passes its rows as they are)', () => {
    const windows = rateLimitWindows({ perMinute: 5, perDay: 2 });
    expect(judgeHit([T0 - DAY_MS, T0 - 10_000], 0, T0, windows, REAL_TIME)).toMatchObject({ allowed: true });
    expect(judgeHit([T0 - 20_000, T0 - 10_000], 1, T0, windows, REAL_TIME)).toMatchObject({ allowed: true });
    expect(judgeHit([T0 - DAY_MS + 1, T0 - 10_000], 0, T0, windows, REAL_TIME)).toMatchObject({
      allowed: false, window: 'day', limit: 2, retryAfterSeconds: 1,
    });
  });

  it.each([
    ['wide', WIDE],
    ['dense', DENSE],
  ])('decides exactly as the straightforward limiter (map and sort) over random histories, timelines and windows (%s)', (_name, scale) => {
    fc.assert(
      fc.property(
        windowsArbitrary(scale),
        fc.array(timelineArbitrary(scale), { minLength: 1, maxLength: 3 }),
        fc.array(fc.tuple(stepArbitrary(scale), fc.nat()), { maxLength: 100, size: 'max' }),
        (windows, timelines, steps) => {
          const times = new AcceptedTimes();
          const reference = new ReferenceLimiter();
          let nowMs = T0;
          for (const [stepMs, asker] of steps) {
            nowMs += stepMs;
            const timeline = timelines[asker % timelines.length] as Timeline;
            expect(times.hit(nowMs, windows, timeline)).toEqual(reference.hit(nowMs, windows, timeline));
          }
        },
      ),
      { numRuns: 1000, seed: 13 },
    );
  });
});

describe('SlidingWindowRateLimiter: hits kept per account, given back by an account reset', () => {
  it.each([
    ['wide', WIDE],
    ['dense', DENSE],
  ])('decides exactly as the straightforward limiter over several accounts on one key, each on its own timeline, with resets (%s)', (_name, scale) => {
    fc.assert(
      fc.property(
        windowsArbitrary(scale),
        fc.array(timelineArbitrary(scale), { minLength: 1, maxLength: 3 }),
        fc.array(fc.tuple(stepArbitrary(scale), fc.nat(), fc.nat({ max: 9 })), { maxLength: 100, size: 'max' }),
        (windows, timelines, steps) => {
          const limiter = new SlidingWindowRateLimiter();
          const reference = new ReferenceAccountsLimiter();
          let nowMs = T0;
          for (const [stepMs, asker, action] of steps) {
            nowMs += stepMs;
            const accountId = asker % timelines.length;
            // One step in ten resets the asking account instead of hitting.
            if (action === 0) {
              limiter.giveBack(accountId);
              reference.resetAccount(accountId);
              continue;
            }
            const timeline = timelines[accountId] as Timeline;
            expect(limiter.hitWindows('ip|/search.php', nowMs, windows, timeline, accountId)).toEqual(reference.hit(nowMs, windows, timeline, accountId));
          }
        },
      ),
      { numRuns: 500, seed: 17 },
    );
  });

  it("gives back one account's hits on every key; other accounts' hits stay", () => {
    const limiter = new FixedWindowsLimiter({ perMinute: 3, perDay: 200 });
    for (const key of ['ip|/search.php', 'ip|/hotel.php']) {
      for (let i = 0; i < 3; i++) expect(limiter.hit(key, T0, REAL_TIME, 1).allowed).toBe(true);
      expect(limiter.hit(key, T0, REAL_TIME, 2).allowed).toBe(false);
    }
    expect(limiter.hit('other|/search.php', T0, REAL_TIME, 2).allowed).toBe(true);
    limiter.giveBack(1);
    expect(limiter.size).toBe(1);
    for (const key of ['ip|/search.php', 'ip|/hotel.php']) {
      for (let i = 0; i < 3; i++) expect(limiter.hit(key, T0 + 1, REAL_TIME, 2).allowed).toBe(true);
      expect(limiter.hit(key, T0 + 1, REAL_TIME, 3)).toMatchObject({ allowed: false, window: 'minute', retryAfterSeconds: 60 });
    }
    // A reset of an account without hits, or twice, changes nothing.
    limiter.giveBack(1);
    limiter.giveBack(7);
    expect(limiter.hit('ip|/search.php', T0 + 2, REAL_TIME, 1).allowed).toBe(false);
  });

  it('forgets the accounts of swept keys, so its index stays bounded too', () => {
    const limiter = new FixedWindowsLimiter({ perMinute: 5, perDay: 200 });
    for (let account = 0; account < 1000; account++) limiter.hit(`10.0.${account >> 8}.${account & 255}|/search.php`, T0, REAL_TIME, account);
    limiter.hit('203.0.113.1|/search.php', T0 + DAY_MS + 1, REAL_TIME, 5000);
    expect(limiter.size).toBe(1);
    const index = (limiter as unknown as { keysOfAccount: Map<number, Set<string>> }).keysOfAccount;
    expect([...index.keys()]).toEqual([5000]);
  });
});

/** An array that counts reads and writes of its entries (operations of the limiter on the history). */
function countingArray(): { times: number[]; operations: () => number } {
  let operations = 0;
  // Index keys start with a digit; method names and `length` do not.
  const isEntry = (property: string | symbol) => typeof property === 'string' && property.charCodeAt(0) >= 48 && property.charCodeAt(0) <= 57;
  const times = new Proxy<number[]>([], {
    get(target, property, receiver) {
      if (isEntry(property)) operations++;
      return Reflect.get(target, property, receiver) as unknown;
    },
    set(target, property, value, receiver) {
      if (isEntry(property)) operations++;
      return Reflect.set(target, property, value, receiver);
    },
  });
  return { times, operations: () => operations };
}

describe('AcceptedTimes cost', () => {
  const unlimited = rateLimitWindows({ perMinute: 1e9, perDay: 1e9 });

  it('touches O(log n) entries per request up to 200,000 accepted requests in the day, then amortised O(log n) as they expire', () => {
    const { times: backing, operations } = countingArray();
    const times = new AcceptedTimes(backing);
    const perHitBound = (live: number) => 8 * Math.ceil(Math.log2(live + 2));
    // 200,000 requests 400 ms apart: all within one day, so all count.
    for (let index = 0; index < 200_000; index++) {
      const before = operations();
      const { allowed } = times.hit(T0 + index * 400, unlimited, REAL_TIME);
      const cost = operations() - before;
      if (!allowed || cost > perHitBound(index)) expect.fail(`request ${index}: allowed ${allowed}, touched ${cost} entries`);
    }
    expect(times.newestMs).toBe(T0 + 199_999 * 400);
    // Another 50,000 two seconds apart: the day window slides, the oldest expire, the array is compacted now and then.
    const before = operations();
    for (let index = 0; index < 50_000; index++) times.hit(T0 + 80_000_000 + index * 2000, unlimited, REAL_TIME);
    expect((operations() - before) / 50_000).toBeLessThan(perHitBound(200_000));
    expect(backing.length).toBeLessThan(2 * 43_201);
  });
});
