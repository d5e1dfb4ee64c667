/**
 * One account's conformance run costs the other accounts on its IP nothing through the rate limits.
 * The whole catalogue runs through the CLI (`main`, as `npm run conformance -- … --control …` in the
 * README) on demo-key-1 and demo-key-2 against the reference server with the spec's limits (5 a
 * minute, 200 a day, per IP and endpoint, each account apart). It spends its accounts' search
 * windows many times over (it moves their clocks instead of waiting); demo-key-3 on the same IP has
 * windows of its own and searches at once. The run's final reset of its accounts gives their
 * requests back; without it (--keep-state) demo-key-1 stays limited. Time moves with the server's base clock.
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
  it('during and after the run, demo-key-3 on the same IP has its own windows; the reset gives the run accounts\' requests back', { timeout: 180_000 }, async () => {
    server = await startReferenceServer({ config: { rateLimits: { perMinute: 5, perDay: 200 } } });
    const run = await runKit();
    expect(run.code, run.out.slice(-3000)).toBe(0);
    expect(run.out).toMatch(/passed/);
    const found = await search('demo-key-3');
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.hotels.length).toBeGreaterThan(0);
    // demo-key-3's own limit still holds: its 6th search in the minute is refused.
    for (let index = 0; index < 4; index++) expect((await search('demo-key-3')).status).toBe(200);
    const sixth = await search('demo-key-3');
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatch(/5 requests per minute/);
    // The run's own account was reset: five searches fit again at once.
    for (let index = 0; index < 5; index++) expect((await search('demo-key-1')).status).toBe(200);
  });

  it('without the reset (--keep-state), the run account stays limited; demo-key-3 on the same IP is not', { timeout: 180_000 }, async () => {
    server = await startReferenceServer({ config: { rateLimits: { perMinute: 5, perDay: 200 } } });
    const run = await runKit('--keep-state');
    expect(run.code, run.out.slice(-3000)).toBe(0);
    expect((await search('demo-key-3')).status).toBe(200);
    // The run's last check spent demo-key-1's day window (on its clock, left where the run moved it).
    const kept = await search('demo-key-1');
    expect(kept.status, JSON.stringify(kept.body)).toBe(429);
    expect(kept.body.error).toMatch(/200 requests per day/);
  });
});
