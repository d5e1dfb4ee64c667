/**
 * The deployment you can copy, as plain processes (deploy/processes/start.sh): PostgreSQL, two
 * replicas and HAProxy (deploy/haproxy/haproxy.cfg) on this host. The whole kit is green through the
 * proxy; then, under booking traffic through the proxy, one replica is killed (-9) and later the
 * database stops (immediate, as a crash) and comes back. HAProxy takes the dead replica out on its
 * refused checks, both out while /readyz answers 503, and answers clients 503 JSON with Retry-After;
 * traffic resumes on its own. Every booking and payment the proxy acknowledged is kept. Printed: what
 * was acknowledged and kept, and the answers by status. Runs in the `deploy` project (scripts/ci/deploy.sh).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../conformance/kit/runner.js';
import { summaryText } from '../../conformance/reports/console.js';
import { skipPostgres, startPostgresCluster, type PostgresCluster } from '../../server/testing/postgres.js';
import { ROOT } from '../../server/testing/serverProcess.js';
import { bookingTraffic, firstRefundableRate, post, type Json } from './deployTraffic.js';

const run = promisify(execFile);
const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';
const KEY = 'demo-key-3'; // the kit uses demo-key-1 and demo-key-2

function skipDeploy(): boolean {
  const postgres = skipPostgres();
  if (existsSync(HAPROXY)) return postgres;
  if (process.env.CI === 'true') throw new Error(`Deployment test cannot run in CI: ${HAPROXY} not found (apt-get install haproxy)`);
  console.warn(`Skipping the deployment test: ${HAPROXY} not found`);
  return true;
}
const skip = skipDeploy();

/** One command on HAProxy's runtime API (its stats socket). */
function runtimeApi(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = connect(socket);
    let answer = '';
    connection.setTimeout(5_000, () => connection.destroy(new Error(`no answer to '${command}'`)));
    connection.on('data', (chunk) => (answer += chunk.toString()));
    connection.on('end', () => resolve(answer));
    connection.on('error', reject);
    connection.write(`${command}\n`);
  });
}

