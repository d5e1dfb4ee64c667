/**
 * The embedded store (no set-up). DB_FILE is the snapshot, a JSON file; lowdb only reads it, once,
 * at start (through SnapshotFile, snapshotFile.ts, which also writes it whole on first start and at
 * each compaction, without lowdb). Every change is appended to DB_FILE + '.journal' (JSON lines,
 * journal.ts) and fsynced before it is acknowledged, so a change costs the same with 10 or 100,000
 * bookings. When the journal has grown to half the snapshot, a new snapshot is written in the
 * background and the journal is cut (lowdbCompaction.ts). Opening and recovery: lowdbOpen.ts;
 * readiness: lowdbReadiness.ts.
 *
 * This class holds the operations of the Store interface, by concern: bookings and their
 * e-mails, idempotency keys, then what lives in the process only (ProcessState: account clocks,
 * searches and offers, rate limits, request journals), then resets and the durable machinery.
 */
import { chmod, stat } from 'node:fs/promises';
import type { Account } from '../domain/accounts.js';
import type { BookingRecord } from '../domain/bookings/record.js';
import type { RateLimitDecision, RateLimitWindow } from '../domain/rateLimiter.js';
import type { OffsetChange, Timeline } from '../domain/accountClocks.js';
import { DurableState, idempotencyMapKey, type StoreChange, type StoreData } from './durableState.js';
import { Journal, NoLog, type ChangeLog } from './journal.js';
import { Compaction } from './lowdbCompaction.js';
import { openStoreFiles } from './lowdbOpen.js';
import { ReadinessProbe } from './lowdbReadiness.js';
import { snapshotChunks } from './snapshotFile.js';
import { ProcessState } from './processState.js';
import type { Instant } from '../clock.js';
import {
  BookingsFullError,
  IDEMPOTENCY_TTL_MS,
  StoreOpenError,
  answersAt,
  expiryAfter,
  isRetired,
  type Expiry,
  type JournalStats,
  type BookingChange, type IdempotencyClaim, type IdempotencyCompletion, type IdempotencyKeyUse, type JournalEntryBuilder, type JournalPage, type JournalPageRead, type OutboxEmail, type Store,
} from '../domain/ports/store.js';
import { drawBookingId as randomBookingId, freeBookingId } from './bookingIds.js';
import { STORE_FILE_MODE, nodeFs, type StoreFs } from './storeFs.js';
import { accountProblem, bookingProblem, emailProblem, stubSetProblem } from './validation.js';
import { isEmptyStubSet, type StubSet } from '../domain/stubs/stub.js';

export type { StoreData };

export { StoreOpenError };

export interface LowdbStoreOptions {
  fs?: StoreFs;
  /** Compact once the journal is larger than this and than half the snapshot (default 4 MiB). */
  compactAfterBytes?: number;
  /** Where recoverable findings go (a torn last journal line, a failed background compaction). */
  warn?: (message: string) => void;
  /** How long checkReady() trusts its last write probe of the directory (default 2 s). */
  readyProbeTtlMs?: number;
  /** After a failed compaction, the next try waits this long, doubling up to a minute (default 1 s). */
  compactRetryMs?: number;
  /** Draws a booking id (default: crypto-random, bookingIds.ts); the examples use a seeded one. */
  drawBookingId?: () => number;
}

/** Idempotency records written between two sweeps of the expired ones (also swept at each compaction). */
const IDEMPOTENCY_PRUNE_EVERY = 1000;

/** The files of a store on disk; the in-memory store has none. */
interface OnDisk {
  compaction: Compaction;
  readiness: ReadinessProbe;
}

const NO_JOURNAL: JournalStats = { snapshotBytes: 0, journalBytes: 0, journalEntries: 0, pendingEntries: 0, writeFailing: false };

