/**
 * The embedded store (no set-up): lowdb's JSON file (DB_FILE) is the snapshot, and every change
 * is appended to DB_FILE + '.journal' (JSON lines) and fsynced before it is acknowledged, so a
 * change costs the same with 10 or 100,000 bookings. When the journal has grown to half the
 * snapshot, a new snapshot is written in the background and the journal is cut (see compact()).
 */
import { dirname } from 'node:path';
import { Low, type Adapter } from 'lowdb';
import type { BookingRecord } from '../domain/bookings/record.js';
import type { RateLimitDecision, RateLimitWindow } from '../domain/rateLimiter.js';
import type { OffsetChange, Timeline } from '../domain/accountClocks.js';
import { DurableState, StoreDataError, idempotencyMapKey, type StoreChange, type StoreData } from './durableState.js';
import { Journal, NoLog, type ChangeLog } from './journal.js';
import { ProcessState } from './processState.js';
import {
  BookingsFullError,
  IDEMPOTENCY_TTL_MS,
  StoreOpenError,
  isRetired,
  type JournalStats,
  type BookingChange, type IdempotencyClaim, type IdempotencyCompletion, type IdempotencyKeyUse, type JournalEntryBuilder, type OutboxEmail, type Store,
} from './store.js';
import { drawBookingId as randomBookingId, freeBookingId } from './bookingIds.js';
import { nodeFs, type StoreFs } from './storeFs.js';
import { bookingProblem, emailProblem } from './validation.js';

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

/** What checkReady() writes (and removes) next to DB_FILE: one block, so a full disk refuses it. */
const READY_PROBE = `${'-'.repeat(4095)}\n`;

interface SnapshotPlace {
  file: SnapshotFile;
  path: string;
  compactAfterBytes: number;
  compactRetryMs: number;
  warn: (message: string) => void;
  fs: StoreFs;
  readyProbeTtlMs: number;
}

/** lowdb adapter for the snapshot: parse on read; on write, temp file + fsync + rename + fsync dir. */
class SnapshotFile implements Adapter<StoreData> {
  constructor(
    private readonly fs: StoreFs,
    private readonly file: string,
  ) {}
  /** Size of the file last read, and whether it existed. */
  readBytes = 0;
  existed = false;
  async read(): Promise<StoreData | null> {
    const text = await this.fs.readText(this.file);
    this.readBytes = text?.length ?? 0;
    this.existed = text !== undefined;
    return text === undefined ? null : (JSON.parse(text) as StoreData);
  }
  async write(data: StoreData): Promise<void> {
    await this.writeCounted(data);
  }
  async writeCounted(data: StoreData): Promise<number> {
    const temp = `${this.file}.tmp`;
    let bytes: number;
    try {
      bytes = await this.fs.writeSynced(temp, snapshotChunks(data));
      await this.fs.rename(temp, this.file);
    } catch (error) {
      // Disk full: a half-written copy would keep the space the journal needs.
      await this.fs.remove(temp).catch(() => {});
      throw error;
    }
    await this.fs.syncDir(dirname(this.file));
    return bytes;
  }
}

/** The snapshot JSON in pieces of 500 bookings, so a large write never blocks the event loop for long. */
function* snapshotChunks(data: StoreData): Generator<string> {
  const { bookings, ...rest } = data;
  yield `${JSON.stringify(rest).slice(0, -1)},"bookings":[`;
  for (let start = 0; start < bookings.length; start += 500) {
    const chunk = bookings.slice(start, start + 500).map((booking) => JSON.stringify(booking)).join(',\n');
    yield start === 0 ? `\n${chunk}` : `,\n${chunk}`;
  }
  yield ']}\n';
}

export class LowdbStore implements Store {
  readonly kind = 'lowdb';
  private readonly process = new ProcessState();
  /** Idempotency keys whose request is running (one process, so memory is enough). */
  private readonly claimed = new Map<string, string>();
  /** The last change of each booking still on its way to disk: changes of one booking run one at a time. */
  private readonly updating = new Map<string, Promise<unknown>>();
  /** Ids of inserts still on their way to disk: no second insert may draw them meanwhile. */
  private readonly insertingIds = new Set<number>();
  /** Idempotency records written since the expired ones were last dropped (see pruneIdempotency). */
  private idempotencySincePrune = 0;
  private snapshotBytes = 0;
  /** The journal seq the snapshot on disk includes. */
  private snapshotSeq = 0;
  private compacting: Promise<void> | undefined;
  /** The last write probe of checkReady() (Date.now() when it began, and its failure). */
  private readyProbe: { atMs: number; error?: string } | undefined;
  private probing: Promise<void> | undefined;
  /** Failed compactions in a row, and the time (Date.now()) before which no new one starts. */
  private compactFailures = 0;
  private compactRetryAt = 0;

