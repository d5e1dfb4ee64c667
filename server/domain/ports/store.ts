import type { Instant } from '../../clock.js';
import type { Account, AccountChanges } from '../accounts.js';
import type { BookingRecord } from '../bookings/record.js';
import { ApiError } from '../../errors.js';
import type { RateLimitDecision, RateLimitWindow } from '../rateLimiter.js';
import type { OffsetChange, Timeline } from '../timeline.js';
import type { StubSet } from '../stubs/stub.js';

export type { OffsetChange, RateLimitDecision, RateLimitWindow, Timeline };

/** An e-mail the service sent (the sandbox keeps every one in the outbox). */
export interface OutboxEmail {
  to: string;
  subject: string;
  text: string;
  bookhash: string;
  /** ISO 8601 instant on the server clock. */
  sent_at: string;
}

/** A changed booking, or a changed booking plus the e-mails the change sends. */
export type BookingChange = BookingRecord | { booking: BookingRecord; emails: OutboxEmail[] };

/** The answer remembered for an Idempotency-Key (status and JSON body). */
export interface StoredResponse {
  status: number;
  body: unknown;
}

/** Identifies one use of an Idempotency-Key: the key is scoped to the account. */
export interface IdempotencyKeyUse {
  accountId: number;
  key: string;
  /** A digest of the request body: the same key with another body is refused. */
  fingerprint: string;
}

/** What a claim of an Idempotency-Key found. */
export type IdempotencyClaim =
  /** Nobody used the key (or its record expired): the caller owns it until it completes or releases it. */
  | { state: 'claimed' }
  /** Another request with this key is still running. */
  | { state: 'in_progress'; fingerprint: string }
  /** A request with this key completed; its answer is to be replayed. */
  | { state: 'completed'; fingerprint: string; response: StoredResponse };

/** Records an answer for a claimed key in the same durable write as the booking it made. */
export interface IdempotencyCompletion extends IdempotencyKeyUse {
  response: StoredResponse;
  /** When the key was used; the record lives IDEMPOTENCY_TTL_MS from then (see Expiry). */
  at: Instant;
}

export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/**
 * Idempotency records an account keeps at most, its newest (each also goes with its booking when
 * the account retires that, see insertBooking): one account's keys can never fill a store.
 */
export const IDEMPOTENCY_RECORDS_PER_ACCOUNT = 1_000;

/**
 * When a stored thing (a search, an offer, an idempotency record) stops answering: its end on its
 * account's clock and in real time. Whichever comes first ends it: moving the account's clock past
 * the end ends it, and setting the clock back never keeps it beyond its lifetime of real time, so
 * what is forgotten once real time passed its end (never to come back) is all a store ever drops.
 */
export interface Expiry {
  atMs: number;
  atBaseMs: number;
}

/** The end of a thing made at `at` that lives `lifetimeMs`. */
export function expiryAfter(at: Instant, lifetimeMs: number): Expiry {
  return { atMs: at.accountMs + lifetimeMs, atBaseMs: at.baseMs + lifetimeMs };
}

/** Whether a thing ending at `expiry` still answers at `now`. */
export function answersAt(expiry: Expiry, now: Instant): boolean {
  return now.accountMs < expiry.atMs && now.baseMs < expiry.atBaseMs;
}
/** How soon a process hears of an account another process changed (a revoked key stops everywhere). */
export const ACCOUNT_CHANGES_WITHIN_MS = 1_000;

/** A request journal keeps the newest entries of each account, at most this many. */
export const REQUEST_JOURNAL_CAP = 1000;

/**
 * A request journal entry not built yet. A store that keeps entries in memory calls it when the
 * entry is first read (every API call is journalled, few journals are read, so building stays off
 * the hot path); one that writes entries out calls it at once. `undefined`: no entry after all.
 * `heldBytes`: the bytes of bodies the builder keeps alive until then, for a store's memory bound.
 */
export type JournalEntryBuilder = (() => unknown) & { readonly heldBytes?: number };