export class LowdbStore implements Store {
  readonly kind = 'lowdb';
  private readonly process = new ProcessState();
  /** Idempotency keys whose request is running (one process, so memory is enough). */
  private readonly claimed = new Map<string, string>();
  /** The last change of each booking still on its way to disk: changes of one booking run one at a time. */
  private readonly updating = new Map<string, Promise<unknown>>();
  /** Ids of inserts still on their way to disk: no second insert may draw them meanwhile. */
  private readonly insertingIds = new Set<number>();
  /** The last change of each account still on its way to disk: changes of one account run one at a time. */
  private readonly accountChanges = new Map<number, Promise<unknown>>();
  /** Account ids drawn by creations still on their way to disk. */
  private nextFreeAccountId = 0;
  /** Idempotency records written since the expired ones were last dropped (see pruneIdempotency). */
  private idempotencySincePrune = 0;
  /** Set once, by open(), right after construction. */
  private disk: OnDisk | undefined;

  private constructor(
    private readonly state: DurableState,
    private readonly log: ChangeLog,
    private readonly drawBookingId: () => number = randomBookingId,
  ) {}

  /**
   * Opens DB_FILE and replays its journal; creates both on first start (lowdbOpen.ts). A damaged
   * file stops with a StoreOpenError naming the record and field, and nothing is written.
   */
  static async open(path: string, options: LowdbStoreOptions = {}): Promise<LowdbStore> {
    const fs = options.fs ?? nodeFs;
    const warn = options.warn ?? ((message: string) => console.warn(message));
    const opened = await openStoreFiles(path, fs, warn);
    // Files an earlier release created 0644 are narrowed too (new ones are created 0600: storeFs.ts).
    if (fs === nodeFs) await narrowModes([path, `${path}.journal`], warn);
    const { file: appendFile, bytes, seq } = opened.journal;
    // After each batch the journal asks whether to compact; the compaction is made just below.
    const due: { compaction?: Compaction } = {};
    const journal = new Journal(fs, `${path}.journal`, appendFile, bytes, seq, () => due.compaction?.startIfDue());
    const store = new LowdbStore(opened.state, journal, options.drawBookingId);
    due.compaction = new Compaction(
      journal,
      { file: opened.file, path, compactAfterBytes: options.compactAfterBytes ?? 4 * 1024 * 1024, compactRetryMs: options.compactRetryMs ?? 1000, warn },
      (snapshotSeq) => store.snapshotData(snapshotSeq),
      opened.snapshot.bytes,
      opened.snapshot.seq,
    );
    store.disk = { compaction: due.compaction, readiness: new ReadinessProbe(fs, path, options.readyProbeTtlMs ?? 2000, journal) };
    return store;
  }

  /** A store in memory only, for tests that do not test durability. */
  static async inMemory(options: Pick<LowdbStoreOptions, 'drawBookingId'> = {}): Promise<LowdbStore> {
    return new LowdbStore(new DurableState(), new NoLog(), options.drawBookingId);
  }

  // Bookings and their e-mails.

  async insertBooking(build: (id: number) => BookingRecord, idempotency?: IdempotencyCompletion, keepPerAccount?: number): Promise<BookingRecord> {
    const id = freeBookingId((candidate) => this.state.ids.has(candidate) || this.insertingIds.has(candidate), this.drawBookingId);
    const booking = build(id);
    const problem = bookingProblem(booking) ?? (booking.id === id ? undefined : 'does not carry the id it was given');
    if (problem) throw new Error(`insertBooking: the booking ${problem}`);
    const dropped = keepPerAccount === undefined ? [] : this.bookingsToRetire(booking.accountId, keepPerAccount);
    this.insertingIds.add(id);
    try {
      await this.change({
        op: 'insert',
        booking,
        ...(idempotency && { idempotency: structuredClone(idempotency) }),
        ...(dropped.length > 0 && { dropped }),
      });
    } finally {
      this.insertingIds.delete(id);
    }
    if (idempotency) this.process.observeBaseTime(idempotency.at.baseMs);
    if (idempotency && ++this.idempotencySincePrune >= IDEMPOTENCY_PRUNE_EVERY) this.pruneIdempotency();
    if (idempotency) this.claimed.delete(idempotencyMapKey(idempotency.accountId, idempotency.key));
    return booking;
  }

