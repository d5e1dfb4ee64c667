/**
 * The PostgreSQL schema as an ordered list of migrations, applied at start (or by `hotel-sandbox
 * migrate`) and tracked in schema_migrations. An advisory lock makes replicas that start together
 * apply each one once. A database migrated by a newer release (a version this list lacks) is refused.
 */
import type { Pool, PoolClient } from 'pg';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'bookings, outbox and idempotency keys',
    sql: `
      CREATE SEQUENCE booking_ids;
      CREATE TABLE bookings (
        id bigint PRIMARY KEY,
        bookhash text NOT NULL UNIQUE,
        account_id integer NOT NULL,
        record jsonb NOT NULL
      );
      CREATE INDEX bookings_by_account ON bookings (account_id, id);
      CREATE TABLE outbox (
        seq bigserial PRIMARY KEY,
        account_id integer NOT NULL,
        bookhash text NOT NULL,
        email jsonb NOT NULL
      );
      CREATE INDEX outbox_by_account ON outbox (account_id, seq);
      CREATE TABLE idempotency_keys (
        account_id integer NOT NULL,
        key text NOT NULL,
        fingerprint text NOT NULL,
        response jsonb,
        at_ms bigint,
        claimed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, key)
      );`,
  },
  {
    version: 2,
    name: 'sandbox state shared by replicas',
    sql: `
      CREATE TABLE clock_offsets (account_id integer PRIMARY KEY, offset_ms bigint NOT NULL);
      CREATE TABLE searches (
        search_id text PRIMARY KEY,
        account_id integer NOT NULL,
        value jsonb NOT NULL,
        expires_at_ms bigint NOT NULL
      );
      CREATE INDEX searches_by_account ON searches (account_id);
      CREATE TABLE offers (
        account_id integer NOT NULL,
        service_hash text NOT NULL,
        value jsonb NOT NULL,
        expires_at_ms bigint NOT NULL,
        PRIMARY KEY (account_id, service_hash)
      );
      CREATE TABLE rate_limit_hits (key text NOT NULL, at_ms bigint NOT NULL);
      CREATE INDEX rate_limit_hits_by_key ON rate_limit_hits (key, at_ms);
      CREATE TABLE request_journal (
        seq bigserial PRIMARY KEY,
        account_id integer NOT NULL,
        entry jsonb NOT NULL
      );
      CREATE INDEX request_journal_by_account ON request_journal (account_id, seq);`,
  },
  {
    version: 3,
    name: 'clock offset history (the rate limiter places past requests with it)',
    sql: `ALTER TABLE clock_offsets ADD COLUMN history jsonb NOT NULL DEFAULT '[]';`,
  },
  {
    version: 4,
    name: 'rate-limit hits kept with their account (an account reset gives them back)',
    // Hits counted before have no account: they stay until they leave the day window.
    sql: `ALTER TABLE rate_limit_hits ADD COLUMN account_id integer;
      CREATE INDEX rate_limit_hits_by_account ON rate_limit_hits (account_id);`,
  },
  {
    version: 5,
    name: 'expiry indexes for the background sweep of searches, offers and idempotency keys',
    sql: `
      CREATE INDEX searches_by_expiry ON searches (account_id, expires_at_ms);
      CREATE INDEX offers_by_expiry ON offers (account_id, expires_at_ms);
      CREATE INDEX idempotency_keys_by_time ON idempotency_keys (account_id, at_ms);`,
  },
  {
    version: 6,
    name: 'random booking ids: the order bookings were made is kept in its own column',
    sql: `
      ALTER TABLE bookings ADD COLUMN made_seq bigserial;
      CREATE INDEX bookings_by_account_made ON bookings (account_id, made_seq);`,
  },
  {
    version: 7,
    name: 'rate-limit hit in one statement; sweep of keys nobody used for a day',
    // rate_limit_keys.hits: how many hits the key ever stored (never less than the rows it has), so a
    // window whose limit lies above it needs no count. rate_limit_hit: under the key's lock (each
    // statement of the function sees what committed before it), judges the key's hits per window;
    // when every window has room, stores the hit and returns NULL, else returns the key's live hit
    // times, oldest first (nothing stored), for the caller to word the refusal (judgeHit). Only for
    // a timeline with one offset over the longest window (the caller checks).
    sql: `
      CREATE INDEX rate_limit_hits_by_time ON rate_limit_hits (at_ms);
      CREATE TABLE rate_limit_keys (key text PRIMARY KEY, hits bigint NOT NULL);
      INSERT INTO rate_limit_keys (key, hits) SELECT key, count(*) FROM rate_limit_hits GROUP BY key;
      CREATE FUNCTION rate_limit_hit(p_key text, p_now bigint, p_windows_ms bigint[], p_limits double precision[], p_account integer)
      RETURNS bigint[] LANGUAGE plpgsql AS $$
      DECLARE
        longest bigint := (SELECT max(w) FROM unnest(p_windows_ms) AS w);
        stored bigint;
        counted bigint;
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtext(p_key));
        SELECT hits INTO stored FROM rate_limit_keys WHERE key = p_key;
        FOR i IN 1 .. coalesce(array_length(p_windows_ms, 1), 0) LOOP
          IF coalesce(stored, 0) >= p_limits[i] THEN
            SELECT count(*) INTO counted FROM rate_limit_hits WHERE key = p_key AND at_ms > p_now - p_windows_ms[i];
            IF counted >= p_limits[i] THEN
              RETURN ARRAY(SELECT at_ms FROM rate_limit_hits WHERE key = p_key AND at_ms > p_now - longest ORDER BY at_ms);
            END IF;
          END IF;
        END LOOP;
        INSERT INTO rate_limit_hits (key, at_ms, account_id) VALUES (p_key, p_now, p_account);
        INSERT INTO rate_limit_keys (key, hits) VALUES (p_key, 1) ON CONFLICT (key) DO UPDATE SET hits = rate_limit_keys.hits + 1;
        RETURN NULL;
      END $$;
      -- Keys with no hits left, at most p_batch, each under its lock (a hit under way finishes first).
      CREATE FUNCTION rate_limit_sweep_keys(p_batch integer) RETURNS integer LANGUAGE plpgsql AS $$
      DECLARE
        candidate text;
        swept integer := 0;
        gone integer;
      BEGIN
        FOR candidate IN SELECT k.key FROM rate_limit_keys k
                         WHERE NOT EXISTS (SELECT 1 FROM rate_limit_hits h WHERE h.key = k.key) LIMIT p_batch LOOP
          PERFORM pg_advisory_xact_lock(hashtext(candidate));
          DELETE FROM rate_limit_keys k WHERE k.key = candidate AND NOT EXISTS (SELECT 1 FROM rate_limit_hits h WHERE h.key = candidate);
          GET DIAGNOSTICS gone = ROW_COUNT;
          swept := swept + gone;
        END LOOP;
        RETURN swept;
      END $$;`,
  },
  {
    version: 8,
    name: 'request journal entries as text, lz4-compressed where the server has lz4, ordered by when they were appended',
    // The store writes JSON.stringify output and parses what it reads, so the database need not
    // parse a 7 KB entry into jsonb and compress it with pglz on every API call (measured: about
    // 0.6 ms of database CPU per entry as jsonb, under 0.1 ms as text with lz4). at_ms: when the
    // replica took the entry (it writes entries out later, see PostgresStore.appendRequestJournal);
    // entries read in (at_ms, seq) order, rows from before this migration first, in seq order.
    sql: `
      ALTER TABLE request_journal ALTER COLUMN entry TYPE text USING entry::text;
      ALTER TABLE request_journal ADD COLUMN at_ms bigint NOT NULL DEFAULT 0;
      CREATE INDEX request_journal_by_account_time ON request_journal (account_id, at_ms, seq);
      DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
          ALTER TABLE request_journal ALTER COLUMN entry SET COMPRESSION lz4;
        END IF;
      END $$;`,
  },
  {
    version: 9,
    name: 'events ordered as received: one sequence for rate-limit hits and clock moves',
    // Of a hit and a clock move in the same millisecond, the one the database stamped first came
    // first (timeline.ts): hits take a number as they are inserted (the column default), a clock
    // move as it is written (PostgresTransient.setClockOffset). Hits stored before take numbers in
    // no particular order; they are placed as before, since no move of theirs has a number.
    sql: `
      CREATE SEQUENCE event_seq;
      ALTER TABLE rate_limit_hits ADD COLUMN seq bigint NOT NULL DEFAULT nextval('event_seq');
      DROP INDEX rate_limit_hits_by_key;
      CREATE INDEX rate_limit_hits_by_key ON rate_limit_hits (key, at_ms, seq);`,
  },
  {
    version: 10,
    name: 'lifetimes end on the account clock or in real time, whichever first; idempotency records go with their booking',
    // The real-time end of rows written before: their account-clock end less the account's offset
    // now (the offset they were most likely written with). The sweeper judges real time only, so it
    // never drops a row that a clock set back could make answer again (see Expiry in domain/ports/store.ts).
    // The previous release (schema 8) keeps running on this schema during a rolling upgrade and
    // writes the account-clock end only: triggers fill the real-time end for it the same way (a
    // NOT NULL column without them failed its every search). They fire only for such writes (their
    // WHEN needs no function call), so this release's own writes cost nothing more. A later release
    // may drop them.
    sql: `
      ALTER TABLE searches ADD COLUMN expires_at_base_ms bigint;
      UPDATE searches s SET expires_at_base_ms = s.expires_at_ms - COALESCE((SELECT c.offset_ms FROM clock_offsets c WHERE c.account_id = s.account_id), 0);
      ALTER TABLE searches ALTER COLUMN expires_at_base_ms SET NOT NULL;
      CREATE INDEX searches_by_base_expiry ON searches (expires_at_base_ms);
      ALTER TABLE offers ADD COLUMN expires_at_base_ms bigint;
      UPDATE offers o SET expires_at_base_ms = o.expires_at_ms - COALESCE((SELECT c.offset_ms FROM clock_offsets c WHERE c.account_id = o.account_id), 0);
      ALTER TABLE offers ALTER COLUMN expires_at_base_ms SET NOT NULL;
      CREATE INDEX offers_by_base_expiry ON offers (expires_at_base_ms);
      CREATE FUNCTION fill_base_expiry() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.expires_at_base_ms := NEW.expires_at_ms - COALESCE((SELECT c.offset_ms FROM clock_offsets c WHERE c.account_id = NEW.account_id), 0);
        RETURN NEW;
      END $$;
      CREATE TRIGGER searches_base_expiry BEFORE INSERT ON searches FOR EACH ROW
        WHEN (NEW.expires_at_base_ms IS NULL) EXECUTE FUNCTION fill_base_expiry();
      CREATE TRIGGER searches_base_expiry_update BEFORE UPDATE ON searches FOR EACH ROW
        WHEN (NEW.expires_at_ms IS DISTINCT FROM OLD.expires_at_ms AND NEW.expires_at_base_ms IS NOT DISTINCT FROM OLD.expires_at_base_ms)
        EXECUTE FUNCTION fill_base_expiry();
      CREATE TRIGGER offers_base_expiry BEFORE INSERT ON offers FOR EACH ROW
        WHEN (NEW.expires_at_base_ms IS NULL) EXECUTE FUNCTION fill_base_expiry();
      CREATE TRIGGER offers_base_expiry_update BEFORE UPDATE ON offers FOR EACH ROW
        WHEN (NEW.expires_at_ms IS DISTINCT FROM OLD.expires_at_ms AND NEW.expires_at_base_ms IS NOT DISTINCT FROM OLD.expires_at_base_ms)
        EXECUTE FUNCTION fill_base_expiry();
      ALTER TABLE idempotency_keys ADD COLUMN at_base_ms bigint, ADD COLUMN bookhash text;
      UPDATE idempotency_keys k SET at_base_ms = k.at_ms - COALESCE((SELECT c.offset_ms FROM clock_offsets c WHERE c.account_id = k.account_id), 0)
        WHERE k.at_ms IS NOT NULL;
      CREATE FUNCTION fill_idempotency_base_time() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- A claim (at_ms NULL) has no time, as both releases write it.
        NEW.at_base_ms := NEW.at_ms - COALESCE((SELECT c.offset_ms FROM clock_offsets c WHERE c.account_id = NEW.account_id), 0);
        RETURN NEW;
      END $$;
      CREATE TRIGGER idempotency_keys_base_time BEFORE INSERT ON idempotency_keys FOR EACH ROW
        WHEN (NEW.at_ms IS NOT NULL AND NEW.at_base_ms IS NULL) EXECUTE FUNCTION fill_idempotency_base_time();
      CREATE TRIGGER idempotency_keys_base_time_update BEFORE UPDATE ON idempotency_keys FOR EACH ROW
        WHEN (NEW.at_ms IS DISTINCT FROM OLD.at_ms AND NEW.at_base_ms IS NOT DISTINCT FROM OLD.at_base_ms)
        EXECUTE FUNCTION fill_idempotency_base_time();
      CREATE INDEX idempotency_keys_by_base_time ON idempotency_keys (at_base_ms);
      CREATE INDEX idempotency_keys_by_booking ON idempotency_keys (bookhash);`,
  },
  {
    version: 11,
    name: 'rate-limit hit in one statement that also returns what the windows hold (for the RateLimit header fields)',
    // As rate_limit_hit (migration 7), which replicas of the release before keep calling during a
    // rolling upgrade: under the key's lock, stores the hit when every window has room. Returns the
    // key's live hit times from before this hit, oldest first, after a first element that says
    // whether it was stored (1) or not (0); the caller judges them as judgeHit does (the same
    // verdict, and each window's state).
    sql: `
      CREATE FUNCTION rate_limit_take(p_key text, p_now bigint, p_windows_ms bigint[], p_limits double precision[], p_account integer)
      RETURNS bigint[] LANGUAGE plpgsql AS $$
      DECLARE
        longest bigint := (SELECT max(w) FROM unnest(p_windows_ms) AS w);
        live bigint[];
        room boolean := true;
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtext(p_key));
        live := ARRAY(SELECT at_ms FROM rate_limit_hits WHERE key = p_key AND at_ms > p_now - longest ORDER BY at_ms, seq);
        FOR i IN 1 .. coalesce(array_length(p_windows_ms, 1), 0) LOOP
          IF (SELECT count(*) FROM unnest(live) AS t WHERE t > p_now - p_windows_ms[i]) >= p_limits[i] THEN
            room := false;
          END IF;
        END LOOP;
        IF room THEN
          INSERT INTO rate_limit_hits (key, at_ms, account_id) VALUES (p_key, p_now, p_account);
          INSERT INTO rate_limit_keys (key, hits) VALUES (p_key, 1) ON CONFLICT (key) DO UPDATE SET hits = rate_limit_keys.hits + 1;
        END IF;
        RETURN ARRAY[CASE WHEN room THEN 1 ELSE 0 END]::bigint[] || live;
      END $$;`,
  },
  {
    version: 12,
    name: 'accounts and their keys, created by operators (postgresAccounts.ts)',
    // record: the account with its keys (as digests); NULL once deleted, so replicas learn of it and
    // the id is never drawn again. account_ids starts at FIRST_ACCOUNT_ID (below it: the demo set).
    sql: `
      CREATE SEQUENCE account_ids START 1000;
      CREATE SEQUENCE account_changes;
      CREATE TABLE accounts (id integer PRIMARY KEY, record jsonb, changed_seq bigint NOT NULL);
      CREATE INDEX accounts_by_change ON accounts (changed_seq);`,
  },
  {
    version: 14,
    name: "each account's stubs, one row per account (postgresStubs.ts)",
    // 13 is the API keys' migration of the same release. stub_set: the account's scenario state, its
    // stubs and its next stub id (domain/stubs/stub.ts), bounded in count and bytes by the domain.
    sql: `
      CREATE TABLE stubs (account_id integer PRIMARY KEY, stub_set jsonb NOT NULL);`,
  },
];

