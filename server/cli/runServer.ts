/**
 * The server process: reads its settings (flags win over env; every one is in serverOptions.ts,
 * which --help lists), opens the store, listens, and drains on SIGTERM/SIGINT (shutdown.ts).
 * `server/bin.ts` (the repository) and the hotel-sandbox package's bin differ only in the
 * `ServerLaunch` they pass: the package's embedded store defaults to a temporary directory, and
 * under npm (npx, npm run) it stops when npm goes away.
 */
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { createApp, type AppContext } from '../app.js';
import { OffsetClock } from '../clock.js';
import { trustProxyWarning } from '../config.js';
import { createLogger } from '../http/transport/requestLog.js';
import { createApiServer, limitHeapGrowth } from '../http/transport/serverLimits.js';
import { LowdbStore } from '../store/lowdbStore.js';
import { temporaryDirectory } from '../temporaryDirectory.js';
import { loadPostgresStore } from '../store/postgresOnDemand.js';
import { StoreOpenError, type Store } from '../domain/ports/store.js';
import { stopWhenNpmExits } from './npmParent.js';
import { permissionHint, STORE_PERMISSION_FIX } from './permissionHint.js';
import { boundUrlOf, defaultPublicUrl } from './publicUrl.js';
import { settingsOrExit } from './options.js';
import { SERVER_HELP, serverOptions, type DefaultStore } from './serverOptions.js';
import { drainOnSignals } from './shutdown.js';

export interface ServerLaunch {
  defaultStore: DefaultStore;
  /** Stop when npm, having started this process as its command, goes away (npmParent.ts). */
  followNpm?: boolean;
}

/** A start that cannot go on: one line on stderr, exit 2 (as for a bad flag). */
function cannotStart(message: string): never {
  console.error(message.replace(/\s*\n[\s\S]*$/, '').trimEnd());
  process.exit(2);
}

/** A new temporary directory for the store, removed when the process exits, however it exits (temporaryDirectory.ts). */
function temporaryStoreFile(): string {
  return join(temporaryDirectory().path, 'db.json');
}

async function openStore(settings: { databaseUrl: string | undefined; databasePoolSize: number; dbFile: string | undefined }, logger: ReturnType<typeof createLogger>) {
  const { databaseUrl } = settings;
  // After the flags are read: a bad flag leaves no directory behind.
  const dbFile = databaseUrl ? undefined : settings.dbFile === undefined ? temporaryStoreFile() : resolve(settings.dbFile);
  // Loaded only for a DATABASE_URL: pg and the PostgreSQL store cost ~40 ms of every other start.
  const postgres = databaseUrl ? await loadPostgresStore() : undefined;
  const name = databaseUrl && postgres ? `PostgreSQL ${postgres.describeDatabaseUrl(databaseUrl)}` : (dbFile as string);
  try {
    const store: Store = databaseUrl && postgres
      ? await postgres.PostgresStore.open(databaseUrl, { poolSize: settings.databasePoolSize })
      : await LowdbStore.open(dbFile as string, { warn: (message) => logger.warn(message) });
    return { store, name };
  } catch (error) {
    const detail = error instanceof StoreOpenError ? error.message : `Cannot open the store ${name} (${(error as Error).message}).`;
    return cannotStart(`Cannot start: ${detail}${databaseUrl ? '' : permissionHint(error, STORE_PERMISSION_FIX)}`);
  }
}

export async function runServer(launch: ServerLaunch): Promise<void> {
  const settings = settingsOrExit(serverOptions(launch.defaultStore), SERVER_HELP);
  limitHeapGrowth();

  const { port, host } = settings;
  const logger = createLogger(settings.logLevel, { pretty: process.stdout.isTTY });
  const proxyWarning = trustProxyWarning(settings.trustProxy, host);
  if (proxyWarning) logger.warn(proxyWarning);
  const { store, name: storeName } = await openStore(settings, logger);

  // The port first: one in use is reported at once, not after the app (the world) is built.
  const server = createApiServer();
  server.on('error', (error) => {
    cannotStart(`Cannot start: cannot listen on ${host}:${port} (${error.message}).`);
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  // After the listen: --port 0 takes a free port, and links must name it.
  const boundPort = (server.address() as AddressInfo).port;
  const boundUrl = boundUrlOf(host, boundPort);
  const publicUrl = (settings.publicUrl ?? defaultPublicUrl(host, boundPort)).replace(/\/+$/, '');

  const startedAt = performance.now();
  const app = createApp({
    store,
    clock: new OffsetClock(),
    logger,
    config: {
      publicUrl,
      rateLimits: { perMinute: settings.rateLimitPerMinute, perDay: settings.rateLimitPerDay },
      ...(settings.addressCeilingPerMinute === undefined ? {} : { addressCeilingPerMinute: settings.addressCeilingPerMinute }),
      bookingsPerAccount: settings.bookingsPerAccount,
      slowScenarioDelayMs: settings.slowMs,
      trustProxy: settings.trustProxy,
      demoAccounts: settings.demoAccounts,
      controlApi: settings.controlApi,
      validateResponses: settings.validateResponses,
      corsOrigins: settings.corsOrigins,
      supportEmail: settings.supportEmail,
      ...(settings.sandboxAdminToken ? { adminToken: settings.sandboxAdminToken } : {}),
    },
  });

  // createApp runs synchronously right after the listen resolves: no request can come in before the handler.
  server.on('request', app);
  // The accounts in memory before the server says it is ready (requests meanwhile wait for them).
  await (app.locals.context as AppContext).accounts.ready().catch((error: unknown) =>
    cannotStart(`Cannot start: cannot read the accounts from the store ${storeName} (${(error as Error).message}).`),
  );
  console.log(
    // Behind a PUBLIC_URL the bound address is named too: with --port 0 it is the only way to learn it.
    `Hotel Booking API reference server listening on ${publicUrl} (${publicUrl === boundUrl ? '' : `bound to ${boundUrl}, `}store ${storeName}, ready in ${Math.round(performance.now() - startedAt)} ms)`,
  );
  const drain = drainOnSignals(server, {
    graceMs: settings.shutdownGraceSeconds * 1000,
    logger,
    exit: (code) => void store.close().finally(() => process.exit(code)),
  });
  if (launch.followNpm) stopWhenNpmExits((signal) => drain(signal));
}
