/**
 * `npm run bench -- replicas`: hotel.php throughput with the state shared in PostgreSQL — one
 * replica, and two replicas behind the node:http round-robin proxy (scripts/bench/proxy.ts, its own
 * process) — beside baselines from the same run: the embedded store (no database) and one
 * PostgreSQL replica behind the same proxy (what the proxy itself costs). Load comes from autocannon
 * in its own process; each figure is the best of two rounds, taken in turn over the setups. Rate limits are off (one client IP).
 * Two replicas can only beat one where there are idle cores: the figures name the core count.
 */
import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isoDate } from '../../server/clock.js';
import { postgresUnavailable, startPostgresCluster, type PostgresCluster } from '../../server/testing/postgres.js';
import { liveDetails } from './http.js';
import { amsterdamSearch, npmStartArguments, runLoad, startListening, type LoadPlan, type LoadResult, type RunningProcess } from './processes.js';

const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = 2;
const UNLIMITED = '1000000000';

async function replica(env: Record<string, string>): Promise<{ base: string; process: RunningProcess }> {
  return startListening(process.execPath, npmStartArguments(), {
    RATE_LIMIT_PER_MINUTE: UNLIMITED,
    RATE_LIMIT_PER_DAY: UNLIMITED,
    VALIDATE_RESPONSES: 'off',
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'silent',
    ...env,
  });
}

async function proxy(upstreams: string[]): Promise<{ base: string; process: RunningProcess }> {
  return startListening(process.execPath, ['--import', 'tsx', 'scripts/bench/proxy.ts'], { UPSTREAMS: upstreams.join(',') });
}

/** CPU seconds (user + system, reaped children included) of the processes `pids`, from /proc. */
async function cpuSeconds(pids: readonly number[]): Promise<number> {
  let ticks = 0;
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime are fields 14–17 of stat; 12–15 after the name.
    for (const index of [11, 12, 13, 14]) ticks += Number(fields[index] ?? 0);
  }
  return ticks / 100;
}

/** The PostgreSQL server listening on `port` and its backends. */
async function postgresPids(port: string): Promise<number[]> {
  const all: { pid: number; ppid: number; cmdline: string }[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const [cmdline, stat] = await Promise.all([readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => ''), readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')]);
    all.push({ pid: Number(entry), ppid: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]), cmdline: cmdline.split('\0').join(' ') });
  }
  const postmaster = all.find((proc) => proc.cmdline.includes('bin/postgres') && proc.cmdline.includes(`-p ${port} `));
  return postmaster ? [postmaster.pid, ...all.filter((proc) => proc.ppid === postmaster.pid).map((proc) => proc.pid)] : [];
}

/** One round of hotel.php with a search_id, with the CPU the replicas and PostgreSQL spent per request (ms). */
async function cpuPerRequest(plan: LoadPlan, replicaPids: readonly number[], databasePort?: string) {
  const database = databasePort ? await postgresPids(databasePort) : [];
  const before = [await cpuSeconds(replicaPids), await cpuSeconds(database)];
  const result = await runLoad(plan);
  const after = [await cpuSeconds(replicaPids), await cpuSeconds(await (databasePort ? postgresPids(databasePort) : []))];
  const perRequest = (index: number) => Math.round(((after[index]! - before[index]!) * 1000 * 100) / Math.max(1, result.requests)) / 100;
  return { requests_per_second: result.requests_per_second, replica_cpu_ms_per_request: perRequest(0), database_cpu_ms_per_request: perRequest(1) };
}

