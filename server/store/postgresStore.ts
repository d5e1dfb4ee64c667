/**
 * The Store in PostgreSQL (DATABASE_URL), for several replicas sharing one database. Bookings are
 * JSON records keyed by bookhash with random ids (bookingIds.ts); a change of a booking locks its row
 * (SELECT … FOR UPDATE) so concurrent changes from any process apply one after the other.
 * Per API call one statement of its own (the rate-limit hit): clock rows and stored searches are
 * kept per replica and dropped when a change is announced (postgresChanges.ts), offers go in
 * multi-row statements shared with concurrent calls (postgresBatches.ts), and journal entries are
 * held per replica until a journal is read. See docs/scaling.md.
 *
 * This class puts the parts together and answers the change feed; each part has its own file:
 * postgresDatabase.ts (connections, statements, transactions, error mapping), postgresBookings.ts
 * (bookings, outbox, idempotency), postgresTransient.ts (clocks, searches, offers, rate limits and
 * the copies kept of them), postgresJournal.ts (the request journal) and postgresSweeper.ts.
 */
import type pg from 'pg';
import type { Instant } from '../clock.js';
import type { Account, AccountChanges } from '../domain/accounts.js';
import type { BookingRecord } from '../domain/bookings/record.js';
import type { RateLimitDecision, RateLimitWindow } from '../domain/rateLimiter.js';
import type { OffsetChange, Timeline } from '../domain/timeline.js';
import { ACCOUNT_DATA_TABLES, PostgresAccounts } from './postgresAccounts.js';
import { PostgresBookings } from './postgresBookings.js';
import { ChangeFeed, type Notice } from './postgresChanges.js';
import { PostgresDatabase, storeError, type PoolOptions } from './postgresDatabase.js';
import { schemaVersions } from './postgresMigrations.js';
import { RequestJournal } from './postgresJournal.js';
import { SWEEP_INTERVAL_MS, Sweeper } from './postgresSweeper.js';
import { TransientState } from './postgresTransient.js';
import { PostgresStubs } from './postgresStubs.js';
import type { StubSet } from '../domain/stubs/stub.js';
import type {
  Expiry, BookingChange, IdempotencyClaim, IdempotencyCompletion, IdempotencyKeyUse, JournalEntryBuilder, JournalPage, JournalPageRead, OutboxEmail, PoolStats, SchemaVersions, Store, SweepStats,
} from '../domain/ports/store.js';

export { describeDatabaseUrl } from './postgresDatabase.js';

export class PostgresStore implements Store {
  readonly kind = 'postgres';
  /** Replicas share the database: its figures are the same on every replica (see Store.shared). */
  readonly shared = true;
  private readonly feed: ChangeFeed;
  private readonly bookings: PostgresBookings;
  private readonly transient: TransientState;
  private readonly journal: RequestJournal;
  private readonly sweeper: Sweeper;
  private readonly accounts: PostgresAccounts;
  private readonly stubs: PostgresStubs;

  private constructor(
    private readonly db: PostgresDatabase,
    sweepIntervalMs: number,
    listenerConfig: pg.ClientConfig,
  ) {
    this.feed = new ChangeFeed(listenerConfig, (notice) => this.heard(notice));
    this.bookings = new PostgresBookings(db);
    this.transient = new TransientState(db, this.feed);
    this.journal = new RequestJournal(db, this.feed);
    this.sweeper = new Sweeper(db, sweepIntervalMs);
    this.accounts = new PostgresAccounts(db, this.transient);
    this.stubs = new PostgresStubs(db, this.feed, this.transient);
  }

  /**
   * Connects and migrates; a StoreOpenError with a one-line reason when that fails. Expired searches,
   * offers and idempotency keys are swept every `sweepIntervalMs` (0: never, the caller sweeps).
   */
  static async open(url: string, options: PoolOptions & { sweepIntervalMs?: number } = {}): Promise<PostgresStore> {
    const db = await PostgresDatabase.open(url, options);
    const store = new PostgresStore(db, options.sweepIntervalMs ?? SWEEP_INTERVAL_MS, { connectionString: url, connectionTimeoutMillis: 5000 });
    await store.feed.start();
    return store;
  }

