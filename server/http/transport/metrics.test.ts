import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEY_ANNA } from '../../testing/bookingServer.js';
import { LowdbStore } from '../../store/lowdbStore.js';
import { nodeFs, type StoreFs } from '../../store/storeFs.js';
import { KNOWN_SCHEMA_VERSION } from '../../store/postgresMigrations.js';
import { waitingForConnection } from '../../store/postgresDatabase.js';
import { PostgresStore } from '../../store/postgresStore.js';
import { describePostgres, usePostgresCluster } from '../../testing/postgresSuite.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../../testing/testServer.js';
import { endpointLabel } from './metrics.js';
import { createLogger } from './requestLog.js';

const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

const servers: TestServer[] = [];
const stores: LowdbStore[] = [];
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'metrics-'));
});
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const store of stores.splice(0)) await store.close();
  await rm(dir, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const server = await startTestServer(options);
  servers.push(server);
  return server;
}

async function scrape(server: TestServer): Promise<string> {
  const response = await server.request('/metrics', { headers: ADMIN });
  expect(response.status).toBe(200);
  return response.body as string;
}

/** The value of one sample (`name{labels}`), or undefined when the text has no such line. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** The real file system, with a switch that makes every write fail like a full disk. */
function fullDiskFs(): { fs: StoreFs; full: { on: boolean } } {
  const full = { on: false };
  const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  const fs: StoreFs = {
    ...nodeFs,
    async openAppend(path) {
      const inner = await nodeFs.openAppend(path);
      return {
        async append(text) {
          if (full.on) throw enospc();
          await inner.append(text);
        },
        sync: () => inner.sync(),
        truncate: (length) => inner.truncate(length),
        close: () => inner.close(),
      };
    },
    async writeSynced(path, chunks) {
      if (full.on) throw enospc();
      return nodeFs.writeSynced(path, chunks);
    },
  };
  return { fs, full };
}

