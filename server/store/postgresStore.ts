/**
 * The Store in PostgreSQL (DATABASE_URL), for several replicas sharing one database. Bookings are
 * JSON records keyed by bookhash with ids from a sequence; a change of a booking locks its row
 * (SELECT … FOR UPDATE) so concurrent changes from any process apply one after the other.
 * Per API call one statement of its own (the rate-limit hit): clock rows and stored searches are
 * kept per replica and dropped when a change is announced (postgresChanges.ts), offers go in
 * multi-row statements shared with concurrent calls (postgresBatches.ts), and journal entries are
 * held per replica until a journal is read. See docs/scaling.md.
 */
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { BookingRecord } from '../domain/bookings/record.js';
import type { RateLimitDecision, RateLimitWindow } from '../domain/rateLimiter.js';
import { judgeHit, longestWindowMs } from '../domain/slidingWindows.js';
import { REAL_TIME, type OffsetChange, type Timeline } from '../domain/timeline.js';
import { BOOKING_ID_DRAWS, drawBookingId } from './bookingIds.js';
import { GroupWriter } from './postgresBatches.js';
import { ChangeFeed, type Announcement, type ChangedAccount, type Notice } from './postgresChanges.js';
import { migrate } from './postgresMigrations.js';
import {
  BookingsFullError, IDEMPOTENCY_TTL_MS, REQUEST_JOURNAL_CAP, StoreOpenError, StoreUnavailableError, journalEntryOf,
  type BookingChange, type IdempotencyClaim, type IdempotencyCompletion, type IdempotencyKeyUse, type JournalEntryBuilder, type OutboxEmail, type Store,
} from './store.js';

type Client = pg.PoolClient;

/**
 * Searches, offers and rate-limit hits are transient (the embedded store keeps them in memory only):
 * their commits do not wait for the WAL to reach disk. A database crash may lose the last moments of
 * them, never a booking; every reader still sees them at once, on any replica.
 */
const TRANSIENT = { transient: true };

/** GET /readyz waits this long for the database's SELECT 1. */
const READY_TIMEOUT_MS = 1000;

/** A claim whose request has not completed for this long is taken to be abandoned (its process died). */
const ABANDONED_CLAIM_SECONDS = 60;

/** How often expired transient rows are swept in the background, and how many rows one statement deletes. */
const SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 1_000;
/** Batches per table per sweep: a sweep's work is bounded; what is left goes at the next one. */
const SWEEP_MAX_BATCHES = 50;
/** Rows per multi-row statement of the group writes, and rows that may wait (see GroupWriter). */
const OFFERS_PER_BATCH = 5_000;
const JOURNAL_ENTRIES_PER_BATCH = 500;
const MAX_QUEUED_ROWS = 20_000;
/**
 * A replica trims an account's request journal to REQUEST_JOURNAL_CAP after appending this many of
 * its entries (reads take the newest CAP, so the few more rows held in between are never seen).
 */
const JOURNAL_TRIM_EVERY = 64;
/** Stored searches and clock rows a replica keeps copies of (see ChangeFeed). */
const CACHED_SEARCHES = 10_000;
const CACHED_CLOCKS = 10_000;

/** A rate-limit hit older than this (base time) counts for no window: the spec's longest is a day. */
const RATE_LIMIT_DAY_MS = 86_400_000;

/**
 * Expired rows, each judged by its own account's clock (the base clock plus that account's offset,
 * as AccountClocks reads it): $1 is the base clock in ms, $2 the batch size. Idempotency records live
 * IDEMPOTENCY_TTL_MS ($3) from their use; a claim that never completed goes once it is abandoned.
 */
const SWEEPS: readonly { table: string; sql: string }[] = [
  {
    table: 'searches',
    sql: `DELETE FROM searches WHERE search_id IN (
            SELECT s.search_id FROM searches s LEFT JOIN clock_offsets c ON c.account_id = s.account_id
            WHERE s.expires_at_ms <= $1::bigint + COALESCE(c.offset_ms, 0) LIMIT $2)`,
  },
  {
    table: 'offers',
    sql: `DELETE FROM offers WHERE ctid IN (
            SELECT o.ctid FROM offers o LEFT JOIN clock_offsets c ON c.account_id = o.account_id
            WHERE o.expires_at_ms <= $1::bigint + COALESCE(c.offset_ms, 0) LIMIT $2)`,
  },
  {
    // Keys nobody used for a day: nothing counts after one day of base time (see SlidingWindowRateLimiter).
    table: 'rate_limit_hits',
    sql: `DELETE FROM rate_limit_hits WHERE ctid IN (
            SELECT ctid FROM rate_limit_hits WHERE at_ms <= $1::bigint - ${RATE_LIMIT_DAY_MS} LIMIT $2)`,
  },
  {
    // Their counters once no hit is left (rate_limit_keys, see migration 7).
    table: 'rate_limit_keys',
    sql: 'SELECT rate_limit_sweep_keys($1) AS count',
  },
  {
    table: 'idempotency_keys',
    sql: `DELETE FROM idempotency_keys WHERE ctid IN (
            SELECT k.ctid FROM idempotency_keys k LEFT JOIN clock_offsets c ON c.account_id = k.account_id
            WHERE (k.response IS NOT NULL AND k.at_ms + $3::bigint <= $1::bigint + COALESCE(c.offset_ms, 0))
               OR (k.response IS NULL AND k.claimed_at < now() - make_interval(secs => $4))
            LIMIT $2)`,
  },
];

