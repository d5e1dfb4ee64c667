/**
 * The deployment you can copy, as plain processes (deploy/processes/start.sh): PostgreSQL, two
 * replicas and HAProxy (deploy/haproxy/haproxy.cfg) on this host. The whole kit is green through the
 * proxy; then, under booking traffic through the proxy, one replica is killed (-9) and later the
 * database stops (immediate, as a crash) and comes back. HAProxy takes the dead replica out on its
 * refused checks, both out while /readyz answers 503, and answers clients 503 JSON with Retry-After;
 * traffic resumes on its own. Every booking and payment the proxy acknowledged is kept. Printed: what
 * was acknowledged and kept, and the answers by status. Runs in the `deploy` project (scripts/ci/deploy.sh).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../../server/testing/postgres.js';
import { bookingTraffic, firstRefundableRate, keptBookings, until, type Json } from './deployTraffic.js';
import { replicaStates, skipDeploy, startDeployment, stopDeployment, type Deployment } from './deployProcesses.js';
import { expectKitGreen } from './kitRun.js';

const KEY = 'demo-key-3'; // the kit uses demo-key-1 and demo-key-2
const skip = skipDeploy('the deployment test');

describe.skipIf(skip)('PostgreSQL, two replicas and HAProxy as plain processes (deploy/processes)', () => {
  let cluster: PostgresCluster;
  let deployment: Deployment | undefined;
  let state: string;
  let proxy: string;
  let socket: string;
  let serviceHash: string;

  beforeAll(async () => {
    cluster = await startPostgresCluster({ fsync: true });
    deployment = await startDeployment(cluster.url, { SANDBOX_ADMIN_TOKEN: 'deploy-test-admin-token-0123' });
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
});