/** What a read of a request journal wants (see Store.readRequestJournal). */
export interface JournalPage {
  /** At most this many entries (at most REQUEST_JOURNAL_CAP are ever held). */
  limit: number;
  /** The cursor: skips this many of the newest (matching) entries first. */
  offset?: number;
  /**
   * Stops before the entry that would take the page's JSON past this many characters (the first
   * entry always comes, so a page is never empty while entries match).
   */
  maxBytes?: number;
  /** Only entries this holds for count (a journal filter); each entry walked is built to be tested. */
  matches?: (entry: unknown) => boolean;
}

/** A page of a request journal. */
export interface JournalPageRead {
  /** Newest first, each entry as its JSON text. */
  entries: string[];
  /** Characters of JSON in `entries`, one more per entry for the comma between them. */
  bytes: number;
  /** The byte budget stopped the page: an entry that matched did not fit. */
  cut: boolean;
  /** Entries held older than the last one walked (never built, tested nor copied): a count, not a walk. */
  notWalked: number;
}

/** The entry itself, however it was appended. */
// eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- names the builder that callers may pass instead of a built entry
export function journalEntryOf(entry: unknown | JournalEntryBuilder): unknown {
  return typeof entry === 'function' ? (entry as JournalEntryBuilder)() : entry;
}

/**
 * Bookings a full account may give up for a new one: every status but booking_confirmed (a
 * confirmed booking is the partner's to cancel; unpaid, failed and cancelled ones are history).
 */
export const isRetired = (booking: Pick<BookingRecord, 'status'>): boolean => booking.status !== 'booking_confirmed';

/** The account holds `keepPerAccount` confirmed bookings: nothing may go to make room (409). */
export class BookingsFullError extends ApiError {
  constructor(readonly keepPerAccount: number) {
    super(
      409,
      `This sandbox account holds ${keepPerAccount} confirmed bookings, the most it keeps; cancel some, or reset the account, to book again.`,
    );
  }
}

/** The store cannot be opened (bad file, uncreatable path, unreachable database); nothing was written. */
export class StoreOpenError extends Error {
  override name = 'StoreOpenError';
}

/**
 * A change could not be made durable (disk full or unwritable, database unreachable). Nothing was
 * changed; the client is told 503 and may retry. The client's message says no more than that:
 * `detail` (a file path, a database address, the system's error) is for the log only.
 */
export class StoreUnavailableError extends ApiError {
  constructor(readonly detail: string) {
    super(503, 'The service could not save or read data (storage unavailable); nothing was changed, please retry shortly.', {}, {
      'Retry-After': '1',
    });
    this.logDetail = `storage unavailable: ${detail}`;
  }
}

/**
 * The one storage interface, shared by the embedded store (lowdb snapshot + journal) and the
 * PostgreSQL store. Every method is asynchronous; every change resolves only once it is durable,
 * so a handler that awaits it never acknowledges something a crash could lose. A change that
 * cannot be made durable rejects with StoreUnavailableError and leaves no trace.
 *
 * Values are data: a caller never changes a value after handing it over, nor one it was handed.
 * The embedded store keeps searches, offers and journal entries deeply frozen (a value given frozen
 * is taken as deeply frozen and kept as it is) and hands stored searches out without a copy.
 */
export interface Store {
  /** What the store is built on, for /healthz ("lowdb", "postgres"). */
  readonly kind: string;
  /**
   * Creates a booking with a free random id (bookingIds.ts); with `idempotency`, records its answer in
   * the same write, kept with the booking (it goes when the booking goes) and among the account's
   * newest IDEMPOTENCY_RECORDS_PER_ACCOUNT. With `keepPerAccount`, the account then holds at most that many bookings: its
   * oldest ones not confirmed (see isRetired) go, with their e-mails, in the same write; when all are
   * confirmed, BookingsFullError and nothing is written.
   */
  insertBooking(build: (id: number) => BookingRecord, idempotency?: IdempotencyCompletion, keepPerAccount?: number): Promise<BookingRecord>;
  findBooking(bookhash: string): Promise<BookingRecord | undefined>;
  /**
   * Applies `change` atomically (no other change of this booking runs between its read and its
   * write, in any process). `change` returns the new record (optionally with e-mails written in
   * the same durable write), or undefined to leave it as it is. Resolves to the stored record.
   */
  updateBooking(bookhash: string, change: (current: BookingRecord) => BookingChange | undefined): Promise<BookingRecord | undefined>;
  /** The account's bookings in the order they were made. */
  bookingsOfAccount(accountId: number): Promise<BookingRecord[]>;
  countBookings(): Promise<number>;
  /** Sent e-mails, oldest first. */
  outbox(): Promise<OutboxEmail[]>;
  /** The e-mails about the account's bookings, oldest first. */
  outboxOfAccount(accountId: number): Promise<OutboxEmail[]>;

