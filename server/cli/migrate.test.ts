/**
 * Upgrades of the PostgreSQL schema, as an operator meets them: `hotel-sandbox migrate --dry-run`
 * lists and writes nothing, `hotel-sandbox migrate` applies, a database migrated by a newer release
 * is refused (migrate and the server: exit 2, one line that says what to do), and the schema after
 * this release's migrations still takes the previous release's writes (replicas of both run on it
 * during a rolling upgrade). The previous release's schema is that of commit fe1dfc4: migrations 1–8.
 */
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_SCHEMA_VERSION, MIGRATIONS, migrate } from '../store/postgresMigrations.js';
import { skipPostgres } from '../testing/postgres.js';
import { usePostgresCluster } from '../testing/postgresSuite.js';
import { killAll, startServer } from '../testing/serverProcess.js';

const skip = skipPostgres();
/** The newest migration of the previous release (commit fe1dfc4). */
const PREVIOUS_RELEASE_SCHEMA = 8;

/** One cluster for the file's two blocks (none when they are skipped). */
const postgres = skip ? undefined : usePostgresCluster();
let dir: string;
let databases = 0;
beforeAll(async () => {
  if (skip) return;
  dir = await mkdtemp(join(tmpdir(), 'migrate-'));
});
afterEach(() => killAll());
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function database(schema?: number): Promise<string> {
  if (!postgres) throw new Error('No PostgreSQL cluster: the blocks that need one are skipped');
  const url = await postgres.cluster.createDatabase(`migrate_${++databases}`);
  if (schema !== undefined) {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    await migrate(pool, MIGRATIONS.filter((migration) => migration.version <= schema));
    await pool.end();
  }
  return url;
}

async function sql<Row extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** `hotel-sandbox migrate …` as a process: its exit code and output. */
async function runMigrate(args: string[], env: Record<string, string>) {
  const child = startServer({ LOG_LEVEL: 'silent', ...env }, ['migrate', ...args]);
  const { code } = await child.exited;
  return { code, stdout: child.stdout(), stderr: child.stderr() };
}

const appliedVersions = async (url: string) =>
  (await sql<{ version: number }>(url, 'SELECT version FROM schema_migrations ORDER BY version')).map((row) => row.version);

describe.skipIf(skip)('hotel-sandbox migrate', () => {
  it('--dry-run lists what an empty database lacks and writes nothing', { timeout: 60_000 }, async () => {
    const url = await database();
    const dry = await runMigrate(['--dry-run'], { DATABASE_URL: url });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`schema version 0; this release knows ${KNOWN_SCHEMA_VERSION}.`);
    for (const migration of MIGRATIONS) expect(dry.stdout).toContain(`${migration.version}  ${migration.name}`);
    expect(await sql(url, "SELECT to_regclass('schema_migrations') AS t")).toEqual([{ t: null }]);
  });

  it('brings the previous release\'s schema to this one (read from DATABASE_URL_FILE), then has nothing to do', { timeout: 60_000 }, async () => {
    const url = await database(PREVIOUS_RELEASE_SCHEMA);
    const file = join(dir, 'database-url');
    await writeFile(file, `${url}\n`, { mode: 0o600 });
    const newer = MIGRATIONS.filter((migration) => migration.version > PREVIOUS_RELEASE_SCHEMA);
    const dry = await runMigrate(['--dry-run'], { DATABASE_URL_FILE: file });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`${newer.length} pending`);
    expect(await appliedVersions(url)).toEqual(MIGRATIONS.filter((migration) => migration.version <= PREVIOUS_RELEASE_SCHEMA).map((m) => m.version));

    const applied = await runMigrate([], { DATABASE_URL_FILE: file });
    expect(applied.code, applied.stderr).toBe(0);
    for (const migration of newer) expect(applied.stdout).toContain(`applied ${String(migration.version).padStart(4)}  ${migration.name}`);
    expect(applied.stdout).toContain(`Schema version ${KNOWN_SCHEMA_VERSION}: ${newer.length} applied`);
    expect(await appliedVersions(url)).toEqual(MIGRATIONS.map((migration) => migration.version));

    const again = await runMigrate([], { DATABASE_URL: url });
    expect(again).toMatchObject({ code: 0, stdout: expect.stringContaining('Nothing to apply') });
  });

  it('refuses a database a newer release migrated, and so does the server: exit 2, one line saying what to do', { timeout: 90_000 }, async () => {
    const url = await database(KNOWN_SCHEMA_VERSION);
    const newer = KNOWN_SCHEMA_VERSION + 1;
    await sql(url, 'INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [newer, 'from a newer release']);
    const refused = await runMigrate([], { DATABASE_URL: url });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`the database schema is at version ${newer}, newer than this release knows (${KNOWN_SCHEMA_VERSION}`);

    const server = startServer({ PORT: '0', DATABASE_URL: url, LOG_LEVEL: 'silent' });
    const { code } = await server.exited;
    expect(code).toBe(2);
    const lines = server.stderr().trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Cannot start: Cannot use DATABASE_URL .*: the database schema is at version \d+, newer than this release knows \(\d+; .*Run that release \(or a newer one\) instead; to go back to this one, restore the backup taken before the upgrade/);
    expect(server.stdout()).not.toContain('listening on');
    // Nothing was written: the newer release's row is still the newest.
    expect((await appliedVersions(url)).at(-1)).toBe(newer);
  });

  it('needs a database: none named, or one that does not answer, is exit 2 and one line', { timeout: 60_000 }, async () => {
    const none = await runMigrate([], { DATABASE_URL: '' });
    expect(none).toMatchObject({ code: 2, stderr: 'error: DATABASE_URL (or DATABASE_URL_FILE) must name the PostgreSQL database to migrate (see --help)\n' });
    const away = await runMigrate([], { DATABASE_URL: 'postgres://kit:secret@127.0.0.1:1/nowhere' });
    expect(away.code).toBe(2);
    expect(away.stderr).toMatch(/^Cannot use DATABASE_URL postgres:\/\/kit:\*\*\*@127\.0\.0\.1:1\/nowhere: /);
    expect(away.stderr).not.toContain('secret');
    expect((await runMigrate(['--database-url', 'postgres://x'], {})).code).toBe(2);
  });
});

