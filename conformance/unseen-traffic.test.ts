/**
 * Without a harness the kit sees only its own traffic. Another client that searched with the same
 * key from the same IP just before the run (a colleague's script, a previous run) must not fail the
 * limit checks: the early 429 is waited out (a whole window, once, said in the check's notes) and
 * the count starts again. The kit's clock here moves the server's clock instead of sleeping, so the
 * test does not wait a real minute.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { KitClock } from './kit/clock.js';
import { runConformance } from './kit/runner.js';
import { startReferenceServer, type RunningServer } from './testing/support/referenceServer.js';

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Waiting moves the server's base clock: time passes for the server without a real sleep. */
function movingServerClock(target: RunningServer): KitClock & { passed: string[] } {
  let slept = 0;
  const passed: string[] = [];
  return {
    moves: false,
    get sleptMs() {
      return slept;
    },
    movedMs: 0,
    passed,
    now: () => target.clock.now().getTime(),
    async pass(ms, why = '') {
      if (ms <= 0) return;
      target.clock.advance(ms / 1000);
      slept += ms;
      passed.push(why);
    },
  };
}

async function search(target: RunningServer, apikey: string): Promise<number> {
  const checkin = new Date(target.clock.now().getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
  const checkout = new Date(target.clock.now().getTime() + 33 * 86_400_000).toISOString().slice(0, 10);
  const response = await fetch(`${target.url}/search.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apikey, checkin, checkout, location: 'Amsterdam' }),
  });
  await response.arrayBuffer();
  return response.status;
}

const LIMIT_CHECKS = ['limits.search.sixth-request-429', 'limits.search.unauthenticated-not-counted', 'limits.hotel.sixth-request-429'];

describe('limit checks without a harness, after traffic the kit could not see', () => {
  it('pass when another client with the same key on the IP searched just before the run, after waiting that traffic out', async () => {
    server = await startReferenceServer({ config: { controlApi: false } });
    for (let i = 0; i < 3; i++) expect(await search(server, 'demo-key-1')).toBe(200);
    const clock = movingServerClock(server);
    const report = await runConformance({ baseUrl: server.url, apikey: 'demo-key-1', profile: 'reference', only: LIMIT_CHECKS, clock });
    const byId = Object.fromEntries(report.results.map((r) => [r.id, r]));
    for (const id of LIMIT_CHECKS) expect(byId[id]?.status, `${id}: ${byId[id]?.message}`).toBe('passed');
    expect(report.results.some((r) => r.message?.includes("another client on this IP used /search.php's window"))).toBe(true);
    expect(clock.passed.some((why) => why.includes('another client on this IP'))).toBe(true);
  });

  it('does not wait for unseen traffic when there was none (another account on the IP has windows of its own)', async () => {
    server = await startReferenceServer({ config: { controlApi: false } });
    for (let i = 0; i < 5; i++) expect(await search(server, 'demo-key-3')).toBe(200);
    const clock = movingServerClock(server);
    const report = await runConformance({ baseUrl: server.url, apikey: 'demo-key-1', profile: 'reference', only: LIMIT_CHECKS, clock });
    for (const result of report.results) expect(result.status, `${result.id}: ${result.message}`).toBe('passed');
    expect(clock.passed.some((why) => why.includes('another client'))).toBe(false);
  });
});