describe('GET /metrics', () => {
  it('does not exist without an admin token (404)', async () => {
    const server = await start({ config: { adminToken: undefined } });
    const response = await server.request('/metrics', { headers: ADMIN });
    expect(response.status).toBe(404);
    expect(response.body.error).toMatch(/SANDBOX_ADMIN_TOKEN/);
    const home = (await server.request('/')).body as string;
    expect(home).toContain('href="/readyz"');
    expect(home).not.toContain('/metrics');
  });

  it('is listed on the home page when the admin token is set', async () => {
    const server = await start();
    const home = (await server.request('/')).body as string;
    expect(home).toContain('href="/readyz"');
    expect(home).toContain('<code>/metrics</code>');
  });

  it('answers only the admin token: 401 without one, 403 with another one', async () => {
    const server = await start();
    const missing = await server.request('/metrics');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer');
    expect(missing.body.error).toMatch(/Admin token required/);
    const wrong = await server.request('/metrics', { headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ error: 'Invalid admin token' });
    const basic = await server.request('/metrics', { headers: { authorization: `Basic ${TEST_ADMIN_TOKEN}` } });
    expect(basic.status).toBe(401);
    const post = await server.request('/metrics', { method: 'POST', headers: ADMIN });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');

    const ok = await server.request('/metrics', { headers: ADMIN });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain;.*version=0\.0\.4/);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    const text = ok.body as string;
    // Of the three refusals above, the wrong token is a failed authentication (no token at all is none).
    expect(sample(text, 'http_auth_failures_total{surface="admin",outcome="answered"}')).toBe(1);
    // Process metrics: memory and event-loop lag.
    for (const name of ['process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds']) {
      expect(text).toMatch(new RegExp(`^${name} [0-9.e+-]+$`, 'm'));
    }
    expect(sample(text, 'store_bookings')).toBe(0);
  });

  it('counts requests by endpoint and status, their latency, 429s and failed authentications', async () => {
    const server = await start({ config: { rateLimits: { perMinute: 1, perDay: 100 } } });
    // Past the key and the rate limit, a body without location is refused by the schema (400); the next is rate limited.
    expect((await server.post('/search.php', { apikey: KEY_ANNA })).status).toBe(400);
    expect((await server.post('/search.php', { apikey: KEY_ANNA })).status).toBe(429);
    expect((await server.post('/hotel.php', {})).status).toBe(401);
    expect((await server.post('/hotel.php', { apikey: 'no-such-key' })).status).toBe(403);
    expect((await server.post('/_control/outbox', { apikey: 'no-such-key' })).status).toBe(403);
    expect((await server.request('/_control/admin/reset', { method: 'POST', headers: { authorization: 'Bearer wrong' } })).status).toBe(403);
    const signIn = await server.request('/_control/ui/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.baseUrl },
      body: 'apikey=hbs_test_NoSuchKey000000000000000000000000',
    });
    expect(signIn.status).toBe(403);
    // A wrong secret not shaped like a partner key may be a guess at the admin token: the admin's budget.
    const guess = await server.request('/_control/ui/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.baseUrl },
      body: 'apikey=no-such-key',
    });
    expect(guess.status).toBe(403);
    // Raw URLs never become labels.
    for (const path of ['/nope/1', '/nope/2?x=1', '/wp-admin.php', '/SEARCH.PHP']) expect((await server.request(path)).status).toBe(404);
    expect((await server.request('/images/none.jpg')).status).toBe(404);
    expect((await server.request('/healthz')).status).toBe(200);

    const text = await scrape(server);
    expect(sample(text, 'http_requests_total{endpoint="/search.php",status="400"}')).toBe(1);
    expect(sample(text, 'http_requests_total{endpoint="/search.php",status="429"}')).toBe(1);
    expect(sample(text, 'http_requests_total{endpoint="/hotel.php",status="401"}')).toBe(1);
    expect(sample(text, 'http_requests_total{endpoint="/hotel.php",status="403"}')).toBe(1);
    expect(sample(text, 'http_requests_total{endpoint="other",status="404"}')).toBe(4);
    expect(sample(text, 'http_requests_total{endpoint="/images",status="404"}')).toBe(1);
    expect(sample(text, 'http_requests_total{endpoint="/healthz",status="200"}')).toBe(1);
    expect(text).not.toMatch(/nope|wp-admin|SEARCH\.PHP/);
    expect(sample(text, 'http_request_duration_seconds_count{endpoint="/search.php"}')).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_bucket{le="+Inf",endpoint="/search.php"}')).toBe(2);
    expect(sample(text, 'http_rate_limited_total{endpoint="/search.php"}')).toBe(1);
    expect(sample(text, 'http_rate_limited_total{endpoint="/hotel.php"}')).toBeUndefined();
    // Failed authentications by surface: the unknown keys and the wrong token (a missing key is none).
    expect(sample(text, 'http_auth_failures_total{surface="api",outcome="answered"}')).toBe(1);
    expect(sample(text, 'http_auth_failures_total{surface="control",outcome="answered"}')).toBe(1);
    expect(sample(text, 'http_auth_failures_total{surface="admin",outcome="answered"}')).toBe(2);
    expect(sample(text, 'http_auth_failures_total{surface="console",outcome="answered"}')).toBe(1);

    // The scrape itself is counted once it is over.
    expect(sample(await scrape(server), 'http_requests_total{endpoint="/metrics",status="200"}')).toBe(1);
  });

  it('keeps one registry per app: two apps in one process count apart', async () => {
    const first = await start();
    const second = await start();
    await first.post('/hotel.php', {});
    await first.post('/hotel.php', {});
    await second.post('/hotel.php', {});
    expect(sample(await scrape(first), 'http_requests_total{endpoint="/hotel.php",status="401"}')).toBe(2);
    expect(sample(await scrape(second), 'http_requests_total{endpoint="/hotel.php",status="401"}')).toBe(1);
  });

  it("shows the embedded store's bookings and journal", async () => {
    const store = await LowdbStore.open(join(dir, 'db.json'));
    stores.push(store);
    const server = await start({ store });
    const before = await scrape(server);
    expect(sample(before, 'store_journal_entries')).toBe(0);
    expect(sample(before, 'store_journal_bytes')).toBe(0);
    expect(sample(before, 'store_snapshot_bytes')).toBeGreaterThan(0);
    expect(sample(before, 'store_journal_write_failing')).toBe(0);
    expect((await server.post('/_control/reset', { apikey: KEY_ANNA })).status).toBe(200);
    const after = await scrape(server);
    expect(sample(after, 'store_journal_entries')).toBe(1);
    expect(sample(after, 'store_journal_bytes')).toBeGreaterThan(0);
    expect(sample(after, 'store_journal_pending_entries')).toBe(0);
    expect(sample(after, 'store_bookings')).toBe(0);
    await store.compactNow();
    expect(sample(await scrape(server), 'store_journal_entries')).toBe(0);
  });

  it('shows what the bounded transient state holds: search keys, offers, request-journal entries and their bytes', async () => {
    const server = await start();
    const kind = (text: string, name: string) => sample(text, `store_transient_entries{kind="${name}"}`);
    const before = await scrape(server);
    expect(kind(before, 'searches')).toBe(0);
    expect(kind(before, 'request_journal_entries')).toBe(0);
    const search = await server.post('/search.php', { apikey: KEY_ANNA, checkin: '2026-12-15', checkout: '2026-12-18', latitude: 52.37, longitude: 4.9 });
    expect(search.status).toBe(200);
    const hotels = (search.body as { hotels: { id: number }[]; search_id: string }).hotels;
    const details = await server.post('/hotel.php', { apikey: KEY_ANNA, id: hotels[0]!.id, search_id: (search.body as { search_id: string }).search_id });
    expect(details.status).toBe(200);
    const after = await scrape(server);
    expect(kind(after, 'searches')).toBeGreaterThan(0);
    expect(kind(after, 'offers')).toBeGreaterThan(0);
    expect(kind(after, 'request_journal_entries')).toBeGreaterThanOrEqual(2);
    expect(kind(after, 'request_journal_body_bytes')).toBeGreaterThan(JSON.stringify(search.body).length);
  });
});

