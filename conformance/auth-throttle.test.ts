/**
 * The kit and a server's throttle of failed authentications from one address: other runs or clients
 * behind the same address (a CI runner's NAT, three pipelines at once) may have used the server's
 * budget before this run sends its unknown and missing keys.
 * - A server that refuses them with 429 (many do): the kit waits out Retry-After in real time (even
 *   with a harness, whose clock moves do not move such a throttle), notes it in the report, and
 *   sends the request again, three times at most.
 * - Our sandbox slows such answers instead of refusing them (authThrottle.ts): a run whose address
 *   another run used up the budget of is green as it is.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from './kit/client.js';
import type { KitClock } from './kit/clock.js';
import { SlidingWindowScheduler, specLimits } from './kit/limiter.js';
import { runConformance } from './kit/runner.js';
import { startReferenceServer, type RunningServer } from './testing/support/referenceServer.js';

let server: RunningServer | undefined;
let stub: Server | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  await new Promise((resolve) => (stub ? stub.close(resolve) : resolve(undefined)));
  stub = undefined;
});

/** A throttle wait that only counts (time is the stub's own). */
function countingWait(): KitClock & { waited: number[] } {
  return { moves: false, sleptMs: 0, movedMs: 0, waited: [], now: () => Date.now(), async pass(ms: number) { this.waited.push(ms); } };
}

/** A server that answers 429 (Retry-After 2) to its first `refusals` requests, then 403. */
async function throttlingServer(refusals: number): Promise<string> {
  let seen = 0;
  stub = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen += 1;
      const refused = seen <= refusals;
      res.writeHead(refused ? 429 : 403, { 'content-type': 'application/json', ...(refused ? { 'retry-after': '2' } : {}) });
      res.end(JSON.stringify({ error: refused ? 'Too many failed authentications from your address' : 'Invalid API key' }));
    });
  });
  await new Promise<void>((resolve) => stub!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
}

function client(baseUrl: string, throttleWait: KitClock): ApiClient {
  const clock: KitClock = { moves: true, sleptMs: 0, movedMs: 0, now: () => Date.now(), pass: async () => {} }; // a harness clock: moving it helps nothing here
  return new ApiClient({ baseUrl, clock, scheduler: new SlidingWindowScheduler(specLimits()), timeoutMs: 5000, runKeys: ['demo-key-1'], throttleWait });
}

describe('the kit against a server that refuses failed authentications with 429', () => {
  it('waits out Retry-After in real time for a request without a key of the run, and sends it again', async () => {
    const wait = countingWait();
    const answer = await client(await throttlingServer(2), wait).postUnchecked('/booking_overview.php', { apikey: 'conformance-kit-unknown-key-0000' });
    expect(answer.status).toBe(403);
    expect(wait.waited).toEqual([2500, 2500]);
    expect(answer.notes.join('\n')).toMatch(/throttles failed authentications from this address .*waited 2 s \(Retry-After, real time\)/);
  });

  it('also when the check provokes the server on purpose (a 429 of the throttle is not the answer it asks for)', async () => {
    const wait = countingWait();
    const answer = await client(await throttlingServer(1), wait).postUnchecked('/search.php', { apikey: 'not-a-key' }, { provoke: true });
    expect(answer.status).toBe(403);
    expect(wait.waited).toHaveLength(1);
  });

  it('is not waited on for ever: after three waits the 429 is the answer', async () => {
    const wait = countingWait();
    const answer = await client(await throttlingServer(100), wait).postUnchecked('/booking_overview.php', { apikey: 'not-a-key' });
    expect(answer.status).toBe(429);
    expect(wait.waited).toHaveLength(3);
  });

  it("a request with the run's key is not taken for the throttle's", async () => {
    const wait = countingWait();
    const answer = await client(await throttlingServer(1), wait).postUnchecked('/booking_overview.php', { apikey: 'demo-key-1' }, { retryOn429: false });
    expect(answer.status).toBe(429);
    expect(wait.waited).toEqual([]);
  });
});

describe('a kit run whose address another run used the sandbox failed-authentication budget of', () => {
  for (const withHarness of [true, false]) {
    it(`is green: the sandbox answers its unknown keys late, never refuses its keys (${withHarness ? 'with' : 'without'} a harness)`, { timeout: 120_000 }, async () => {
      server = await startReferenceServer({ config: { authFailuresPerMinute: 4 } });
      for (let i = 0; i < 4; i++) {
        const spent = await fetch(`${server.url}/booking_overview.php`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"apikey":"another-run"}' });
        expect(spent.status).toBe(403);
      }
      const report = await runConformance({
        baseUrl: server.url,
        apikey: 'demo-key-1',
        apikey2: 'demo-key-2',
        ...(withHarness ? { control: server.url } : {}),
        profile: 'spec',
        only: ['auth'],
      });
      const failed = report.results.filter((result) => result.status !== 'passed');
      expect(failed, JSON.stringify(failed, null, 1).slice(0, 3000)).toEqual([]);
      expect(report.results.length).toBeGreaterThanOrEqual(13);
    });
  }
});
