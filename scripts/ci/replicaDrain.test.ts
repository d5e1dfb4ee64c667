/**
 * docs/operating.md's recipe "Take a replica out (and put it back)", its shell blocks copied from the
 * page and run as written against the deployment you can copy (deploy/processes: PostgreSQL, two
 * replicas, HAProxy), under booking traffic through the proxy: drain with HAProxy's runtime API
 * through socat, wait for its used_cur to reach 0, replica.sh stop, the next release built from its own
 * checkout beside the running one (build.sh), replica.sh start (its /readyz, on the new release while
 * replica2 stays on the old one), ready. No call fails and every acknowledged booking and payment is
 * kept. Runs in the `deploy` project (scripts/ci/ops.sh).
 */
import { execFile } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../../server/testing/postgres.js';
import { ROOT } from '../../server/testing/serverProcess.js';
import { bookingTraffic, firstRefundableRate, keptBookings, until } from './deployTraffic.js';
import { replicaStates, skipDeploy, startDeployment, stopDeployment, type Deployment } from './deployProcesses.js';
import { runBlock, runBookBlocks } from './runBook.js';

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

describe.skipIf(skip)('taking a replica out and putting it back, as the run book says', () => {
  let cluster: PostgresCluster;
  let deployment: Deployment | undefined;

  let nextRelease: string;

  beforeAll(async () => {
    // The next release: a checkout of this one in a directory of its own, one source file changed
    // (so its build is another version), its dependencies those of this checkout.
    nextRelease = mkdtempSync(join(tmpdir(), 'next-release-'));
    await run('sh', ['-c', `git ls-files -z | tar --null -T - -cf - | tar -xf - -C "${nextRelease}"`], { cwd: ROOT });
    appendFileSync(join(nextRelease, 'server/bin.ts'), '// the next release\n');
    symlinkSync(join(ROOT, 'node_modules'), join(nextRelease, 'node_modules'));
    cluster = await startPostgresCluster();
    deployment = await startDeployment(cluster.url, { SANDBOX_ADMIN_TOKEN: 'drain-test-admin-token-0123' });
  }, 600_000);

  afterAll(async () => {
    await stopDeployment(deployment);
    await cluster?.stop();
    rmSync(nextRelease, { recursive: true, force: true });
  }, 120_000);

  it('fails no call and keeps every acknowledged booking', async () => {
    const { proxy, socket } = deployment!;
    const [drain, back] = runBookBlocks('Take a replica out (and put it back)');
    expect(drain).toContain('replica.sh stop 1');
    expect(back).toContain('replica.sh start 1');
    const env = deployment!.env;
    const traffic = bookingTraffic(proxy, await firstRefundableRate(proxy, KEY), KEY, { workers: 4 });
    try {
      await traffic.acknowledged(20);
      // 1. Drained, its connections ended, stopped (SIGTERM), as the page says.
      const drained = await runBlock(drain!, env);
      expect(drained.stdout).toMatch(/^replica1 stopped$/m);
      expect(await recipe(socket, 'show servers conn replicas')).toMatch(/used_cur/);
      await traffic.acknowledged(20); // the other replica serves alone
      // 2. What it was taken out for: the next release, built from its own checkout beside the one
      //    replica2 runs (the upgrade), as the run book says.
      const built = await runBlock('bash deploy/processes/build.sh', env, { cwd: nextRelease });
      const release = /^release (\w+) built/m.exec(built.stdout)?.[1];
      expect(release).toBeDefined();
      // 3. Started again; its own /readyz answered before the command returned; back in.
      expect((await runBlock(back!, env)).stdout).toMatch(new RegExp(`^replica1 ready on .*release ${release}\\)$`, 'm'));
      await until('replica1 UP', async () => (await replicaStates(socket)).replica1?.status === 'UP');
      await traffic.acknowledged(20);
      // replica2 went on with the release it started with, beside the new one.
      const running = (name: string) => [...readFileSync(join(deployment!.state, `${name}.log`), 'utf8').matchAll(/starting on \S+, release (\w+)/g)].map((match) => match[1]).at(-1);
      expect(running('replica1')).toBe(release);
      expect(running('replica2')).not.toBe(release);
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
