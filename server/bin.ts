#!/usr/bin/env -S node --import tsx
/**
 * Starts the reference server. It only reads settings (flags win over env; every one is in
 * cli/serverOptions.ts, which --help lists) and listens; everything else is createApp's.
 * SIGTERM/SIGINT drain in-flight requests, then exit 0 (cli/shutdown.ts).
 */
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createApp } from './app.js';
import { settingsOrExit } from './cli/options.js';
import { SERVER_HELP, SERVER_OPTIONS } from './cli/serverOptions.js';
import { drainOnSignals } from './cli/shutdown.js';
import { OffsetClock } from './clock.js';
import { createLogger } from './http/transport/requestLog.js';
import { createApiServer, limitHeapGrowth } from './http/transport/serverLimits.js';
import { LowdbStore } from './store/lowdbStore.js';
import { loadPostgresStore } from './store/postgresOnDemand.js';
import { StoreOpenError, type Store } from './store/store.js';

const settings = settingsOrExit(SERVER_OPTIONS, SERVER_HELP);
limitHeapGrowth();


const { port, host } = settings;
const dbFile = resolve(settings.dbFile);
const logger = createLogger(settings.logLevel, { pretty: process.stdout.isTTY });

/** A start that cannot go on: one line on stderr, exit 2 (as for a bad flag). */
function cannotStart(message: string): never {
  console.error(message.replace(/\s*\n[\s\S]*$/, '').trimEnd());
  process.exit(2);
}

const { databaseUrl } = settings;
// Loaded only for a DATABASE_URL: pg and the PostgreSQL store cost ~40 ms of every other start.
const postgres = databaseUrl ? await loadPostgresStore() : undefined;
const storeName = databaseUrl && postgres ? `PostgreSQL ${postgres.describeDatabaseUrl(databaseUrl)}` : dbFile;
let store: Store;
try {
  store = databaseUrl && postgres
    ? await postgres.PostgresStore.open(databaseUrl)
    : await LowdbStore.open(dbFile, { warn: (message) => logger.warn(message) });
} catch (error) {
  const detail = error instanceof StoreOpenError ? error.message : `Cannot open the store ${storeName} (${(error as Error).message}).`;
  cannotStart(`Cannot start: ${detail}`);
}

// The port first: one in use is reported at once, not after the app (the world) is built.
const server = createApiServer();
server.on('error', (error) => {
  cannotStart(`Cannot start: cannot listen on ${host}:${port} (${error.message}).`);
});
await new Promise<void>((resolve) => server.listen(port, host, resolve));
// After the listen: --port 0 takes a free port, and links must name it.
const boundPort = (server.address() as AddressInfo).port;
const boundUrl = `http://${host.includes(':') ? `[${host}]` : host}:${boundPort}`;
const publicUrl = (settings.publicUrl ?? boundUrl).replace(/\/+$/, '');

const startedAt = performance.now();
const app = createApp({
  store,
  clock: new OffsetClock(),
  logger,
  config: {
    publicUrl,
    rateLimits: { perMinute: settings.rateLimitPerMinute, perDay: settings.rateLimitPerDay },
    bookingsPerAccount: settings.bookingsPerAccount,
    trustProxy: settings.trustProxy,
    controlApi: settings.controlApi,
    validateResponses: settings.validateResponses,
    corsOrigins: settings.corsOrigins,
    ...(settings.sandboxAdminToken ? { adminToken: settings.sandboxAdminToken } : {}),
  },
});

// createApp runs synchronously right after the listen resolves: no request can come in before the handler.
server.on('request', app);
console.log(
  // Behind a PUBLIC_URL the bound address is named too: with --port 0 it is the only way to learn it.
  `Hotel Booking API reference server listening on ${publicUrl} (${publicUrl === boundUrl ? '' : `bound to ${boundUrl}, `}store ${storeName}, ready in ${Math.round(performance.now() - startedAt)} ms)`,
);
drainOnSignals(server, {
  graceMs: settings.shutdownGraceSeconds * 1000,
  logger,
  exit: (code) => void store.close().finally(() => process.exit(code)),
});
