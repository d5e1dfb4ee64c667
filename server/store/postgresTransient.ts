/**
 * The PostgreSQL store's transient state: clock rows, stored searches, offers and rate-limit hits.
 * Clock rows and stored searches are kept per replica and dropped when a change is announced on the
 * change feed (postgresChanges.ts); offers go in multi-row statements shared with concurrent calls
 * (postgresBatches.ts); a rate-limit hit is one statement. Writes go through the transient pool
 * (see TRANSIENT), so their commits do not wait for the WAL.
 */
import { LRUCache } from 'lru-cache';
import type { Instant } from '../clock.js';
import type { RateLimitDecision, RateLimitWindow } from '../domain/rateLimiter.js';
import { judgeHit, longestWindowMs } from '../domain/slidingWindows.js';
import { REAL_TIME, type OffsetChange, type Timeline } from '../domain/timeline.js';
import { GroupWriter, MAX_QUEUED_ROWS } from './postgresBatches.js';
import type { Announcement, ChangeFeed, ChangedAccount } from './postgresChanges.js';
import { TRANSIENT, type Client, type PostgresDatabase } from './postgresDatabase.js';
import { answersAt, type Expiry } from '../domain/ports/store.js';

/** Rows per multi-row statement of the offers' group writes (see GroupWriter). */
const OFFERS_PER_BATCH = 5_000;
/** Stored searches and clock rows a replica keeps copies of (see ChangeFeed). */
const CACHED_SEARCHES = 10_000;
const CACHED_CLOCKS = 10_000;

interface ClockRow {
  offsetMs: number;
  history: OffsetChange[];
}

interface StoredSearchRow {
  accountId: number;
  value: unknown;
  expires: Expiry;
}

/** The offers of one putOffers call, their value as JSON. */
interface OfferRows {
  accountId: number;
  serviceHashes: readonly string[];
  value: string;
  expires: Expiry;
}

export class TransientState {
  /** Reads of an account's clock row under way: concurrent readers share one round trip (see clockRow). */
  private readonly clockReads = new Map<number, Promise<ClockRow>>();

  /**
   * Copies of clock rows and stored searches, kept while the change feed is live: a clock row changes
   * only by the control calls the feed announces, and a search never changes under its key but by
   * expiry (judged here on the caller's clock) or an announced reset. See ChangeFeed.
   */
  private readonly clocks = new Map<number, ClockRow>();
  private readonly searches = new LRUCache<string, StoredSearchRow>({ max: CACHED_SEARCHES });

  /** Offers, written in multi-row statements (see GroupWriter). */
  private readonly offerWrites: GroupWriter<OfferRows>;

