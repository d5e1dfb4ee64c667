/**
 * The seeded subset of the fuzz suite (`npm run fuzz` runs the full one): a few hundred generated
 * requests over every path spelling of every endpoint plus the raw-socket cases, against the real
 * app. No unexpected 5xx, a JSON answer to everything, and no request blocks the event loop for
 * more than 100 ms (perf_hooks.monitorEventLoopDelay plus this process's CPU time per stretch, so
 * that other jobs on the machine do not count; watched only while the corpus runs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, RAW_CASES } from '../../testing/fuzz/corpus.js';
import { emptyFigures, fuzzEndpoint, fuzzRaw, startFuzzTarget, warmUp, watchEventLoop, type FuzzTarget } from '../../testing/fuzz/runner.js';

const SEED = 20261121;
const PER_ENDPOINT = 60;

let target: FuzzTarget;
beforeAll(async () => {
  target = await startFuzzTarget({ config: { rateLimits: { perMinute: 1_000_000, perDay: 1_000_000 } } });
  await warmUp(target.port);
}, 60_000);
afterAll(async () => {
  await target.close();
});

describe('fuzz (seeded subset)', () => {
  it(`${PER_ENDPOINT} requests per endpoint and the raw-socket cases: 4xx, never an unexpected 5xx, never a long block`, async () => {
    const figures = emptyFigures();
    const loop = watchEventLoop();
    try {
      for (const [index, path] of API_PATHS.entries()) {
        await fuzzEndpoint(target.port, path, { count: PER_ENDPOINT, seed: SEED + index, concurrency: 4 }, figures);
      }
      await fuzzRaw(target.port, RAW_CASES, figures);
    } finally {
      loop.stop();
    }
    expect(figures.requests).toBe(PER_ENDPOINT * API_PATHS.length + RAW_CASES.length);
    expect(figures.unexpected).toEqual([]);
    expect(figures.malformed).toEqual([]);
    expect(figures.status4xx).toBeGreaterThan(figures.requests / 2);
    // CPU-attributed: a loaded, shared machine can delay timers without any request blocking.
    if (loop.maxMs() >= 100) console.warn(`event-loop delay max ${Math.round(loop.maxMs())} ms, of it busy ${Math.round(loop.maxBusyMs())} ms`);
    expect(loop.maxBusyMs()).toBeLessThan(100);
  }, 120_000);
});