describe.skipIf(skip)("this release's schema takes the previous release's writes", () => {
  it('fills the real-time ends the previous release does not write, as migration 10 filled existing rows', { timeout: 60_000 }, async () => {
    const url = await database(KNOWN_SCHEMA_VERSION);
    const hour = 3_600_000;
    await sql(url, 'INSERT INTO clock_offsets (account_id, offset_ms) VALUES (2, $1)', [5 * hour]);
    // The statements of fe1dfc4's postgresTransient.ts and postgresBookings.ts, as it sends them.
    await sql(url, 'INSERT INTO searches (search_id, account_id, value, expires_at_ms) VALUES ($1, $2, $3, $4) ON CONFLICT (search_id) DO UPDATE SET account_id = $2, value = $3, expires_at_ms = $4', ['s1', 2, '{}', 10 * hour]);
    await sql(url, 'INSERT INTO offers (account_id, service_hash, value, expires_at_ms) VALUES (1, $1, $2, $3) ON CONFLICT (account_id, service_hash) DO UPDATE SET value = EXCLUDED.value, expires_at_ms = EXCLUDED.expires_at_ms', ['h1', '{}', 7 * hour]);
    await sql(url, 'INSERT INTO offers (account_id, service_hash, value, expires_at_ms) VALUES (1, $1, $2, $3) ON CONFLICT (account_id, service_hash) DO UPDATE SET value = EXCLUDED.value, expires_at_ms = EXCLUDED.expires_at_ms', ['h1', '{}', 9 * hour]);
    await sql(url, 'INSERT INTO idempotency_keys (account_id, key, fingerprint) VALUES (2, $1, $2) ON CONFLICT DO NOTHING', ['k1', 'f']);
    await sql(url, `INSERT INTO idempotency_keys (account_id, key, fingerprint, response, at_ms) VALUES (2, $1, $2, $3, $4)
      ON CONFLICT (account_id, key) DO UPDATE SET fingerprint = $2, response = $3, at_ms = $4, claimed_at = now()`, ['k1', 'f', '{"status":200,"body":{}}', 8 * hour]);
    expect(await sql(url, 'SELECT expires_at_base_ms::int8::text AS end FROM searches')).toEqual([{ end: String(5 * hour) }]);
    expect(await sql(url, 'SELECT expires_at_base_ms::int8::text AS end FROM offers')).toEqual([{ end: String(9 * hour) }]);
    expect(await sql(url, 'SELECT at_base_ms::int8::text AS at FROM idempotency_keys')).toEqual([{ at: String(3 * hour) }]);
    // This release's own writes keep what they say.
    await sql(url, 'UPDATE searches SET expires_at_ms = $1, expires_at_base_ms = $2', [11 * hour, 4 * hour]);
    expect(await sql(url, 'SELECT expires_at_base_ms::int8::text AS end FROM searches')).toEqual([{ end: String(4 * hour) }]);
  });
});
