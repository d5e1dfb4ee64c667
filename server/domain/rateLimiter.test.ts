import { describe, expect, it } from 'vitest';
import { SlidingWindowRateLimiter } from './rateLimiter.js';
import { REAL_TIME, type Timeline } from './timeline.js';

const T0 = Date.parse('2026-11-21T10:00:00Z');
const seconds = (n: number) => n * 1000;

describe('SlidingWindowRateLimiter', () => {
  it('allows 5 per minute and refuses the 6th with the seconds until the oldest leaves', () => {
    const limiter = new SlidingWindowRateLimiter({ perMinute: 5, perDay: 200 });
    for (let i = 0; i < 5; i++) expect(limiter.hit('ip|/search.php', T0 + seconds(i * 2)).allowed).toBe(true);
    const refused = limiter.hit('ip|/search.php', T0 + seconds(10));
    expect(refused).toEqual({ allowed: false, window: 'minute', limit: 5, retryAfterSeconds: 50 });
  });

  it('frees the window exactly when Retry-After has passed', () => {
    const limiter = new SlidingWindowRateLimiter({ perMinute: 5, perDay: 200 });
    for (let i = 0; i < 5; i++) limiter.hit('k', T0);
    const refused = limiter.hit('k', T0 + seconds(1));
    expect(refused.allowed).toBe(false);
    const retryAfter = refused.allowed ? 0 : refused.retryAfterSeconds;
    expect(retryAfter).toBe(59);
    expect(limiter.hit('k', T0 + seconds(1 + retryAfter) - 1).allowed).toBe(false);
    expect(limiter.hit('k', T0 + seconds(1 + retryAfter)).allowed).toBe(true);
  });

  it('does not count refused requests', () => {
    const limiter = new SlidingWindowRateLimiter({ perMinute: 2, perDay: 200 });
    limiter.hit('k', T0);
    limiter.hit('k', T0);
    for (let i = 0; i < 10; i++) expect(limiter.hit('k', T0 + seconds(30)).allowed).toBe(false);
    expect(limiter.hit('k', T0 + seconds(60)).allowed).toBe(true);
  });

  it('keeps keys apart (per IP and per endpoint)', () => {
    const limiter = new SlidingWindowRateLimiter({ perMinute: 1, perDay: 200 });
    expect(limiter.hit('a|/search.php', T0).allowed).toBe(true);
    expect(limiter.hit('a|/hotel.php', T0).allowed).toBe(true);
    expect(limiter.hit('b|/search.php', T0).allowed).toBe(true);
    expect(limiter.hit('a|/search.php', T0).allowed).toBe(false);
  });

  it('enforces the day limit with the seconds until the oldest request of the day leaves', () => {
    const limiter = new SlidingWindowRateLimiter({ perMinute: 5, perDay: 200 });
    // 5 requests a minute for 40 minutes = 200 requests.
    for (let minute = 0; minute < 40; minute++) {
      for (let i = 0; i < 5; i++) expect(limiter.hit('k', T0 + seconds(minute * 60)).allowed).toBe(true);
    }
    const refused = limiter.hit('k', T0 + seconds(40 * 60));
    expect(refused).toEqual({ allowed: false, window: 'day', limit: 200, retryAfterSeconds: 86_400 - 40 * 60 });
    expect(limiter.hit('k', T0 + seconds(86_400)).allowed).toBe(true);
  });

  it('stays correct when the clock is moved backwards', () => {
    const limiter = new SlidingWindowRateLimiter({ perMinute: 2, perDay: 200 });
    limiter.hit('k', T0 + seconds(100));
    limiter.hit('k', T0);
    expect(limiter.hit('k', T0 + seconds(30)).allowed).toBe(false);
    expect(limiter.hit('k', T0 + seconds(61)).allowed).toBe(true);
  });

  it('forgets everything on reset', () => {
    const limiter = new SlidingWindowRateLimiter({ perMinute: 1, perDay: 1 });
    limiter.hit('k', T0);
    limiter.reset();
    expect(limiter.hit('k', T0).allowed).toBe(true);
  });
});

describe('SlidingWindowRateLimiter memory', () => {
  it('prunes keys whose windows expired, so the map stays bounded however many addresses call', () => {
    const limiter = new SlidingWindowRateLimiter({ perMinute: 5, perDay: 200 });
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
    const limiter = new SlidingWindowRateLimiter({ perMinute: 2, perDay: 200 });
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
