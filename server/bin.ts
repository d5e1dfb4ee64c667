#!/usr/bin/env -S npx tsx
/**
 * Starts the reference server. It only reads settings (flags win over env) and listens;
 * everything else is createApp's.
 *
 *   PORT (3000)  PUBLIC_URL (http://127.0.0.1:PORT)  DB_FILE (./data/db.json)
 *   DATABASE_URL (postgres://…: PostgreSQL instead of the DB_FILE store)
 *   HOST (127.0.0.1)  RATE_LIMIT_PER_MINUTE (5)  RATE_LIMIT_PER_DAY (200)
 *   TRUST_PROXY (off)  CONTROL_API (on)  VALIDATE_RESPONSES (on)
 * Flags: --port, --host, --public-url, --db-file, --rate-limit-per-minute,
 *   --rate-limit-per-day, --trust-proxy, --no-control-api, --no-validate-responses
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { createApp } from './app.js';
import { OffsetClock } from './clock.js';
import { SPEC_RATE_LIMITS } from './config.js';
import { LowdbStore } from './store/lowdbStore.js';
import { describeDatabaseUrl, PostgresStore } from './store/postgresStore.js';
import { StoreOpenError, type Store } from './store/store.js';

const { values: flags } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    'public-url': { type: 'string' },
    'db-file': { type: 'string' },
    'rate-limit-per-minute': { type: 'string' },
    'rate-limit-per-day': { type: 'string' },
    'trust-proxy': { type: 'string' },
    'no-control-api': { type: 'boolean' },
    'no-validate-responses': { type: 'boolean' },
  },
});
const env = process.env;

function positiveInteger(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a positive integer (got '${text}')`);
    process.exit(2);
  }
  return value;
}

const isOff = (text: string | undefined) => text !== undefined && /^(0|false|off|no)$/i.test(text);

const port = positiveInteger('PORT', flags.port ?? env.PORT, 3000);
const host = flags.host ?? env.HOST ?? '127.0.0.1';
const publicUrl = (flags['public-url'] ?? env.PUBLIC_URL ?? `http://${host}:${port}`).replace(/\/+$/, '');
const dbFile = resolve(flags['db-file'] ?? env.DB_FILE ?? 'data/db.json');
const trustProxyText = flags['trust-proxy'] ?? env.TRUST_PROXY;

const databaseUrl = env.DATABASE_URL || undefined;
const storeName = databaseUrl ? `PostgreSQL ${describeDatabaseUrl(databaseUrl)}` : dbFile;
let store: Store;
try {
  store = databaseUrl ? await PostgresStore.open(databaseUrl) : await LowdbStore.open(dbFile);
} catch (error) {
  if (error instanceof StoreOpenError) {
    console.error(`Cannot start: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

const startedAt = performance.now();
const app = createApp({
  store,
  clock: new OffsetClock(),
  config: {
    publicUrl,
    rateLimits: {
      perMinute: positiveInteger('RATE_LIMIT_PER_MINUTE', flags['rate-limit-per-minute'] ?? env.RATE_LIMIT_PER_MINUTE, SPEC_RATE_LIMITS.perMinute),
      perDay: positiveInteger('RATE_LIMIT_PER_DAY', flags['rate-limit-per-day'] ?? env.RATE_LIMIT_PER_DAY, SPEC_RATE_LIMITS.perDay),
    },
    trustProxy: trustProxyText === undefined || isOff(trustProxyText) ? false : trustProxyText === 'true' ? true : trustProxyText,
    controlApi: !(flags['no-control-api'] ?? isOff(env.CONTROL_API)),
    validateResponses: !(flags['no-validate-responses'] ?? isOff(env.VALIDATE_RESPONSES)),
  },
});

const server = app.listen(port, host, () => {
  const ms = Math.round(performance.now() - startedAt);
  console.log(`Hotel Booking API reference server listening on ${publicUrl} (store ${storeName}, ready in ${ms} ms)`);
});
server.on('error', (error) => {
  console.error(`Cannot listen on ${host}:${port}: ${error.message}`);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => void store.close().finally(() => process.exit(0))));
}