describe('GET /readyz', () => {
  it('is ready on the in-memory store; /healthz stays a liveness check', async () => {
    const server = await start();
    const response = await server.request('/readyz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ready', store: 'lowdb' });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect((await server.request('/readyz', { method: 'POST' })).status).toBe(405);
  });

  it('is ready while the embedded store writes, not ready after a failed write, ready again once writes go through', async () => {
    const { fs, full } = fullDiskFs();
    // The probe's first answer stands all test long: what changes readiness here is the journal's writes.
    const store = await LowdbStore.open(join(dir, 'db.json'), { fs, readyProbeTtlMs: 3_600_000 });
    stores.push(store);
    const server = await start({ store });
    expect((await server.request('/readyz')).status).toBe(200);
    // The probe leaves nothing behind.
    expect((await readdir(dir)).sort()).toEqual(['db.json', 'db.json.journal']);

    full.on = true;
    // A change the disk refuses: the client gets 503, and readiness says so at once.
    expect((await server.post('/_control/reset', { apikey: KEY_ANNA })).status).toBe(503);
    const notReady = await server.request('/readyz');
    expect(notReady.status).toBe(503);
    // Generic to the client (no credential is needed for /readyz); the log has the reason.
    expect(notReady.body).toEqual({ status: 'not_ready', store: 'lowdb', error: 'The store cannot take writes' });
    expect((await server.request('/healthz')).status).toBe(200);
    expect(sample(await scrape(server), 'store_journal_write_failing')).toBe(1);

    full.on = false;
    expect((await server.post('/_control/reset', { apikey: KEY_ANNA })).status).toBe(200);
    expect((await server.request('/readyz')).status).toBe(200);
  });

  it('is not ready when the directory of DB_FILE refuses writes, even with no write asked for', async () => {
    const { fs, full } = fullDiskFs();
    const store = await LowdbStore.open(join(dir, 'db.json'), { fs, readyProbeTtlMs: 0 });
    stores.push(store);
    const server = await start({ store });
    full.on = true;
    const response = await server.request('/readyz');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ status: 'not_ready', store: 'lowdb', error: 'The store cannot take writes' });
    expect(JSON.stringify(response.body)).not.toContain(dir);
    full.on = false;
    expect((await server.request('/readyz')).status).toBe(200);
  });

  it('logs why it is not ready once (not at every probe), and once when it is ready again', async () => {
    const { fs, full } = fullDiskFs();
    const store = await LowdbStore.open(join(dir, 'db.json'), { fs, readyProbeTtlMs: 0 });
    stores.push(store);
    const lines: Array<Record<string, unknown>> = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const server = await start({ store, logger: createLogger('info', { destination }) });
    full.on = true;
    for (let probe = 0; probe < 3; probe++) expect((await server.request('/readyz')).status).toBe(503);
    full.on = false;
    for (let probe = 0; probe < 2; probe++) expect((await server.request('/readyz')).status).toBe(200);
    await server.idle();
    // At info, the probes' own lines are left out (they are debug): the log holds exactly these two.
    expect(lines).toEqual([
      expect.objectContaining({ level: 50, store: 'lowdb', detail: expect.stringMatching(new RegExp(`does not accept writes \\(ENOSPC`)) }),
      expect.objectContaining({ level: 30, msg: 'ready again: the store takes writes' }),
    ]);
  });

  it("logs the balancer's probes at debug, with the address of a probe that closed its connection", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const server = await start({ logger: createLogger('debug', { destination }) });
    // As HAProxy checks: one request per connection, closed after the answer.
    for (const path of ['/readyz', '/healthz']) {
      const status = await new Promise<number | undefined>((resolve, reject) => {
        get(`${server.baseUrl}${path}`, { agent: false, headers: { connection: 'close' } }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode));
        }).on('error', reject);
      });
      expect(status).toBe(200);
    }
    await server.idle();
    const probes = lines.filter((line) => line.path === '/readyz' || line.path === '/healthz');
    expect(probes).toHaveLength(2);
    for (const probe of probes) expect(probe).toMatchObject({ level: 20, client_ip: expect.stringMatching(/127\.0\.0\.1$/) });
  });

  it('probes the disk at most once per interval', async () => {
    let probes = 0;
    const fs: StoreFs = {
      ...nodeFs,
      writeSynced: (path, chunks) => {
        if (path.endsWith('.ready')) probes += 1;
        return nodeFs.writeSynced(path, chunks);
      },
    };
    const store = await LowdbStore.open(join(dir, 'db.json'), { fs, readyProbeTtlMs: 60_000 });
    stores.push(store);
    const server = await start({ store });
    for (let i = 0; i < 5; i += 1) expect((await server.request('/readyz')).status).toBe(200);
    expect(probes).toBe(1);
  });
});

