/**
 * The PostgreSQL store's request journal. While the change feed is live, a replica holds the
 * entries it took, unbuilt, like the embedded store holds its journal, and writes them out when a
 * replica is about to read the account's journal (ChangeFeed.askForJournal), when it stops hearing
 * notices, and at close. Otherwise entries are built and written at once. Either way they go in
 * multi-row statements shared with concurrent calls (GroupWriter), and each account's rows are
 * trimmed to its newest REQUEST_JOURNAL_CAP now and then (reads never show more). What a replica
 * holds is bounded over all accounts as the embedded store bounds its journals (MAX_JOURNAL_ENTRIES,
 * MAX_JOURNAL_BYTES); past either bound the account holding the most is written out, not dropped.
 */
import { GroupWriter, MAX_QUEUED_ROWS } from './postgresBatches.js';
import type { ChangeFeed, ChangedAccount } from './postgresChanges.js';
import type { PostgresDatabase } from './postgresDatabase.js';
import { MAX_JOURNAL_BYTES, MAX_JOURNAL_ENTRIES } from './processState.js';
import { JournalPageWalk } from './journalPage.js';
import { REQUEST_JOURNAL_CAP, journalEntryOf, type JournalEntryBuilder, type JournalPage, type JournalPageRead } from '../domain/ports/store.js';

/** Rows per multi-row statement of the journal's group writes (see GroupWriter). */
const JOURNAL_ENTRIES_PER_BATCH = 500;
/**
 * A replica trims an account's request journal to REQUEST_JOURNAL_CAP after appending this many of
 * its entries (reads take the newest CAP, so the few more rows held in between are never seen).
 */
const JOURNAL_TRIM_EVERY = 64;
/** Rows a page read fetches per statement at most (a page of 4 MB of the largest entries is ~150). */
const JOURNAL_PAGE_CHUNK = 100;

/** A request-journal entry as JSON, with when the replica took it (base clock, ms). */
interface JournalRow {
  accountId: number;
  atMs: number;
  entry: string;
}

/** An entry held unbuilt, with when the replica took it and the bytes of bodies it keeps alive. */
interface HeldEntry {
  appended: unknown;
  atMs: number;
  bytes: number;
}

/** One account's held entries, oldest first, and the bytes they hold. */
interface HeldAccount {
  entries: HeldEntry[];
  bytes: number;
}

/** What an appended entry holds in bodies: a builder says (heldBytes); a built entry counts 0 (as in ProcessState). */
const heldBytesOf = (appended: unknown): number => (typeof appended === 'function' ? ((appended as JournalEntryBuilder).heldBytes ?? 0) : 0);

export class RequestJournal {
  private readonly writes: GroupWriter<JournalRow>;
  /**
   * Entries this replica took and has not written yet, per account, at most REQUEST_JOURNAL_CAP
   * each (see append), and over all accounts at most MAX_JOURNAL_ENTRIES holding MAX_JOURNAL_BYTES
   * (see bound): built and written when a replica reads the account's journal, when this one stops
   * hearing notices, past a bound, and at close.
   */
  private readonly held = new Map<number, HeldAccount>();
  private heldEntries = 0;
  private heldBytes = 0;
  /** Entries appended by this replica per account since it last trimmed that account's journal. */
  private readonly untrimmed = new Map<number, number>();

  constructor(
    private readonly db: PostgresDatabase,
    private readonly feed: ChangeFeed,
  ) {
    this.writes = new GroupWriter((entries) => this.write(entries), {
      maxBatch: JOURNAL_ENTRIES_PER_BATCH, maxQueued: MAX_QUEUED_ROWS, name: 'request journal entries',
    });
  }

  /**
   * While the change feed is live, the entry is held in this replica, unbuilt, like the embedded
   * store holds its journal: a replica about to read the account's journal asks every replica to
   * write out what it holds first (ChangeFeed.askForJournal), so no API call builds or writes an
   * entry nobody reads. Otherwise it is built and written at once, with the entries of concurrent
   * calls in one statement (GroupWriter). Either way after the answer (the recorder does not wait).
   * A replica that crashes loses the entries it held (as the embedded store loses its journal);
   * never a booking or a cancel, which are written before they are acknowledged. An append that
   * takes the replica past a bound resolves once the entries it made go out are written.
   */
  // eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- names the builder that callers may pass instead of a built entry
  async append(accountId: number, appended: unknown | JournalEntryBuilder): Promise<void> {
    // Wall-clock milliseconds that never go back within the process (entries of one replica stay in order).
    const atMs = Math.floor(performance.timeOrigin + performance.now());
    if (this.feed.live) {
      let held = this.held.get(accountId);
      if (!held) this.held.set(accountId, (held = { entries: [], bytes: 0 }));
      const bytes = heldBytesOf(appended);
      held.entries.push({ appended, atMs, bytes });
      held.bytes += bytes;
      this.heldEntries += 1;
      this.heldBytes += bytes;
      // Older ones would never be read: the account's newest REQUEST_JOURNAL_CAP are newer.
      if (held.entries.length > REQUEST_JOURNAL_CAP) this.forgetOldest(held, held.entries.length - REQUEST_JOURNAL_CAP);
      if (this.heldEntries > MAX_JOURNAL_ENTRIES || this.heldBytes > MAX_JOURNAL_BYTES) await this.bound();
      return;
    }
    const entry = journalEntryOf(appended);
    if (entry === undefined) return;
    await this.writes.add({ accountId, atMs, entry: JSON.stringify(entry) });
  }

