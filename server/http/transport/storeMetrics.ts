/**
 * What /metrics shows of the store, named by whose figure it is:
 * - `store_*`: this process's own. The embedded store is one process's file, so its bookings,
 *   journal and transient state are `store_*`; with PostgreSQL, what this replica holds unwritten
 *   (`store_transient_entries`), its connection pools (`store_pool_*`) and the newest schema version
 *   its code knows (`store_schema_version_known`).
 * - `database_*`: the shared database's (Store.shared), the same figure on every replica: aggregate
 *   them with max(), never sum() (summing replicas counted every booking once per replica).
 * A figure the store cannot read now (the database is away) is NaN, never a stale one; /readyz says why.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { PoolStats, Store } from '../../domain/ports/store.js';

type Registers = Registry[];

/** A gauge whose value is read at each scrape; NaN when the read fails. */
function readGauge(name: string, help: string, registers: Registers, read: () => Promise<number> | number): void {
  new Gauge({
    name,
    help,
    registers,
    async collect() {
      try {
        this.set(await read());
      } catch {
        this.set(Number.NaN);
      }
    },
  });
}

/** A gauge with one label, each of its values read at each scrape; left unchanged when the read fails. */
function readLabelledGauge(name: string, help: string, label: string, registers: Registers, read: () => Promise<Record<string, number>> | Record<string, number>): void {
  new Gauge({
    name,
    help,
    labelNames: [label],
    registers,
    async collect() {
      try {
        for (const [value, count] of Object.entries(await read())) this.set({ [label]: value }, count);
      } catch {
        // the store cannot say now; /readyz says why, and a stale figure is better left out
      }
    },
  });
}

export function storeGauges(store: Store, registers: Registers): void {
  const shared = store.shared === true;
  readGauge(
    shared ? 'database_bookings' : 'store_bookings',
    shared ? 'Bookings in the shared database (the same on every replica: use max, not sum)' : "Bookings in this process's store",
    registers,
    () => store.countBookings(),
  );
  if (store.transientSizes) {
    const sizes = store.transientSizes.bind(store);
    if (shared) {
      readLabelledGauge('database_transient_rows', 'Rows of the transient tables in the shared database, by table (the same on every replica)', 'table', registers, sizes);
    } else {
      readLabelledGauge(
        'store_transient_entries',
        'Entries held in the bounded transient state (search keys, offers, request-journal entries and their body bytes), by kind',
        'kind',
        registers,
        sizes,
      );
    }
  }
  if (store.heldSizes) {
    const held = store.heldSizes.bind(store);
    readLabelledGauge('store_transient_entries', 'Request-journal entries (and their body bytes) this replica holds, not yet written to the database', 'kind', registers, held);
  }
  if (store.schemaVersions) {
    // One query for both gauges of a scrape: they are collected together.
    const read = store.schemaVersions.bind(store);
    let inFlight: ReturnType<typeof read> | undefined;
    const versions = () => (inFlight ??= read().finally(() => (inFlight = undefined)));
    readGauge('database_schema_version', 'The newest migration applied to the shared database', registers, async () => (await versions()).database);
    readGauge('store_schema_version_known', "The newest migration this replica's code knows (below database_schema_version: an older release)", registers, async () => (await versions()).known);
  }
  if (store.poolStats) poolGauges(store.poolStats.bind(store), registers);
  if (store.sweepStats) sweepMetrics(store.sweepStats.bind(store), registers);
  if (store.journalStats) journalGauges(() => store.journalStats!(), registers);
}

function poolGauges(stats: NonNullable<Store['poolStats']>, registers: Registers): void {
  const byPool = (name: string, help: string, labelNames: string[], set: (gauge: Gauge, pool: PoolStats) => void) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers,
      collect() {
        for (const pool of stats()) set(this, pool);
      },
    });
  byPool('store_pool_connections', "This replica's database connections, by pool (durable, transient) and state (busy, idle)", ['pool', 'state'], (gauge, pool) => {
    gauge.set({ pool: pool.pool, state: 'busy' }, pool.open - pool.idle);
    gauge.set({ pool: pool.pool, state: 'idle' }, pool.idle);
  });
  byPool(
    'store_pool_waiting_requests',
    'Queries waiting for a free connection, by pool (above 0 for long: raise DATABASE_POOL_SIZE or add a replica)',
    ['pool'],
    (gauge, pool) => gauge.set({ pool: pool.pool }, pool.waiting),
  );
  byPool('store_pool_max_connections', 'The most connections a pool opens (DATABASE_POOL_SIZE)', ['pool'], (gauge, pool) => gauge.set({ pool: pool.pool }, pool.max));
}

function sweepMetrics(stats: NonNullable<Store['sweepStats']>, registers: Registers): void {
  // Counters set to running totals the store keeps (prom-client counters only go up by inc).
  new Counter({
    name: 'store_sweep_deleted_rows_total',
    help: "Expired rows this replica's background sweeps deleted, by table",
    labelNames: ['table'],
    registers,
    collect() {
      this.reset();
      for (const [table, count] of Object.entries(stats().deleted)) this.inc({ table }, count);
    },
  });
  new Counter({
    name: 'store_sweep_failures_total',
    help: "This replica's background sweeps that failed (the database away); expired rows stay until one succeeds",
    registers,
    collect() {
      this.reset();
      this.inc(stats().failures);
    },
  });
  new Gauge({
    name: 'store_sweep_last_success_timestamp_seconds',
    help: "When this replica's last sweep of expired rows completed (0: none yet; one runs every minute)",
    registers,
    collect() {
      this.set((stats().lastSuccessAtMs ?? 0) / 1000);
    },
  });
}

function journalGauges(stats: () => NonNullable<ReturnType<NonNullable<Store['journalStats']>>>, registers: Registers): void {
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({ name, help, registers, collect() { this.set(read()); } });
  gauge('store_snapshot_bytes', 'Size of DB_FILE as last written or read', () => stats().snapshotBytes);
  gauge('store_journal_bytes', 'Size of the journal (changes not yet in the snapshot)', () => stats().journalBytes);
  gauge('store_journal_entries', 'Changes journaled since the last snapshot (replayed on restart)', () => stats().journalEntries);
  gauge('store_journal_pending_entries', 'Changes waiting for their fsync', () => stats().pendingEntries);
  gauge('store_journal_write_failing', '1 when the last journal write failed (clients get 503)', () => (stats().writeFailing ? 1 : 0));
}