  /** Looks up an Idempotency-Key and claims it when unused (or its record ended by `now`, see Expiry). */
  claimIdempotencyKey(use: IdempotencyKeyUse, now: Instant): Promise<IdempotencyClaim>;
  /** Gives up a claim whose request made nothing worth remembering (it failed). */
  releaseIdempotencyKey(accountId: number, key: string): Promise<void>;

  /** The account's clock offset from real time in ms (0 when never set). */
  getClockOffset(accountId: number): Promise<number>;
  /** The account's offset changes, oldest first ([] when never set); see AccountClocks. */
  getClockHistory(accountId: number): Promise<readonly OffsetChange[]>;
  /** Sets the offset and, when given, its change history, in one write. */
  setClockOffset(accountId: number, offsetMs: number, history?: readonly OffsetChange[]): Promise<void>;

  /** Search results by search_id, until `expires` (judged at the `now` of a get, see Expiry). */
  putSearch(accountId: number, searchId: string, value: unknown, expires: Expiry): Promise<void>;
  getSearch(searchId: string, now: Instant): Promise<{ accountId: number; value: unknown } | undefined>;
  /** Offers (the terms the service_hashes were shown with) per account and service_hash, until `expires`; one write. */
  putOffers(accountId: number, serviceHashes: readonly string[], value: unknown, expires: Expiry): Promise<void>;
  getOffer(accountId: number, serviceHash: string, now: Instant): Promise<unknown>;

  /**
   * Counts an accepted request for `key` atomically, or refuses it (refused requests are not counted).
   * Requests are stored at `nowMs` with the asking `accountId` and judged on the asker's `timeline`
   * (real time when left out; see judgeHit). resetAccount gives the account's requests back.
   */
  hitRateLimit(key: string, nowMs: number, windows: readonly RateLimitWindow[], timeline?: Timeline, accountId?: number): Promise<RateLimitDecision>;

  /**
   * Appends to the account's request journal, keeping the newest REQUEST_JOURNAL_CAP entries. The
   * entry may come as a function that builds it (see JournalEntryBuilder).
   */
  // eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- names the builder that callers may pass instead of a built entry
  appendRequestJournal(accountId: number, entry: unknown | JournalEntryBuilder): Promise<void>;
  /** The account's request journal, oldest first. */
  requestJournal(accountId: number): Promise<unknown[]>;
  /**
   * One page of the account's request journal, newest first, each entry as its JSON text: walked
   * from the newest end and stopped at the page's limit or byte budget, so the entries older than
   * the page are neither built, copied nor (PostgreSQL) fetched.
   */
  readRequestJournal(accountId: number, page: JournalPage): Promise<JournalPageRead>;

  /**
   * The account's stubs (domain/stubs), durable like bookings so that every replica answers them and a
   * restart keeps them; undefined when it has none. Read on every API call of the account: a store
   * that shares them between processes keeps a copy it drops when another process changes them.
   */
  stubsOf(accountId: number): Promise<StubSet | undefined>;
  /**
   * Changes the account's stubs atomically (no other change of them runs between its read and its
   * write, in any process), as updateAccount does: `change` returns the new set, or undefined to
   * leave it; a set without stubs in its first state is dropped. Resolves to the stored set.
   */
  changeStubs(accountId: number, change: (current: StubSet | undefined) => StubSet | undefined): Promise<StubSet | undefined>;

