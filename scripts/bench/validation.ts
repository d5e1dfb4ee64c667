/**
 * `npm run bench -- validation`: hotel.php (a cached answer, with search_id) through the reference
 * app with today's request validator (requestValidation.ts), with express-openapi-validator wired as
 * the server used it before, and with no request check, beside bare Express answering the same bytes
 * — all in the same run, each server and the load generator (autocannon) in its own process, each
 * figure the best of three rounds, interleaved across the servers. The question it answers (docs/architecture.md, "Request
 * validation"): does express-openapi-validator cost under 10% of hotel.php throughput? The result also
 * goes to scripts/bench/results/validation.json.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isoDate } from '../../server/clock.js';
import { amsterdamSearch, bestOf, startListening, type LoadResult, type RunningProcess } from './processes.js';

const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function post(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, json: await response.json() };
}

async function startWithPort(script: string, env: NodeJS.ProcessEnv): Promise<{ running: RunningProcess; base: string }> {
  const { base, process: running } = await startListening(process.execPath, ['--max-semi-space-size=32', '--import', 'tsx', script], env);
  return { running, base };
}

/** bare_express is the server's own Express (5), as in `npm run bench -- http`. */
const VARIANTS = ['ours', 'eov', 'none', 'bare_express'] as const;
type Variant = (typeof VARIANTS)[number];

export async function benchValidation(): Promise<unknown> {
  const today = isoDate(new Date());
  const started: RunningProcess[] = [];
  const best: Partial<Record<Variant, LoadResult>> = {};
  try {
    const bases: Partial<Record<Variant, string>> = {};
    // Each server caches its own search: its hotel.php request carries its own search_id.
    const requests: Partial<Record<Variant, unknown>> = {};
    let hotelAnswer: unknown;
    for (const validator of ['ours', 'eov', 'none'] as const) {
      const server = await startWithPort('scripts/bench/validationServer.ts', { BENCH_VALIDATOR: validator });
      started.push(server.running);
      bases[validator] = server.base;
      // The same search and hotel details through each: the same hotel, the same cached answer.
      const searchRequest = amsterdamSearch(today);
      const search = await post(`${server.base}/search.php`, searchRequest);
      const found = search.json as { search_id: string; hotels: Array<{ id: number }> };
      if (search.status !== 200 || !found.hotels[0]) throw new Error(`${validator}: search answered ${search.status}`);
      const request = { apikey: 'demo-key-1', id: found.hotels[0].id, search_id: found.search_id };
      const hotel = await post(`${server.base}/hotel.php`, request);
      if (hotel.status !== 200) throw new Error(`${validator}: hotel.php answered ${hotel.status} ${JSON.stringify(hotel.json)}`);
      requests[validator] = request;
      hotelAnswer ??= hotel.json;
      const failure = await post(`${server.base}/hotel.php`, { ...request, id: 'seven' });
      if (validator !== 'none' && failure.status !== 400) throw new Error(`${validator}: an invalid hotel.php request answered ${failure.status}`);
    }
    const bodiesFile = join(await mkdtemp(join(tmpdir(), 'bench-bodies-')), 'bodies.json');
    await writeFile(bodiesFile, JSON.stringify({ '/hotel.php': hotelAnswer }));
    const bare = await startWithPort('scripts/bench/bareExpress.ts', { BODIES_FILE: bodiesFile });
    started.push(bare.running);
    bases.bare_express = bare.base;
    // Rounds interleaved across the four servers (all up, idle but for the one measured), so a
    // neighbour's burst on a shared machine falls on every variant alike; the best round of each counts.
    for (let round = 0; round < ROUNDS; round++) {
      for (const variant of VARIANTS) {
        const body = requests[variant] ?? requests.ours;
        const result = await bestOf(1, { url: `${bases[variant]}/hotel.php`, bodies: [body], connections: CONNECTIONS, seconds: SECONDS });
        if (!best[variant] || result.requests_per_second > (best[variant]).requests_per_second) best[variant] = result;
      }
    }
  } finally {
    await Promise.all(started.map((running) => running.stop()));
  }
  for (const [name, result] of Object.entries(best)) {
    if (result.non_2xx > 0 || result.errors > 0) throw new Error(`${name} answered non-2xx or failed: ${JSON.stringify(result)}`);
  }
  const rps = (variant: Variant) => (best[variant] as LoadResult).requests_per_second;
  const cost = (variant: Variant) => Math.round((1 - rps(variant) / rps('none')) * 1000) / 10;
  const result = {
    measured_at: new Date().toISOString(),
    connections: CONNECTIONS,
    seconds_per_round: SECONDS,
    rounds: ROUNDS,
    hotel_php: best,
    /** Share of the unvalidated app's hotel.php throughput each validator costs. */
    cost_percent_of_throughput: { ours: cost('ours'), eov: cost('eov') },
    eov_vs_ours: Math.round((rps('eov') / rps('ours')) * 100) / 100,
  };
  await writeFile(new URL('./results/validation.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
  return result;
}