  /** What the change feed brings (see Notice). */
  private heard(notice: Notice): void | Promise<void> {
    if (notice.kind === 'changed') {
      this.transient.forget(notice.account);
      this.stubs.forget(notice.account);
      this.journal.dropHeld(notice.account);
      // An account changed by another replica (a key revoked): read before acknowledging, so the write answers only once it holds here too.
      return this.accounts.readChanges().catch(() => {});
    }
    if (notice.kind === 'journal') return this.journal.writeHeld(notice.account);
    // Lost: nobody could ask this replica for what it holds, so it goes out now.
    this.transient.forget(null);
    this.stubs.forget(null);
    return this.journal.writeHeld(null);
  }

  /** See Sweeper.sweepExpired: expired transient rows deleted now, per table. */
  sweepExpired(baseNowMs?: number): Promise<Record<string, number>> {
    return this.sweeper.sweepExpired(baseNowMs);
  }

  /** Rows held in the transient tables, for figures (benchmarks, tests, /metrics). */
  transientSizes(): Promise<{ searches: number; offers: number; idempotency_keys: number; idempotency_records: number }> {
    return this.sweeper.transientSizes();
  }

  loadAccounts(): Promise<{ accounts: Account[]; version: number }> {
    return this.accounts.load();
  }
  createAccount(build: (id: number) => Account): Promise<Account> {
    return this.accounts.createAccount(build);
  }
  updateAccount(accountId: number, change: (current: Account) => Account | undefined): Promise<Account | undefined> {
    return this.accounts.updateAccount(accountId, change);
  }
  async deleteAccount(accountId: number): Promise<boolean> {
    // What this replica still has to write of the account goes first, so the deletion removes it too.
    await Promise.all([this.transient.flushOffers(), this.journal.discard(accountId)]);
    const deleted = await this.accounts.deleteAccount(accountId);
    this.stubs.forget(accountId);
    return deleted;
  }
  stubsOf(accountId: number): Promise<StubSet | undefined> {
    return this.stubs.of(accountId);
  }
  changeStubs(accountId: number, change: (current: StubSet | undefined) => StubSet | undefined): Promise<StubSet | undefined> {
    return this.stubs.change(accountId, change);
  }
  watchAccounts(fromVersion: number, listener: (changes: AccountChanges) => void): void {
    this.accounts.watch(fromVersion, listener);
  }

  insertBooking(build: (id: number) => BookingRecord, idempotency?: IdempotencyCompletion, keepPerAccount?: number): Promise<BookingRecord> {
    return this.bookings.insertBooking(build, idempotency, keepPerAccount);
  }
  findBooking(bookhash: string): Promise<BookingRecord | undefined> {
    return this.bookings.findBooking(bookhash);
  }
  updateBooking(bookhash: string, change: (current: BookingRecord) => BookingChange | undefined): Promise<BookingRecord | undefined> {
    return this.bookings.updateBooking(bookhash, change);
  }
  bookingsOfAccount(accountId: number): Promise<BookingRecord[]> {
    return this.bookings.bookingsOfAccount(accountId);
  }
  countBookings(): Promise<number> {
    return this.bookings.countBookings();
  }
  outbox(): Promise<OutboxEmail[]> {
    return this.bookings.outbox();
  }
  outboxOfAccount(accountId: number): Promise<OutboxEmail[]> {
    return this.bookings.outboxOfAccount(accountId);
  }
  claimIdempotencyKey(use: IdempotencyKeyUse, now: Instant): Promise<IdempotencyClaim> {
    return this.bookings.claimIdempotencyKey(use, now);
  }
  releaseIdempotencyKey(accountId: number, key: string): Promise<void> {
    return this.bookings.releaseIdempotencyKey(accountId, key);
  }