  constructor(
    private readonly db: PostgresDatabase,
    private readonly feed: ChangeFeed,
  ) {
    this.offerWrites = new GroupWriter((batches) => this.writeOffers(batches), { maxBatch: OFFERS_PER_BATCH, maxQueued: MAX_QUEUED_ROWS, name: 'offers' });
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
      const read = this.db.query<{ offset_ms: string; history: OffsetChange[] }>(
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

  /** Drops the copies of the account's state (of every account for null). */
  forget(account: ChangedAccount): void {
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

  /** Changes without a `fromSeq` are stamped from the database's event sequence as the row is written (timeline.ts). */
  async setClockOffset(accountId: number, offsetMs: number, history: readonly OffsetChange[] = []): Promise<void> {
    await this.announced(accountId, (client) =>
      client.query(
        `WITH stamped AS (
           SELECT coalesce(jsonb_agg(CASE WHEN change ? 'fromSeq' THEN change
                                          ELSE change || jsonb_build_object('fromSeq', nextval('event_seq')) END ORDER BY position), '[]') AS history
           FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS changes(change, position))
         INSERT INTO clock_offsets (account_id, offset_ms, history) SELECT $1, $2, history FROM stamped
         ON CONFLICT (account_id) DO UPDATE SET offset_ms = $2, history = EXCLUDED.history`,
        [accountId, Math.round(offsetMs), JSON.stringify(history)],
      ),
    );
  }

  /**
   * Runs `work` in a transaction that also announces the change of `account` on the change feed,
   * and resolves once every replica dropped its copies of it (see ChangeFeed).
   */
  async announced(account: ChangedAccount, work: (client: Client) => Promise<unknown>): Promise<void> {
    this.forget(account);
    const announcement: Announcement = this.feed.announce(account);
    let at: string | undefined;
    try {
      await this.db.transaction(async (client) => {
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

  async putSearch(accountId: number, searchId: string, value: unknown, expires: Expiry): Promise<void> {
    // Kept once read back (as the database gives it), not as given.
    this.searches.delete(searchId);
    await this.db.query(
      `INSERT INTO searches (search_id, account_id, value, expires_at_ms, expires_at_base_ms) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (search_id) DO UPDATE SET account_id = $2, value = $3, expires_at_ms = $4, expires_at_base_ms = $5`,
      [searchId, accountId, JSON.stringify(value), expires.atMs, expires.atBaseMs],
      this.db.transientPool,
    );
    this.searches.delete(searchId);
  }

  /**
   * A stored search, read once per replica: a key is only ever written again once its search ended
   * (see Expiry; on the same account's clock, which only announced control calls move) or after an
   * announced reset, so a copy that still answers is what the database holds.
   */
  async getSearch(searchId: string, now: Instant): Promise<{ accountId: number; value: unknown } | undefined> {
    const kept = this.searches.get(searchId);
    if (kept && answersAt(kept.expires, now)) return { accountId: kept.accountId, value: kept.value };
    const generation = this.feed.generation;
    const rows = await this.db.query<{ account_id: number; value: unknown; expires_at_ms: string; expires_at_base_ms: string }>(
      `SELECT account_id, value, expires_at_ms, expires_at_base_ms FROM searches
       WHERE search_id = $1 AND expires_at_ms > $2 AND expires_at_base_ms > $3`,
      [searchId, now.accountMs, now.baseMs],
    );
    const row = rows[0];
    if (!row) return undefined;
    if (this.feed.live && this.feed.generation === generation) {
      const expires = { atMs: Number(row.expires_at_ms), atBaseMs: Number(row.expires_at_base_ms) };
      this.searches.set(searchId, { accountId: row.account_id, value: row.value, expires });
    }
    return { accountId: row.account_id, value: row.value };
  }

  /** Written with the offers of concurrent calls in one statement (GroupWriter); resolves once committed. */
  async putOffers(accountId: number, serviceHashes: readonly string[], value: unknown, expires: Expiry): Promise<void> {
    if (serviceHashes.length === 0) return;
    await this.offerWrites.add({ accountId, serviceHashes, value: JSON.stringify(value), expires });
  }

  /** Resolves once every offer handed in so far is written (or failed). */
  flushOffers(): Promise<void> {
    return this.offerWrites.flush();
  }

  /**
   * One statement for the batch. A row twice in it would make ON CONFLICT touch it twice, so each
   * (account, service_hash) once, with what the last call gave (as if the calls ran one after the
   * other); rows in key order, so concurrent batches of two replicas lock shared rows in one order.
   */
  private async writeOffers(batches: OfferRows[]): Promise<void> {
    const rows = new Map<string, { accountId: number; hash: string; value: string; expires: Expiry }>();
    for (const { accountId, serviceHashes, value, expires } of batches) {
      for (const hash of serviceHashes) rows.set(`${accountId} ${hash}`, { accountId, hash, value, expires });
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
    await this.db.query(
      `INSERT INTO offers (account_id, service_hash, value, expires_at_ms, expires_at_base_ms)
       SELECT r.account_id, r.hash, ($5::text[])[r.value_at]::jsonb, r.expires_at_ms, r.expires_at_base_ms
       FROM unnest($1::int[], $2::text[], $3::int[], $4::bigint[], $6::bigint[]) WITH ORDINALITY AS r(account_id, hash, value_at, expires_at_ms, expires_at_base_ms, n)
       ORDER BY r.n
       ON CONFLICT (account_id, service_hash) DO UPDATE SET value = EXCLUDED.value, expires_at_ms = EXCLUDED.expires_at_ms, expires_at_base_ms = EXCLUDED.expires_at_base_ms`,
      [
        sorted.map((row) => row.accountId), sorted.map((row) => row.hash), sorted.map((row) => valueOf(row.value)),
        sorted.map((row) => row.expires.atMs), values, sorted.map((row) => row.expires.atBaseMs),
      ],
      this.db.transientPool,
    );
  }

  async getOffer(accountId: number, serviceHash: string, now: Instant): Promise<unknown> {
    const rows = await this.db.query<{ value: unknown }>(
      'SELECT value FROM offers WHERE account_id = $1 AND service_hash = $2 AND expires_at_ms > $3 AND expires_at_base_ms > $4',
      [accountId, serviceHash, now.accountMs, now.baseMs],
    );
    return rows[0]?.value;
  }

  /**
   * One round trip (the function rate_limit_take, migration 11) when the asker's clock kept one
   * offset over the longest window, which judges exactly as judgeHit does then (every place is its
   * base time plus that offset, as is now's) and returns the key's live hits, which judgeHit turns
   * into the verdict and each window's state; otherwise the key's rows are judged here under the same lock.
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
      const rows = await this.db.query<{ taken: string[] }>(
        'SELECT rate_limit_take($1, $2, $3, $4, $5) AS taken',
        [key, nowMs, windows.map((window) => window.seconds * 1000), windows.map((window) => window.limit), accountId ?? null],
        this.db.transientPool,
      );
      const [stored, ...live] = (rows[0]?.taken ?? []).map(Number);
      const decision = judgeHit(live, 0, nowMs, windows, timeline);
      if (decision.allowed === (stored === 1)) return decision;
      // Cannot happen (both judge the same rows alike); the database's verdict is what was recorded.
      throw new Error(`rate_limit_take stored=${stored} but judgeHit says allowed=${decision.allowed} for key ${key}`);
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
    return this.db.transaction(async (client) => {
      // One key at a time, across processes: the decision and the insert are one step.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
      const longestMs = longestWindowMs(windows);
      // The DELETE and the SELECT share one snapshot, so the SELECT skips the deleted rows itself.
      const { rows } = await client.query<{ at_ms: string; seq: string }>(
        `WITH expired AS (DELETE FROM rate_limit_hits WHERE key = $1 AND at_ms <= $2)
         SELECT at_ms, seq FROM rate_limit_hits WHERE key = $1 AND at_ms > $2 ORDER BY at_ms, seq`,
        [key, nowMs - longestMs],
      );
      const times = rows.map((row) => Number(row.at_ms));
      const decision = judgeHit(times, 0, nowMs, windows, timeline, rows.map((row) => Number(row.seq)));
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
}
