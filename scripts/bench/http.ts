/**
 * `npm run bench -- http`: the reference server's hot paths over HTTP beside two baselines measured in
 * the same run — bare Express answering the same bytes with res.json, and Prism mocking the same
 * operations from openapi.yaml. Every server and the load generator (autocannon) run in their own
 * processes. Each figure is the best of two rounds. With BENCH_AGAINST=<git ref>, that commit's
 * reference server is measured in the same run too (the "before" of a change).
 * The result is also written to scripts/bench/results/http.json, from which `npm run readme:bench`
 * writes the README's table.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { addDays, isoDate } from '../../server/clock.js';
import { HTTP_RESULTS_FILE, type HttpResults } from './httpTable.js';
import { amsterdamSearch, bestOf, npmStartArguments, rssMegabytes, startListening, startProcess, type LoadPlan, type LoadResult, type RunningProcess } from './processes.js';

const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = 2;
const UNLIMITED = '1000000000';
const PLACES = ['Amsterdam', 'Paris', 'London', 'New York', 'Berlin', 'Madrid', 'Rome', 'Tokyo', 'Barcelona', 'Vienna'];

interface Server {
  base: string;
  process: RunningProcess;
  startupMs: number;
}

/** The reference server of this checkout, or of `directory` (another commit's worktree). */
async function referenceServer(validateResponses: boolean, directory = process.cwd()): Promise<Server> {
  const dataDirectory = await mkdtemp(join(tmpdir(), 'bench-http-'));
  const args = npmStartArguments(directory);
  const started = performance.now();
  const { base, process: running } = await startListening(
    process.execPath,
    args,
    {
      DB_FILE: join(dataDirectory, 'db.json'),
      RATE_LIMIT_PER_MINUTE: UNLIMITED,
      RATE_LIMIT_PER_DAY: UNLIMITED,
      VALIDATE_RESPONSES: validateResponses ? 'on' : 'off',
      LOG_LEVEL: 'silent',
    },
    directory,
  );
  return { base, process: running, startupMs: Math.round(performance.now() - started) };
}

async function post(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, json: await response.json() };
}

/** Bodies per round of the uncached paths: more than a round sends, so none repeats. */
const DISTINCT_PER_ROUND = 25_000;

/**
 * Distinct searches, every one a cache miss: the body number is read as digits of a mixed radix
 * (check-in day, nights, place, persons), so 75,000 bodies differ before any repeats.
 */
export function uncachedSearches(today: string, round: number): unknown[] {
  return Array.from({ length: DISTINCT_PER_ROUND }, (_, offset) => {
    const index = round * DISTINCT_PER_ROUND + offset;
    const checkin = addDays(today, 7 + (index % 300));
    return {
      apikey: 'demo-key-1',
      checkin,
      checkout: addDays(checkin, 1 + (Math.floor(index / 300) % 5)),
      location: PLACES[Math.floor(index / 1_500) % PLACES.length],
      persons: 1 + (Math.floor(index / 15_000) % 5),
    };
  });
}

/** Distinct live hotel-details requests over the hotels of one search (90,000 before any repeats for 15 hotels). */
export function liveDetails(today: string, hotelIds: number[], round: number): unknown[] {
  return Array.from({ length: DISTINCT_PER_ROUND }, (_, offset) => {
    const index = round * DISTINCT_PER_ROUND + offset;
    const checkin = addDays(today, 7 + (index % 300));
    return {
      apikey: 'demo-key-1',
      id: hotelIds[Math.floor(index / 1_200) % hotelIds.length],
      checkin,
      checkout: addDays(checkin, 1 + (Math.floor(index / 300) % 4)),
      persons: 1 + (Math.floor(index / (1_200 * hotelIds.length)) % 5),
    };
  });
}

const ratio = (value: LoadResult | undefined, baseline: LoadResult | undefined) =>
  value && baseline ? Math.round((value.requests_per_second / baseline.requests_per_second) * 100) / 100 : null;

const plan = (url: string, bodies: unknown[]): LoadPlan => ({ url, bodies, connections: CONNECTIONS, seconds: SECONDS });

interface HotPaths {
  hotel_cached: LoadResult;
  search_cached: LoadResult;
  search_uncached: LoadResult;
  hotel_live: LoadResult;
  booking_start: LoadResult;
}

/** Offers booked by the booking-start path: each request books another one, in turn. */
const DISTINCT_OFFERS = 2_000;

/**
 * At least `count` distinct service hashes (offers) of `apikey`'s account: the cheapest rate of every
 * hotel of distinct searches (the first ones of round 9 of uncachedSearches, which the measured
 * rounds never send), four searches at a time.
 */
