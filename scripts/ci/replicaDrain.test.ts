/**
 * docs/operating.md's recipe "Take a replica out (and put it back)", run as written against the
 * deployment you can copy (deploy/processes: PostgreSQL, two replicas, HAProxy), under booking
 * traffic through the proxy: drain with HAProxy's runtime API through socat, wait for its
 * connections to end, SIGTERM, start it again, wait for its /readyz, ready. No call fails and every
 * acknowledged booking and payment is kept. Runs in the `deploy` project (scripts/ci/ops.sh).
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../../server/testing/postgres.js';
import { bookingTraffic, firstRefundableRate, keptBookings, until } from './deployTraffic.js';
import { replicaStates, skipDeploy, startDeployment, stopDeployment, type Deployment } from './deployProcesses.js';

const run = promisify(execFile);
const KEY = 'demo-key-3';
const SOCAT = '/usr/bin/socat';

const skip = (() => {
  if (skipDeploy('the replica drain recipe')) return true;
  if (existsSync(SOCAT)) return false;
  if (process.env.CI === 'true') throw new Error(`The replica drain recipe cannot run in CI: ${SOCAT} not found (apt-get install socat)`);
  console.warn(`Skipping the replica drain recipe: ${SOCAT} not found`);
  return true;
})();

/** A line of the recipe: `echo "<command>" | socat stdio <socket>`, as the run book writes it. */
async function recipe(socket: string, command: string): Promise<string> {
  const { stdout } = await run('sh', ['-c', `echo "${command}" | ${SOCAT} stdio ${socket}`], { timeout: 10_000 });
  return stdout;
}

/** `used_cur` (connections in use) of a server in `show servers conn replicas`. */
function connectionsInUse(answer: string, server: string): number {
  const line = answer.split('\n').find((row) => row.startsWith(`replicas/${server} `));
  if (!line) throw new Error(`no ${server} in: ${answer}`);
  return Number(line.trim().split(/\s+/)[6]);
}

describe.skipIf(skip)('taking a replica out and putting it back, as the run book says', () => {
  let cluster: PostgresCluster;
  let deployment: Deployment | undefined;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    deployment = await startDeployment(cluster.url, { SANDBOX_ADMIN_TOKEN: 'drain-test-admin-token-0123' });
  }, 600_000);

  afterAll(async () => {
    await stopDeployment(deployment);
    await cluster?.stop();
  }, 120_000);

  it('fails no call and keeps every acknowledged booking', async () => {
    const { state, proxy, socket, replicaPorts, env } = deployment!;
    const traffic = bookingTraffic(proxy, await firstRefundableRate(proxy, KEY), KEY, { workers: 4 });
    try {
      await traffic.acknowledged(20);
      // 1. Drain: no new requests; those under way finish.
      expect(await recipe(socket, 'set server replicas/replica1 state drain')).toBe('\n');
      // 2. Its connections end; then it is stopped (SIGTERM).
      await until('replica1 without connections in use', async () => connectionsInUse(await recipe(socket, 'show servers conn replicas'), 'replica1') === 0);
      const pidFile = join(state, 'replica1.pid');
      process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGTERM');
      await traffic.acknowledged(20); // the other replica serves alone
      // 3. Started again as start.sh starts it; its own /readyz answers.
      const log = openSync(join(state, 'replica1.log'), 'a');
      const replica = spawn(process.execPath, ['--max-semi-space-size=32', join(state, 'build/server/bin.js')], {
        env: { ...env, HOST: '127.0.0.1', PORT: String(replicaPorts[0]), TRUST_PROXY: 'loopback' },
        stdio: ['ignore', log, log],
        detached: true,
      });
      replica.unref();
      writeFileSync(pidFile, String(replica.pid)); // stop.sh stops it at the end
      await until('replica1 ready', async () => (await fetch(`http://127.0.0.1:${replicaPorts[0]}/readyz`)).status === 200);
      // 4. Back in.
      expect(await recipe(socket, 'set server replicas/replica1 state ready')).toBe('\n');
      await until('replica1 UP', async () => (await replicaStates(socket)).replica1?.status === 'UP');
      await traffic.acknowledged(20);
    } finally {
      await traffic.stop();
    }
    const { lost, unconfirmed, figures } = await keptBookings(proxy, KEY, traffic.result);
    console.log(`replica drained, stopped, started and put back under traffic: ${figures}`);
    expect(lost).toEqual([]);
    expect(unconfirmed).toEqual([]);
    expect(Object.keys(traffic.result.statuses)).toEqual(['200']);
  }, 600_000);
});
