/**
 * Two real server processes on one PostgreSQL database behind a round-robin proxy behave as one
 * sandbox: the whole conformance catalogue passes through the proxy, a booking cancelled 50 times
 * at once over both replicas is cancelled once, rate limits count across replicas, and search_ids
 * and clock moves made on one replica hold on the other. Requests carry their own X-Forwarded-For
 * (TEST-NET addresses) so each part is its own client for the rate limiter; the replicas run with
 * TRUST_PROXY=loopback, so they judge the address the proxy forwarded.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runConformance } from '../../../conformance/kit/runner.js';
import { summaryText } from '../../../conformance/reports/console.js';
import type { RunReport } from '../../../conformance/kit/types.js';
import type { HotelResponse, SearchResponse } from '../../contract.js';
import { describePostgres, usePostgresCluster } from '../../testing/postgresSuite.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../testing/roundRobinProxy.js';
import { killAll, startServer } from '../../testing/serverProcess.js';

const KEY = 'demo-key-3'; // the conformance run uses demo-key-1 and demo-key-2
const AMSTERDAM = { latitude: 52.3676, longitude: 4.9041, radius: 10_000 };

type Json = Record<string, unknown>;
interface Answer {
  status: number;
  body: Json;
  /** Index of the replica that answered (the proxy's X-Upstream), or -1 when asked directly. */
  replica: number;
}

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function post(base: string, path: string, body: Json, client: string): Promise<Answer> {
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, body: (await response.json()) as Json, replica: Number(response.headers.get('x-upstream') ?? -1) };
}

describePostgres('two replicas on one PostgreSQL database behind a round-robin proxy', () => {
  const postgres = usePostgresCluster();
  let proxy: RoundRobinProxy;
  let replicas: string[];

  beforeAll(async () => {
    // The proxy first (its URL is the replicas' PUBLIC_URL), then each replica on a port of its own
    // choosing (PORT=0), read from its listening line.
    proxy = await startRoundRobinProxy([]);
    const processes = [1, 2].map(() =>
      startServer({ PORT: '0', DATABASE_URL: postgres.url, TRUST_PROXY: 'loopback', PUBLIC_URL: proxy.url, LOG_LEVEL: 'silent' }),
    );
    replicas = await Promise.all(processes.map((server) => server.listeningUrl(90_000)));
    proxy.setUpstreams(replicas);
  }, 180_000);

  afterAll(async () => {
    killAll();
    await proxy?.close();
  });

  it('passes the whole conformance catalogue through the proxy (reference profile, with --control)', async () => {
    const report: RunReport = await runConformance({
      baseUrl: proxy.url,
      apikey: 'demo-key-1',
      apikey2: 'demo-key-2',
      control: proxy.url,
      profile: 'reference',
    });
    const failures = report.results.filter((result) => result.status !== 'passed').map((result) => `${result.id}: ${result.message ?? ''}`);
    expect(failures, summaryText(report)).toEqual([]);
    expect(report.summary.skipped).toBe(0);
    expect(report.summary.total).toBeGreaterThan(100);
  }, 300_000);

  it('a search_id made on one replica works on the other, and an identical search there gives the same search_id', async () => {
    const client = '203.0.113.4';
    const stay = { checkin: dayFromNow(30), checkout: dayFromNow(32) };
    const search = await post(proxy.url, '/search.php', { apikey: KEY, ...AMSTERDAM, ...stay }, client);
    expect(search.status).toBe(200);
    const { search_id: searchId, hotels } = search.body as unknown as SearchResponse;
    const details = await post(proxy.url, '/hotel.php', { apikey: KEY, id: hotels[0]!.id, search_id: searchId }, client);
    expect(details.replica).not.toBe(search.replica);
    expect(details.status, JSON.stringify(details.body)).toBe(200);
    expect((details.body as unknown as HotelResponse).availability?.source).toBe('search_cache');
    // Asked directly: through the proxy, the next request would go back to the first replica.
    const again = await post(replicas[1 - search.replica]!, '/search.php', { apikey: KEY, ...AMSTERDAM, ...stay }, client);
    expect(again.status).toBe(200);
    expect((again.body as unknown as SearchResponse).search_id).toBe(searchId);
  }, 60_000);

  it('a control clock move on one replica is seen on the other', async () => {
    const [first, second] = replicas as [string, string];
    const moved = await post(first, '/_control/clock', { apikey: KEY, advance_seconds: 3600 }, '203.0.113.5');
    expect(moved.status).toBe(200);
    const seen = await post(second, '/_control/clock', { apikey: KEY }, '203.0.113.5');
    expect(seen.body.offset_seconds).toBe(3600);
    expect(Math.abs(Date.parse(String(seen.body.now)) - Date.parse(String(moved.body.now)))).toBeLessThan(10_000);
    expect((await post(second, '/_control/clock', { apikey: KEY, offset_seconds: 0 }, '203.0.113.5')).status).toBe(200);
    expect((await post(first, '/_control/clock', { apikey: KEY }, '203.0.113.5')).body.offset_seconds).toBe(0);
  }, 60_000);

  it('refuses the 6th search in a minute with 429 whichever replica answers it', async () => {
    const client = '203.0.113.6';
    const answers: Answer[] = [];
    for (let index = 0; index < 7; index++) {
      const stay = { checkin: dayFromNow(40 + index), checkout: dayFromNow(42 + index) };
      answers.push(await post(proxy.url, '/search.php', { apikey: KEY, ...AMSTERDAM, ...stay }, client));
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(new Set(answers.slice(5).map((answer) => answer.replica))).toEqual(new Set([0, 1]));
    // Another client is not limited by it, on either replica.
    const other = await post(proxy.url, '/search.php', { apikey: KEY, ...AMSTERDAM, checkin: dayFromNow(40), checkout: dayFromNow(42) }, '203.0.113.66');
    expect(other.status).toBe(200);
  }, 120_000);

  it('of 50 concurrent cancels of one booking spread over both replicas exactly one is a 200, 49 are 409', async () => {
    const client = '203.0.113.7';
    const stay = { checkin: dayFromNow(60), checkout: dayFromNow(62) };
    const search = await post(proxy.url, '/search.php', { apikey: KEY, ...AMSTERDAM, ...stay }, client);
    expect(search.status).toBe(200);
    let serviceHash: string | undefined;
    for (const hotel of (search.body as unknown as SearchResponse).hotels.slice(0, 5)) {
      const details = await post(proxy.url, '/hotel.php', { apikey: KEY, id: hotel.id, ...stay }, client);
      const rate = (details.body as unknown as HotelResponse).rooms?.flatMap((room) => room.rates).find((candidate) => candidate.refundable);
      if (rate) {
        serviceHash = rate.service_hash;
        break;
      }
    }
    expect(serviceHash).toBeDefined();
    const started = await post(proxy.url, '/booking.php', { apikey: KEY, service_hash: serviceHash }, client);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const bookhash = new URL(String(started.body.booking_url)).searchParams.get('bookhash');
    expect((await post(proxy.url, '/_control/pay', { apikey: KEY, bookhash, outcome: 'success' }, client)).status).toBe(200);

    const cancels = await Promise.all(Array.from({ length: 50 }, () => post(proxy.url, '/book/cancel.php', { apikey: KEY, bookhash }, client)));
    const statuses = cancels.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    expect(cancels.filter((answer) => answer.replica === 0)).toHaveLength(25);
    const booking = await post(proxy.url, '/retrieve_booking.php', { apikey: KEY, bookhash }, client);
    expect((booking.body.booking as Json).status).toBe('booking_cancelled');
  }, 120_000);
});