async function post(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** A setup measured: where its load goes, the processes whose CPU it costs, and its three plans. */
interface Setup {
  name: string;
  replicaPids: number[];
  databasePort?: string;
  /** hotel.php with a search_id (rooms from the stored search). */
  cached: LoadPlan;
  /** hotel.php live (30-minute per-process cache), fresh bodies per round. */
  live: (round: number) => LoadPlan;
  /** search.php asked again and again (the identical-search answer: a store read, recomputed or cached per replica). */
  search: LoadPlan;
}

/** Runs one search through `base` and builds the setup's plans from it. */
async function setupOf(name: string, base: string, replicaPids: number[], index: number, databasePort?: string): Promise<Setup> {
  const today = isoDate(new Date());
  const again = amsterdamSearch(today);
  const search = (await post(`${base}/search.php`, again)) as { search_id: string; hotels: Array<{ id: number }> };
  const plan = (url: string, bodies: unknown[]): LoadPlan => ({ url, bodies, connections: CONNECTIONS, seconds: SECONDS });
  return {
    name,
    replicaPids,
    ...(databasePort ? { databasePort } : {}),
    cached: plan(`${base}/hotel.php`, [{ apikey: 'demo-key-1', id: search.hotels[0]?.id, search_id: search.search_id }]),
    // Each setup its own rounds of stays: setups share a replica, whose cache must not have seen them.
    live: (round) => plan(`${base}/hotel.php`, liveDetails(today, search.hotels.map((hotel) => hotel.id), index * ROUNDS + round)),
    search: plan(`${base}/search.php`, [again]),
  };
}

const ratio = (value: LoadResult, baseline: LoadResult) => Math.round((value.requests_per_second / baseline.requests_per_second) * 100) / 100;

export async function benchReplicas(): Promise<Record<string, unknown>> {
  const unavailable = postgresUnavailable();
  if (unavailable) return { skipped: unavailable };
  const started: RunningProcess[] = [];
  let cluster: PostgresCluster | undefined;
  try {
    // Every setup runs at once (idle but for the one measured), and the rounds go round the setups
    // (round 1 of each, then round 2 of each), so a change of the machine's load falls on all alike.
    const embedded = await replica({ DB_FILE: join(await mkdtemp(join(tmpdir(), 'bench-replicas-')), 'db.json') });
    started.push(embedded.process);
    cluster = await startPostgresCluster({ fsync: true });
    const port = new URL(cluster.url).port;
    const first = await replica({ DATABASE_URL: cluster.url });
    started.push(first.process);
    const proxyOfOne = await proxy([first.base]);
    started.push(proxyOfOne.process);
    const second = await replica({ DATABASE_URL: cluster.url });
    started.push(second.process);
    const proxyOfTwo = await proxy([first.base, second.base]);
    started.push(proxyOfTwo.process);
    const [firstPid, secondPid] = [first.process.child.pid!, second.process.child.pid!];
    const setups = [
      await setupOf('embedded_one_process', embedded.base, [embedded.process.child.pid!], 0),
      await setupOf('postgres_one_replica_direct', first.base, [firstPid], 1, port),
      await setupOf('postgres_one_replica_via_proxy', proxyOfOne.base, [firstPid], 2, port),
      await setupOf('postgres_two_replicas_via_proxy', proxyOfTwo.base, [firstPid, secondPid], 3, port),
    ];

    const results: Record<string, { cached: LoadResult; live: LoadResult; search: LoadResult }> = {};
    const better = (a: LoadResult | undefined, b: LoadResult) => (!a || b.requests_per_second > a.requests_per_second ? b : a);
    for (let round = 0; round < ROUNDS; round++) {
      for (const setup of setups) {
        const best = results[setup.name];
        const cached = better(best?.cached, await runLoad(setup.cached));
        const live = better(best?.live, await runLoad(setup.live(round)));
        const search = better(best?.search, await runLoad(setup.search));
        results[setup.name] = { cached, live, search };
      }
    }
    // CPU per request of hotel.php with a search_id, for the scaling model (docs/scaling.md).
    const cost: Record<string, unknown> = {};
    for (const setup of setups) cost[setup.name] = await cpuPerRequest(setup.cached, setup.replicaPids, setup.databasePort);

    const { postgres_one_replica_via_proxy: one, postgres_two_replicas_via_proxy: two, embedded_one_process: baseline } = results;
    return {
      load: 'autocannon in its own process; two replicas behind a node:http round-robin proxy in its own process (alternating upstream per request); every setup running throughout, rounds taken in turn',
      database: 'local throw-away PostgreSQL 15 cluster, fsync on, pool of 10 per replica',
      connections: CONNECTIONS,
      seconds_per_round: SECONDS,
      rounds: ROUNDS,
      cores: cpus().length,
      results,
      cpu_per_request: cost,
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
    await Promise.all(started.splice(0).map((running) => running.stop()));
    await cluster?.stop();
  }
}