async function distinctOffers(base: string, today: string, count: number): Promise<string[]> {
  const hashes = new Set<string>();
  const searches = uncachedSearches(today, 9);
  let next = 0;
  const worker = async () => {
    while (hashes.size < count && next < searches.length) {
      const answer = await post(`${base}/search.php`, searches[next++]);
      if (answer.status !== 200) throw new Error(`search answered ${answer.status}`);
      for (const hotel of (answer.json as { hotels: Array<{ rate: { service_hash: string } }> }).hotels) hashes.add(hotel.rate.service_hash);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  if (hashes.size < count) throw new Error(`only ${hashes.size} distinct offers found`);
  return [...hashes].slice(0, count);
}

interface Measured {
  paths: HotPaths;
  startup_ms: number;
  rss_mb_after_start: number;
  rss_mb_after_load: number;
  /** After the rounds of each path, in order (the first path alone is already over 10,000 requests). */
  rss_mb_after_each_path: Record<keyof HotPaths, number>;
  requests_served: number;
  /** What the baselines answer (the reference server's own answers). */
  bodies: { hotel: unknown; search: unknown; booking: unknown; hotelRequest: unknown; searchRequest: unknown; bookingRequests: unknown[] };
}

/** The four hot paths against one reference server, which is stopped afterwards. */
async function measureReference(server: Server, today: string): Promise<Measured> {
  try {
    const rssAtStart = await rssMegabytes(server.process.child.pid as number);
    const searchRequest = amsterdamSearch(today);
    const search = await post(`${server.base}/search.php`, searchRequest);
    const found = search.json as { search_id: string; hotels: Array<{ id: number }> };
    if (search.status !== 200 || !found.hotels[0]) throw new Error(`search answered ${search.status}`);
    const hotelRequest = { apikey: 'demo-key-1', id: found.hotels[0].id, search_id: found.search_id };
    const hotel = await post(`${server.base}/hotel.php`, hotelRequest);
    if (hotel.status !== 200) throw new Error(`hotel.php answered ${hotel.status}`);
    const hotelIds = found.hotels.map((entry) => entry.id);
    const bookingRequests = (await distinctOffers(server.base, today, DISTINCT_OFFERS)).map((service_hash) => ({ apikey: 'demo-key-1', service_hash }));
    const booking = await post(`${server.base}/booking.php`, bookingRequests[0]);
    if (booking.status !== 200) throw new Error(`booking.php answered ${booking.status}`);
    const pid = server.process.child.pid as number;
    const rssAfter: Partial<Record<keyof HotPaths, number>> = {};
    const measure = async (path: keyof HotPaths, planOf: LoadPlan | ((round: number) => LoadPlan)) => {
      const result = await bestOf(ROUNDS, planOf);
      rssAfter[path] = await rssMegabytes(pid);
      return result;
    };
    const paths: HotPaths = {
      hotel_cached: await measure('hotel_cached', plan(`${server.base}/hotel.php`, [hotelRequest])),
      search_cached: await measure('search_cached', plan(`${server.base}/search.php`, [searchRequest])),
      search_uncached: await measure('search_uncached', (round) => plan(`${server.base}/search.php`, uncachedSearches(today, round))),
      hotel_live: await measure('hotel_live', (round) => plan(`${server.base}/hotel.php`, liveDetails(today, hotelIds, round))),
      // Every request books another offer (a new booking each: the store appends and syncs it).
      booking_start: await measure('booking_start', plan(`${server.base}/booking.php`, bookingRequests)),
    };
    for (const result of Object.values(paths)) {
      if (result.non_2xx > 0 || result.errors > 0) throw new Error(`a measured path answered non-2xx or failed: ${JSON.stringify(paths)}`);
    }
    return {
      paths,
      startup_ms: server.startupMs,
      rss_mb_after_start: rssAtStart,
      rss_mb_after_load: await rssMegabytes(pid),
      rss_mb_after_each_path: rssAfter as Record<keyof HotPaths, number>,
      requests_served: Object.values(paths).reduce((sum, result) => sum + result.requests, 0),
      bodies: { hotel: hotel.json, search: search.json, booking: booking.json, hotelRequest, searchRequest, bookingRequests },
    };
  } finally {
    await server.process.stop();
  }
}

/**
 * A detached worktree of `ref`, with this checkout's node_modules when its lock file is the same and
 * its own (`npm ci`) otherwise; removed by the returned function.
 */
async function worktreeOf(ref: string): Promise<{ directory: string; commit: string; remove(): void }> {
  const commit = execFileSync('git', ['rev-parse', '--short', ref], { encoding: 'utf8' }).trim();
  const directory = join(await mkdtemp(join(tmpdir(), 'bench-against-')), commit);
  execFileSync('git', ['worktree', 'add', '--detach', directory, ref], { stdio: 'ignore' });
  const sameLock = readFileSync(join(directory, 'package-lock.json'), 'utf8') === readFileSync('package-lock.json', 'utf8');
  if (sameLock) await symlink(resolve('node_modules'), join(directory, 'node_modules'));
  else execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: directory, stdio: 'ignore' });
  return { directory, commit, remove: () => execFileSync('git', ['worktree', 'remove', '--force', directory], { stdio: 'ignore' }) };
}