/** Each replica's state and last check as HAProxy sees them (show stat). */
async function replicaStates(socket: string): Promise<Record<string, { status: string; check: string }>> {
  const [header, ...rows] = (await runtimeApi(socket, 'show stat')).replace(/^# /, '').trim().split('\n');
  const columns = header!.split(',');
  const at = (row: string[], name: string) => row[columns.indexOf(name)] ?? '';
  const states: Record<string, { status: string; check: string }> = {};
  for (const row of rows.map((line) => line.split(','))) {
    if (at(row, 'pxname') === 'replicas' && at(row, 'svname').startsWith('replica')) states[at(row, 'svname')] = { status: at(row, 'status'), check: at(row, 'check_status') };
  }
  return states;
}

/** Polls `probe` until it returns true (bounded); the wait is for a presence, never an absence. */
async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  while (!(await probe())) {
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return performance.now() - started;
}

const somePort = () => 20_000 + Math.floor(Math.random() * 12_000);

describe.skipIf(skip)('PostgreSQL, two replicas and HAProxy as plain processes (deploy/processes)', () => {
  let cluster: PostgresCluster;
  let state: string;
  let proxy: string;
  let socket: string;
  let serviceHash: string;
  const env = () => ({ ...process.env, STATE_DIR: state, HAPROXY });

  beforeAll(async () => {
    cluster = await startPostgresCluster({ fsync: true });
    // Ports below the ephemeral range, picked at random and picked again when one was in use (as
    // server/testing/postgres.ts does): HAProxy and the replicas' PUBLIC_URL need them before they start.
    for (let attempt = 1; ; attempt++) {
      state = mkdtempSync(join(tmpdir(), 'deploy-test-'));
      const [proxyPort, first, second, stats] = [somePort(), somePort(), somePort(), somePort()];
      proxy = `http://127.0.0.1:${proxyPort}`;
      socket = join(state, 'haproxy.sock');
      const started = await run('bash', [join(ROOT, 'deploy/processes/start.sh')], {
        cwd: ROOT,
        timeout: 300_000,
        env: {
          ...env(), DATABASE_URL: cluster.url, SANDBOX_ADMIN_TOKEN: 'deploy-test-admin-token-0123', PUBLIC_URL: proxy, LOG_LEVEL: 'warn',
          PROXY_HOST: '127.0.0.1', PROXY_PORT: String(proxyPort), REPLICA_PORTS: `${first} ${second}`, STATS_PORT: String(stats),
        },
      }).then(() => undefined, (error: Error & { stderr?: string }) => error);
      if (!started) break;
      rmSync(state, { recursive: true, force: true });
      if (!/in use|cannot bind|cannot listen/i.test(started.stderr ?? '') || attempt === 5) throw started;
    }
    serviceHash = await firstRefundableRate(proxy, KEY);
  }, 600_000);

  afterAll(async () => {
    if (state) {
      await run('bash', [join(ROOT, 'deploy/processes/stop.sh')], { env: env(), timeout: 60_000 }).catch(() => {});
      rmSync(state, { recursive: true, force: true });
    }
    await cluster?.stop();
  }, 120_000);

  it('passes the whole kit through the proxy (with --control)', async () => {
    expect(await replicaStates(socket)).toEqual({ replica1: { status: 'UP', check: 'L7OK' }, replica2: { status: 'UP', check: 'L7OK' } });
    const report = await runConformance({ baseUrl: proxy, apikey: 'demo-key-1', apikey2: 'demo-key-2', control: proxy, profile: 'spec' });
    const failures = report.results.filter((result) => result.status !== 'passed').map((result) => `${result.id}: ${result.message ?? ''}`);
    expect(failures, summaryText(report)).toEqual([]);
    expect(report.summary.total).toBeGreaterThan(100);
  }, 900_000);

  it('keeps every acknowledged booking through a killed replica and a database outage', async () => {
    const traffic = bookingTraffic(proxy, serviceHash, KEY, { workers: 4 });
    try {
      await traffic.acknowledged(20);

      // One replica dies: HAProxy's checks are refused, it is taken out, the other serves alone.
      process.kill(Number(readFileSync(join(state, 'replica1.pid'), 'utf8')), 'SIGKILL');
      const outMs = await until('replica1 out', async () => (await replicaStates(socket)).replica1?.status === 'DOWN');
      expect((await replicaStates(socket)).replica1?.check).toMatch(/^L4/);
      await traffic.acknowledged(20);

      // The database stops as in a crash: /readyz answers 503, so HAProxy takes replica2 out too and
      // answers clients itself, in the API's error shape, with Retry-After.
      await cluster.stopServer('immediate');
      await until('replica2 out on /readyz 503', async () => {
        const replica2 = (await replicaStates(socket)).replica2;
        return replica2?.status === 'DOWN' && replica2.check === 'L7STS';
      });
      const refused = await fetch(`${proxy}/booking_overview.php`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apikey: KEY }) });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(((await refused.json()) as Json).error).toMatch(/No replica is ready/);

      await cluster.startServer();
      const backMs = await until('replica2 back in', async () => (await replicaStates(socket)).replica2?.status === 'UP');
      await traffic.acknowledged(20);
      console.log(`replica1 out ${(outMs / 1000).toFixed(1)} s after kill -9; replica2 back ${(backMs / 1000).toFixed(1)} s after the database`);
    } finally {
      await traffic.stop();
    }

    const { started, paid, statuses } = traffic.result;
    const found = await Promise.all(started.map((bookhash) => post(proxy, '/retrieve_booking.php', { apikey: KEY, bookhash })));
    const kept = found.filter((answer) => answer.status === 200);
    const confirmed = new Set(found.flatMap((answer, index) => ((answer.body.booking as Json | undefined)?.status === 'booking_confirmed' ? [started[index]] : [])));
    console.log(
      `acknowledged bookings ${started.length}, kept ${kept.length}; acknowledged payments ${paid.length}, confirmed ${paid.filter((bookhash) => confirmed.has(bookhash)).length}; answers by status ${JSON.stringify(statuses)}`,
    );
    expect(found.filter((answer) => answer.status !== 200).map((answer) => answer.body)).toEqual([]);
    expect(paid.filter((bookhash) => !confirmed.has(bookhash))).toEqual([]);
    // Nothing but 200, the proxy's 503 and, for requests a dying replica held, 502 or no answer.
    expect(Object.keys(statuses).filter((status) => !['0', '200', '502', '503', '504'].includes(status))).toEqual([]);
  }, 600_000);
});
