/**
 * One account's conformance run costs the other accounts on its IP nothing through the rate limits.
 * The whole catalogue runs through the CLI (`main`, as `npm run conformance -- … --control …` in the
 * README) on demo-key-1 and demo-key-2 against the reference server with the spec's limits (5 a
 * minute, 200 a day, per IP and endpoint). It spends the IP's search window many times over (it
 * moves its accounts' clocks instead of waiting); its final reset of those accounts gives their
 * hits back, so demo-key-3 on the same IP searches once the minute has passed. Without that reset
 * (--keep-state) the IP stays limited for demo-key-3. Time moves with the server's base clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { main } from './cli.js';
import { startReferenceServer, type RunningServer } from './testing/support/referenceServer.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response JSON off the wire; the tests assert its shape themselves
type Json = Record<string, any>;
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const SEARCH = { location: 'Amsterdam', checkin: isoDay(30), checkout: isoDay(33) };

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Every request goes from 127.0.0.1, like the kit's: one IP for all three keys. */
async function search(apikey: string): Promise<{ status: number; body: Json; retryAfter: string | null }> {
  const response = await fetch(`${server?.url}/search.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apikey, ...SEARCH }),
  });
  return { status: response.status, body: (await response.json()) as Json, retryAfter: response.headers.get('retry-after') };
}

async function runKit(...extra: string[]): Promise<{ code: number; out: string }> {
  const url = server?.url as string;
  const out: string[] = [];
  const argv = ['--base-url', url, '--apikey', 'demo-key-1', '--apikey2', 'demo-key-2', '--control', url, '--profile', 'reference', ...extra];
  const code = await main(argv, { out: (line) => out.push(line), err: (line) => out.push(line) });
  return { code, out: out.join('\n') };
}

describe("a --control conformance run and the other accounts on its IP (limits 5/min, 200/day)", () => {
  it('after the run (which resets its accounts), demo-key-3 on the same IP searches once the minute has passed', { timeout: 180_000 }, async () => {
    server = await startReferenceServer({ config: { rateLimits: { perMinute: 5, perDay: 200 } } });
    const run = await runKit();
    expect(run.code, run.out.slice(-3000)).toBe(0);
    expect(run.out).toMatch(/passed/);
    server.clock.advance(61);
    const found = await search('demo-key-3');
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.hotels.length).toBeGreaterThan(0);
    // The IP's limit still holds for what comes after: demo-key-3's own 6th search in the minute is refused.
    for (let index = 0; index < 4; index++) expect((await search('demo-key-3')).status).toBe(200);
    const sixth = await search('demo-key-3');
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatch(/5 requests per minute/);
  });

  it('without the reset (--keep-state), the IP stays limited: demo-key-3 is refused while the window is full', { timeout: 180_000 }, async () => {
    server = await startReferenceServer({ config: { rateLimits: { perMinute: 5, perDay: 200 } } });
    const run = await runKit('--keep-state');
    expect(run.code, run.out.slice(-3000)).toBe(0);
    const atOnce = await search('demo-key-3');
    expect(atOnce.status, JSON.stringify(atOnce.body)).toBe(429);
    // A minute on, the run's hits still fill the IP's day window on demo-key-3's (real-time) clock.
    server.clock.advance(61);
    const later = await search('demo-key-3');
    expect(later.status, JSON.stringify(later.body)).toBe(429);
    expect(later.body.error).toMatch(/200 requests per day/);
    expect(Number(later.retryAfter)).toBeGreaterThan(86_000);
  });
});
