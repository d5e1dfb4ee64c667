/**
 * npm run fuzz [-- --count N --seed S]: the fuzz suite against the real app in this process.
 * Phase 1 raises the rate limits so that every request reaches validation: N generated requests per
 * endpoint (default 10,000) over every path spelling, plus the raw-socket cases. Phase 2 repeats a
 * smaller run with the specification's limits (5/min, 200/day). Prints one row per endpoint and
 * phase, then the totals; exits 1 on any unexpected 5xx, non-JSON answer or missing answer.
 */
import { parseArgs } from 'node:util';
import { SPEC_RATE_LIMITS } from '../server/config.js';
import { limitHeapGrowth } from '../server/http/transport/serverLimits.js';
import { API_PATHS, RAW_CASES, pathSpellings } from '../server/testing/fuzz/corpus.js';
import {
  emptyFigures,
  fuzzEndpoint,
  fuzzRaw,
  rssMb,
  startFuzzTarget,
  warmUp,
  watchEventLoop,
  type FuzzFigures,
} from '../server/testing/fuzz/runner.js';

const { values } = parseArgs({ options: { count: { type: 'string' }, seed: { type: 'string' } } });
const count = Number(values.count ?? 10_000);
const seed = Number(values.seed ?? 20261121);
const realLimitsCount = Math.max(100, Math.round(count / 10));

limitHeapGrowth(); // as bin.ts does for the real server
const rssBefore = rssMb();
let rssPeak = rssBefore;
const rssSampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb())), 100);
const rows: Array<Record<string, string | number>> = [];
const total = emptyFigures();

function addRow(phase: string, what: string, figures: FuzzFigures, loop: { maxMs(): number; maxBusyMs(): number }): void {
  rows.push({
    phase,
    what,
    requests: figures.requests,
    '2xx': figures.status2xx,
    '4xx': figures.status4xx,
    '5xx': figures.status5xx,
    'unexpected 5xx': figures.unexpected.length,
    'bad answers': figures.malformed.length,
    'slowest ms': Math.round(figures.slowestMs),
    'loop max ms': Math.round(loop.maxMs()),
    'busy max ms': Math.round(loop.maxBusyMs()),
    'RSS MB': rssMb(),
    'heap MB': Math.round(process.memoryUsage().heapUsed / 1024 / 1024),
  });
  total.requests += figures.requests;
  total.status2xx += figures.status2xx;
  total.status4xx += figures.status4xx;
  total.status5xx += figures.status5xx;
  total.unexpected.push(...figures.unexpected);
  total.malformed.push(...figures.malformed);
  if (figures.slowestMs > total.slowestMs) {
    total.slowestMs = figures.slowestMs;
    total.slowest = figures.slowest;
  }
}

interface LoopMaxima {
  loopMs: number;
  busyMs: number;
}

async function phase(name: string, perEndpoint: number, rateLimits: { perMinute: number; perDay: number }): Promise<LoopMaxima> {
  const target = await startFuzzTarget({ config: { rateLimits } });
  await warmUp(target.port);
  const loop = watchEventLoop();
  const maxima: LoopMaxima = { loopMs: 0, busyMs: 0 };
  const keep = () => {
    maxima.loopMs = Math.max(maxima.loopMs, loop.maxMs());
    maxima.busyMs = Math.max(maxima.busyMs, loop.maxBusyMs());
  };
  try {
    for (const [index, path] of API_PATHS.entries()) {
      const started = performance.now();
      const figures = await fuzzEndpoint(target.port, path, { count: perEndpoint, seed: seed + index * 1000 });
      addRow(name, `${path} (${pathSpellings(path).length + 1} spellings)`, figures, loop);
      keep();
      console.error(`${name} ${path}: ${figures.requests} requests in ${Math.round((performance.now() - started) / 1000)} s`);
      loop.reset(); // one maximum per endpoint
    }
    addRow(name, `raw socket (${RAW_CASES.length} cases)`, await fuzzRaw(target.port, RAW_CASES), loop);
    keep();
  } finally {
    loop.stop();
    await target.close();
  }
  return maxima;
}

const started = performance.now();
const raised = await phase('raised limits', count, { perMinute: 1_000_000_000, perDay: 1_000_000_000 });
const real = await phase('spec limits', realLimitsCount, SPEC_RATE_LIMITS);
const rssAfter = rssMb();
clearInterval(rssSampler);

console.table(rows);
console.table([
  {
    requests: total.requests,
    '4xx': total.status4xx,
    '5xx': total.status5xx,
    'unexpected 5xx': total.unexpected.length,
    'bad answers': total.malformed.length,
    'slowest ms': Math.round(total.slowestMs),
    'loop max ms': Math.round(Math.max(raised.loopMs, real.loopMs)),
    'busy max ms': Math.round(Math.max(raised.busyMs, real.busyMs)),
    'RSS before MB': rssBefore,
    'RSS peak MB': rssPeak,
    'RSS after MB': rssAfter,
    seconds: Math.round((performance.now() - started) / 1000),
  },
]);
console.log(`Slowest: ${total.slowest}`);
for (const line of [...total.unexpected, ...total.malformed].slice(0, 20)) console.log(`  ${line}`);
process.exit(total.unexpected.length + total.malformed.length > 0 ? 1 : 0);