  /** The account's oldest retired bookings that make room for one more under `keep` (BookingsFullError if too few). */
  private bookingsToRetire(accountId: number, keep: number): string[] {
    const held = this.state.byAccount.get(accountId);
    const excess = (held?.size ?? 0) + 1 - keep;
    if (!held || excess <= 0) return [];
    const retired: string[] = [];
    for (const booking of held.values()) {
      if (retired.length === excess) break;
      if (isRetired(booking)) retired.push(booking.bookhash);
    }
    if (retired.length < excess) throw new BookingsFullError(keep);
    return retired;
  }

  async findBooking(bookhash: string): Promise<BookingRecord | undefined> {
    // Memory holds exactly what is durable: a change still on its way to disk is not visible yet.
    return this.state.byHash.get(bookhash);
  }

  updateBooking(bookhash: string, change: (current: BookingRecord) => BookingChange | undefined): Promise<BookingRecord | undefined> {
    const previous = this.updating.get(bookhash) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(async () => {
      const current = this.state.byHash.get(bookhash);
      if (!current) return undefined;
      const changed = change(current);
      if (!changed) return current;
      const booking = 'emails' in changed ? changed.booking : changed;
      const problem = this.changeProblem(current, booking, 'emails' in changed ? changed.emails : []);
      if (problem) throw new Error(`updateBooking: the changed booking ${problem}`);
      await this.change({ op: 'update', booking, ...('emails' in changed && { emails: changed.emails }) });
      return booking;
    });
    this.updating.set(bookhash, next);
    void next.catch(() => {}).finally(() => {
      if (this.updating.get(bookhash) === next) this.updating.delete(bookhash);
    });
    return next;
  }

  /** Checked before the write: what is journaled must apply cleanly, now and on replay. */
  private changeProblem(current: BookingRecord, booking: BookingRecord, emails: readonly OutboxEmail[]): string | undefined {
    return (
      bookingProblem(booking) ??
      (booking.bookhash !== current.bookhash || booking.id !== current.id || booking.accountId !== current.accountId
        ? 'changed its id, bookhash or account'
        : undefined) ??
      emails.map((email) => emailProblem(email) ?? (this.state.byHash.has(email.bookhash) ? undefined : 'has an e-mail about no booking')).find(Boolean)
    );
  }

  async bookingsOfAccount(accountId: number): Promise<BookingRecord[]> {
    return [...(this.state.byAccount.get(accountId)?.values() ?? [])];
  }

  async countBookings(): Promise<number> {
    return this.state.byHash.size;
  }

  async outbox(): Promise<OutboxEmail[]> {
    return [...this.state.outbox];
  }

  async outboxOfAccount(accountId: number): Promise<OutboxEmail[]> {
    return this.state.outbox.filter((email) => this.state.byHash.get(email.bookhash)?.accountId === accountId);
  }

  // Idempotency keys: completed ones are durable (stored with their booking), running ones in memory.

  async claimIdempotencyKey(use: IdempotencyKeyUse, now: Instant): Promise<IdempotencyClaim> {
    this.process.observeBaseTime(now.baseMs);
    const key = idempotencyMapKey(use.accountId, use.key);
    const completed = this.state.idempotency.get(key);
    if (completed && answersAt(expiryAfter(completed.at, IDEMPOTENCY_TTL_MS), now)) {
      return { state: 'completed', fingerprint: completed.fingerprint, response: structuredClone(completed.response) };
    }
    const running = this.claimed.get(key);
    if (running !== undefined) return { state: 'in_progress', fingerprint: running };
    this.claimed.set(key, use.fingerprint);
    return { state: 'claimed' };
  }

  async releaseIdempotencyKey(accountId: number, key: string): Promise<void> {
    this.claimed.delete(idempotencyMapKey(accountId, key));
  }

  /** Expired idempotency records leave memory now and the snapshot at the next compaction. */
  private pruneIdempotency(): void {
    this.idempotencySincePrune = 0;
    this.state.pruneIdempotency(this.process.latestBaseMs);
  }

