/**
 * `npm run bench -- http`: the reference server's hot paths over HTTP beside two baselines measured in
 * the same run — bare Express answering the same bytes with res.json, and Prism mocking the same
 * operations from openapi.yaml. Every server and the load generator (autocannon) run in their own
 * processes. Each figure is the best of two rounds.
 */
import { writeFile, mkdtemp } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, isoDate } from '../../server/clock.js';
import { freePort } from '../../server/testing/freePort.js';
import { bestOf, rssMegabytes, startProcess, type LoadPlan, type LoadResult, type RunningProcess } from './processes.js';

const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = 2;
const UNLIMITED = '1000000000';
const PLACES = ['Amsterdam', 'Paris', 'London', 'New York', 'Berlin', 'Madrid', 'Rome', 'Tokyo', 'Barcelona', 'Vienna'];

interface Server {
  base: string;
  process: RunningProcess;
}

async function referenceServer(validateResponses: boolean): Promise<Server> {
  const port = await freePort();
  const directory = await mkdtemp(join(tmpdir(), 'bench-http-'));
  const running = await startProcess(process.execPath, ['--import', 'tsx', 'server/bin.ts'], 'listening on', {
    PORT: String(port),
    DB_FILE: join(directory, 'db.json'),
    RATE_LIMIT_PER_MINUTE: UNLIMITED,
    RATE_LIMIT_PER_DAY: UNLIMITED,
    VALIDATE_RESPONSES: validateResponses ? 'on' : 'off',
    LOG_LEVEL: 'silent',
  });
  return { base: `http://127.0.0.1:${port}`, process: running };
}

async function post(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, json: await response.json() };
}

/** Distinct searches (every one a cache miss): the check-in moves a day per body. */
function uncachedSearches(today: string, count: number): unknown[] {
  return Array.from({ length: count }, (_, index) => {
    const checkin = addDays(today, 7 + (index % 300));
    return {
      apikey: 'demo-key-1',
      checkin,
      checkout: addDays(checkin, 1 + (index % 5)),
      location: PLACES[index % PLACES.length],
      persons: 1 + (Math.floor(index / 300) % 5),
    };
  });
}

/** Distinct live hotel-details requests over the hotels of one search. */
export function liveDetails(today: string, hotelIds: number[], count: number): unknown[] {
  return Array.from({ length: count }, (_, index) => {
    const checkin = addDays(today, 7 + (index % 300));
    return {
      apikey: 'demo-key-1',
      id: hotelIds[index % hotelIds.length],
      checkin,
      checkout: addDays(checkin, 1 + (index % 4)),
      persons: 1 + (Math.floor(index / 300) % 5),
    };
  });
}

const ratio = (value: LoadResult, baseline: LoadResult) =>
  Math.round((value.requests_per_second / baseline.requests_per_second) * 100) / 100;

