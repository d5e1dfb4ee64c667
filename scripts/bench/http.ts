/**
 * `npm run bench -- http`: the reference server's hot paths over HTTP beside baselines measured in
 * the same run: bare Express answering the same bytes with res.json; for booking start also bare
 * Express that appends the same journal line durably first (durableExpress.ts: the store's own
 * Journal, so the same write, fsync and group commit); and Prism mocking the same operations.
 *
 * Every server is up for the whole run, each in its own process, and autocannon runs in another.
 * Each path is measured in interleaved rounds: after a short warm-up of every server, round r
 * measures them all, one after the other, starting from a different one each round (A B C, B C A,
 * C A B, …), so neither a server's place in the order nor a burst of other work on a shared machine
 * favours one; each figure is the median of the rounds (BENCH_ROUNDS, at least 5; BENCH_SECONDS
 * each). The uncached paths send bodies that never repeat, fresh ones every round.
 * With BENCH_AGAINST=<git ref>, that commit's server runs in the same rounds (the "before").
 * The result goes to scripts/bench/results/http-node<major>.json, from which `npm run readme:bench`
 * writes the table of docs/benchmarks.md.
 */
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, isoDate } from '../../server/clock.js';
import { httpResultsFile, type Figure, type HttpResults, type Path, type ServerFigures } from './httpTable.js';
import { amsterdamSearch, npmStartArguments, rssMegabytes, runLoad, startListening, startProcess, worktreeOf, type LoadPlan, type LoadResult, type RunningProcess } from './processes.js';

const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
/** Rounds per path: at least 5, and at most 10 (the uncached bodies of 12 rounds never repeat). */
const ROUNDS = Math.min(10, Math.max(5, Number(process.env.BENCH_ROUNDS ?? 5)));
const WARMUP_SECONDS = 2;
const UNLIMITED = '1000000000';
const PLACES = ['Amsterdam', 'Paris', 'London', 'New York', 'Berlin', 'Madrid', 'Rome', 'Tokyo', 'Barcelona', 'Vienna'];
const RESIDENCIES = ['nl', 'de', 'gb', 'us'];
/** Round numbers of the bodies the warm-up and the offer searches use: never a measured round's. */
const WARMUP_ROUND = 10;
const OFFERS_ROUND = 11;

/** Bodies per round of the uncached paths: more than a round sends, so none repeats within it. */
const DISTINCT_PER_ROUND = 25_000;

/**
 * Distinct searches, every one a cache miss: the body number is read as digits of a mixed radix
 * (check-in day, nights, place, persons, residency), so 300,000 bodies (12 rounds) differ.
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
      residency: RESIDENCIES[Math.floor(index / 75_000) % RESIDENCIES.length],
    };
  });
}

/** Distinct live hotel-details requests over the hotels of one search (360,000 before any repeats for 15 hotels). */
export function liveDetails(today: string, hotelIds: number[], round: number): unknown[] {
  return Array.from({ length: DISTINCT_PER_ROUND }, (_, offset) => {
    const index = round * DISTINCT_PER_ROUND + offset;
    const checkin = addDays(today, 7 + (index % 300));
    const perResidency = 1_200 * hotelIds.length * 5;
    return {
      apikey: 'demo-key-1',
      id: hotelIds[Math.floor(index / 1_200) % hotelIds.length],
      checkin,
      checkout: addDays(checkin, 1 + (Math.floor(index / 300) % 4)),
      persons: 1 + (Math.floor(index / (1_200 * hotelIds.length)) % 5),
      residency: RESIDENCIES[Math.floor(index / perResidency) % RESIDENCIES.length],
    };
  });
}

async function post(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, json: await response.json() };
}

const plan = (url: string, bodies: unknown[], seconds = SECONDS): LoadPlan => ({ url, bodies, connections: CONNECTIONS, seconds });

/** A server in the run, and the load of each path it takes part in, by round. */
interface Contestant {
  name: string;
  process: RunningProcess;
  plans: Partial<Record<Path, (round: number) => unknown[]>>;
  base: string;
}

/** The reference server of this checkout, or of `directory` (another commit's worktree), started as `npm start` starts it. */
async function referenceServer(name: string, validateResponses: boolean, directory = process.cwd()): Promise<Contestant & { startupMs: number; dbFile: string }> {
  const dbFile = join(await mkdtemp(join(tmpdir(), 'bench-http-')), 'db.json');
  const started = performance.now();
  const { base, process: running } = await startListening(process.execPath, npmStartArguments(directory), {
    DB_FILE: dbFile,
    RATE_LIMIT_PER_MINUTE: UNLIMITED,
    RATE_LIMIT_PER_DAY: UNLIMITED,
    VALIDATE_RESPONSES: validateResponses ? 'on' : 'off',
    LOG_LEVEL: 'silent',
  }, directory);
  return { name, base, process: running, plans: {}, startupMs: Math.round(performance.now() - started), dbFile };
}