/** Any fixed number: the advisory lock that serialises migrations of this schema. */
const MIGRATION_LOCK = 7_202_611;

/** The newest migration this code knows: what /metrics shows as `store_schema_version_known`. */
export const KNOWN_SCHEMA_VERSION = Math.max(...MIGRATIONS.map((migration) => migration.version));

/** Where to read about upgrades and going back, named in the messages below. */
const UPGRADE_DOCS = 'docs/operating.md, "Upgrade"';

/**
 * The database holds migrations this code does not know: a newer release migrated it. Starting on
 * it could misread or damage what the newer release wrote, so nothing is started and nothing written.
 */
export class SchemaTooNewError extends Error {
  override name = 'SchemaTooNewError';
  constructor(readonly unknown: readonly number[], readonly known: number) {
    super(
      `the database schema is at version ${Math.max(...unknown)}, newer than this release knows (${known}; unknown migrations: ${unknown.join(', ')}): ` +
        `a newer release migrated it. Run that release (or a newer one) instead; to go back to this one, restore the backup taken before the upgrade (${UPGRADE_DOCS}).`,
    );
  }
}

/** A migration as the database recorded it. */
export interface AppliedMigration {
  version: number;
  name: string;
  appliedAt: Date;
}

/** What the database holds against what this code knows. */
export interface SchemaState {
  applied: AppliedMigration[];
  /** Known, not applied yet, in the order they would be applied. */
  pending: Migration[];
  /** Applied, not known (a newer release's): this code must not run on it. */
  unknown: number[];
}