  getClockOffset(accountId: number): Promise<number> {
    return this.transient.getClockOffset(accountId);
  }
  getClockHistory(accountId: number): Promise<readonly OffsetChange[]> {
    return this.transient.getClockHistory(accountId);
  }
  setClockOffset(accountId: number, offsetMs: number, history?: readonly OffsetChange[]): Promise<void> {
    return this.transient.setClockOffset(accountId, offsetMs, history);
  }
  putSearch(accountId: number, searchId: string, value: unknown, expires: Expiry): Promise<void> {
    return this.transient.putSearch(accountId, searchId, value, expires);
  }
  getSearch(searchId: string, now: Instant): Promise<{ accountId: number; value: unknown } | undefined> {
    return this.transient.getSearch(searchId, now);
  }
  putOffers(accountId: number, serviceHashes: readonly string[], value: unknown, expires: Expiry): Promise<void> {
    return this.transient.putOffers(accountId, serviceHashes, value, expires);
  }
  getOffer(accountId: number, serviceHash: string, now: Instant): Promise<unknown> {
    return this.transient.getOffer(accountId, serviceHash, now);
  }
  hitRateLimit(key: string, nowMs: number, windows: readonly RateLimitWindow[], timeline?: Timeline, accountId?: number): Promise<RateLimitDecision> {
    return this.transient.hitRateLimit(key, nowMs, windows, timeline, accountId);
  }

  /** See RequestJournal.append: held by this replica while the change feed is live, else written at once. */
  // eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- names the builder that callers may pass instead of a built entry
  appendRequestJournal(accountId: number, appended: unknown | JournalEntryBuilder): Promise<void> {
    return this.journal.append(accountId, appended);
  }
  /** Request-journal entries this replica holds unwritten over all accounts, and the bytes of bodies they hold (figures, tests). */
  heldJournalSize(): { entries: number; bytes: number } {
    return this.journal.heldSize();
  }
  /** See RequestJournal.read: the newest entries, once every replica wrote out what it held. */
  requestJournal(accountId: number): Promise<unknown[]> {
    return this.journal.read(accountId);
  }
  /** Journal rows page reads of this replica fetched so far (tests: a page read does not fetch the whole journal). */
  journalRowsFetched(): number {
    return this.journal.rowsFetched;
  }
  /** See RequestJournal.readPage: the newest entries, fetched a few rows at a time until the page is full. */
  readRequestJournal(accountId: number, page: JournalPage): Promise<JournalPageRead> {
    return this.journal.readPage(accountId, page);
  }

  async resetAccount(accountId: number): Promise<void> {
    // What this replica still has to write of the account goes first, so the reset removes it too.
    await Promise.all([this.transient.flushOffers(), this.journal.discard(accountId)]);
    await this.transient.announced(accountId, async (client) => {
      // rate_limit_hits: the account's hits on every key are given back (by its index, O(its hits)).
      for (const table of ACCOUNT_DATA_TABLES) {
        await client.query(`DELETE FROM ${table} WHERE account_id = $1`, [accountId]);
      }
    });
    this.stubs.forget(accountId);
  }

  async reset(): Promise<void> {
    await Promise.all([this.transient.flushOffers(), this.journal.discard(null)]);
    await this.transient.announced(null, (client) =>
      client.query(
        'TRUNCATE bookings, outbox, idempotency_keys, clock_offsets, searches, offers, rate_limit_hits, rate_limit_keys, request_journal, stubs RESTART IDENTITY',
      ),
    );
    this.stubs.forget(null);
  }

  /** Writes what is held or queued (offers, journal entries), then lets the connections go. */
  async close(): Promise<void> {
    this.accounts.stop();
    await this.sweeper.stop();
    await this.journal.writeHeld(null).catch(() => {}); // a failed write rejected its own callers
    await Promise.all([this.transient.flushOffers(), this.journal.flush()]);
    await this.feed.close();
    await this.db.end();
  }

  /** `SELECT 1` within a second (a connection included); one check at a time, its answer kept for a second. */
  checkReady(): Promise<void> {
    return this.db.checkReady();
  }

  /** Journal entries this replica holds unwritten, and their bytes (see heldJournalSize). */
  heldSizes(): Record<string, number> {
    const { entries, bytes } = this.journal.heldSize();
    return { request_journal_entries: entries, request_journal_body_bytes: bytes };
  }

  sweepStats(): SweepStats {
    return this.sweeper.stats();
  }

  poolStats(): readonly PoolStats[] {
    return this.db.poolStats();
  }

  async schemaVersions(): Promise<SchemaVersions> {
    try {
      return await schemaVersions(this.db.pool);
    } catch (error) {
      throw storeError(error);
    }
  }
}