  private constructor(
    private readonly state: DurableState,
    private readonly log: ChangeLog,
    private readonly snapshot?: SnapshotPlace,
    private readonly drawBookingId: () => number = randomBookingId,
  ) {}

  /**
   * Opens DB_FILE and replays its journal; creates both on first start. A damaged file stops
   * with a StoreOpenError naming the record and field, and nothing is written.
   */
  static async open(path: string, options: LowdbStoreOptions = {}): Promise<LowdbStore> {
    const fs = options.fs ?? nodeFs;
    const warn = options.warn ?? ((message: string) => console.warn(message));
    const journalPath = `${path}.journal`;
    const openFailure = (what: string, error: unknown) =>
      new StoreOpenError(`Cannot ${what} (${(error as Error).message}).`);
    try {
      await fs.mkdir(dirname(path));
    } catch (error) {
      throw openFailure(`create the directory of DB_FILE ${path}`, error);
    }
    const file = new SnapshotFile(fs, path);
    const db = new Low<StoreData | null>(file as Adapter<StoreData | null>, null);
    try {
      await db.read();
    } catch (error) {
      const problem = error instanceof SyntaxError ? `is not valid JSON (${error.message})` : `cannot be read (${(error as Error).message})`;
      throw new StoreOpenError(`DB_FILE ${path} ${problem}. ${LEFT_UNCHANGED}`);
    }
    const exists = file.existed;
    let loaded: { state: DurableState; seq: number };
    let journalText: string | undefined;
    try {
      loaded = exists ? DurableState.load(db.data) : { state: new DurableState(), seq: 0 };
      journalText = await fs.readText(journalPath);
    } catch (error) {
      if (error instanceof StoreDataError) throw new StoreOpenError(`DB_FILE ${path}: ${error.message}. ${LEFT_UNCHANGED}`);
      throw openFailure(`read the journal ${journalPath}`, error);
    }
    const replay = replayJournal(loaded.state, loaded.seq, journalText ?? '', journalPath);
    if (replay.torn) {
      warn(
        `Cut off the torn last line of ${journalPath} (line ${replay.torn.line}, ${replay.torn.bytes} bytes after the last whole ` +
          'entry: a write cut short by a crash or a full disk; it was never acknowledged).',
      );
    }

    let appendFile;
    try {
      appendFile = await fs.openAppend(journalPath);
      if (replay.torn) {
        await appendFile.truncate(replay.goodBytes);
        await appendFile.sync();
      }
      // A journal created just now: its directory entry must be durable before a change is acknowledged.
      if (journalText === undefined && exists) await fs.syncDir(dirname(journalPath));
    } catch (error) {
      throw openFailure(`open the journal ${journalPath} for writing`, error);
    }
    const snapshot: SnapshotPlace = {
      file,
      path,
      compactAfterBytes: options.compactAfterBytes ?? 4 * 1024 * 1024,
      compactRetryMs: options.compactRetryMs ?? 1000,
      warn,
      fs,
      readyProbeTtlMs: options.readyProbeTtlMs ?? 2000,
    };
    // eslint-disable-next-line prefer-const -- the journal's compaction callback closes over `store` before it exists
    let store: LowdbStore | undefined;
    const journal = new Journal(fs, journalPath, appendFile, replay.goodBytes, replay.seq, () => store?.compactIfDue());
    store = new LowdbStore(loaded.state, journal, snapshot, options.drawBookingId);
    store.snapshotBytes = file.readBytes;
    store.snapshotSeq = exists ? loaded.seq : replay.seq;
    if (!exists) {
      try {
        store.snapshotBytes = await file.writeCounted(loaded.state.toData(replay.seq));
      } catch (error) {
        await appendFile.close().catch(() => {});
        throw openFailure(`create DB_FILE ${path}`, error);
      }
    }
    return store;
  }

  /** A store in memory only, for tests that do not test durability. */
  static async inMemory(options: Pick<LowdbStoreOptions, 'drawBookingId'> = {}): Promise<LowdbStore> {
    return new LowdbStore(new DurableState(), new NoLog(), undefined, options.drawBookingId);
  }

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
      const emails = 'emails' in changed ? changed.emails : [];
      // Checked before the write: what is journaled must apply cleanly, now and on replay.
      const problem =
        bookingProblem(booking) ??
        (booking.bookhash !== bookhash || booking.id !== current.id || booking.accountId !== current.accountId
          ? 'changed its id, bookhash or account'
          : undefined) ??
        emails.map((email) => emailProblem(email) ?? (this.state.byHash.has(email.bookhash) ? undefined : 'has an e-mail about no booking')).find(Boolean);
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