/** Errors of the connection or the server, not of a statement: the client gets a 503 and may retry. */
function isUnavailable(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) return /^(08|53|57|58)/.test(error.code ?? '');
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return true; // ECONNREFUSED, ECONNRESET, ETIMEDOUT …
  return /connection terminated|timeout exceeded when trying to connect|connection error/i.test((error as Error | null)?.message ?? '');
}

/** The URL without its password, for messages. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = parsed.password ? '***' : '';
    return parsed.toString();
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}

export class PostgresStore implements Store {
  readonly kind = 'postgres';
  private sweepTimer: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> | undefined;

  /** Reads of an account's clock row under way: concurrent readers share one round trip (see clockRow). */
  private readonly clockReads = new Map<number, Promise<ClockRow>>();

  /**
   * Copies of clock rows and stored searches, kept while the change feed is live: a clock row changes
   * only by the control calls the feed announces, and a search never changes under its key but by
   * expiry (judged here on the caller's clock) or an announced reset. See ChangeFeed.
   */
  private readonly clocks = new Map<number, ClockRow>();
  private readonly searches = new LRUCache<string, StoredSearchRow>({ max: CACHED_SEARCHES });
  private readonly feed: ChangeFeed;

  /** Offers and journal entries, written in multi-row statements (see GroupWriter). */
  private readonly offerWrites: GroupWriter<OfferRows>;
  private readonly journalWrites: GroupWriter<JournalRow>;
  /**
   * Entries this replica took and has not written yet, per account, at most REQUEST_JOURNAL_CAP
   * each (see appendRequestJournal): built and written when a replica reads the account's journal,
   * when this one stops hearing notices, and at close().
   */
  private readonly heldJournal = new Map<number, { appended: unknown; atMs: number }[]>();
  /** Entries appended by this replica per account since it last trimmed that account's journal. */
  private readonly untrimmed = new Map<number, number>();

  /**
   * @param pool durable writes and reads
   * @param transientPool connections with synchronous_commit off, for the transient state (see
   *   TRANSIENT): one statement is one round trip, no BEGIN/SET LOCAL/COMMIT around it
   */
  private constructor(
    private readonly pool: pg.Pool,
    private readonly transientPool: pg.Pool,
    sweepIntervalMs: number,
    listenerConfig: pg.ClientConfig,
  ) {
    this.feed = new ChangeFeed(listenerConfig, (notice) => this.heard(notice));
    this.offerWrites = new GroupWriter((batches) => this.writeOffers(batches), { maxBatch: OFFERS_PER_BATCH, maxQueued: MAX_QUEUED_ROWS, name: 'offers' });
    this.journalWrites = new GroupWriter((entries) => this.writeJournal(entries), {
      maxBatch: JOURNAL_ENTRIES_PER_BATCH, maxQueued: MAX_QUEUED_ROWS, name: 'request journal entries',
    });
    if (sweepIntervalMs > 0) {
      this.sweepTimer = setInterval(() => {
        // A database that is away now is swept at a later tick.
        this.sweeping ??= this.sweepExpired().catch(() => {}).finally(() => (this.sweeping = undefined));
      }, sweepIntervalMs);
      this.sweepTimer.unref();
    }
  }

  /**
   * Connects and migrates; a StoreOpenError with a one-line reason when that fails. Expired searches,
   * offers and idempotency keys are swept every `sweepIntervalMs` (0: never, the caller sweeps).
   */
  static async open(
    url: string,
    options: { poolSize?: number; idleTimeoutMillis?: number; sweepIntervalMs?: number } = {},
  ): Promise<PostgresStore> {
    const config = {
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: options.idleTimeoutMillis ?? 10_000,
    };
    const pool = new pg.Pool(config);
    const transientPool = new pg.Pool({ ...config, options: '-c synchronous_commit=off' });
    // An idle connection that breaks must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    transientPool.on('error', () => {});
    try {
      await migrate(pool);
    } catch (error) {
      await Promise.all([pool.end().catch(() => {}), transientPool.end().catch(() => {})]);
      throw new StoreOpenError(`Cannot use DATABASE_URL ${describeDatabaseUrl(url)}: ${(error as Error).message || String(error)}`);
    }
    const store = new PostgresStore(pool, transientPool, options.sweepIntervalMs ?? SWEEP_INTERVAL_MS, { connectionString: url, connectionTimeoutMillis: 5000 });
    await store.feed.start();
    return store;
  }

  /**
   * Deletes expired transient rows in batches of SWEEP_BATCH (at most SWEEP_MAX_BATCHES per table),
   * each row judged by its own account's clock over `baseNowMs` (real time unless a test says).
   * Returns the rows deleted per table.
   */
  async sweepExpired(baseNowMs = Date.now()): Promise<Record<string, number>> {
    const deleted: Record<string, number> = {};
    for (const { table, sql } of SWEEPS) {
      deleted[table] = 0;
      const values: unknown[] = table === 'rate_limit_keys' ? [SWEEP_BATCH] : [baseNowMs, SWEEP_BATCH];
      if (table === 'idempotency_keys') values.push(IDEMPOTENCY_TTL_MS, ABANDONED_CLAIM_SECONDS);
      for (let batch = 0; batch < SWEEP_MAX_BATCHES; batch++) {
        const client = await this.connect();
        let count: number;
        try {
          const result = await client.query<{ count?: number }>(sql, values);
          count = result.rows[0]?.count ?? result.rowCount ?? 0;
        } catch (error) {
          throw storeError(error);
        } finally {
          client.release();
        }
        deleted[table] += count;
        if (count < SWEEP_BATCH) break;
      }
    }
    return deleted;
  }

  /** Rows held in the transient tables, for figures (benchmarks, tests). */
  async transientSizes(): Promise<{ searches: number; offers: number; idempotency_keys: number }> {
    const rows = await this.query<{ searches: string; offers: string; idempotency_keys: string }>(
      `SELECT (SELECT count(*) FROM searches) AS searches, (SELECT count(*) FROM offers) AS offers,
              (SELECT count(*) FROM idempotency_keys) AS idempotency_keys`,
    );
    const row = rows[0]!;
    return { searches: Number(row.searches), offers: Number(row.offers), idempotency_keys: Number(row.idempotency_keys) };
  }

  insertBooking(build: (id: number) => BookingRecord, idempotency?: IdempotencyCompletion, keepPerAccount?: number): Promise<BookingRecord> {
    return this.transaction(async (client) => {
      // A random id (bookingIds.ts); the primary key refuses one already taken, and another is drawn.
      let booking: BookingRecord | undefined;
      for (let draws = 0; !booking; draws += 1) {
        if (draws === BOOKING_ID_DRAWS) throw new Error(`no free booking id after ${BOOKING_ID_DRAWS} draws`);
        const candidate = build(drawBookingId());
        const inserted = await client.query('INSERT INTO bookings (id, bookhash, account_id, record) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING', [
          candidate.id, candidate.bookhash, candidate.accountId, candidate,
        ]);
        if (inserted.rowCount === 1) booking = candidate;
      }
      if (keepPerAccount !== undefined) await this.retireBookings(client, booking, keepPerAccount);
      if (idempotency) {
        await client.query(
          `INSERT INTO idempotency_keys (account_id, key, fingerprint, response, at_ms) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (account_id, key) DO UPDATE SET fingerprint = $3, response = $4, at_ms = $5, claimed_at = now()`,
          [idempotency.accountId, idempotency.key, idempotency.fingerprint, idempotency.response, idempotency.atMs],
        );
      }
      return booking;
    });
  }

  /**
   * After an insert: the account's oldest retired bookings (isRetired: not confirmed) but the new one, and their e-mails
   * go until it holds `keep`; when too few can go, BookingsFullError rolls the insert back.
   */
  private async retireBookings(client: Client, added: BookingRecord, keep: number): Promise<void> {
    const { rows } = await client.query<{ held: string }>('SELECT count(*) AS held FROM bookings WHERE account_id = $1', [added.accountId]);
    const excess = Number(rows[0]!.held) - keep;
    if (excess <= 0) return;
    const dropped = await client.query<{ bookhash: string }>(
      `DELETE FROM bookings WHERE bookhash IN (
         SELECT bookhash FROM bookings
         WHERE account_id = $1 AND bookhash <> $3 AND record->>'status' <> 'booking_confirmed' ORDER BY made_seq LIMIT $2)
       RETURNING bookhash`,
      [added.accountId, excess, added.bookhash],
    );
    if (dropped.rows.length < excess) throw new BookingsFullError(keep);
    await client.query('DELETE FROM outbox WHERE bookhash = ANY($1)', [dropped.rows.map((row) => row.bookhash)]);
  }

  async findBooking(bookhash: string): Promise<BookingRecord | undefined> {
    const rows = await this.query<{ record: BookingRecord }>('SELECT record FROM bookings WHERE bookhash = $1', [bookhash]);
    return rows[0]?.record;
  }

  updateBooking(bookhash: string, change: (current: BookingRecord) => BookingChange | undefined): Promise<BookingRecord | undefined> {
    return this.transaction(async (client) => {
      const { rows } = await client.query<{ record: BookingRecord }>('SELECT record FROM bookings WHERE bookhash = $1 FOR UPDATE', [bookhash]);
      const current = rows[0]?.record;
      if (!current) return undefined;
      const changed = change(current);
      if (!changed) return current;
      const booking = 'emails' in changed ? changed.booking : changed;
      if (booking.bookhash !== bookhash || booking.id !== current.id || booking.accountId !== current.accountId) {
        throw new Error('updateBooking: the change altered the id, bookhash or account');
      }
      await client.query('UPDATE bookings SET record = $2 WHERE bookhash = $1', [bookhash, booking]);
      for (const email of 'emails' in changed ? changed.emails : []) {
        await client.query('INSERT INTO outbox (account_id, bookhash, email) VALUES ($1, $2, $3)', [booking.accountId, bookhash, email]);
      }
      return booking;
    });
  }

  async bookingsOfAccount(accountId: number): Promise<BookingRecord[]> {
    const rows = await this.query<{ record: BookingRecord }>('SELECT record FROM bookings WHERE account_id = $1 ORDER BY made_seq', [accountId]);
    return rows.map((row) => row.record);
  }

  async countBookings(): Promise<number> {
    const rows = await this.query<{ count: string }>('SELECT count(*) AS count FROM bookings');
    return Number(rows[0]!.count);
  }

  async outbox(): Promise<OutboxEmail[]> {
    const rows = await this.query<{ email: OutboxEmail }>('SELECT email FROM outbox ORDER BY seq');
    return rows.map((row) => row.email);
  }

  async outboxOfAccount(accountId: number): Promise<OutboxEmail[]> {
    const rows = await this.query<{ email: OutboxEmail }>('SELECT email FROM outbox WHERE account_id = $1 ORDER BY seq', [accountId]);
    return rows.map((row) => row.email);
  }

  claimIdempotencyKey(use: IdempotencyKeyUse, nowMs: number): Promise<IdempotencyClaim> {
    return this.transaction(async (client) => {
      const inserted = await client.query(
        'INSERT INTO idempotency_keys (account_id, key, fingerprint) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [use.accountId, use.key, use.fingerprint],
      );
      if (inserted.rowCount === 1) return { state: 'claimed' };
      const { rows } = await client.query<{ fingerprint: string; response: IdempotencyCompletion['response'] | null; at_ms: string | null; abandoned: boolean }>(
        `SELECT fingerprint, response, at_ms, claimed_at < now() - make_interval(secs => $3) AS abandoned
         FROM idempotency_keys WHERE account_id = $1 AND key = $2 FOR UPDATE`,
        [use.accountId, use.key, ABANDONED_CLAIM_SECONDS],
      );
      const row = rows[0]!;
      if (row.response !== null && nowMs - Number(row.at_ms) < IDEMPOTENCY_TTL_MS) {
        return { state: 'completed', fingerprint: row.fingerprint, response: row.response };
      }
      if (row.response === null && !row.abandoned) return { state: 'in_progress', fingerprint: row.fingerprint };
      await client.query(
        'UPDATE idempotency_keys SET fingerprint = $3, response = NULL, at_ms = NULL, claimed_at = now() WHERE account_id = $1 AND key = $2',
        [use.accountId, use.key, use.fingerprint],
      );
      return { state: 'claimed' };
    });
  }

  async releaseIdempotencyKey(accountId: number, key: string): Promise<void> {
    await this.query('DELETE FROM idempotency_keys WHERE account_id = $1 AND key = $2 AND response IS NULL', [accountId, key]);
  }

  async getClockOffset(accountId: number): Promise<number> {
    return (await this.clockRow(accountId)).offsetMs;
  }

  async getClockHistory(accountId: number): Promise<readonly OffsetChange[]> {
    return (await this.clockRow(accountId)).history;
  }

  /**
   * The account's offset and history in one read. A request reads both (its clock, then its
   * timeline for the rate limiter). While the change feed is live, the row is read once per replica
   * and kept until a change of the account is announced (every replica drops it before the change is
   * acknowledged, see ChangeFeed). Otherwise, readers that come while a read of the row is under way
   * share it.
   */
  private clockRow(accountId: number): Promise<ClockRow> {
    const kept = this.clocks.get(accountId);
    if (kept) return Promise.resolve(kept);
    let reading = this.clockReads.get(accountId);
    if (!reading) {
      const generation = this.feed.generation;
      const read = this.query<{ offset_ms: string; history: OffsetChange[] }>(
        'SELECT offset_ms, history FROM clock_offsets WHERE account_id = $1',
        [accountId],
      ).then((rows) => {
        const row: ClockRow = { offsetMs: rows[0] ? Number(rows[0].offset_ms) : 0, history: rows[0]?.history ?? [] };
        // Kept only when no change was heard since the read began (it may have read the row before it).
        if (this.feed.live && this.feed.generation === generation) {
          if (this.clocks.size >= CACHED_CLOCKS) this.clocks.clear();
          this.clocks.set(accountId, row);
        }
        return row;
      });
      reading = read.finally(() => {
        if (this.clockReads.get(accountId) === reading) this.clockReads.delete(accountId);
      });
      this.clockReads.set(accountId, reading);
    }
    return reading;
  }

  /** What the change feed brings (see Notice). */
  private heard(notice: Notice): void | Promise<void> {
    if (notice.kind === 'changed') {
      this.forget(notice.account);
      if (notice.account === null) this.heldJournal.clear();
      else this.heldJournal.delete(notice.account);
      return;
    }
    if (notice.kind === 'journal') return this.writeHeldJournal(notice.account);
    // Lost: nobody could ask this replica for what it holds, so it goes out now.
    this.forget(null);
    return this.writeHeldJournal(null);
  }

  /** Drops the copies of the account's state (of every account for null). */
  private forget(account: ChangedAccount): void {
    if (account === null) {
      this.clocks.clear();
      this.clockReads.clear();
      this.searches.clear();
      return;
    }
    this.clocks.delete(account);
    this.clockReads.delete(account);
    const keys = [...this.searches.entries()].filter(([, search]) => search.accountId === account).map(([key]) => key);
    for (const key of keys) this.searches.delete(key);
  }

  async setClockOffset(accountId: number, offsetMs: number, history: readonly OffsetChange[] = []): Promise<void> {
    await this.announced(accountId, (client) =>
      client.query(
        `INSERT INTO clock_offsets (account_id, offset_ms, history) VALUES ($1, $2, $3)
         ON CONFLICT (account_id) DO UPDATE SET offset_ms = $2, history = $3`,
        [accountId, Math.round(offsetMs), JSON.stringify(history)],
      ),
    );
  }

  /**
   * Runs `work` in a transaction that also announces the change of `account` on the change feed,
   * and resolves once every replica dropped its copies of it (see ChangeFeed).
   */
  private async announced(account: ChangedAccount, work: (client: Client) => Promise<unknown>): Promise<void> {
    this.forget(account);
    const announcement: Announcement = this.feed.announce(account);
    let at: string | undefined;
    try {
      await this.transaction(async (client) => {
        await work(client);
        at = (await client.query<{ at: string }>(announcement.sql, announcement.values)).rows[0]?.at;
      });
    } catch (error) {
      announcement.abandoned();
      throw error;
    } finally {
      this.forget(account);
    }
    await announcement.settled(at);
  }

  async putSearch(accountId: number, searchId: string, value: unknown, expiresAtMs: number): Promise<void> {
    // Kept once read back (as the database gives it), not as given.
    this.searches.delete(searchId);
    await this.query(
      `INSERT INTO searches (search_id, account_id, value, expires_at_ms) VALUES ($1, $2, $3, $4)
       ON CONFLICT (search_id) DO UPDATE SET account_id = $2, value = $3, expires_at_ms = $4`,
      [searchId, accountId, JSON.stringify(value), expiresAtMs],
      this.transientPool,
    );
    this.searches.delete(searchId);
  }

  /**
   * A stored search, read once per replica: a key is only ever written again once its search expired
   * (on the same account's clock, which only announced control calls move) or after an announced
   * reset, so a copy that is still valid is what the database holds.
   */
  async getSearch(searchId: string, nowMs: number): Promise<{ accountId: number; value: unknown } | undefined> {
    const kept = this.searches.get(searchId);
    if (kept && kept.expiresAtMs > nowMs) return { accountId: kept.accountId, value: kept.value };
    const generation = this.feed.generation;
    const rows = await this.query<{ account_id: number; value: unknown; expires_at_ms: string }>(
      'SELECT account_id, value, expires_at_ms FROM searches WHERE search_id = $1 AND expires_at_ms > $2',
      [searchId, nowMs],
    );
    const row = rows[0];
    if (!row) return undefined;
    if (this.feed.live && this.feed.generation === generation) {
      this.searches.set(searchId, { accountId: row.account_id, value: row.value, expiresAtMs: Number(row.expires_at_ms) });
    }
    return { accountId: row.account_id, value: row.value };
  }

  /** Written with the offers of concurrent calls in one statement (GroupWriter); resolves once committed. */
  async putOffers(accountId: number, serviceHashes: readonly string[], value: unknown, expiresAtMs: number): Promise<void> {
    if (serviceHashes.length === 0) return;
    await this.offerWrites.add({ accountId, serviceHashes, value: JSON.stringify(value), expiresAtMs });
  }

  /**
   * One statement for the batch. A row twice in it would make ON CONFLICT touch it twice, so each
   * (account, service_hash) once, with what the last call gave (as if the calls ran one after the
   * other); rows in key order, so concurrent batches of two replicas lock shared rows in one order.
   */
  private async writeOffers(batches: OfferRows[]): Promise<void> {
    const rows = new Map<string, { accountId: number; hash: string; value: string; expiresAtMs: number }>();
    for (const { accountId, serviceHashes, value, expiresAtMs } of batches) {
      for (const hash of serviceHashes) rows.set(`${accountId} ${hash}`, { accountId, hash, value, expiresAtMs });
    }
    const sorted = [...rows.values()].sort((a, b) => a.accountId - b.accountId || (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
    // Calls of one search or hotel share one value: sent once, referred to by position.
    const values: string[] = [];
    const positions = new Map<string, number>();
    const valueOf = (value: string) => {
      let position = positions.get(value);
      if (position === undefined) positions.set(value, (position = values.push(value)));
      return position;
    };
    await this.query(
      `INSERT INTO offers (account_id, service_hash, value, expires_at_ms)
       SELECT r.account_id, r.hash, ($5::text[])[r.value_at]::jsonb, r.expires_at_ms
       FROM unnest($1::int[], $2::text[], $3::int[], $4::bigint[]) WITH ORDINALITY AS r(account_id, hash, value_at, expires_at_ms, n)
       ORDER BY r.n
       ON CONFLICT (account_id, service_hash) DO UPDATE SET value = EXCLUDED.value, expires_at_ms = EXCLUDED.expires_at_ms`,
      [sorted.map((row) => row.accountId), sorted.map((row) => row.hash), sorted.map((row) => valueOf(row.value)), sorted.map((row) => row.expiresAtMs), values],
      this.transientPool,
    );
  }

  async getOffer(accountId: number, serviceHash: string, nowMs: number): Promise<unknown> {
    const rows = await this.query<{ value: unknown }>(
      'SELECT value FROM offers WHERE account_id = $1 AND service_hash = $2 AND expires_at_ms > $3',
      [accountId, serviceHash, nowMs],
    );
    return rows[0]?.value;
  }

  /**
   * One round trip (the function rate_limit_hit, migration 7) when the asker's clock kept one offset
   * over the longest window, which judges exactly as judgeHit does then (every place is its base
   * time plus that offset, as is now's); otherwise, or when a refusal is to be worded differently,
   * the key's rows are judged here under the same lock.
   */
  async hitRateLimit(
    key: string,
    nowMs: number,
    windows: readonly RateLimitWindow[],
    timeline: Timeline = REAL_TIME,
    accountId?: number,
  ): Promise<RateLimitDecision> {
    const steadySince = nowMs - longestWindowMs(windows);
    if (windows.length > 0 && timeline.every((change) => change.fromBaseMs <= steadySince)) {
      const rows = await this.query<{ live: string[] | null }>(
        'SELECT rate_limit_hit($1, $2, $3, $4, $5) AS live',
        [key, nowMs, windows.map((window) => window.seconds * 1000), windows.map((window) => window.limit), accountId ?? null],
        this.transientPool,
      );
      const live = rows[0]?.live;
      if (!live) return { allowed: true };
      const decision = judgeHit(live.map(Number), 0, nowMs, windows, timeline);
      if (!decision.allowed) return decision;
    }
    return this.judgedHere(key, nowMs, windows, timeline, accountId);
  }

  private judgedHere(
    key: string,
    nowMs: number,
    windows: readonly RateLimitWindow[],
    timeline: Timeline,
    accountId?: number,
  ): Promise<RateLimitDecision> {
    return this.transaction(async (client) => {
      // One key at a time, across processes: the decision and the insert are one step.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
      const longestMs = longestWindowMs(windows);
      // The DELETE and the SELECT share one snapshot, so the SELECT skips the deleted rows itself.
      const { rows } = await client.query<{ at_ms: string }>(
        `WITH expired AS (DELETE FROM rate_limit_hits WHERE key = $1 AND at_ms <= $2)
         SELECT at_ms FROM rate_limit_hits WHERE key = $1 AND at_ms > $2 ORDER BY at_ms`,
        [key, nowMs - longestMs],
      );
      const decision = judgeHit(rows.map((row) => Number(row.at_ms)), 0, nowMs, windows, timeline);
      if (decision.allowed) {
        await client.query(
          `WITH hit AS (INSERT INTO rate_limit_hits (key, at_ms, account_id) VALUES ($1, $2, $3))
           INSERT INTO rate_limit_keys (key, hits) VALUES ($1, 1) ON CONFLICT (key) DO UPDATE SET hits = rate_limit_keys.hits + 1`,
          [key, nowMs, accountId ?? null],
        );
      }
      return decision;
    }, TRANSIENT);
  }

  /**
   * While the change feed is live, the entry is held in this replica, unbuilt, like the embedded
   * store holds its journal: a replica about to read the account's journal asks every replica to
   * write out what it holds first (ChangeFeed.askForJournal), so no API call builds or writes an
   * entry nobody reads. Otherwise it is built and written at once, with the entries of concurrent
   * calls in one statement (GroupWriter). Either way after the answer (the recorder does not wait).
   * A replica that crashes loses the entries it held (as the embedded store loses its journal);
   * never a booking or a cancel, which are written before they are acknowledged.
   */
  // eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- names the builder that callers may pass instead of a built entry
  async appendRequestJournal(accountId: number, appended: unknown | JournalEntryBuilder): Promise<void> {
    // Wall-clock milliseconds that never go back within the process (entries of one replica stay in order).
    const atMs = Math.floor(performance.timeOrigin + performance.now());
    if (this.feed.live) {
      let held = this.heldJournal.get(accountId);
      if (!held) this.heldJournal.set(accountId, (held = []));
      held.push({ appended, atMs });
      // Older ones would never be read: the account's newest REQUEST_JOURNAL_CAP are newer.
      if (held.length > REQUEST_JOURNAL_CAP) held.splice(0, held.length - REQUEST_JOURNAL_CAP);
      return;
    }
    const entry = journalEntryOf(appended);
    if (entry === undefined) return;
    await this.journalWrites.add({ accountId, atMs, entry: JSON.stringify(entry) });
  }

  /** Builds and writes the entries held for the account (for every account: null). */
  private async writeHeldJournal(account: number | null): Promise<void> {
    const accounts = account === null ? [...this.heldJournal.keys()] : [account];
    const failures: unknown[] = [];
    // One account at a time (at most REQUEST_JOURNAL_CAP rows), so the writer's bounded queue takes them all.
    for (const accountId of accounts) {
      const held = this.heldJournal.get(accountId);
      this.heldJournal.delete(accountId);
      const writes: Promise<void>[] = [];
      for (const { appended, atMs } of held ?? []) {
        const entry = journalEntryOf(appended);
        if (entry !== undefined) writes.push(this.journalWrites.add({ accountId, atMs, entry: JSON.stringify(entry) }));
      }
      await Promise.all(writes).catch((error: unknown) => failures.push(error));
    }
    if (failures.length > 0) throw failures[0];
  }

  /**
   * The batch in one INSERT, in the order the entries came; then, for each account this replica
   * appended JOURNAL_TRIM_EVERY entries to since it last did, one DELETE keeps its newest
   * REQUEST_JOURNAL_CAP (reads never show more, see requestJournal).
   */
  private async writeJournal(entries: JournalRow[]): Promise<void> {
    // One parameter per value, not a text[] (pg escapes every quote of a 7 KB entry inside an array).
    await this.query(
      `INSERT INTO request_journal (account_id, at_ms, entry) VALUES ${entries.map((_, index) => `($${3 * index + 1}::int, $${3 * index + 2}::bigint, $${3 * index + 3})`).join(', ')}`,
      entries.flatMap((row) => [row.accountId, row.atMs, row.entry]),
      this.transientPool,
    );
    const due: number[] = [];
    for (const { accountId } of entries) {
      const count = (this.untrimmed.get(accountId) ?? 0) + 1;
      if (count >= JOURNAL_TRIM_EVERY && !due.includes(accountId)) due.push(accountId);
      this.untrimmed.set(accountId, count);
    }
    if (due.length === 0) return;
    for (const accountId of due) this.untrimmed.delete(accountId);
    await this.query(
      // The cut is found once per account (LATERAL), not once per row of it.
      `DELETE FROM request_journal j USING (
         SELECT a.account_id, c.at_ms, c.seq FROM unnest($1::int[]) AS a(account_id)
         CROSS JOIN LATERAL (SELECT at_ms, seq FROM request_journal r WHERE r.account_id = a.account_id
                             ORDER BY at_ms DESC, seq DESC OFFSET $2 LIMIT 1) AS c) AS cut
       WHERE j.account_id = cut.account_id AND (j.at_ms, j.seq) <= (cut.at_ms, cut.seq)`,
      [due, REQUEST_JOURNAL_CAP],
      this.transientPool,
    );
  }

  /**
   * The newest REQUEST_JOURNAL_CAP entries, oldest first (in the order the replicas took them), once
   * every replica wrote out what it held of the account.
   */
  async requestJournal(accountId: number): Promise<unknown[]> {
    const ask = this.feed.askForJournal(accountId);
    let at: string | undefined;
    try {
      at = (await this.query<{ at: string }>(ask.sql, ask.values))[0]?.at;
    } catch (error) {
      ask.abandoned();
      throw error;
    }
    await this.writeHeldJournal(accountId);
    await ask.settled(at);
    await this.journalWrites.flush();
    const rows = await this.query<{ entry: string }>(
      `SELECT entry FROM (SELECT at_ms, seq, entry FROM request_journal WHERE account_id = $1 ORDER BY at_ms DESC, seq DESC LIMIT $2) AS newest
       ORDER BY at_ms, seq`,
      [accountId, REQUEST_JOURNAL_CAP],
    );
    // Text written by JSON.stringify (migration 8).
    return rows.map((row) => JSON.parse(row.entry) as unknown);
  }

  async resetAccount(accountId: number): Promise<void> {
    // What this replica still has to write of the account goes first, so the reset removes it too.
    this.heldJournal.delete(accountId);
    await Promise.all([this.offerWrites.flush(), this.journalWrites.flush()]);
    this.untrimmed.delete(accountId);
    await this.announced(accountId, async (client) => {
      // rate_limit_hits: the account's hits on every key are given back (by its index, O(its hits)).
      for (const table of ['bookings', 'outbox', 'idempotency_keys', 'clock_offsets', 'searches', 'offers', 'request_journal', 'rate_limit_hits']) {
        await client.query(`DELETE FROM ${table} WHERE account_id = $1`, [accountId]);
      }
    });
  }

  async reset(): Promise<void> {
    this.heldJournal.clear();
    await Promise.all([this.offerWrites.flush(), this.journalWrites.flush()]);
    this.untrimmed.clear();
    await this.announced(null, (client) =>
      client.query(
        'TRUNCATE bookings, outbox, idempotency_keys, clock_offsets, searches, offers, rate_limit_hits, rate_limit_keys, request_journal RESTART IDENTITY',
      ),
    );
  }

  /** Writes what is held or queued (offers, journal entries), then lets the connections go. */
  async close(): Promise<void> {
    clearInterval(this.sweepTimer);
    this.sweepTimer = undefined;
    await this.sweeping;
    await this.writeHeldJournal(null).catch(() => {}); // a failed write rejected its own callers
    await Promise.all([this.offerWrites.flush(), this.journalWrites.flush()]);
    await this.feed.close();
    await Promise.all([this.pool.end(), this.transientPool.end()]);
  }

  private readyCheck: { atMs: number; done: Promise<void> } | undefined;

  /** `SELECT 1` within READY_TIMEOUT_MS (a connection included); one check at a time, its answer kept for a second. */
  checkReady(): Promise<void> {
    const now = Date.now();
    if (this.readyCheck && now - this.readyCheck.atMs < 1000) return this.readyCheck.done;
    const done = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the database did not answer SELECT 1 within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
      timer.unref();
      this.query('SELECT 1').then(
        () => resolve(),
        (error: unknown) => reject(new Error(`the database cannot be used: ${(error as Error).message || String(error)}`)),
      ).finally(() => clearTimeout(timer));
    });
    done.catch(() => {});
    this.readyCheck = { atMs: now, done };
    return done;
  }

  private async query<Row extends pg.QueryResultRow>(sql: string, values: unknown[] = [], pool = this.pool): Promise<Row[]> {
    const client = await this.connect(pool);
    try {
      return (await client.query<Row>(sql, values)).rows;
    } catch (error) {
      throw storeError(error);
    } finally {
      client.release();
    }
  }

  /** Runs `work` in a transaction on one connection; connection failures become StoreUnavailableError. */
  private async transaction<T>(work: (client: Client) => Promise<T>, options: { transient?: boolean } = {}): Promise<T> {
    const client = await this.connect(options.transient ? this.transientPool : this.pool);
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw storeError(error);
    } finally {
      client.release();
    }
  }

  /** A pooled connection; any failure to get one means the database is unavailable. */
  private async connect(pool = this.pool): Promise<Client> {
    try {
      return await pool.connect();
    } catch (error) {
      throw new StoreUnavailableError(`database: ${(error as Error).message || String(error)}`);
    }
  }
}

interface ClockRow {
  offsetMs: number;
  history: OffsetChange[];
}

interface StoredSearchRow {
  accountId: number;
  value: unknown;
  expiresAtMs: number;
}

/** A request-journal entry as JSON, with when the replica took it (base clock, ms). */
interface JournalRow {
  accountId: number;
  atMs: number;
  entry: string;
}

/** The offers of one putOffers call, their value as JSON. */
interface OfferRows {
  accountId: number;
  serviceHashes: readonly string[];
  value: string;
  expiresAtMs: number;
}

function storeError(error: unknown): unknown {
  if (error instanceof StoreUnavailableError || !isUnavailable(error)) return error;
  return new StoreUnavailableError(`database: ${(error as Error).message || String(error)}`);
}
