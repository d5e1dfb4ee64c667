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
import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_BIN, startPostgresCluster, type PostgresCluster } from '../../server/testing/postgres.js';
import { bookingTraffic, firstRefundableRate, keptBookings, post, until, type Json } from './deployTraffic.js';
import { replicaCommand, replicaStates, skipDeploy, startDeployment, stopDeployment, type Deployment } from './deployProcesses.js';
import { runBlock, runBookBlocks } from './runBook.js';
import { expectKitGreen } from './kitRun.js';

const KEY = 'demo-key-3'; // the kit uses demo-key-1 and demo-key-2
const run = promisify(execFile);
const skip = skipDeploy('the deployment test');

describe.skipIf(skip)('PostgreSQL, two replicas and HAProxy as plain processes (deploy/processes)', () => {
  let cluster: PostgresCluster;
  let deployment: Deployment | undefined;
  let state: string;
  let proxy: string;
  let socket: string;
  let serviceHash: string;
  let databaseUrl: string;

  beforeAll(async () => {
    cluster = await startPostgresCluster({ fsync: true });
    // The replicas' role as docs/operating.md creates it: no superuser, owning its database, --createdb
    // (for the restore recipe); the cluster trusts local connections, so no password.
    const admin = new URL(cluster.url);
    const asSuperuser = { ...process.env, PGHOST: admin.hostname, PGPORT: admin.port, PGUSER: decodeURIComponent(admin.username) };
    await run(join(POSTGRES_BIN, 'createuser'), ['--createdb', 'sandbox'], { env: asSuperuser });
    await run(join(POSTGRES_BIN, 'createdb'), ['--owner=sandbox', 'sandbox'], { env: asSuperuser });
    databaseUrl = `postgres://sandbox@${admin.host}/sandbox`;
    // The request log at info, as an operator runs it (the run book's jq command reads it).
    deployment = await startDeployment(databaseUrl, { SANDBOX_ADMIN_TOKEN: 'deploy-test-admin-token-0123', LOG_LEVEL: 'info' });
    ({ state, proxy, socket } = deployment);
    serviceHash = await firstRefundableRate(proxy, KEY);
  }, 600_000);

  afterAll(async () => {
    await stopDeployment(deployment);
    await cluster?.stop();
  }, 120_000);

  it('passes the whole kit through the proxy (with --control)', async () => {
    // A replica that just started is "UP 1/2" until HAProxy's second good check: wait for both (bounded).
    const bothUp = async () => Object.values(await replicaStates(socket)).filter((replica) => replica.status === 'UP').length === 2;
    await until('both replicas UP in HAProxy', bothUp, () => replicaStates(socket));
    expect(await replicaStates(socket)).toEqual({ replica1: { status: 'UP', check: 'L7OK' }, replica2: { status: 'UP', check: 'L7OK' } });
    await expectKitGreen(proxy);
  }, 900_000);

  it("finds a team's failing calls with the run book's jq command; the balancer's probes stay out of the log", async () => {
    const failing = await post(proxy, '/retrieve_booking.php', { apikey: KEY, bookhash: 'no-such-booking' }, { 'x-request-id': 'jq-recipe-probe-1' });
    expect(failing.status).toBeGreaterThanOrEqual(400);
    const [jq] = runBookBlocks("Find a team's failing calls");
    expect(jq).toContain('jq ');
    const logs = ['replica1', 'replica2'].map((name) => readFileSync(join(state, `${name}.log`), 'utf8')).join('');
    // The logs hold lines jq cannot parse (the start-up lines): the command must get past them.
    expect(logs.split('\n').some((line) => line !== '' && !line.startsWith('{'))).toBe(true);
    let found: Json[] = [];
    await until('the failing call in a replica log', async () => {
      const { stdout } = await runBlock(jq!, deployment!.env);
      found = stdout.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Json);
      return found.some((line) => line.request_id === 'jq-recipe-probe-1');
    });
    expect(found.every((line) => line.account_id === 3 && Number(line.status) >= 400)).toBe(true);
    // HAProxy checks /readyz every second: none of those lines at info.
    expect(logs).not.toMatch(/"path":"\/readyz"/);
  }, 120_000);

  it('keeps every acknowledged booking through a killed replica and a database outage', async () => {
    const traffic = bookingTraffic(proxy, serviceHash, KEY, { workers: 4 });
    try {
      await traffic.acknowledged(20);

      // One replica dies: HAProxy's checks are refused, it is taken out, the other serves alone.
      process.kill(Number(readFileSync(join(state, 'replica1.pid'), 'utf8')), 'SIGKILL');
      // What HAProxy sees, and the end of each replica's log (why one is not there).
      const tail = (name: string) => readFileSync(join(state, `${name}.log`), 'utf8').trim().split('\n').slice(-12);
      const states = () => replicaStates(socket);
      const seen = async () => ({ haproxy: await states(), replica1: tail('replica1'), replica2: tail('replica2') });
      const outMs = await until('replica1 out', async () => (await states()).replica1?.status === 'DOWN', seen);
      expect((await replicaStates(socket)).replica1?.check).toMatch(/^L4/);
      await traffic.acknowledged(20);

      // The database stops as in a crash: /readyz answers 503, so HAProxy takes replica2 out too and
      // answers clients itself, in the API's error shape, with Retry-After.
      await cluster.stopServer('immediate');
      // L7STS: /readyz answered 503; L7TOUT: it did not answer within the check's time-out on a loaded machine.
      await until('replica2 out on its /readyz', async () => {
        const replica2 = (await states()).replica2;
        return replica2?.status === 'DOWN' && /^L7(STS|TOUT)$/.test(replica2.check);
      }, seen, 60_000);
      const refused = await fetch(`${proxy}/booking_overview.php`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apikey: KEY }) });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(((await refused.json()) as Json).error).toMatch(/No replica is ready/);

      await cluster.startServer();
      const backMs = await until('replica2 back in', async () => (await states()).replica2?.status === 'UP', seen);
      await traffic.acknowledged(20);

      // The kill -9 recovery: the dead replica alone started again, the proxy and replica2 untouched.
      const haproxyPid = readFileSync(join(state, 'haproxy.pid'), 'utf8');
      expect(await replicaCommand(deployment!, 'start', 1)).toMatch(/^replica1 ready on 127\.0\.0\.1:\d+ \(pid \d+, release \w+\)$/m);
      await until('replica1 back in', async () => (await states()).replica1?.status === 'UP', seen);
      expect(readFileSync(join(state, 'haproxy.pid'), 'utf8')).toBe(haproxyPid);
      // Its log was appended to: the lines of the replica that died are still there.
      expect(readFileSync(join(state, 'replica1.log'), 'utf8').match(/replica1 starting/g)).toHaveLength(2);
      await traffic.acknowledged(20);
      console.log(`replica1 out ${(outMs / 1000).toFixed(1)} s after kill -9; replica2 back ${(backMs / 1000).toFixed(1)} s after the database`);
    } finally {
      await traffic.stop();
    }

    const { lost, unconfirmed, figures } = await keptBookings(proxy, KEY, traffic.result);
    console.log(figures);
    expect(lost).toEqual([]);
    expect(unconfirmed).toEqual([]);
    // Nothing but 200, the proxy's 503 and, for requests a dying replica held, 502 or no answer.
    expect(Object.keys(traffic.result.statuses).filter((status) => !['0', '200', '502', '503', '504'].includes(status))).toEqual([]);
  }, 600_000);
  it("restores a dump as the run book's recipe says, the proxy answering JSON 503s meanwhile", async () => {
    const before = bookingTraffic(proxy, serviceHash, KEY, { workers: 2 });
    await before.acknowledged(10).finally(() => before.stop());
    const dump = join(state, 'sandbox.dump');
    await run(join(POSTGRES_BIN, 'pg_dump'), ['--format=custom', `--file=${dump}`, databaseUrl]);
    const after = bookingTraffic(proxy, serviceHash, KEY, { workers: 1 });
    await after.acknowledged(3).finally(() => after.stop());

    // Clients meanwhile: an answer every time, 200 or the proxy's 503 JSON, never a refused connection.
    const seen: Record<string, number> = {};
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const { status, body } = await post(proxy, '/booking_overview.php', { apikey: KEY });
        const key = status === 503 ? `503 ${String(body.error).slice(0, 19)}` : status === 0 ? `0 ${String(body.error)}` : String(status);
        seen[key] = (seen[key] ?? 0) + 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const url = new URL(databaseUrl);
    const [recipe] = runBookBlocks('Restore');
    expect(recipe).toContain('replica.sh stop 1');
    try {
      await runBlock(recipe!, {
        ...deployment!.env, DUMP: dump, PATH: `${POSTGRES_BIN}${delimiter}${process.env.PATH}`,
        PGHOST: url.hostname, PGPORT: url.port, PGUSER: decodeURIComponent(url.username),
      });
      await until('both replicas UP on the restored database', async () => Object.values(await replicaStates(socket)).every((replica) => replica.status === 'UP'));
    } finally {
      polling = false;
      await poller;
    }
    console.log(`answers through the proxy during the restore: ${JSON.stringify(seen)}`);
    expect(Object.keys(seen).sort()).toEqual(['200', '503 No replica is ready']);
    expect(readFileSync(deployment!.env.DATABASE_URL_FILE!, 'utf8')).toMatch(/\/sandbox_restored\n$/);
    // Every booking of the dump is there; those made after it are not (the new database answers).
    const kept = await keptBookings(proxy, KEY, before.result);
    expect(kept.lost).toEqual([]);
    expect(kept.unconfirmed).toEqual([]);
    expect((await keptBookings(proxy, KEY, after.result)).lost).toHaveLength(after.result.started.length);
  }, 600_000);
});