  async claimIdempotencyKey(use: IdempotencyKeyUse, nowMs: number): Promise<IdempotencyClaim> {
    const key = idempotencyMapKey(use.accountId, use.key);
    const completed = this.state.idempotency.get(key);
    if (completed && nowMs - completed.atMs < IDEMPOTENCY_TTL_MS) {
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

  async getClockOffset(accountId: number): Promise<number> {
    return this.process.getClockOffset(accountId);
  }
  async getClockHistory(accountId: number): Promise<readonly OffsetChange[]> {
    return this.process.getClockHistory(accountId);
  }
  async setClockOffset(accountId: number, offsetMs: number, history?: readonly OffsetChange[]): Promise<void> {
    this.process.setClockOffset(accountId, offsetMs, history);
  }
  async putSearch(accountId: number, searchId: string, value: unknown, expiresAtMs: number): Promise<void> {
    this.process.putSearch(accountId, searchId, value, expiresAtMs);
  }
  async getSearch(searchId: string, nowMs: number): Promise<{ accountId: number; value: unknown } | undefined> {
    return this.process.getSearch(searchId, nowMs);
  }
  async putOffers(accountId: number, serviceHashes: readonly string[], value: unknown, expiresAtMs: number): Promise<void> {
    this.process.putOffers(accountId, serviceHashes, value, expiresAtMs);
  }
  async getOffer(accountId: number, serviceHash: string, nowMs: number): Promise<unknown> {
    return this.process.getOffer(accountId, serviceHash, nowMs);
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

  async resetAccount(accountId: number): Promise<void> {
    await this.change({ op: 'resetAccount', accountId });
    this.process.resetAccount(accountId);
    for (const key of this.claimed.keys()) if (key.startsWith(idempotencyMapKey(accountId, ''))) this.claimed.delete(key);
  }

  async reset(): Promise<void> {
    await this.change({ op: 'reset' });
    this.process.reset();
    this.claimed.clear();
  }

  async close(): Promise<void> {
    await this.compacting;
    await this.log.close();
  }

  /** Writes `change` durably, then applies it to memory (in journal order). */
  private change(change: StoreChange): Promise<void> {
    return this.log.commit(change, () => this.state.apply(change, 'change'));
  }

  /** Starts a background compaction when the journal has outgrown the snapshot. */
  private compactIfDue(): void {
    const journal = this.log as Journal;
    if (!this.snapshot || this.compacting || Date.now() < this.compactRetryAt) return;
    // Half the snapshot: replay on open costs at most half again as much as loading the snapshot.
    if (journal.bytes < Math.max(this.snapshot.compactAfterBytes, this.snapshotBytes / 2)) return;
    this.compacting = this.compact(journal).finally(() => {
      this.compacting = undefined;
    });
  }

  /**
   * A new snapshot of the state as of now (seq N), then a journal holding only the changes after
   * N. Runs between journal batches for its start, so the copied state is exactly seq N; bookings
   * are immutable records, so a shallow copy is a consistent snapshot while changes go on.
   */
  private async compact(journal: Journal): Promise<void> {
    const snapshot = this.snapshot!;
    try {
      let data: StoreData | undefined;
      await journal.exclusive(async () => {
        this.pruneIdempotency();
        data = this.state.toData(journal.seq);
        journal.keepTail();
      });
      this.snapshotBytes = await snapshot.file.writeCounted(data!);
      this.snapshotSeq = data!.seq ?? 0;
      await journal.replaceWithTail(dirname(snapshot.path));
      this.compactFailures = 0;
      this.compactRetryAt = 0;
    } catch (error) {
      journal.dropTail();
      const waitMs = Math.min(60_000, snapshot.compactRetryMs * 2 ** Math.min(this.compactFailures, 16));
      this.compactFailures += 1;
      this.compactRetryAt = Date.now() + waitMs;
      snapshot.warn(
        `Compaction of ${snapshot.path} failed (${(error as Error).message}); the journal keeps every change and it will be retried in ${waitMs} ms.`,
      );
    }
  }

  journalStats(): JournalStats {
    const journal = this.log instanceof Journal ? this.log : undefined;
    return {
      snapshotBytes: this.snapshotBytes,
      journalBytes: journal?.bytes ?? 0,
      journalEntries: journal ? journal.seq - this.snapshotSeq : 0,
      pendingEntries: journal?.pending ?? 0,
      writeFailing: journal?.lastFailure !== undefined,
    };
  }

  /**
   * Ready when the newest durable write went through: a journal write, or a probe that writes one
   * block next to DB_FILE and removes it (at most once per readyProbeTtlMs, so never a growing disk).
   * The in-memory store is always ready.
   */
  async checkReady(): Promise<void> {
    const snapshot = this.snapshot;
    if (!snapshot || !(this.log instanceof Journal)) return;
    if (!this.readyProbe || Date.now() - this.readyProbe.atMs >= snapshot.readyProbeTtlMs) {
      this.probing ??= this.probeDirectory(snapshot).finally(() => {
        this.probing = undefined;
      });
      await this.probing;
    }
    const probe = this.readyProbe!;
    const failure = this.log.lastFailure;
    if (failure && failure.atMs >= probe.atMs) throw new Error(`the last journal write failed (${failure.message})`);
    if (probe.error) throw new Error(probe.error);
  }

  private async probeDirectory(snapshot: SnapshotPlace): Promise<void> {
    const atMs = Date.now();
    const probePath = `${snapshot.path}.ready`;
    try {
      await snapshot.fs.writeSynced(probePath, [READY_PROBE]);
      await snapshot.fs.remove(probePath);
      this.readyProbe = { atMs };
    } catch (error) {
      await snapshot.fs.remove(probePath).catch(() => {});
      this.readyProbe = { atMs, error: `the directory of DB_FILE does not accept writes (${(error as Error).message})` };
    }
  }

  /** Compacts now and waits for it (tests, benchmarks). */
  /** Expired idempotency records leave memory now and the snapshot at the next compaction. */
  private pruneIdempotency(): void {
    this.idempotencySincePrune = 0;
    this.state.pruneIdempotency((accountId) => this.process.knownNowMs(accountId));
  }

  async compactNow(): Promise<void> {
    if (!this.compacting && this.log instanceof Journal) {
      this.compacting = this.compact(this.log).finally(() => {
        this.compacting = undefined;
      });
    }
    await this.compacting;
  }
}

const LEFT_UNCHANGED = 'It was left unchanged: repair it, move it away, or point DB_FILE elsewhere.';

/**
 * Applies the journal's changes after the snapshot's seq. A torn tail (a last line without its
 * newline, NUL padding, or a last line that is not JSON) is a write cut short by a crash or a full
 * disk, never acknowledged: replay stops before it and `torn` says where. Anything else that does
 * not parse, or a gap in the numbering, stops the start.
 */
function replayJournal(state: DurableState, snapshotSeq: number, text: string, journalPath: string) {
  let seq = snapshotSeq;
  let offset = 0;
  let lineNumber = 0;
  while (offset < text.length) {
    const end = text.indexOf('\n', offset);
    lineNumber += 1;
    const line = text.slice(offset, end === -1 ? text.length : end);
    const where = `${journalPath} line ${lineNumber}`;
    let entry: (StoreChange & { seq?: unknown }) | undefined;
    try {
      if (end === -1 || line.includes('\0')) throw new SyntaxError('torn');
      entry = JSON.parse(line) as StoreChange & { seq?: unknown };
    } catch {
      // Only the last line can be torn: after it, at most NUL padding and blank space.
      if (end === -1 || /^[\0\s]*$/.test(text.slice(end + 1))) {
        const goodBytes = Buffer.byteLength(text.slice(0, offset));
        return { seq, goodBytes, torn: { line: lineNumber, bytes: Buffer.byteLength(text) - goodBytes } };
      }
      throw new StoreOpenError(`${where} is not valid JSON. ${LEFT_UNCHANGED_JOURNAL}`);
    }
    offset = end + 1;
    if (!entry || typeof entry !== 'object' || !Number.isSafeInteger(entry.seq)) {
      throw new StoreOpenError(`${where} has no sequence number (seq). ${LEFT_UNCHANGED_JOURNAL}`);
    }
    const entrySeq = entry.seq as number;
    if (entrySeq <= seq && seq === snapshotSeq) continue; // already in the snapshot
    if (entrySeq !== seq + 1) {
      throw new StoreOpenError(`${where} has seq ${entrySeq} where ${seq + 1} was expected (a change is missing). ${LEFT_UNCHANGED_JOURNAL}`);
    }
    try {
      state.apply(entry, where);
    } catch (error) {
      if (error instanceof StoreDataError) throw new StoreOpenError(`${error.message}. ${LEFT_UNCHANGED_JOURNAL}`);
      throw error;
    }
    seq = entrySeq;
  }
  return { seq, goodBytes: Buffer.byteLength(text), torn: undefined };
}

const LEFT_UNCHANGED_JOURNAL = 'The journal and DB_FILE were left unchanged: repair or move them away.';