  // In the process only (ProcessState): account clocks, searches and offers, rate limits, request journals.

  async getClockOffset(accountId: number): Promise<number> {
    return this.process.getClockOffset(accountId);
  }
  async getClockHistory(accountId: number): Promise<readonly OffsetChange[]> {
    return this.process.getClockHistory(accountId);
  }
  async setClockOffset(accountId: number, offsetMs: number, history?: readonly OffsetChange[]): Promise<void> {
    this.process.setClockOffset(accountId, offsetMs, history);
  }
  async putSearch(accountId: number, searchId: string, value: unknown, expires: Expiry): Promise<void> {
    this.process.putSearch(accountId, searchId, value, expires);
  }
  async getSearch(searchId: string, now: Instant): Promise<{ accountId: number; value: unknown } | undefined> {
    return this.process.getSearch(searchId, now);
  }
  async putOffers(accountId: number, serviceHashes: readonly string[], value: unknown, expires: Expiry): Promise<void> {
    this.process.putOffers(accountId, serviceHashes, value, expires);
  }
  async getOffer(accountId: number, serviceHash: string, now: Instant): Promise<unknown> {
    return this.process.getOffer(accountId, serviceHash, now);
  }
  async hitRateLimit(key: string, nowMs: number, windows: readonly RateLimitWindow[], timeline?: Timeline, accountId?: number): Promise<RateLimitDecision> {
    return this.process.hitRateLimit(key, nowMs, windows, timeline, accountId);
  }
  // eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- names the builder that callers may pass instead of a built entry
  async appendRequestJournal(accountId: number, entry: unknown | JournalEntryBuilder): Promise<void> {
    this.process.appendRequestJournal(accountId, entry);
  }
  async requestJournal(accountId: number): Promise<unknown[]> {
    return this.process.requestJournal(accountId);
  }
  async readRequestJournal(accountId: number, page: JournalPage): Promise<JournalPageRead> {
    return this.process.readRequestJournal(accountId, page);
  }

  // Accounts: durable as bookings, one journal line each (an account and its keys are one record).

  async loadAccounts(): Promise<{ accounts: Account[]; version: number }> {
    return { accounts: [...this.state.accounts.values()], version: 0 };
  }

  async createAccount(build: (id: number) => Account): Promise<Account> {
    const id = Math.max(this.state.nextAccountId, this.nextFreeAccountId);
    this.nextFreeAccountId = id + 1; // a failed write leaves the id unused, never given twice
    const account = build(id);
    const problem = accountProblem(account) ?? (account.id === id ? undefined : 'does not carry the id it was given');
    if (problem) throw new Error(`createAccount: the account ${problem}`);
    await this.change({ op: 'putAccount', account });
    return account;
  }

  updateAccount(accountId: number, change: (current: Account) => Account | undefined): Promise<Account | undefined> {
    return this.oneAtATime(accountId, async () => {
      const current = this.state.accounts.get(accountId);
      if (!current) return undefined;
      const changed = change(current);
      if (!changed) return current;
      const problem = accountProblem(changed) ?? (changed.id === accountId ? undefined : 'changed its id');
      if (problem) throw new Error(`updateAccount: the changed account ${problem}`);
      await this.change({ op: 'putAccount', account: changed });
      return changed;
    });
  }

  deleteAccount(accountId: number): Promise<boolean> {
    return this.oneAtATime(accountId, async () => {
      if (!this.state.accounts.has(accountId)) return false;
      await this.change({ op: 'deleteAccount', accountId });
      this.forgetAccountInProcess(accountId);
      // Erasure (issue 35, finding 10): the account's guests' names and e-mails leave the files on
      // disk before the delete answers, not at the next compaction, which may be days away.
      await this.disk?.compaction.afterChangesSoFar();
      return true;
    });
  }

  // Stubs: durable, like accounts (a restart keeps them); changed one at a time per account.

  async stubsOf(accountId: number): Promise<StubSet | undefined> {
    return this.state.stubs.get(accountId);
  }

