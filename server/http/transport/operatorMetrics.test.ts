/**
 * What an operator's alerts read: partners' fault tests (the `Test` header, scenario hotels) are
 * counted apart from the service's own answers; failed authentications are wrong keys and tokens
 * only; API calls are counted per team (account id and key id) in a bounded number of series; the
 * process figures read sanely from the first scrape.
 */
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  KEY_ANNA, KEY_BEN, controlPay, dayAfter, findRate, scenarioRate, startBooking, startTestServer, type TestServer,
} from '../../testing/bookingServer.js';
import { LowdbStore } from '../../store/lowdbStore.js';
import { StoreUnavailableError, type Store } from '../../domain/ports/store.js';
import { MAX_KEY_SERIES_PER_ACCOUNT, teamCounter, teamOf } from './metrics.js';
import { combineWindows } from './processMetrics.js';

const TOKEN = 'operator-metrics-admin-token';
const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function start(store?: Store): Promise<TestServer> {
  const server = await startTestServer({ config: { adminToken: TOKEN }, ...(store ? { store } : {}) });
  servers.push(server);
  return server;
}

async function post(server: TestServer, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function scrape(server: TestServer): Promise<string> {
  const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
}

function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Every sample line of a metric. */
const samples = (text: string, name: string) => text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));

describe('scenario answers are counted apart from the service\'s own', () => {
  it("a partner's Test: server_error, a 502 on cancel and a scenario hotel's 502 never reach http_requests_total's 5xx", async () => {
    const server = await start();
    const stay = { checkin: dayAfter(server.clock, 30), checkout: dayAfter(server.clock, 32) };
    // The Test header's 500 on search.
    expect((await post(server, '/search.php', { apikey: KEY_ANNA, location: 'Amsterdam', ...stay }, { Test: 'server_error' })).status).toBe(500);
    // The Test header's 502 on a cancel.
    const rate = await findRate(server, KEY_ANNA, stay, { refundable: true });
    const bookhash = await startBooking(server, KEY_ANNA, rate.serviceHash);
    expect((await controlPay(server, bookhash)).status).toBe(200);
    expect((await post(server, '/book/cancel.php', { apikey: KEY_ANNA, bookhash }, { Test: 'supplier_unavailable' })).status).toBe(502);
    // Scenario hotel 900010: its cancel fails at the supplier, no Test header sent.
    const failing = await scenarioRate(server, KEY_ANNA, 900010, stay, { refundable: true });
    const marked = await startBooking(server, KEY_ANNA, failing.serviceHash);
    expect((await controlPay(server, marked)).status).toBe(200);
    expect((await post(server, '/book/cancel.php', { apikey: KEY_ANNA, bookhash: marked })).status).toBe(502);

    const text = await scrape(server);
    expect(samples(text, 'http_requests_total').filter((line) => /status="5\d\d"/.test(line))).toEqual([]);
    expect(sample(text, 'http_scenario_requests_total{endpoint="/search.php",status="500"}')).toBe(1);
    expect(sample(text, 'http_scenario_requests_total{endpoint="/book/cancel.php",status="502"}')).toBe(2);
    // Nor do they time the endpoint: a partner's Test: slow must not page anyone either.
    expect(sample(text, 'http_request_duration_seconds_count{endpoint="/book/cancel.php"}')).toBeUndefined();
    // The team's own series keeps them apart too.
    expect(sample(text, 'http_team_requests_total{account="1",key="key_demo1",class="scenario"}')).toBe(3);
    expect(sample(text, 'http_team_requests_total{account="1",key="key_demo1",class="5xx"}')).toBeUndefined();
    expect(sample(text, 'http_team_requests_total{account="1",key="key_demo1",class="2xx"}')).toBeGreaterThanOrEqual(5);
  });

  it("the service's own 5xx (storage unavailable) is still counted as one", async () => {
    const memory = await LowdbStore.inMemory();
    const failing = new Proxy(memory, {
      get(target, property) {
        if (property === 'bookingsOfAccount') return () => Promise.reject(new StoreUnavailableError('cannot read /var/lib/secret/db.json'));
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Store;
    const server = await start(failing);
    expect((await post(server, '/booking_overview.php', { apikey: KEY_ANNA })).status).toBe(503);
    const text = await scrape(server);
    expect(sample(text, 'http_requests_total{endpoint="/booking_overview.php",status="503"}')).toBe(1);
    expect(sample(text, 'http_team_requests_total{account="1",key="key_demo1",class="5xx"}')).toBe(1);
  });
});

describe('failed authentications', () => {
  it('are wrong or unknown keys and tokens only: not ownership 403s, cancel refusals, foreign origins or refused forms', async () => {
    const server = await start();
    const stay = { checkin: dayAfter(server.clock, 30), checkout: dayAfter(server.clock, 32) };
    const rate = await findRate(server, KEY_ANNA, stay, { refundable: false });
    const bookhash = await startBooking(server, KEY_ANNA, rate.serviceHash);
    expect((await controlPay(server, bookhash)).status).toBe(200);
    // Another account's booking (403), a non-refundable cancel (403), a control call from a foreign page (403),
    // a console sign-in form sent from another site (403), and no key at all (401).
    expect((await post(server, '/retrieve_booking.php', { apikey: KEY_BEN, bookhash })).status).toBe(403);
    expect((await post(server, '/book/cancel.php', { apikey: KEY_ANNA, bookhash })).status).toBe(403);
    expect((await post(server, '/_control/clock', { apikey: KEY_ANNA }, { origin: 'https://evil.example' })).status).toBe(403);
    const form = await fetch(`${server.url}/_control/ui/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: `apikey=${KEY_ANNA}`,
    });
    expect(form.status).toBe(403);
    expect((await post(server, '/search.php', {})).status).toBe(401);
    expect(samples(await scrape(server), 'http_auth_failures_total')).toEqual([]);

    // A wrong key is one.
    expect((await post(server, '/retrieve_booking.php', { apikey: 'not-a-key', bookhash })).status).toBe(403);
    expect(sample(await scrape(server), 'http_auth_failures_total{surface="api",outcome="answered"}')).toBe(1);
  });
});

describe('per-team series', () => {
  it('are labelled by account id and key id, never by the key', async () => {
    const server = await start();
    expect((await post(server, '/booking_overview.php', { apikey: KEY_ANNA })).status).toBe(200);
    expect((await post(server, '/booking_overview.php', { apikey: KEY_BEN })).status).toBe(200);
    expect((await post(server, '/retrieve_booking.php', { apikey: KEY_BEN })).status).toBe(400);
    const text = await scrape(server);
    expect(sample(text, 'http_team_requests_total{account="1",key="key_demo1",class="2xx"}')).toBe(1);
    expect(sample(text, 'http_team_requests_total{account="2",key="key_demo2",class="2xx"}')).toBe(1);
    expect(sample(text, 'http_team_requests_total{account="2",key="key_demo2",class="4xx"}')).toBe(1);
    expect(text).not.toContain(KEY_ANNA);
    expect(text).not.toContain(KEY_BEN);
  });

  it("count a team's control-API calls too, not the operator's admin calls", async () => {
    const server = await start();
    expect((await post(server, '/_control/clock', { apikey: KEY_BEN })).status).toBe(200);
    expect((await post(server, '/_control/pay', { apikey: KEY_BEN, bookhash: 'no-such-booking' })).status).toBeGreaterThanOrEqual(400);
    const text = await scrape(server);
    expect(sample(text, 'http_team_requests_total{account="2",key="key_demo2",class="2xx"}')).toBe(1);
    expect(sample(text, 'http_team_requests_total{account="2",key="key_demo2",class="4xx"}')).toBe(1);
  });

  it('read the key id when authentication sets one, the account id always', () => {
    expect(teamOf({ locals: { account: { id: 7 }, keyId: 'key_3f9a' } })).toEqual({ account: '7', key: 'key_3f9a' });
    expect(teamOf({ locals: { account: { id: 7 } } })).toEqual({ account: '7', key: '' });
    expect(teamOf({ locals: {} })).toBeUndefined();
  });

  it('are bounded: teams past the bound are counted together as "other"', async () => {
    const registry = new Registry();
    const count = teamCounter([registry], 3);
    for (let account = 1; account <= 10; account++) count({ account: String(account), key: `k${account}` }, '2xx');
    count({ account: '2', key: 'k2' }, '4xx');
    const text = await registry.metrics();
    const lines = samples(text, 'http_team_requests_total');
    expect(lines).toHaveLength(5);
    expect(sample(text, 'http_team_requests_total{account="other",key="other",class="2xx"}')).toBe(7);
    expect(sample(text, 'http_team_requests_total{account="2",key="k2",class="4xx"}')).toBe(1);
  });
});

describe('team series per account (finding 2 of issue 35)', () => {
  it('one account rolling 1,000 keys holds at most MAX_KEY_SERIES_PER_ACCOUNT of its own and never takes another account\'s', async () => {
    const registry = new Registry();
    const count = teamCounter([registry], 3);
    for (let key = 0; key < 1000; key++) count({ account: '1', key: `key_${key}` }, '2xx');
    count({ account: '2', key: 'key_b' }, '2xx');
    const text = await registry.metrics();
    expect(samples(text, 'http_team_requests_total').filter((line) => line.includes('account="1"'))).toHaveLength(MAX_KEY_SERIES_PER_ACCOUNT + 1);
    expect(sample(text, 'http_team_requests_total{account="1",key="other",class="2xx"}')).toBe(1000 - MAX_KEY_SERIES_PER_ACCOUNT);
    expect(sample(text, 'http_team_requests_total{account="2",key="key_b",class="2xx"}')).toBe(1);
  });
});

describe('process figures', () => {
  it('read sanely at the first scrape: CPU since the process started, event-loop lag without absurd values', async () => {
    const server = await start();
    const text = await scrape(server);
    const cpu = sample(text, 'process_cpu_seconds_total')!;
    // At least what this process had spent before the scrape (a test worker has spent seconds building the world).
    const spentBefore = (process.cpuUsage().user + process.cpuUsage().system) / 1e6;
    expect(cpu).toBeGreaterThan(0.5);
    expect(cpu).toBeLessThanOrEqual(spentBefore + 1);
    for (const name of ['min', 'max', 'mean', 'stddev', 'p50', 'p90', 'p99']) {
      const value = sample(text, `nodejs_eventloop_lag_${name}_seconds`)!;
      expect(Number.isFinite(value), name).toBe(true);
      expect(value, name).toBeGreaterThanOrEqual(0);
      expect(value, name).toBeLessThan(60);
    }
    expect(sample(text, 'nodejs_eventloop_lag_min_seconds')).toBeLessThanOrEqual(sample(text, 'nodejs_eventloop_lag_max_seconds')!);
  });

  it('combine event-loop windows: no sample gives zeros, several give pooled figures', () => {
    expect(combineWindows([])).toEqual({ min: 0, max: 0, mean: 0, stddev: 0, p50: 0, p90: 0, p99: 0 });
    const empty = { count: 0, min: 9.2e18, max: 0, mean: Number.NaN, stddev: Number.NaN, p50: 0, p90: 0, p99: 0 };
    expect(combineWindows([empty])).toEqual({ min: 0, max: 0, mean: 0, stddev: 0, p50: 0, p90: 0, p99: 0 });
    const ms = 1e6;
    const a = { count: 100, min: 10 * ms, max: 20 * ms, mean: 10 * ms, stddev: 0, p50: 10 * ms, p90: 10 * ms, p99: 20 * ms };
    const b = { count: 100, min: 12 * ms, max: 900 * ms, mean: 30 * ms, stddev: 0, p50: 30 * ms, p90: 30 * ms, p99: 30 * ms };
    const combined = combineWindows([a, empty, b]);
    expect(combined.min).toBeCloseTo(0.01);
    expect(combined.max).toBeCloseTo(0.9);
    expect(combined.mean).toBeCloseTo(0.02);
    expect(combined.stddev).toBeCloseTo(0.01);
    expect(combined.p99).toBeCloseTo(0.03);
  });
});
