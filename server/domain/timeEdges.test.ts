/**
 * Every time rule at exactly its edge and 1 ms either side, on the account's clock and in real time
 * (see LIFETIMES in server/testing/timeRules/model.ts): the minute and day windows and Retry-After,
 * search_id, identical searches, offers and live lookups. The Idempotency-Key and the cancellation
 * deadline over HTTP: server/http/api/timeEdges.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock, type Clock } from '../clock.js';
import { processStore } from '../testing/processStore.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../testing/timeRules/model.js';
import { AccountClocks, ShiftedClock } from './accountClocks.js';
import { HotelDetailsService } from './hotelDetails.js';
import { OfferRegistry } from './offers.js';
import { rateLimitWindows, SlidingWindowRateLimiter } from './rateLimiter.js';
import { AddressCeiling } from './addressCeiling.js';
import { countRequest } from './requestLimits.js';
import { SearchService } from './search.js';
import { defaultWorld } from './world/world.js';

const world = defaultWorld();
const T0 = Date.parse('2026-11-21T10:00:00Z');
const STAY = { checkin: '2027-03-15', checkout: '2027-03-18' };

/** A clock reading `accountMs` on the account's clock and `accountMs - offsetMs` in real time. */
const reading = (accountMs: number, offsetMs = 0): Clock => new ShiftedClock(new FakeClock(new Date(accountMs - offsetMs)), offsetMs);

describe('rate-limit windows at their edges', () => {
  const windows = rateLimitWindows({ perMinute: 1, perDay: 2 });

  it('a request counts in the minute window for exactly 60 s: refused 1 ms before, taken at 60 s', () => {
    const limiter = new SlidingWindowRateLimiter();
    expect(limiter.hitWindows('k', T0, windows).allowed).toBe(true);
    expect(limiter.hitWindows('k', T0 + MINUTE_MS - 1, windows)).toMatchObject({ allowed: false, window: 'minute', limit: 1, retryAfterSeconds: 1 });
    expect(limiter.hitWindows('k', T0 + MINUTE_MS, windows).allowed).toBe(true);
    expect(limiter.hitWindows('k', T0 + MINUTE_MS + 1, windows)).toMatchObject({ allowed: false, window: 'minute', retryAfterSeconds: 60 });
  });

  it('Retry-After rounds up to whole seconds, at least 1', () => {
    const limiter = new SlidingWindowRateLimiter();
    limiter.hitWindows('k', T0, windows);
    expect(limiter.hitWindows('k', T0 + 1, windows)).toMatchObject({ retryAfterSeconds: 60 });
    expect(limiter.hitWindows('k', T0 + 999, windows)).toMatchObject({ retryAfterSeconds: 60 });
    expect(limiter.hitWindows('k', T0 + 1000, windows)).toMatchObject({ retryAfterSeconds: 59 });
    expect(limiter.hitWindows('k', T0 + 59_001, windows)).toMatchObject({ retryAfterSeconds: 1 });
  });

  it('a request counts in the day window for exactly a day', () => {
    const limiter = new SlidingWindowRateLimiter();
    limiter.hitWindows('k', T0, windows);
    limiter.hitWindows('k', T0 + MINUTE_MS, windows);
    expect(limiter.hitWindows('k', T0 + DAY_MS - 1, windows)).toMatchObject({ allowed: false, window: 'day', limit: 2, retryAfterSeconds: 1 });
    expect(limiter.hitWindows('k', T0 + DAY_MS, windows).allowed).toBe(true);
    expect(limiter.hitWindows('k', T0 + DAY_MS + 1, windows)).toMatchObject({ allowed: false, window: 'minute' });
  });

  it('on a moved clock: a minute moved on frees the window exactly at 60 s of the account clock', async () => {
    for (const [movedSeconds, allowed] of [[59.999, false], [60, true], [60.001, true]] as const) {
      const store = processStore();
      const base = new FakeClock(new Date(T0));
      const clocks = new AccountClocks(base, store);
      const limits = { store, clocks, windows, ceiling: new AddressCeiling(0) };
      expect((await countRequest(limits, '10.0.0.1', '/search.php', 1)).allowed).toBe(true);
      await clocks.advance(1, movedSeconds); // same millisecond of real time
      expect((await countRequest(limits, '10.0.0.1', '/search.php', 1)).allowed).toBe(allowed);
    }
  });
});