export async function benchHttp(): Promise<Record<string, unknown>> {
  const today = isoDate(new Date());
  const searchBody = { apikey: 'demo-key-1', checkin: addDays(today, 30), checkout: addDays(today, 33), location: 'Amsterdam' };
  const plan = (url: string, bodies: unknown[]): LoadPlan => ({ url, bodies, connections: CONNECTIONS, seconds: SECONDS });
  const started: RunningProcess[] = [];
  try {
    const reference = await referenceServer(false);
    started.push(reference.process);
    const search = await post(`${reference.base}/search.php`, searchBody);
    const searchJson = search.json as { search_id: string; hotels: Array<{ id: number }> };
    if (search.status !== 200 || !searchJson.hotels[0]) throw new Error(`search answered ${search.status}`);
    const hotelBody = { apikey: 'demo-key-1', id: searchJson.hotels[0].id, search_id: searchJson.search_id };
    const hotel = await post(`${reference.base}/hotel.php`, hotelBody);
    if (hotel.status !== 200) throw new Error(`hotel.php answered ${hotel.status}`);
    const hotelIds = searchJson.hotels.map((entry) => entry.id);

    const results: Record<string, LoadResult> = {};
    results.reference_hotel_cached = await bestOf(ROUNDS, plan(`${reference.base}/hotel.php`, [hotelBody]));
    results.reference_search_cached = await bestOf(ROUNDS, plan(`${reference.base}/search.php`, [searchBody]));
    results.reference_search_uncached = await bestOf(ROUNDS, plan(`${reference.base}/search.php`, uncachedSearches(today, 20_000)));
    results.reference_hotel_live = await bestOf(ROUNDS, plan(`${reference.base}/hotel.php`, liveDetails(today, hotelIds, 20_000)));
    const referenceRss = await rssMegabytes(reference.process.child.pid as number);
    await reference.process.stop();

    const validated = await referenceServer(true);
    started.push(validated.process);
    const validatedSearch = (await post(`${validated.base}/search.php`, searchBody)).json as typeof searchJson;
    const validatedHotelBody = { ...hotelBody, search_id: validatedSearch.search_id };
    results.reference_validated_hotel_cached = await bestOf(ROUNDS, plan(`${validated.base}/hotel.php`, [validatedHotelBody]));
    results.reference_validated_search_cached = await bestOf(ROUNDS, plan(`${validated.base}/search.php`, [searchBody]));
    await validated.process.stop();

    const bodiesFile = join(await mkdtemp(join(tmpdir(), 'bench-bodies-')), 'bodies.json');
    await writeFile(bodiesFile, JSON.stringify({ '/hotel.php': hotel.json, '/search.php': search.json }));
    const barePort = await freePort();
    const bare = await startProcess(process.execPath, ['--import', 'tsx', 'scripts/bench/bareExpress.ts'], 'listening', {
      PORT: String(barePort),
      BODIES_FILE: bodiesFile,
    });
    started.push(bare);
    results.bare_express_hotel = await bestOf(ROUNDS, plan(`http://127.0.0.1:${barePort}/hotel.php`, [hotelBody]));
    results.bare_express_search = await bestOf(ROUNDS, plan(`http://127.0.0.1:${barePort}/search.php`, [searchBody]));
    await bare.stop();

    const prismPort = await freePort();
    const prism = await startProcess(
      'node_modules/.bin/prism',
      ['mock', 'openapi.yaml', '--port', String(prismPort), '--host', '127.0.0.1', '--errors', 'false'],
      /Prism is listening/,
    );
    started.push(prism);
    results.prism_hotel = await bestOf(ROUNDS, plan(`http://127.0.0.1:${prismPort}/hotel.php`, [hotelBody]));
    results.prism_search = await bestOf(ROUNDS, plan(`http://127.0.0.1:${prismPort}/search.php`, [searchBody]));
    await prism.stop();

    const hotelBytes = Buffer.byteLength(JSON.stringify(hotel.json));
    return {
      connections: CONNECTIONS,
      seconds_per_round: SECONDS,
      rounds: ROUNDS,
      cores: cpus().length,
      node: process.version,
      hotel_body_bytes: hotelBytes,
      reference_rss_mb_after_load: referenceRss,
      results,
      ratios: {
        hotel_cached_vs_bare_express: ratio(results.reference_hotel_cached, results.bare_express_hotel),
        hotel_cached_vs_prism: ratio(results.reference_hotel_cached, results.prism_hotel),
        search_cached_vs_bare_express: ratio(results.reference_search_cached, results.bare_express_search),
        search_cached_vs_prism: ratio(results.reference_search_cached, results.prism_search),
        validation_on_vs_off_hotel_cached: ratio(results.reference_validated_hotel_cached, results.reference_hotel_cached),
        validation_on_vs_off_search_cached: ratio(results.reference_validated_search_cached, results.reference_search_cached),
      },
    };
  } finally {
    await Promise.all(started.map((running) => running.stop()));
  }
}