export async function benchHttp(): Promise<HttpResults & { ratios: unknown }> {
  const today = isoDate(new Date());
  const started: RunningProcess[] = [];
  const track = (server: Server) => (started.push(server.process), server);
  try {
    const reference = await measureReference(track(await referenceServer(false)), today);
    const validated = await measureReference(track(await referenceServer(true)), today);
    let before: (Measured & { commit: string }) | undefined;
    const against = process.env.BENCH_AGAINST;
    if (against) {
      const worktree = await worktreeOf(against);
      try {
        before = { ...(await measureReference(track(await referenceServer(false, worktree.directory)), today)), commit: worktree.commit };
      } finally {
        worktree.remove();
      }
    }

    const { bodies } = reference;
    const bodiesFile = join(await mkdtemp(join(tmpdir(), 'bench-bodies-')), 'bodies.json');
    await writeFile(bodiesFile, JSON.stringify({ '/hotel.php': bodies.hotel, '/search.php': bodies.search, '/booking.php': bodies.booking }));
    const { base: bareBase, process: bare } = await startListening(process.execPath, ['--import', 'tsx', 'scripts/bench/bareExpress.ts'], { BODIES_FILE: bodiesFile });
    started.push(bare);
    const bareExpress = {
      hotel: await bestOf(ROUNDS, plan(`${bareBase}/hotel.php`, [bodies.hotelRequest])),
      search: await bestOf(ROUNDS, plan(`${bareBase}/search.php`, [bodies.searchRequest])),
      booking: await bestOf(ROUNDS, plan(`${bareBase}/booking.php`, bodies.bookingRequests)),
    };
    await bare.stop();

    let prismBase = '';
    // Prism takes the port the system picks too, and prints it.
    const prismProcess = await startProcess('node_modules/.bin/prism', ['mock', 'openapi.yaml', '--port', '0', '--host', '127.0.0.1', '--errors', 'false'], (output) =>
      Boolean((prismBase = /Prism is listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? '')),
    );
    started.push(prismProcess);
    const prism = {
      hotel: await bestOf(ROUNDS, plan(`${prismBase}/hotel.php`, [bodies.hotelRequest])),
      search: await bestOf(ROUNDS, plan(`${prismBase}/search.php`, [bodies.searchRequest])),
      booking: await bestOf(ROUNDS, plan(`${prismBase}/booking.php`, bodies.bookingRequests)),
    };
    await prismProcess.stop();

    const withoutBodies = ({ bodies: _bodies, ...rest }: Measured) => rest;
    const result: HttpResults & { ratios: unknown } = {
      measured_at: new Date().toISOString(),
      node: process.version,
      cores: cpus().length,
      connections: CONNECTIONS,
      seconds_per_round: SECONDS,
      rounds: ROUNDS,
      hotel_body_bytes: Buffer.byteLength(JSON.stringify(bodies.hotel)),
      search_body_bytes: Buffer.byteLength(JSON.stringify(bodies.search)),
      booking_body_bytes: Buffer.byteLength(JSON.stringify(bodies.booking)),
      reference: withoutBodies(reference),
      reference_validating_responses: withoutBodies(validated),
      ...(before ? { before: { ...withoutBodies(before), commit: before.commit } } : {}),
      bare_express: bareExpress,
      prism,
      ratios: {
        hotel_cached_vs_bare_express: ratio(reference.paths.hotel_cached, bareExpress.hotel),
        hotel_cached_vs_prism: ratio(reference.paths.hotel_cached, prism.hotel),
        search_cached_vs_bare_express: ratio(reference.paths.search_cached, bareExpress.search),
        search_cached_vs_prism: ratio(reference.paths.search_cached, prism.search),
        booking_start_vs_bare_express: ratio(reference.paths.booking_start, bareExpress.booking),
        booking_start_vs_prism: ratio(reference.paths.booking_start, prism.booking),
        validation_on_vs_off: Object.fromEntries(
          Object.entries(reference.paths).map(([path, result]) => [path, ratio(validated.paths[path as keyof HotPaths], result)]),
        ),
        ...(before
          ? {
              vs_before: Object.fromEntries(
                Object.entries(reference.paths).map(([path, result]) => [path, ratio(result, before.paths[path as keyof HotPaths])]),
              ),
            }
          : {}),
      },
    };
    await mkdir(new URL('.', HTTP_RESULTS_FILE), { recursive: true });
    await writeFile(HTTP_RESULTS_FILE, `${JSON.stringify(result, null, 2)}\n`);
    return result;
  } finally {
    await Promise.all(started.map((running) => running.stop()));
  }
}