  /** Builds and writes the entries held for the account (for every account: null). */
  async writeHeld(account: number | null): Promise<void> {
    const accounts = account === null ? [...this.held.keys()] : [account];
    const failures: unknown[] = [];
    // One account at a time (at most REQUEST_JOURNAL_CAP rows), so the writer's bounded queue takes them all.
    for (const accountId of accounts) {
      const writes: Promise<void>[] = [];
      for (const { appended, atMs } of this.take(accountId)) {
        const entry = journalEntryOf(appended);
        if (entry !== undefined) writes.push(this.writes.add({ accountId, atMs, entry: JSON.stringify(entry) }));
      }
      await Promise.all(writes).catch((error: unknown) => failures.push(error));
    }
    if (failures.length > 0) throw failures[0];
  }

  /**
   * The batch in one INSERT, in the order the entries came; then, for each account this replica
   * appended JOURNAL_TRIM_EVERY entries to since it last did, one DELETE keeps its newest
   * REQUEST_JOURNAL_CAP (reads never show more, see read).
   */
  private async write(entries: JournalRow[]): Promise<void> {
    // One parameter per value, not a text[] (pg escapes every quote of a 7 KB entry inside an array).
    await this.db.query(
      `INSERT INTO request_journal (account_id, at_ms, entry) VALUES ${entries.map((_, index) => `($${3 * index + 1}::int, $${3 * index + 2}::bigint, $${3 * index + 3})`).join(', ')}`,
      entries.flatMap((row) => [row.accountId, row.atMs, row.entry]),
      this.db.transientPool,
    );
    const due: number[] = [];
    for (const { accountId } of entries) {
      const count = (this.untrimmed.get(accountId) ?? 0) + 1;
      if (count >= JOURNAL_TRIM_EVERY && !due.includes(accountId)) due.push(accountId);
      this.untrimmed.set(accountId, count);
    }
    if (due.length === 0) return;
    for (const accountId of due) this.untrimmed.delete(accountId);
    await this.db.query(
      // The cut is found once per account (LATERAL), not once per row of it.
      `DELETE FROM request_journal j USING (
         SELECT a.account_id, c.at_ms, c.seq FROM unnest($1::int[]) AS a(account_id)
         CROSS JOIN LATERAL (SELECT at_ms, seq FROM request_journal r WHERE r.account_id = a.account_id
                             ORDER BY at_ms DESC, seq DESC OFFSET $2 LIMIT 1) AS c) AS cut
       WHERE j.account_id = cut.account_id AND (j.at_ms, j.seq) <= (cut.at_ms, cut.seq)`,
      [due, REQUEST_JOURNAL_CAP],
      this.db.transientPool,
    );
  }

  /**
   * The newest REQUEST_JOURNAL_CAP entries, oldest first (in the order the replicas took them), once
   * every replica wrote out what it held of the account.
   */
  async read(accountId: number): Promise<unknown[]> {
    await this.gather(accountId);
    const rows = await this.db.query<{ entry: string }>(
      `SELECT entry FROM (SELECT at_ms, seq, entry FROM request_journal WHERE account_id = $1 ORDER BY at_ms DESC, seq DESC LIMIT $2) AS newest
       ORDER BY at_ms, seq`,
      [accountId, REQUEST_JOURNAL_CAP],
    );
    // Text written by JSON.stringify (migration 8).
    return rows.map((row) => JSON.parse(row.entry) as unknown);
  }

