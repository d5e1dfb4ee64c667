/**
 * The PostgreSQL store's sweeper: expired transient rows (searches, offers, rate-limit hits and
 * their counters, idempotency records) are deleted in the background, in bounded batches, each row
 * judged by real time: a row whose real-time end passed answers nothing any more, whatever its
 * account's clock shows (see Expiry in domain/ports/store.ts), while a row that only its account's clock ended
 * may answer again if that clock is set back, so it stays. A sweep's work is bounded; what is left
 * goes at the next one.
 */
import { ABANDONED_CLAIM_SECONDS } from './postgresBookings.js';
import { storeError, type PostgresDatabase } from './postgresDatabase.js';
import { IDEMPOTENCY_TTL_MS, type SweepStats } from '../domain/ports/store.js';

/** How often expired transient rows are swept in the background, and how many rows one statement deletes. */
export const SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 1_000;
/** Batches per table per sweep: a sweep's work is bounded; what is left goes at the next one. */
const SWEEP_MAX_BATCHES = 50;

/** A rate-limit hit older than this (base time) counts for no window: the spec's longest is a day. */
const RATE_LIMIT_DAY_MS = 86_400_000;

/**
 * Rows past their real-time end: $1 is the base clock in ms, $2 the batch size. Idempotency records
 * live IDEMPOTENCY_TTL_MS ($3) from their use; a claim that never completed goes once it is abandoned.
 */
const SWEEPS: readonly { table: string; sql: string }[] = [
  {
    table: 'searches',
    sql: `DELETE FROM searches WHERE search_id IN (
            SELECT search_id FROM searches WHERE expires_at_base_ms <= $1::bigint LIMIT $2)`,
  },
  {
    table: 'offers',
    sql: `DELETE FROM offers WHERE ctid IN (
            SELECT ctid FROM offers WHERE expires_at_base_ms <= $1::bigint LIMIT $2)`,
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
            SELECT ctid FROM idempotency_keys
            WHERE (response IS NOT NULL AND at_base_ms + $3::bigint <= $1::bigint)
               OR (response IS NULL AND claimed_at < now() - make_interval(secs => $4))
            LIMIT $2)`,
  },
];

export class Sweeper {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> | undefined;
  /** What this replica's sweeps did, for /metrics (see SweepStats). */
  private readonly totals: SweepStats = { deleted: {}, failures: 0, lastSuccessAtMs: undefined };

  /** Sweeps every `intervalMs` (0: never, the caller sweeps). */
  constructor(
    private readonly db: PostgresDatabase,
    intervalMs: number,
  ) {
    if (intervalMs > 0) {
      this.timer = setInterval(() => {
        // A database that is away now is swept at a later tick.
        this.sweeping ??= this.sweepExpired()
          .catch(() => {
            this.totals.failures += 1; // the tables grow until a sweep succeeds: /metrics shows it
          })
          .finally(() => (this.sweeping = undefined));
      }, intervalMs);
      this.timer.unref();
    }
  }

  /**
   * Deletes expired transient rows in batches of SWEEP_BATCH (at most SWEEP_MAX_BATCHES per table),
   * each row judged by real time, `baseNowMs` (Date.now() unless a test says).
   * Returns the rows deleted per table.
   */
  async sweepExpired(baseNowMs = Date.now()): Promise<Record<string, number>> {
    const deleted: Record<string, number> = {};
    for (const { table, sql } of SWEEPS) {
      deleted[table] = 0;
      const values: unknown[] = table === 'rate_limit_keys' ? [SWEEP_BATCH] : [baseNowMs, SWEEP_BATCH];
      if (table === 'idempotency_keys') values.push(IDEMPOTENCY_TTL_MS, ABANDONED_CLAIM_SECONDS);
      for (let batch = 0; batch < SWEEP_MAX_BATCHES; batch++) {
        const client = await this.db.connect();
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
        this.totals.deleted[table] = (this.totals.deleted[table] ?? 0) + count;
        if (count < SWEEP_BATCH) break;
      }
    }
    this.totals.lastSuccessAtMs = Date.now();
    return deleted;
  }

  /** Rows deleted per table and failed background sweeps since start, and when a sweep last completed. */
  stats(): SweepStats {
    return { deleted: { ...this.totals.deleted }, failures: this.totals.failures, lastSuccessAtMs: this.totals.lastSuccessAtMs };
  }

  /** Rows held in the transient tables, for figures (benchmarks, tests). */
  /** idempotency_keys counts running claims too; idempotency_records only the answers kept (as the embedded store counts them). */
  async transientSizes(): Promise<{ searches: number; offers: number; idempotency_keys: number; idempotency_records: number }> {
    const rows = await this.db.query<{ searches: string; offers: string; idempotency_keys: string; idempotency_records: string }>(
      `SELECT (SELECT count(*) FROM searches) AS searches, (SELECT count(*) FROM offers) AS offers,
              (SELECT count(*) FROM idempotency_keys) AS idempotency_keys,
              (SELECT count(*) FROM idempotency_keys WHERE response IS NOT NULL) AS idempotency_records`,
    );
    const row = rows[0]!;
    return {
      searches: Number(row.searches), offers: Number(row.offers),
      idempotency_keys: Number(row.idempotency_keys), idempotency_records: Number(row.idempotency_records),
    };
  }

  /** No more sweeps; resolves once the one under way (if any) ended. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.sweeping;
  }
}
