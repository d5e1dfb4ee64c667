/**
 * deploy/compose.yaml, unchanged, brought up with podman-compose (PostgreSQL, two replicas of the
 * image, HAProxy): the whole kit is green through the proxy; under booking traffic one replica is
 * stopped (docker stop: SIGTERM) and HAProxy's stats show it DOWN while the other serves; then the
 * database container stops and starts again. Every acknowledged booking and payment is kept.
 * The official images it names are local stand-ins in CI (scripts/ci/deploy-images.sh builds them).
 * Runs in the `deploy` project (scripts/ci/deploy.sh).
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../server/testing/serverProcess.js';
import { bookingTraffic, firstRefundableRate, keptBookings, somePort, until } from './deployTraffic.js';
import { expectKitGreen } from './kitRun.js';
import { podman, skipPodman, waitForOk } from './podman.js';

const run = promisify(execFile);
const KEY = 'demo-key-3';
const PROJECT = `hotel-compose-test-${process.pid}`;

function skipCompose(): boolean {
  if (skipPodman()) return true;
  try {
    execFileSync('podman-compose', ['version'], { stdio: 'pipe' });
    return false;
  } catch {
    if (process.env.CI === 'true') throw new Error('podman-compose not found (scripts/ci/deploy.sh installs it)');
    console.warn('Skipping the compose test: podman-compose not found');
    return true;
  }
}
const skip = skipCompose();

/** HAProxy's view of each replica, from its stats page as CSV. */
async function replicaStates(statsUrl: string): Promise<Record<string, string>> {
  const csv = await (await fetch(`${statsUrl}/;csv`)).text();
  const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
  const columns = header!.split(',');
  const at = (row: string[], name: string) => row[columns.indexOf(name)] ?? '';
  return Object.fromEntries(
    rows.map((line) => line.split(',')).filter((row) => at(row, 'pxname') === 'replicas' && at(row, 'svname').startsWith('replica')).map((row) => [at(row, 'svname'), at(row, 'status')]),
  );
}

describe.skipIf(skip)('deploy/compose.yaml under podman-compose', () => {
  let proxy: string;
  let stats: string;
  // The settings compose interpolates, `down` included (its ${VAR:?} stop it otherwise).
  let env: Record<string, string> = {};
  const compose = (args: string[]) =>
    run('podman-compose', ['--project-name', PROJECT, '--file', join(ROOT, 'deploy/compose.yaml'), ...args], {
      cwd: join(ROOT, 'deploy'),
      timeout: 600_000,
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, ...env },
    });

  beforeAll(async () => {
    // Published ports picked at random and picked again when one was taken (the replicas' PUBLIC_URL needs it first).
    for (let attempt = 1; ; attempt++) {
      const [proxyPort, statsPort] = [somePort(), somePort()];
      proxy = `http://127.0.0.1:${proxyPort}`;
      stats = `http://127.0.0.1:${statsPort}`;
      env = {
        POSTGRES_PASSWORD: randomBytes(12).toString('hex'), SANDBOX_ADMIN_TOKEN: randomBytes(16).toString('hex'),
        PUBLIC_URL: proxy, PROXY_PORT: String(proxyPort), STATS_PORT: String(statsPort), LOG_LEVEL: 'warn',
      };
      const up = await compose(['up', '--detach']).then(() => undefined, (error: Error & { stderr?: string }) => error);
      if (!up) break;
      await compose(['down', '--volumes']).catch(() => {});
      if (!/address already in use/i.test(up.stderr ?? '') || attempt === 5) throw up;
    }
    // The replicas wait for PostgreSQL's health check, then migrate and build the world.
    await waitForOk(`${proxy}/readyz`, 300_000);
    await until('both replicas UP', async () => Object.values(await replicaStates(stats)).join() === 'UP,UP');
  }, 900_000);

  afterAll(async () => {
    await compose(['down', '--volumes']).catch(() => {});
  }, 300_000);

  it('passes the whole kit through the proxy (with --control)', async () => {
    await expectKitGreen(proxy);
  }, 900_000);

  it('keeps every acknowledged booking when a replica is stopped and the database restarts', async () => {
    const serviceHash = await firstRefundableRate(proxy, KEY);
    const traffic = bookingTraffic(proxy, serviceHash, KEY, { workers: 4 });
    try {
      await traffic.acknowledged(20);
      await podman(['stop', '--time', '10', `${PROJECT}_replica1_1`]);
      await until('replica1 DOWN', async () => (await replicaStates(stats)).replica1 === 'DOWN');
      await traffic.acknowledged(20);
      await podman(['stop', '--time', '10', `${PROJECT}_postgres_1`]);
      await until('replica2 DOWN on /readyz 503', async () => (await replicaStates(stats)).replica2 === 'DOWN');
      await podman(['start', `${PROJECT}_postgres_1`]);
      await until('replica2 back', async () => (await replicaStates(stats)).replica2 === 'UP');
      await traffic.acknowledged(20);
    } finally {
      await traffic.stop();
    }
    const { lost, unconfirmed, figures } = await keptBookings(proxy, KEY, traffic.result);
    console.log(`compose: ${figures}`);
    expect(lost).toEqual([]);
    expect(unconfirmed).toEqual([]);
  }, 600_000);
});