/** Offers booked by the booking-start path: each request books another one, in turn. */
const DISTINCT_OFFERS = 2_000;

/** At least `count` distinct service hashes (offers): the cheapest rate of every hotel of distinct searches, four at a time. */
async function distinctOffers(base: string, today: string, count: number): Promise<string[]> {
  const hashes = new Set<string>();
  const searches = uncachedSearches(today, OFFERS_ROUND);
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

interface Answers {
  hotel: unknown;
  search: unknown;
  booking: unknown;
  hotelRequest: unknown;
  searchRequest: unknown;
  bookingRequests: unknown[];
  /** The journal line the booking start appended (without its seq). */
  journalEntry: unknown;
}

/** Asks a reference server once for every path's answer and sets its plans. */
async function prepareReference(server: Contestant & { dbFile: string }, today: string): Promise<Answers> {
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
  const lines = readFileSync(`${server.dbFile}.journal`, 'utf8').trim().split('\n');
  const { seq: _seq, ...journalEntry } = JSON.parse(lines[lines.length - 1] as string) as { seq: number; op: string };
  if (journalEntry.op !== 'insert') throw new Error(`the booking start journaled ${journalEntry.op}`);
  server.plans = {
    hotel_cached: () => [hotelRequest],
    search_cached: () => [searchRequest],
    search_uncached: (round) => uncachedSearches(today, round),
    hotel_live: (round) => liveDetails(today, hotelIds, round),
    booking_start: () => bookingRequests,
  };
  return { hotel: hotel.json, search: search.json, booking: booking.json, hotelRequest, searchRequest, bookingRequests, journalEntry };
}

const URLS: Record<Path, string> = {
  hotel_cached: '/hotel.php',
  search_cached: '/search.php',
  search_uncached: '/search.php',
  hotel_live: '/hotel.php',
  booking_start: '/booking.php',
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : Math.round((((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2) * 10) / 10;
}

/** One path over every contestant that takes part: a warm-up each, then ROUNDS interleaved rounds, the order turned each round. */
async function interleaved(path: Path, contestants: Contestant[]): Promise<Record<string, Figure>> {
  const taking = contestants.filter((contestant) => contestant.plans[path]);
  const runOf = (contestant: Contestant, round: number, seconds?: number) =>
    runLoad(plan(`${contestant.base}${URLS[path]}`, (contestant.plans[path] as (round: number) => unknown[])(round), seconds));
  for (const contestant of taking) await runOf(contestant, WARMUP_ROUND, WARMUP_SECONDS);
  const rounds = new Map<string, LoadResult[]>(taking.map((contestant) => [contestant.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (let turn = 0; turn < taking.length; turn++) {
      const contestant = taking[(round + turn) % taking.length] as Contestant;
      const result = await runOf(contestant, round);
      if (result.non_2xx > 0 || result.errors > 0) throw new Error(`${contestant.name} ${path}: ${result.non_2xx} non-2xx answers, ${result.errors} errors`);
      rounds.get(contestant.name)?.push(result);
    }
  }
  return Object.fromEntries([...rounds].map(([name, results]) => [name, {
    requests_per_second: median(results.map((result) => result.requests_per_second)),
    p50_ms: median(results.map((result) => result.p50_ms)),
    p99_ms: median(results.map((result) => result.p99_ms)),
    rounds: results,
  }]));
}

const PATHS: Path[] = ['hotel_cached', 'search_cached', 'search_uncached', 'hotel_live', 'booking_start'];

export async function benchHttp(): Promise<HttpResults> {
  const today = isoDate(new Date());
  const loadBefore = loadavg();
  const started: RunningProcess[] = [];
  let worktree: { directory: string; commit: string; remove(): void } | undefined;
  try {
    const references = [await referenceServer('reference', false), await referenceServer('reference_validating_responses', true)];
    const against = process.env.BENCH_AGAINST;
    if (against) {
      worktree = await worktreeOf(against);
      references.push(await referenceServer('before', false, worktree.directory));
    }
    started.push(...references.map((server) => server.process));
    const rssAtStart = new Map<string, number>();
    for (const server of references) rssAtStart.set(server.name, await rssMegabytes(server.process.child.pid as number));
    const answers = await prepareReference(references[0] as Contestant & { dbFile: string }, today);
    for (const other of references.slice(1)) await prepareReference(other, today);

    const work = await mkdtemp(join(tmpdir(), 'bench-baselines-'));
    const bodiesFile = join(work, 'bodies.json');
    await writeFile(bodiesFile, JSON.stringify({ '/hotel.php': answers.hotel, '/search.php': answers.search, '/booking.php': answers.booking }));
    await writeFile(join(work, 'entry.json'), JSON.stringify(answers.journalEntry));
    const tsx = (script: string, env: NodeJS.ProcessEnv) => startListening(process.execPath, ['--import', 'tsx', script], env);
    const bare = await tsx('scripts/bench/bareExpress.ts', { BODIES_FILE: bodiesFile });
    const durable = await tsx('scripts/bench/durableExpress.ts', { BODIES_FILE: bodiesFile, JOURNAL_ENTRY_FILE: join(work, 'entry.json'), JOURNAL_FILE: join(work, 'journal') });
    let prismBase = '';
    // Prism takes the port the system picks too, and prints it.
    const prism = await startProcess('node_modules/.bin/prism', ['mock', 'openapi.yaml', '--port', '0', '--host', '127.0.0.1', '--errors', 'false'], (output) =>
      Boolean((prismBase = /Prism is listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? '')),
    );
    started.push(bare.process, durable.process, prism);
    const same = { hotel_cached: () => [answers.hotelRequest], search_cached: () => [answers.searchRequest], booking_start: () => answers.bookingRequests };
    const contestants: Contestant[] = [
      ...references,
      { name: 'bare_express', base: bare.base, process: bare.process, plans: same },
      { name: 'durable_express', base: durable.base, process: durable.process, plans: { booking_start: same.booking_start } },
      { name: 'prism', base: prismBase, process: prism, plans: same },
    ];

    const figures: Record<string, Partial<Record<Path, Figure>>> = Object.fromEntries(contestants.map((contestant) => [contestant.name, {}]));
    const rssAfter = new Map<string, Partial<Record<Path, number>>>(references.map((server) => [server.name, {}]));
    for (const path of PATHS) {
      const measured = await interleaved(path, contestants);
      for (const [name, figure] of Object.entries(measured)) (figures[name] as Partial<Record<Path, Figure>>)[path] = figure;
      for (const server of references) (rssAfter.get(server.name) as Partial<Record<Path, number>>)[path] = await rssMegabytes(server.process.child.pid as number);
    }
    const serverFigures = (server: (typeof references)[number]): ServerFigures => {
      const paths = figures[server.name] as Record<Path, Figure>;
      return {
        paths,
        startup_ms: server.startupMs,
        rss_mb_after_start: rssAtStart.get(server.name) as number,
        rss_mb_after_each_path: rssAfter.get(server.name) as Record<Path, number>,
        requests_served: Object.values(paths).reduce((sum, figure) => sum + figure.rounds.reduce((total, round) => total + round.requests, 0), 0),
      };
    };
    const [reference, validated, before] = references;
    const result: HttpResults = {
      measured_at: new Date().toISOString(),
      node: process.version,
      cores: cpus().length,
      connections: CONNECTIONS,
      seconds_per_round: SECONDS,
      rounds: ROUNDS,
      warmup_seconds: WARMUP_SECONDS,
      load_average: { before: loadBefore.map((value) => Math.round(value * 10) / 10), after: loadavg().map((value) => Math.round(value * 10) / 10) },
      hotel_body_bytes: Buffer.byteLength(JSON.stringify(answers.hotel)),
      search_body_bytes: Buffer.byteLength(JSON.stringify(answers.search)),
      booking_body_bytes: Buffer.byteLength(JSON.stringify(answers.booking)),
      journal_line_bytes: Buffer.byteLength(JSON.stringify(answers.journalEntry)) + 12,
      reference: serverFigures(reference as (typeof references)[number]),
      reference_validating_responses: serverFigures(validated as (typeof references)[number]),
      ...(before && worktree ? { before: { ...serverFigures(before), commit: worktree.commit } } : {}),
      bare_express: figures.bare_express as HttpResults['bare_express'],
      durable_express: figures.durable_express as HttpResults['durable_express'],
      prism: figures.prism as HttpResults['prism'],
    };
    const file = httpResultsFile(process.version);
    await mkdir(new URL('.', file), { recursive: true });
    await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
    return result;
  } finally {
    await Promise.all(started.map((running) => running.stop()));
    worktree?.remove();
  }
}
