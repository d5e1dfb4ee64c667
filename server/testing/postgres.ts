/**
 * A throw-away PostgreSQL cluster for tests (never a mock): initdb in a temp directory owned by
 * the postgres user, pg_ctl start on a port of 127.0.0.1 (startOnSomePort), one database per test file, and
 * everything stopped and removed at the end. Without the binaries the tests are skipped locally
 * and FAIL under CI=true, so a CI machine without PostgreSQL cannot pass silently.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

/** Why the cluster cannot run here, or undefined when it can. */
export function postgresUnavailable(): string | undefined {
  if (!existsSync(join(POSTGRES_BIN, 'initdb'))) return `PostgreSQL binaries not found in ${POSTGRES_BIN} (apt-get install postgresql)`;
  if (process.getuid?.() !== 0) return 'the throw-away cluster needs root (runuser -u postgres)';
  return undefined;
}

/** Skip locally, fail in CI: `describe.skipIf(skipPostgres())` plus this check at import. */
export function skipPostgres(): boolean {
  const reason = postgresUnavailable();
  if (reason && process.env.CI === 'true') throw new Error(`PostgreSQL tests cannot run in CI: ${reason}`);
  if (reason) console.warn(`Skipping PostgreSQL tests: ${reason}`);
  return reason !== undefined;
}

export interface PostgresCluster {
  /** postgres://… of a fresh database of this test file. */
  url: string;
  /** The cluster's data directory (tests that look into its files: erasure). */
  dataDir: string;
  /** A further fresh database (e.g. for migration tests). */
  createDatabase(name: string): Promise<string>;
  /** The server down (`immediate`: as a crash, no checkpoint) and up again on its port: an outage, for tests of what clients see. */
  stopServer(mode: 'fast' | 'immediate'): Promise<void>;
  startServer(): Promise<void>;
  stop(): Promise<void>;
}

async function postgresUid(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

const asPostgres = (command: string, args: string[]) => run('runuser', ['-u', 'postgres', '--', join(POSTGRES_BIN, command), ...args]);

/**
 * PostgreSQL cannot listen on port 0 and name the port it took. So it is started on a random port
 * below Linux's ephemeral range (32768+, where outgoing connections take theirs), and on another
 * when that one is in use (bounded): no probe-then-listen gap another process could fall into.
 */
async function startOnSomePort(dir: string, data: string, serverOptions: (port: number) => string): Promise<number> {
  const log = join(dir, 'log');
  for (let attempt = 1; ; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    try {
      await asPostgres('pg_ctl', [
        '-D', data, '-l', log, '-w', '-t', '60',
        '-o', serverOptions(port), 'start',
      ]);
      return port;
    } catch (error) {
      const inUse = /Address already in use/.test(await readFile(log, 'utf8').catch(() => ''));
      if (!inUse || attempt === 5) throw error;
      await writeFile(log, ''); // the next attempt's log only
    }
  }
}

/** `fsync: true` for benchmarks (tests run without it: they never crash the cluster). */
export async function startPostgresCluster(options: { fsync?: boolean } = {}): Promise<PostgresCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'pg-test-'));
  const { uid, gid } = await postgresUid();
  await chown(dir, uid, gid);
  const data = join(dir, 'data');
  let port: number;
  const serverOptions = (chosen: number) =>
    `-p ${chosen} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=${options.fsync ? 'on' : 'off'} -c max_connections=200`;
  try {
    await asPostgres('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
    port = await startOnSomePort(dir, data, serverOptions);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const base = `postgres://postgres@127.0.0.1:${port}`;
  let admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  const created: string[] = [];
  const createDatabase = async (name: string) => {
    await admin.query(`CREATE DATABASE ${name}`);
    created.push(name);
    return `${base}/${name}`;
  };
  const url = await createDatabase(`test_${process.pid}`);
  let adminConnected = true;
  return {
    url,
    dataDir: data,
    createDatabase,
    async stopServer(mode) {
      await admin.end().catch(() => {});
      adminConnected = false;
      await asPostgres('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
    },
    async startServer() {
      await asPostgres('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o', serverOptions(port), 'start']);
    },
    async stop() {
      if (!adminConnected) {
        admin = new pg.Client({ connectionString: `${base}/postgres` });
        await admin.connect().catch(() => {});
      }
      for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.end().catch(() => {});
      await asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
