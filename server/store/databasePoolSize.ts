/**
 * The PostgreSQL pool's size settings, apart from postgresDatabase.ts: the server's options read
 * them on every start, and pg (~30 ms to load) is loaded only when a database is used.
 */

/** Connections per pool (DATABASE_POOL_SIZE): one connection serves about 1,000 requests a second (docs/scaling.md). */
export const DEFAULT_DATABASE_POOL_SIZE = 10;
/** A typo (10000) must not take every connection the database has. */
export const MAX_DATABASE_POOL_SIZE = 1000;
