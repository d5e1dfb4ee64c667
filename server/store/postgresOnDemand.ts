/**
 * The PostgreSQL store's module, loaded only when a DATABASE_URL asks for it (bin.ts): pg and the
 * store's modules cost ~40 ms of every other start.
 */
export type PostgresStoreModule = typeof import('./postgresStore.js');

export function loadPostgresStore(): Promise<PostgresStoreModule> {
  return import('./postgresStore.js');
}
