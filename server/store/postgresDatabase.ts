/**
 * The PostgreSQL store's connections: two pools (durable writes and reads; transient ones whose
 * commits do not wait for the WAL, see TRANSIENT), one statement or one transaction on a pooled
 * connection, the readiness check, and which errors mean the database is unavailable (they become
 * StoreUnavailableError: the client gets a 503 and may retry).
 */
import pg from 'pg';
import { DEFAULT_DATABASE_POOL_SIZE } from './databasePoolSize.js';
import { migrate } from './postgresMigrations.js';
import { StoreOpenError, StoreUnavailableError, type PoolStats } from '../domain/ports/store.js';

export type Client = pg.PoolClient;

/**
 * Searches, offers and rate-limit hits are transient (the embedded store keeps them in memory only):
 * their commits do not wait for the WAL to reach disk. A database crash may lose the last moments of
 * them, never a booking; every reader still sees them at once, on any replica.
 */
export const TRANSIENT = { transient: true };

/** GET /readyz waits this long for the database's SELECT 1. */
const READY_TIMEOUT_MS = 1000;

export interface PoolOptions {
  /** Connections of each of the two pools (durable, transient); default DEFAULT_DATABASE_POOL_SIZE. */
  poolSize?: number;
  idleTimeoutMillis?: number;
}

export class PostgresDatabase {
  private readyCheck: { atMs: number; done: Promise<void> } | undefined;

  /**
   * @param pool durable writes and reads
   * @param transientPool connections with synchronous_commit off, for the transient state (see
   *   TRANSIENT): one statement is one round trip, no BEGIN/SET LOCAL/COMMIT around it
   */
  private constructor(
    readonly pool: pg.Pool,
    readonly transientPool: pg.Pool,
  ) {}

  /** Connects and migrates; a StoreOpenError with a one-line reason when that fails. */
  static async open(url: string, options: PoolOptions = {}): Promise<PostgresDatabase> {
    const config = {
      connectionString: url,
      max: options.poolSize ?? DEFAULT_DATABASE_POOL_SIZE,
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
    return new PostgresDatabase(pool, transientPool);
  }

  /** `SELECT 1` within READY_TIMEOUT_MS (a connection included); one check at a time, its answer kept for a second. */
  checkReady(): Promise<void> {
    const now = Date.now();
    if (this.readyCheck && now - this.readyCheck.atMs < 1000) return this.readyCheck.done;
    const done = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the database did not answer SELECT 1 within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
      timer.unref();
      this.query('SELECT 1').then(
        () => resolve(),
        // The cause (StoreUnavailableError.detail: the address and the system error), not the client's text.
        (error: unknown) => reject(new Error(`the database cannot be used: ${error instanceof StoreUnavailableError ? error.detail : (error as Error).message || String(error)}`)),
      ).finally(() => clearTimeout(timer));
    });
    done.catch(() => {});
    this.readyCheck = { atMs: now, done };
    return done;
  }

  async query<Row extends pg.QueryResultRow>(sql: string, values: unknown[] = [], pool = this.pool): Promise<Row[]> {
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
  async transaction<T>(work: (client: Client) => Promise<T>, options: { transient?: boolean } = {}): Promise<T> {
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
  async connect(pool = this.pool): Promise<Client> {
    let client: Client;
    try {
      client = await pool.connect();
    } catch (error) {
      throw new StoreUnavailableError(`database: ${(error as Error).message || String(error)}`);
    }
    listenForBreaks(client);
    return client;
  }

  /** Both pools as /metrics shows them. */
  poolStats(): PoolStats[] {
    const stats = (name: string, pool: pg.Pool): PoolStats => ({
      pool: name,
      max: pool.options.max ?? DEFAULT_DATABASE_POOL_SIZE,
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: waitingForConnection(pool),
    });
    return [stats('durable', this.pool), stats('transient', this.transientPool)];
  }

  /** Lets both pools' connections go. */
  async end(): Promise<void> {
    await Promise.all([this.pool.end(), this.transientPool.end()]);
  }
}

/**
 * Requests that wait because every connection is busy. node-postgres queues a request even when an
 * idle connection is there (it hands it over on the next tick), so its waitingCount counted the
 * scrape's own database_* queries as waiting on every scrape of an idle replica. A pool that can
 * still open a connection makes no one wait, and queued requests an idle connection is about to
 * take do not wait either.
 */
export function waitingForConnection(pool: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'> & { options: { max?: number } }): number {
  const max = pool.options.max ?? DEFAULT_DATABASE_POOL_SIZE;
  if (pool.totalCount < max) return 0;
  return Math.max(0, pool.waitingCount - pool.idleCount);
}

const listening = new WeakSet<Client>();

/**
 * node-postgres leaves the 'error' of a checked-out connection that breaks between its queries (the
 * database stopped during a transaction or a sweep) to whoever checked it out; with no listener it is
 * an uncaught exception that ends the process. The query in flight, or the next one, fails anyway
 * (the client gets a 503), and release() drops the broken connection. Once per pooled connection.
 */
function listenForBreaks(client: Client): void {
  if (listening.has(client)) return;
  listening.add(client);
  client.on('error', () => {});
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

/** Errors of the connection or the server, not of a statement: the client gets a 503 and may retry. */
function isUnavailable(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) return /^(08|53|57|58)/.test(error.code ?? '');
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return true; // ECONNREFUSED, ECONNRESET, ETIMEDOUT …
  return /connection terminated|timeout exceeded when trying to connect|connection error/i.test((error as Error | null)?.message ?? '');
}

/** The error as thrown, or StoreUnavailableError when it says the database is unavailable. */
export function storeError(error: unknown): unknown {
  if (error instanceof StoreUnavailableError || !isUnavailable(error)) return error;
  return new StoreUnavailableError(`database: ${(error as Error).message || String(error)}`);
}
