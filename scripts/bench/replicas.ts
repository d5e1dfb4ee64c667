/**
 * `npm run bench -- replicas`: hotel.php throughput with the state shared in PostgreSQL — one
 * replica, and two replicas behind the node:http round-robin proxy (scripts/bench/proxy.ts, its own
 * process) — beside baselines from the same run: the embedded store (no database) and one
 * PostgreSQL replica behind the same proxy (what the proxy itself costs). Load comes from autocannon
 * in its own process; each figure is the best of two rounds. Rate limits are off (one client IP).
 * Two replicas can only beat one where there are idle cores: the figures name the core count.
 */
import { mkdtemp } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, isoDate } from '../../server/clock.js';
import { freePort } from '../../server/testing/freePort.js';
import { postgresUnavailable, startPostgresCluster, type PostgresCluster } from '../../server/testing/postgres.js';
import { liveDetails } from './http.js';
import { bestOf, startProcess, type LoadPlan, type LoadResult, type RunningProcess } from './processes.js';

const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = 2;
const UNLIMITED = '1000000000';

async function replica(env: Record<string, string>): Promise<{ base: string; process: RunningProcess }> {
  const port = await freePort();
  const running = await startProcess(process.execPath, ['--import', 'tsx', 'server/bin.ts'], 'listening on', {
    PORT: String(port),
    RATE_LIMIT_PER_MINUTE: UNLIMITED,
    RATE_LIMIT_PER_DAY: UNLIMITED,
    VALIDATE_RESPONSES: 'off',
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'silent',
    ...env,
  });
  return { base: `http://127.0.0.1:${port}`, process: running };
}

async function proxy(upstreams: string[]): Promise<{ base: string; process: RunningProcess }> {
  const port = await freePort();
  const running = await startProcess(process.execPath, ['--import', 'tsx', 'scripts/bench/proxy.ts'], 'listening on', {
    PORT: String(port),
    UPSTREAMS: upstreams.join(','),
  });
  return { base: `http://127.0.0.1:${port}`, process: running };
}

async function post(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** hotel.php with a search_id (rooms from the stored search) and live (30-minute per-process cache), via `base`. */
async function hotelFigures(base: string): Promise<{ cached: LoadResult; live: LoadResult; search: LoadResult }> {
  const today = isoDate(new Date());
  const search = (await post(`${base}/search.php`, { apikey: 'demo-key-1', checkin: addDays(today, 30), checkout: addDays(today, 33), location: 'Amsterdam' })) as {
    search_id: string;
    hotels: Array<{ id: number }>;
  };
  const plan = (bodies: unknown[]): LoadPlan => ({ url: `${base}/hotel.php`, bodies, connections: CONNECTIONS, seconds: SECONDS });
  const cached = await bestOf(ROUNDS, plan([{ apikey: 'demo-key-1', id: search.hotels[0]?.id, search_id: search.search_id }]));
  const live = await bestOf(ROUNDS, (round) => plan(liveDetails(today, search.hotels.map((hotel) => hotel.id), round)));
  // search.php asked again and again (the identical-search answer: a store read, recomputed or cached per replica).
  const again = { apikey: 'demo-key-1', checkin: addDays(today, 30), checkout: addDays(today, 33), location: 'Amsterdam' };
  const searchAgain = await bestOf(ROUNDS, { url: `${base}/search.php`, bodies: [again], connections: CONNECTIONS, seconds: SECONDS });
  return { cached, live, search: searchAgain };
}

const ratio = (value: LoadResult, baseline: LoadResult) => Math.round((value.requests_per_second / baseline.requests_per_second) * 100) / 100;

export async function benchReplicas(): Promise<Record<string, unknown>> {
  const unavailable = postgresUnavailable();
  if (unavailable) return { skipped: unavailable };
  const started: RunningProcess[] = [];
  let cluster: PostgresCluster | undefined;
  const stopAll = async () => {
    await Promise.all(started.splice(0).map((running) => running.stop()));
  };
  try {
    const results: Record<string, { cached: LoadResult; live: LoadResult; search: LoadResult }> = {};
    const embedded = await replica({ DB_FILE: join(await mkdtemp(join(tmpdir(), 'bench-replicas-')), 'db.json') });
    started.push(embedded.process);
    results.embedded_one_process = await hotelFigures(embedded.base);
    await stopAll();

    cluster = await startPostgresCluster({ fsync: true });
    const first = await replica({ DATABASE_URL: cluster.url });
    started.push(first.process);
    results.postgres_one_replica_direct = await hotelFigures(first.base);
    const proxyOfOne = await proxy([first.base]);
    started.push(proxyOfOne.process);
    results.postgres_one_replica_via_proxy = await hotelFigures(proxyOfOne.base);
    const second = await replica({ DATABASE_URL: cluster.url });
    started.push(second.process);
    const proxyOfTwo = await proxy([first.base, second.base]);
    started.push(proxyOfTwo.process);
    results.postgres_two_replicas_via_proxy = await hotelFigures(proxyOfTwo.base);

    const { postgres_one_replica_via_proxy: one, postgres_two_replicas_via_proxy: two, embedded_one_process: baseline } = results;
    return {
      load: 'autocannon in its own process; two replicas behind a node:http round-robin proxy in its own process (alternating upstream per request)',
      database: 'local throw-away PostgreSQL 15 cluster, fsync on, pool of 10 per replica',
      connections: CONNECTIONS,
      seconds_per_round: SECONDS,
      rounds: ROUNDS,
      cores: cpus().length,
      results,
      ratios: {
        two_vs_one_replica_via_proxy_cached: ratio(two!.cached, one!.cached),
        two_vs_one_replica_via_proxy_live: ratio(two!.live, one!.live),
        postgres_one_direct_vs_embedded_cached: ratio(results.postgres_one_replica_direct!.cached, baseline!.cached),
        postgres_one_direct_vs_embedded_live: ratio(results.postgres_one_replica_direct!.live, baseline!.live),
        postgres_one_direct_vs_embedded_search: ratio(results.postgres_one_replica_direct!.search, baseline!.search),
        two_vs_one_replica_via_proxy_search: ratio(two!.search, one!.search),
      },
    };
  } finally {
    await stopAll();
    await cluster?.stop();
  }
}