type Queryable = Pick<Pool, 'query'> | Pick<PoolClient, 'query'>;

const sortedByVersion = (migrations: readonly Migration[]) => [...migrations].sort((a, b) => a.version - b.version);

/** Reads schema_migrations (none yet: nothing applied) against `migrations`; writes nothing. */
export async function schemaState(db: Queryable, migrations: readonly Migration[] = MIGRATIONS): Promise<SchemaState> {
  const { rows: table } = await db.query<{ exists: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS exists");
  const { rows } = table[0]?.exists
    ? await db.query<{ version: number; name: string; applied_at: Date }>('SELECT version, name, applied_at FROM schema_migrations ORDER BY version')
    : { rows: [] };
  const applied = rows.map((row) => ({ version: row.version, name: row.name, appliedAt: row.applied_at }));
  const appliedVersions = new Set(applied.map((row) => row.version));
  const knownVersions = new Set(migrations.map((migration) => migration.version));
  return {
    applied,
    pending: sortedByVersion(migrations).filter((migration) => !appliedVersions.has(migration.version)),
    unknown: applied.map((row) => row.version).filter((version) => !knownVersions.has(version)),
  };
}

/** The newest migration applied to the database (0: none), and the newest `migrations` knows. */
export async function schemaVersions(db: Queryable, migrations: readonly Migration[] = MIGRATIONS): Promise<{ database: number; known: number }> {
  const { rows } = await db.query<{ version: number | null }>(
    "SELECT CASE WHEN to_regclass('schema_migrations') IS NULL THEN 0 ELSE (SELECT coalesce(max(version), 0) FROM schema_migrations) END AS version",
  );
  return { database: rows[0]?.version ?? 0, known: Math.max(0, ...migrations.map((migration) => migration.version)) };
}

/**
 * Applies the migrations not yet applied, each in its own transaction, under an advisory lock (so
 * replicas that start together apply each once); returns the versions applied. A database that
 * holds a migration `migrations` does not know throws SchemaTooNewError before anything is written.
 */
export async function migrate(pool: Pool, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      const state = await schemaState(client, migrations);
      if (state.unknown.length > 0) throw new SchemaTooNewError(state.unknown, Math.max(0, ...migrations.map((migration) => migration.version)));
      await client.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const done: number[] = [];
      for (const migration of state.pending) {
        await client.query('BEGIN');
        try {
          await client.query(migration.sql);
          await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw new Error(`migration ${migration.version} (${migration.name}) failed: ${(error as Error).message}`, { cause: error });
        }
        done.push(migration.version);
      }
      return done;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