  /**
   * One page, newest first (see Store.readRequestJournal), once every replica wrote out what it held
   * of the account: rows fetched newest first a chunk at a time (LIMIT, then on from the last row
   * fetched), until the page is full, so the rows older than the page stay in the database.
   */
  async readPage(accountId: number, page: JournalPage): Promise<JournalPageRead> {
    await this.gather(accountId);
    const walk = new JournalPageWalk(page);
    // Reads never show more than the newest CAP (the trim may leave a few more rows for a while).
    const held = Math.min(REQUEST_JOURNAL_CAP, Number((await this.db.query<{ held: string }>('SELECT count(*) AS held FROM request_journal WHERE account_id = $1', [accountId]))[0]?.held ?? 0));
    const chunk = Math.min(JOURNAL_PAGE_CHUNK, Math.max(1, page.limit + (page.offset ?? 0)));
    let walked = 0;
    let after: { at_ms: string; seq: string } | undefined;
    while (walked < held) {
      const rows = await this.db.query<{ at_ms: string; seq: string; entry: string }>(
        `SELECT at_ms, seq, entry FROM request_journal
         WHERE account_id = $1 AND ($2::bigint IS NULL OR (at_ms, seq) < ($2::bigint, $3::bigint))
         ORDER BY at_ms DESC, seq DESC LIMIT $4`,
        [accountId, after?.at_ms ?? null, after?.seq ?? null, Math.min(chunk, held - walked)],
      );
      if (rows.length === 0) break;
      this.rowsFetched += rows.length;
      for (const row of rows) {
        walked += 1;
        // Parsed only to be tested: kept as the text written by JSON.stringify (migration 8).
        if (!walk.take(page.matches ? JSON.parse(row.entry) : null, row.entry)) return walk.read(held - walked);
      }
      after = rows.at(-1);
    }
    return walk.read(Math.max(0, held - walked));
  }

  /** Rows of the journal fetched by page reads so far (tests: a page read does not fetch the whole journal). */
  rowsFetched = 0;

  /** Has every replica write out what it holds of the account (this one included), before a read. */
  private async gather(accountId: number): Promise<void> {
    const ask = this.feed.askForJournal(accountId);
    let at: string | undefined;
    try {
      at = (await this.db.query<{ at: string }>(ask.sql, ask.values))[0]?.at;
    } catch (error) {
      ask.abandoned();
      throw error;
    }
    await this.writeHeld(accountId);
    await ask.settled(at);
    await this.writes.flush();
  }

  /**
   * Over MAX_JOURNAL_ENTRIES the account holding the most entries, over MAX_JOURNAL_BYTES the one
   * holding the most bytes, has all it holds written out (taken at once, so both bounds hold when
   * this returns its promise); resolves once those writes are done, rejects when one failed.
   */
  private async bound(): Promise<void> {
    const writes: Promise<void>[] = [];
    // Each round takes one account's entries (at least one), so this ends.
    while (this.heldEntries > MAX_JOURNAL_ENTRIES || this.heldBytes > MAX_JOURNAL_BYTES) {
      const byBytes = this.heldEntries <= MAX_JOURNAL_ENTRIES;
      let largest: number | undefined;
      let most = -1;
      for (const [accountId, held] of this.held) {
        const size = byBytes ? held.bytes : held.entries.length;
        if (size > most) [largest, most] = [accountId, size];
      }
      if (largest === undefined) break;
      writes.push(this.writeHeld(largest));
    }
    await Promise.all(writes);
  }

  /** Removes and returns what is held of the account, oldest first. */
  private take(accountId: number): HeldEntry[] {
    const held = this.held.get(accountId);
    if (!held) return [];
    this.held.delete(accountId);
    this.heldEntries -= held.entries.length;
    this.heldBytes -= held.bytes;
    return held.entries;
  }

  /** Drops the `oldest` entries held of one account. */
  private forgetOldest(held: HeldAccount, oldest: number): void {
    const dropped = held.entries.splice(0, oldest).reduce((sum, entry) => sum + entry.bytes, 0);
    held.bytes -= dropped;
    this.heldEntries -= oldest;
    this.heldBytes -= dropped;
  }

  /** Entries held unwritten over all accounts and the bytes of bodies they hold, for figures (benchmarks, tests). */
  heldSize(): { entries: number; bytes: number } {
    return { entries: this.heldEntries, bytes: this.heldBytes };
  }

  /** Drops what is held of the account (of every account: null): a change was announced that removes it. */
  dropHeld(account: ChangedAccount): void {
    if (account !== null) {
      this.take(account);
      return;
    }
    this.held.clear();
    this.heldEntries = 0;
    this.heldBytes = 0;
  }

  /**
   * Before a reset of the account (every account: null): what this replica holds of it goes, what it
   * queued is written first (so the reset removes it too), and its trim count starts again.
   */
  async discard(account: ChangedAccount): Promise<void> {
    this.dropHeld(account);
    await this.writes.flush();
    if (account === null) this.untrimmed.clear();
    else this.untrimmed.delete(account);
  }

  /** Resolves once every entry handed to the writer so far is written (or failed). */
  flush(): Promise<void> {
    return this.writes.flush();
  }
}
