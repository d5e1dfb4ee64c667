/**
 * `hotel-sandbox migrate [--dry-run]`: brings the PostgreSQL database of DATABASE_URL (or the file
 * DATABASE_URL_FILE names) to this release's schema, or with --dry-run shows what that would apply
 * and writes nothing. Replicas migrate at start too (under the same advisory lock); this command lets
 * an operator migrate first, on purpose, and see what an upgrade will do (docs/operating.md, "Upgrade").
 *
 * Exit 0: the schema is (or, dry, would be) this release's. 1: a migration failed (it was rolled
 * back; the ones before it stay). 2: usage, an unreachable database, or a schema newer than this
 * release knows.
 */
import pg from 'pg';
import { describeDatabaseUrl } from '../store/postgresDatabase.js';
import { KNOWN_SCHEMA_VERSION, SchemaTooNewError, migrate, schemaState, type SchemaState } from '../store/postgresMigrations.js';
import type { Command } from './command.js';
import { commandSettings, option, onOff } from './options.js';
import { SERVER_OPTIONS } from './serverOptions.js';

export const MIGRATE_OPTIONS = {
  databaseUrl: {
    ...SERVER_OPTIONS.databaseUrl,
    shownDefault: 'required',
    help: 'postgres://… : the database to migrate; from the environment or DATABASE_URL_FILE, never a flag',
  },
  dryRun: option({
    flag: 'dry-run',
    switch: true,
    flagSets: true,
    fallback: false,
    shownDefault: 'off',
    help: 'Show the pending migrations and write nothing',
    parse: onOff,
  }),
};

const HELP = {
  usage: 'hotel-sandbox migrate [--dry-run]',
  about:
    "Applies this release's pending PostgreSQL migrations to DATABASE_URL (each in its own transaction, under the lock replicas take at start), or with --dry-run lists them. Exit 0 done, 1 a migration failed, 2 usage, no database, or a schema newer than this release.",
};

const versionOf = (state: SchemaState) => Math.max(0, ...state.applied.map((row) => row.version));

export async function runMigrate(args: readonly string[], out: (line: string) => void = console.log, fail: (line: string) => void = console.error): Promise<number> {
  const read = commandSettings(MIGRATE_OPTIONS, HELP, args);
  if ('exitCode' in read) return read.exitCode;
  const { databaseUrl, dryRun } = read.settings;
  if (databaseUrl === undefined) {
    fail('error: DATABASE_URL (or DATABASE_URL_FILE) must name the PostgreSQL database to migrate (see --help)');
    return 2;
  }
  const name = describeDatabaseUrl(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {}); // an idle connection that breaks; the next query reports it
  try {
    let state: SchemaState;
    try {
      state = await schemaState(pool);
    } catch (error) {
      fail(`Cannot use DATABASE_URL ${name}: ${(error as Error).message}`);
      return 2;
    }
    out(`Database ${name}: schema version ${versionOf(state)}; this release knows ${KNOWN_SCHEMA_VERSION}.`);
    if (state.unknown.length > 0) {
      fail(`Cannot migrate: ${new SchemaTooNewError(state.unknown, KNOWN_SCHEMA_VERSION).message}`);
      return 2;
    }
    if (state.pending.length === 0) {
      out('Nothing to apply: the schema is up to date.');
      return 0;
    }
    if (dryRun) {
      out(`${state.pending.length} pending (nothing written; run without --dry-run to apply):`);
      for (const migration of state.pending) out(`  ${String(migration.version).padStart(4)}  ${migration.name}`);
      return 0;
    }
    return await apply(pool, state, out, fail);
  } finally {
    await pool.end().catch(() => {});
  }
}

async function apply(pool: pg.Pool, before: SchemaState, out: (line: string) => void, fail: (line: string) => void): Promise<number> {
  const startedAt = performance.now();
  try {
    const applied = await migrate(pool);
    const names = new Map(before.pending.map((migration) => [migration.version, migration.name]));
    for (const version of applied) out(`  applied ${String(version).padStart(4)}  ${names.get(version) ?? ''}`.trimEnd());
    // Another process (a replica starting) may have applied some meanwhile, under the same lock.
    const byOthers = before.pending.length - applied.length;
    out(
      `Schema version ${KNOWN_SCHEMA_VERSION}: ${applied.length} applied in ${Math.round(performance.now() - startedAt)} ms` +
        `${byOthers > 0 ? ` (${byOthers} applied meanwhile by another process)` : ''}.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof SchemaTooNewError) {
      fail(`Cannot migrate: ${error.message}`);
      return 2;
    }
    fail(`Migration stopped: ${(error as Error).message}. It was rolled back; the migrations before it stay applied (see hotel-sandbox migrate --dry-run).`);
    return 1;
  }
}

export const migrateCommand: Command = {
  summary: 'Apply (or with --dry-run, list) pending PostgreSQL migrations of DATABASE_URL',
  run: (args) => runMigrate(args),
};
