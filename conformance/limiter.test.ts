/** The kit's own rate-limit scheduler, and the client's politeness built on it. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, retryAfterMs } from './kit/client.js';
import type { KitClock } from './kit/clock.js';
import { BudgetExhausted } from './kit/failures.js';
import { DAY_MS, MINUTE_MS, SlidingWindowScheduler, specLimits } from './kit/limiter.js';
import { Recorder } from './kit/recorder.js';

describe('SlidingWindowScheduler', () => {
  const at = (seconds: number) => seconds * 1000;

  it('lets 5 requests a minute through, then delays until the oldest leaves the window (plus margin)', () => {
    const s = new SlidingWindowScheduler(specLimits(5, 200), 1000);
    for (let i = 0; i < 5; i++) {
      expect(s.delayFor('search', at(i))).toBe(0);
      s.record('search', at(i));
    }
    expect(s.delayFor('search', at(10))).toBe(at(60) + 1000 - at(10));
    expect(s.delayFor('search', at(61))).toBe(0);
  });

  it('keeps endpoints apart', () => {
    const s = new SlidingWindowScheduler(specLimits(1, 200), 0);
    s.record('search', 0);
    expect(s.delayFor('search', 0)).toBe(MINUTE_MS);
    expect(s.delayFor('hotel', 0)).toBe(0);
  });

  it('keeps to the daily limit as well', () => {
    const s = new SlidingWindowScheduler(specLimits(5, 10), 0);
    for (let i = 0; i < 10; i++) s.record('search', i * MINUTE_MS);
    expect(s.delayFor('search', 10 * MINUTE_MS)).toBe(DAY_MS - 10 * MINUTE_MS);
    expect(s.countIn('search', 10 * MINUTE_MS, DAY_MS)).toBe(10);
  });

  it('honours a Retry-After block and reports when the window is empty', () => {
    const s = new SlidingWindowScheduler(specLimits(5, 200), 500);
    s.blockUntil('search', at(30));
    expect(s.delayFor('search', at(10))).toBe(at(20));
    s.record('search', at(40));
    expect(s.delayUntilEmpty('search', at(50))).toBe(at(40) + MINUTE_MS + 500 - at(50));
  });

  it('switches a window off with limit 0', () => {
    const s = new SlidingWindowScheduler(specLimits(0, 0), 0);
    for (let i = 0; i < 50; i++) s.record('search', 0);
    expect(s.delayFor('search', 0)).toBe(0);
  });

  it('reads Retry-After as whole seconds, else 60 s', () => {
    expect(retryAfterMs('12')).toBe(12_000);
    expect(retryAfterMs(null)).toBe(60_000);
    expect(retryAfterMs('Wed, 21 Oct 2026 07:28:00 GMT')).toBe(60_000);
    expect(retryAfterMs('0')).toBe(1000);
  });
});

/** A clock that moves instantly (as with a harness), recording how far. */
/** A kit clock that stands still unless moved, so time spent by a loaded machine never counts. */
class InstantClock implements KitClock {
  readonly moves = true;
  readonly sleptMs = 0;
  movedMs = 0;
  private offset = 0;
  private readonly base = Date.now();
  now() {
    return this.base + this.offset;
  }
  async pass(ms: number) {
    this.offset += ms;
    this.movedMs += ms;
  }
}

describe('ApiClient politeness and accounting', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  /** A server answering each request with the next planned reply. */
  async function serve(replies: Array<{ status: number; headers?: Record<string, string>; delayMs?: number }>): Promise<string> {
    let n = 0;
    server = createServer((_req, res) => {
      const reply = replies[Math.min(n++, replies.length - 1)] ?? { status: 200 };
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        res.end(reply.status === 200 ? '{"status":"ok","count":0,"bookings":[]}' : '{"error":"Rate limit exceeded: 5 requests per minute"}');
      }, reply.delayMs ?? 0);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  const client = (baseUrl: string, clock: KitClock, extra: { budget?: number; timeoutMs?: number } = {}) =>
    new ApiClient({ baseUrl, clock, scheduler: new SlidingWindowScheduler(specLimits(5, 200), 1000), timeoutMs: extra.timeoutMs ?? 2000, budget: extra.budget, runKeys: ['demo-key-1'] });

  it('schedules the 6th search of a minute after the window frees (moving the clock, never a 429)', async () => {
    const clock = new InstantClock();
    const api = client(await serve([{ status: 200 }]), clock);
    for (let i = 0; i < 6; i++) await api.postUnchecked('/search.php', {});
    expect(api.requests['/search.php']).toBe(6);
    expect(clock.movedMs).toBeGreaterThanOrEqual(60_000);
    expect(clock.movedMs).toBeLessThan(62_000);
  });

  it('waits out an unprovoked 429 by its Retry-After and retries once; a provoked one is returned', async () => {
    const clock = new InstantClock();
    const url = await serve([{ status: 429, headers: { 'retry-after': '7' } }, { status: 200 }, { status: 429, headers: { 'retry-after': '7' } }]);
    const api = client(url, clock);
    api.recorder = new Recorder();
    const first = await api.postUnchecked('/booking_overview.php', { apikey: 'demo-key-1' });
    expect(first.status).toBe(200);
    expect(clock.movedMs).toBeGreaterThanOrEqual(7000);
    expect(api.recorder.notes.join()).toMatch(/unprovoked 429/);
    expect((await api.postUnchecked('/booking_overview.php', { apikey: 'demo-key-1' }, { provoke: true })).status).toBe(429);
    expect(api.requests['/booking_overview.php']).toBe(3);
  });

  it('retries a timed-out request once', async () => {
    const api = client(await serve([{ status: 200, delayMs: 600 }, { status: 200 }]), new InstantClock(), { timeoutMs: 300 });
    const response = await api.postUnchecked('/booking_overview.php', {});
    expect(response.status).toBe(200);
    expect(response.notes.join()).toMatch(/timed out .* retried once/);
    expect(api.spentRequests).toBe(2);
  });

  it('refuses to send beyond the request budget', async () => {
    const api = client(await serve([{ status: 200 }]), new InstantClock(), { budget: 2 });
    await api.postUnchecked('/booking_overview.php', {});
    await api.postUnchecked('/booking_overview.php', {});
    await expect(api.postUnchecked('/booking_overview.php', {})).rejects.toBeInstanceOf(BudgetExhausted);
  });
});