  changeStubs(accountId: number, change: (current: StubSet | undefined) => StubSet | undefined): Promise<StubSet | undefined> {
    return this.oneAtATime(accountId, async () => {
      const current = this.state.stubs.get(accountId);
      const changed = change(current);
      if (!changed) return current;
      const problem = stubSetProblem(changed);
      if (problem) throw new Error(`changeStubs: the changed set ${problem}`);
      const set = isEmptyStubSet(changed) ? null : changed;
      await this.change({ op: 'putStubs', accountId, set });
      return set ?? undefined;
    });
  }

  /** Runs the account's changes one after the other (each reads what the previous one wrote). */
  private oneAtATime<T>(accountId: number, work: () => Promise<T>): Promise<T> {
    const next = (this.accountChanges.get(accountId) ?? Promise.resolve()).catch(() => {}).then(work);
    this.accountChanges.set(accountId, next);
    void next.catch(() => {}).finally(() => {
      if (this.accountChanges.get(accountId) === next) this.accountChanges.delete(accountId);
    });
    return next;
  }

  // Resets, and the durable machinery: the journal, compaction, readiness.

  async resetAccount(accountId: number): Promise<void> {
    await this.change({ op: 'resetAccount', accountId });
    this.forgetAccountInProcess(accountId);
  }

  /** What the process holds of the account (clock, searches, offers, windows, journal, running claims). */
  private forgetAccountInProcess(accountId: number): void {
    this.process.resetAccount(accountId);
    for (const key of this.claimed.keys()) if (key.startsWith(idempotencyMapKey(accountId, ''))) this.claimed.delete(key);
  }

  async reset(): Promise<void> {
    await this.change({ op: 'reset' });
    this.process.reset();
    this.claimed.clear();
  }

  async close(): Promise<void> {
    await this.disk?.compaction.settled();
    await this.log.close();
  }

  /** Writes `change` durably, then applies it to memory (in journal order). */
  private change(change: StoreChange): Promise<void> {
    return this.log.commit(change, () => this.state.apply(change, 'change'));
  }

  /** The state as of journal seq `seq`, for a new snapshot (expired idempotency records dropped first). */
  private snapshotData(seq: number): StoreData {
    this.pruneIdempotency();
    return this.state.toData(seq);
  }

  async transientSizes(): Promise<Record<string, number>> {
    const { searches, offers } = this.process.sizes();
    return {
      searches,
      offers,
      idempotency_records: this.state.idempotency.size,
      request_journal_entries: this.process.journalSize(),
      request_journal_body_bytes: this.process.journalHeldBytes(),
    };
  }

  journalStats(): JournalStats {
    return this.disk?.compaction.stats() ?? { ...NO_JOURNAL };
  }

  /**
   * Ready when the newest durable write went through: a journal write, or a probe that writes one
   * block next to DB_FILE and removes it (lowdbReadiness.ts). The in-memory store is always ready.
   */
  async checkReady(): Promise<void> {
    await this.disk?.readiness.check();
  }

  /**
   * Every durable record as of now, as the text of a DB_FILE, for a backup: taken between two
   * journal batches, so exactly what was acknowledged (records are immutable: the copy stays as it was).
   */
  async backupText(): Promise<Iterable<string>> {
    const journal = this.log;
    if (!(journal instanceof Journal)) return snapshotChunks(this.state.toData(journal.seq));
    let data: StoreData | undefined;
    await journal.exclusive(async () => {
      data = this.state.toData(journal.seq);
    });
    return snapshotChunks(data!);
  }

  /** Compacts now and waits for it (tests, benchmarks). */
  async compactNow(): Promise<void> {
    await this.disk?.compaction.now();
  }
}

/** chmod 0600 of the store's existing files; a failure (a file owned by another user) is only warned about. */
async function narrowModes(paths: readonly string[], warn: (message: string) => void): Promise<void> {
  for (const path of paths) {
    try {
      if (((await stat(path)).mode & 0o077) !== 0) await chmod(path, STORE_FILE_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') warn(`Could not make ${path} readable by its owner only (${(error as Error).message}).`);
    }
  }
}