describe('the address ceiling at its edges (whole seconds of real time)', () => {
  it('takes exactly its ceiling in any 60 seconds; the oldest second leaving frees its places', () => {
    const ceiling = new AddressCeiling(3);
    const take = (ms: number) => ceiling.take('ip|/search.php', T0 + ms);
    expect('giveBack' in take(0)).toBe(true);
    expect('giveBack' in take(10_000)).toBe(true);
    expect('giveBack' in take(59_999)).toBe(true);
    expect(take(59_999)).toMatchObject({ allowed: false, window: 'minute', limit: 3, retryAfterSeconds: 1 });
    expect(take(60_000 - 1)).toMatchObject({ allowed: false });
    expect('giveBack' in take(60_000)).toBe(true); // second 0 left the window
    expect(take(60_001)).toMatchObject({ allowed: false, window: 'minute', limit: 3, retryAfterSeconds: 10 });
    expect('giveBack' in ceiling.take('other|/search.php', T0 + 60_001)).toBe(true);
  });

  it('a place given back (the account window refused the request) is free again; nothing else gives one back', () => {
    const ceiling = new AddressCeiling(1);
    const place = ceiling.take('k', T0);
    expect(ceiling.take('k', T0)).toMatchObject({ allowed: false });
    if ('giveBack' in place) place.giveBack();
    expect('giveBack' in ceiling.take('k', T0)).toBe(true);
    expect(ceiling.take('k', T0 + 59_999)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
  });

  it('keeps at most maxKeys addresses, the least recently used dropped first', () => {
    const ceiling = new AddressCeiling(1, 10);
    for (let i = 0; i < 100; i++) ceiling.take(`ip${i}`, T0);
    expect(ceiling.size).toBe(10);
    expect(ceiling.take('ip99', T0)).toMatchObject({ allowed: false });
  });
});

describe('lifetimes at their edges, on the account clock and in real time', () => {
  function services() {
    const store = processStore();
    const offers = new OfferRegistry(store);
    const search = new SearchService({ world, offers, store, publicUrl: 'http://sandbox' });
    const details = new HotelDetailsService({ world, offers, search, publicUrl: 'http://sandbox' });
    return { offers, search, details };
  }
  const SEARCH = { apikey: 'k', ...STAY, location: 'Amsterdam' };

  // Each case: the offset the thing is used with (0: both clocks moved as one; a clock set back by
  // `behind`: only real time reaches the edge).
  const behind = 2 * HOUR_MS;
  const ways = [
    ['on the account clock', (ms: number) => reading(T0 + ms)],
    ['in real time, the clock set back', (ms: number) => reading(T0 + ms - behind, -behind)],
  ] as const;

  for (const [way, at] of ways) {
    it(`a search_id answers for exactly one hour, ${way}`, async () => {
      const { search, details } = services();
      const made = await search.search(1, SEARCH, reading(T0));
      const request = { apikey: 'k', id: made.hotels[0]!.id, search_id: made.search_id };
      await expect(details.details(1, request, at(HOUR_MS - 1))).resolves.toBeDefined();
      await expect(details.details(1, request, at(HOUR_MS))).rejects.toMatchObject({ status: 400 });
      await expect(details.details(1, request, at(HOUR_MS + 1))).rejects.toMatchObject({ status: 400 });
    });

    it(`an identical search answers with the first one's result for exactly one hour, ${way}`, async () => {
      const { search } = services();
      const first = await search.search(1, SEARCH, reading(T0));
      expect((await search.search(1, SEARCH, at(HOUR_MS - 1))).search_id).toBe(first.search_id);
      expect((await search.search(1, SEARCH, at(HOUR_MS))).search_id).not.toBe(first.search_id);
    });

    it(`an offer books on the terms it was shown with until exactly one hour, ${way}`, async () => {
      const { search, offers } = services();
      const shown = await search.search(1, { ...SEARCH, currency: 'USD' }, reading(T0));
      const hash = shown.hotels[0]!.rate.service_hash;
      expect(await offers.termsFor(1, hash, at(HOUR_MS))).toMatchObject({ currency: 'USD' });
      expect(await offers.termsFor(1, hash, at(HOUR_MS + 1))).toBeUndefined();
    });
  }

  it('a live lookup is answered again for exactly 30 minutes of the account clock and of real time, and not to a clock set back before it', async () => {
    const request = { apikey: 'k', id: 900004, ...STAY };
    // The rooms of a reused answer are the very ones priced then (a fresh lookup prices new ones).
    const ratesOf = (answer: { rooms?: { rates: unknown }[] | null }) => answer.rooms?.[0]?.rates;
    for (const [accountMs, offsetMs, reused] of [
      [30 * MINUTE_MS - 1, 0, true],
      [30 * MINUTE_MS, 0, false],
      [10 * MINUTE_MS - 1, -20 * MINUTE_MS, true], // clock set back 20 minutes: 30 minutes of real time less 1 ms
      [10 * MINUTE_MS, -20 * MINUTE_MS, false], // …and exactly 30 minutes of real time
      [-1, 0, false], // a clock set back to before it was made
    ] as const) {
      const { details } = services();
      const first = await details.details(1, request, reading(T0));
      const again = await details.details(1, request, reading(T0 + accountMs, offsetMs));
      expect(ratesOf(again) === ratesOf(first), `at ${accountMs} ms on the account clock, offset ${offsetMs}`).toBe(reused);
    }
  });
});
