/**
 * Back up and restore, as docs/operating.md tells an operator to, for both stores, under booking
 * traffic: the embedded store with `hotel-sandbox backup` while its server runs and `restore` once
 * it stopped (refused while it runs); PostgreSQL with pg_dump of the live database and pg_restore
 * into a new one. The restored sandbox finds every booking and payment acknowledged before the
 * backup began and passes the whole conformance catalogue.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../conformance/kit/runner.js';
import { summaryText } from '../../conformance/reports/console.js';
import { bookingTraffic, firstRefundableRate, keptBookings, type TrafficResult } from '../../scripts/ci/deployTraffic.js';
import { POSTGRES_BIN } from '../testing/postgres.js';
import { describePostgres, usePostgresCluster } from '../testing/postgresSuite.js';
import { killAll, startServer, type ServerProcess } from '../testing/serverProcess.js';

const run = promisify(execFile);
const KEY = 'demo-key-3'; // the conformance run uses demo-key-1 and demo-key-2

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'backup-restore-'));
});
afterEach(() => killAll());
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function started(env: Record<string, string>): Promise<{ server: ServerProcess; url: string }> {
  const server = startServer({ PORT: '0', LOG_LEVEL: 'warn', ...env });
  return { server, url: await server.listeningUrl(120_000) };
}

async function stopped({ server }: { server: ServerProcess }): Promise<void> {
  server.child.kill('SIGTERM');
  expect((await server.exited).code, server.output()).toBe(0);
}

async function command(args: string[], env: Record<string, string> = {}) {
  const child = startServer({ LOG_LEVEL: 'silent', ...env }, args);
  const { code } = await child.exited;
  return { code, stdout: child.stdout(), stderr: child.stderr() };
}

/** Booking traffic until `n` bookings were acknowledged; what had been acknowledged before `backup` began; the traffic's whole result. */
async function backedUpUnderTraffic(url: string, backup: () => Promise<void>): Promise<{ before: TrafficResult; all: TrafficResult }> {
  const traffic = bookingTraffic(url, await firstRefundableRate(url, KEY), KEY, { workers: 3 });
  await traffic.acknowledged(40);
  const { started: bookings, paid, statuses } = traffic.result;
  const before: TrafficResult = { started: [...bookings], paid: [...paid], statuses: { ...statuses }, noAnswer: [] };
  await backup();
  await traffic.acknowledged(10); // still taking bookings after the backup
  return { before, all: await traffic.stop() };
}

/** Every booking and payment acknowledged before the backup is there; then the whole catalogue passes. */
async function restoredSandboxHolds(url: string, before: TrafficResult): Promise<string> {
  const kept = await keptBookings(url, KEY, before);
  expect(kept.lost).toEqual([]);
  expect(kept.unconfirmed).toEqual([]);
  const report = await runConformance({ baseUrl: url, apikey: 'demo-key-1', apikey2: 'demo-key-2', control: url, profile: 'reference' });
  const failures = report.results.filter((result) => result.status !== 'passed').map((result) => `${result.id}: ${result.message ?? ''}`);
  expect(failures, summaryText(report)).toEqual([]);
  expect(report.summary.total).toBeGreaterThan(100);
  // The kit's accounts are not the traffic's: its bookings are all still there.
  expect((await keptBookings(url, KEY, before)).lost).toEqual([]);
  return `${kept.figures}; kit ${report.summary.passed}/${report.summary.total}`;
}

describe('the embedded store', () => {
  it('backed up while its server takes bookings, restored once it stopped, passes the kit and finds every booking', { timeout: 600_000 }, async () => {
    const dbFile = join(dir, 'db.json');
    const backupFile = join(dir, 'sandbox-backup.json');
    const first = await started({ DB_FILE: dbFile });
    let backedUp = { code: -1 as number | null, stdout: '', stderr: '' };
    const { before } = await backedUpUnderTraffic(first.url, async () => {
      backedUp = await command(['backup', '--out', backupFile], { DB_FILE: dbFile });
    });
    expect(backedUp.code, backedUp.stderr).toBe(0);
    expect(backedUp.stdout).toMatch(new RegExp(`^Backed up ${dbFile}: \\d+ bookings, \\d+ e-mails \\(journal seq \\d+\\) to ${backupFile} \\(\\d+ bytes, \\d+ ms\\)\\.\\n$`));

    // Not while the server runs on the store: nothing changes.
    const refused = await command(['restore', '--from', backupFile], { DB_FILE: dbFile });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(new RegExp(`^Cannot restore: the store ${dbFile} is in use by process ${first.server.child.pid}`));
    await stopped(first);

    const restored = await command(['restore', '--from', backupFile], { DB_FILE: dbFile });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/^Restored \d+ bookings, \d+ e-mails .*\nThe files it replaced were kept: .*db\.json\.journal\.before-restore-.*, .*db\.json\.before-restore-/);
    const second = await started({ DB_FILE: dbFile });
    console.info(`embedded store backup and restore: ${await restoredSandboxHolds(second.url, before)}`);
    await stopped(second);
  });

  it('backup and restore refuse what they cannot do, in one line', { timeout: 120_000 }, async () => {
    expect(await command(['backup'], { DB_FILE: join(dir, 'x.json') })).toMatchObject({ code: 2, stderr: 'error: --out <file> is required (see --help)\n' });
    const missing = await command(['backup', '--out', join(dir, 'out.json')], { DB_FILE: join(dir, 'none.json') });
    expect(missing).toMatchObject({ code: 2, stderr: `Cannot back up: Cannot read the store ${join(dir, 'none.json')} (ENOENT).\n` });
    const postgres = await command(['backup', '--out', join(dir, 'out.json')], { DATABASE_URL: 'postgres://db/sandbox' });
    expect(postgres.code).toBe(2);
    expect(postgres.stderr).toMatch(/pg_dump/);
    expect((await command(['restore', '--from', join(dir, 'none.json')], { DB_FILE: join(dir, 'y.json') })).code).toBe(2);
    for (const own of ['x.json', 'x.json.journal', 'x.json.tmp']) {
      const onItself = await command(['backup', '--out', join(dir, own)], { DB_FILE: join(dir, 'x.json') });
      expect(onItself).toMatchObject({ code: 2, stderr: expect.stringMatching(/^error: --out must not be the store's own file/) });
    }
    expect(existsSync(join(dir, 'y.json'))).toBe(false);
  });
});

describePostgres('PostgreSQL', () => {
  const postgres = usePostgresCluster();

  it('dumped with pg_dump while replicas take bookings, restored with pg_restore into a new database, passes the kit and finds every booking', { timeout: 600_000 }, async () => {
    const dump = join(dir, 'sandbox.dump');
    const first = await started({ DATABASE_URL: postgres.url });
    const { before } = await backedUpUnderTraffic(first.url, async () => {
      await run(join(POSTGRES_BIN, 'pg_dump'), ['--format=custom', `--file=${dump}`, `--dbname=${postgres.url}`]);
    });
    await stopped(first);

    const restoredUrl = await postgres.cluster.createDatabase('restored');
    await run(join(POSTGRES_BIN, 'pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${restoredUrl}`, dump]);
    const second = await started({ DATABASE_URL: restoredUrl });
    console.info(`PostgreSQL pg_dump and pg_restore: ${await restoredSandboxHolds(second.url, before)}`);
    await stopped(second);
  });
});