  /** Drops the account's bookings, outbox, offers, searches, journal, clock, idempotency records, rate-limit hits and stubs. */
  resetAccount(accountId: number): Promise<void>;
  /** Back to the first-start state: nothing stored, ids from 1 — but the accounts and their keys stay. */
  reset(): Promise<void>;

  /** The accounts an operator created (with their keys, as digests), and the version they are at (see watchAccounts). */
  loadAccounts(): Promise<{ accounts: Account[]; version: number }>;
  /**
   * Creates an account in one durable write (its keys included: never half an account), with an id
   * the store draws: FIRST_ACCOUNT_ID or above, never used before, not even by a deleted account.
   */
  createAccount(build: (id: number) => Account): Promise<Account>;
  /**
   * Changes one account atomically, as updateBooking changes a booking: `change` gets the stored
   * account and returns the new one, or undefined to leave it. Resolves to the stored account
   * (undefined when there is none).
   */
  updateAccount(accountId: number, change: (current: Account) => Account | undefined): Promise<Account | undefined>;
  /** Deletes the account with everything resetAccount drops, in one durable write; false when there was none. */
  deleteAccount(accountId: number): Promise<boolean>;
  /**
   * Stores that several processes share (PostgreSQL): `listener` hears of the accounts other
   * processes created, changed or deleted since `fromVersion`, within ACCOUNT_CHANGES_WITHIN_MS.
   */
  watchAccounts?(fromVersion: number, listener: (changes: AccountChanges) => void): void;
  /** Releases files or connections. */
  close(): Promise<void>;

  /** GET /readyz: resolves when the store can take writes, rejects with the reason otherwise (cheap, cached by the store). */
  checkReady?(): Promise<void>;
  /** For GET /metrics: the embedded store's journal (absent for stores without one). */
  journalStats?(): JournalStats;
  /** For GET /metrics and benchmarks: entries held in the bounded transient state, by kind (searches, offers, idempotency_records, …). */
  transientSizes?(): Promise<Record<string, number>>;

  /**
   * True when replicas share what the store holds (PostgreSQL): countBookings and transientSizes
   * are then the whole database's, the same on every replica; /metrics names them `database_*`.
   */
  readonly shared?: boolean;
  /** For GET /metrics: what this process holds of the store's state and has not written yet, by kind. */
  heldSizes?(): Record<string, number>;
  /** For GET /metrics: this process's connection pools. */
  poolStats?(): readonly PoolStats[];
  /** For GET /metrics: the schema version of the database, and the newest this code knows. */
  schemaVersions?(): Promise<SchemaVersions>;
  /** For GET /metrics: what this process's background sweeps of expired rows did. */
  sweepStats?(): SweepStats;
  /**
   * For GET /_control/admin/backup: every durable record as of now, as the text of a DB_FILE in
   * pieces (JSON); absent for a database, which has its own tools (pg_dump).
   */
  backupText?(): Promise<Iterable<string>>;
}

/** A replica's sweeps of expired transient rows since it started. */
export interface SweepStats {
  /** Rows deleted, by table. */
  deleted: Record<string, number>;
  /** Background sweeps that failed (the database away): expired rows stay until one succeeds. */
  failures: number;
  /** When a sweep last completed (Date.now()), undefined before the first. */
  lastSuccessAtMs: number | undefined;
}

/** One connection pool of a replica. */
export interface PoolStats {
  pool: string;
  max: number;
  /** Connections open, of which idle; requests waiting for a connection. */
  open: number;
  idle: number;
  waiting: number;
}

export interface SchemaVersions {
  /** The newest migration applied to the database. */
  database: number;
  /** The newest migration this code knows. */
  known: number;
}

/** The embedded store's snapshot and journal, read without touching the disk. */
export interface JournalStats {
  snapshotBytes: number;
  /** Length of the journal (changes since the last snapshot). */
  journalBytes: number;
  /** Changes journaled since the last snapshot (what a restart replays). */
  journalEntries: number;
  /** Changes waiting for their fsync (queued or in the write under way). */
  pendingEntries: number;
  /** The last journal write failed (and none succeeded since). */
  writeFailing: boolean;
}