describePostgres('GET /readyz with PostgreSQL', () => {
  const postgres = usePostgresCluster();
  it('is ready while SELECT 1 answers and not ready once the database is gone', { timeout: 120_000 }, async () => {
    const { cluster } = postgres;
    // The default pool size: an idle replica's scrape must not read as a saturated pool.
    const checked = await PostgresStore.open(cluster.url, { poolSize: 10 });
    const unchecked = await PostgresStore.open(cluster.url, { poolSize: 2 });
    const sweeping = await PostgresStore.open(cluster.url, { poolSize: 1, sweepIntervalMs: 100 });
    try {
      const server = await start({ store: checked });
      const ready = await server.request('/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ status: 'ready', store: 'postgres' });
      const text = await scrape(server);
      // Whole-database figures are database_*, this replica's own store_*.
      expect(sample(text, 'database_bookings')).toBe(0);
      expect(sample(text, 'store_bookings')).toBeUndefined();
      expect(sample(text, 'database_schema_version')).toBe(KNOWN_SCHEMA_VERSION);
      expect(sample(text, 'store_schema_version_known')).toBe(KNOWN_SCHEMA_VERSION);
      expect(sample(text, 'database_transient_rows{table="searches"}')).toBe(0);
      expect(sample(text, 'store_transient_entries{kind="request_journal_entries"}')).toBe(0);
      expect(sample(text, 'store_pool_max_connections{pool="durable"}')).toBe(10);
      expect(sample(text, 'store_pool_max_connections{pool="transient"}')).toBe(10);
      expect(sample(text, 'store_pool_connections{pool="durable",state="idle"}')).toBeGreaterThanOrEqual(0);
      // No sweep has run yet (one a minute): the counters are there, at 0.
      expect(sample(text, 'store_sweep_failures_total')).toBe(0);
      expect(sample(text, 'store_sweep_last_success_timestamp_seconds')).toBe(0);
      await checked.sweepExpired();
      const swept = await scrape(server);
      expect(sample(swept, 'store_sweep_deleted_rows_total{table="searches"}')).toBe(0);
      expect(sample(swept, 'store_sweep_last_success_timestamp_seconds')).toBeGreaterThan(Date.now() / 1000 - 60);
      // An idle replica: the scrape's own database_* queries never count as waiting (issue 39: it read 3).
      for (let round = 0; round < 5; round++) {
        const idle = await scrape(server);
        expect(sample(idle, 'store_pool_waiting_requests{pool="durable"}')).toBe(0);
        expect(sample(idle, 'store_pool_waiting_requests{pool="transient"}')).toBe(0);
      }
      // A saturated one: more queries than its ten connections, so some wait, and the gauge says so.
      const queries = Array.from({ length: 60 }, () => checked.countBookings());
      await new Promise((resolve) => setImmediate(resolve));
      const saturated = await scrape(server).then((body) => sample(body, 'store_pool_waiting_requests{pool="durable"}'));
      await Promise.all(queries);
      expect(saturated).toBeGreaterThan(0);
      await cluster.stop();
      // A store that has not checked within the last second asks the database again.
      const logged: Array<Record<string, unknown>> = [];
      const destination = new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString().split('\n')) if (line) logged.push(JSON.parse(line) as Record<string, unknown>);
          done();
        },
      });
      const other = await start({ store: unchecked, logger: createLogger('info', { destination }) });
      const gone = await other.request('/readyz');
      expect(gone.status).toBe(503);
      // The log line names the cause (the system error), not the text a client of a 503 gets.
      const notReady = logged.find((line) => String(line.msg).startsWith('not ready:'));
      expect(notReady).toMatchObject({ level: 50, detail: expect.stringMatching(/ECONNREFUSED|connect|terminat/i) });
      expect(String(notReady?.msg)).not.toMatch(/could not save or read data/);
      expect(gone.body).toEqual({ status: 'not_ready', store: 'postgres', error: 'The store cannot take writes' });
      expect(JSON.stringify(gone.body)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED/);
      // Bookings cannot be counted: NaN, not a stale count, and still an answer.
      expect(sample(await scrape(other), 'database_bookings')).toBeNaN();
      // Background sweeps fail while the database is away, and say so.
      for (let tick = 0; tick < 100 && sweeping.sweepStats().failures === 0; tick++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(sweeping.sweepStats().failures).toBeGreaterThan(0);
    } finally {
      await checked.close().catch(() => {});
      await unchecked.close().catch(() => {});
      await sweeping.close().catch(() => {});
    }
  });
});

describe('waitingForConnection', () => {
  const pool = (totalCount: number, idleCount: number, waitingCount: number) => ({ totalCount, idleCount, waitingCount, options: { max: 2 } });
  it('counts only requests that no idle or new connection will take', () => {
    expect(waitingForConnection(pool(2, 2, 3))).toBe(1);
    expect(waitingForConnection(pool(2, 0, 3))).toBe(3);
    expect(waitingForConnection(pool(2, 3, 3))).toBe(0);
    expect(waitingForConnection(pool(1, 0, 3))).toBe(0);
  });
});

describe('endpointLabel', () => {
  it('names API paths and puts everything else in a few groups', () => {
    expect(endpointLabel('/booking.php')).toBe('/booking.php');
    expect(endpointLabel('/book/cancel.php')).toBe('/book/cancel.php');
    expect(endpointLabel('/book/finalize')).toBe('/book');
    expect(endpointLabel('/_control/clock')).toBe('/_control');
    expect(endpointLabel('/_control/admin/reset')).toBe('/_control/admin');
    expect(endpointLabel('/_control/ui/login')).toBe('/_control/ui');
    expect(endpointLabel('/docs/control')).toBe('pages');
    expect(endpointLabel('/')).toBe('pages');
    expect(endpointLabel('/constructor')).toBe('other');
    expect(endpointLabel('/booking.php/')).toBe('other');
  });
});
