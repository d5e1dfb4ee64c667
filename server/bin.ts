#!/usr/bin/env -S node --import tsx
/**
 * Starts the reference server. It only reads settings (flags win over env; every one is in
 * cli/serverOptions.ts, which --help lists) and listens; everything else is createApp's.
 * SIGTERM/SIGINT drain in-flight requests, then exit 0 (cli/shutdown.ts).
 */
import { resolve } from 'node:path';
import { createApp } from './app.js';
import { settingsOrExit } from './cli/options.js';
import { SERVER_HELP, SERVER_OPTIONS } from './cli/serverOptions.js';
import { drainOnSignals } from './cli/shutdown.js';
import { OffsetClock } from './clock.js';
import { createLogger } from './http/requestLog.js';
import { LowdbStore, StoreOpenError } from './store/lowdbStore.js';

const settings = settingsOrExit(SERVER_OPTIONS, SERVER_HELP);

const isOff = (text: string | undefined) => text !== undefined && /^(0|false|off|no)$/i.test(text);

const { port, host } = settings;
const publicUrl = (settings.publicUrl ?? `http://${host}:${port}`).replace(/\/+$/, '');
const dbFile = resolve(settings.dbFile);
const trustProxyText = settings.trustProxy;
const logger = createLogger(settings.logLevel, { pretty: process.stdout.isTTY });

let store: LowdbStore;
try {
  store = await LowdbStore.open(dbFile);
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
  logger,
  config: {
    publicUrl,
    rateLimits: { perMinute: settings.rateLimitPerMinute, perDay: settings.rateLimitPerDay },
    trustProxy: trustProxyText === undefined || isOff(trustProxyText) ? false : trustProxyText === 'true' ? true : trustProxyText,
    controlApi: settings.controlApi,
    validateResponses: settings.validateResponses,
    corsOrigins: settings.corsOrigins,
    ...(settings.sandboxAdminToken ? { adminToken: settings.sandboxAdminToken } : {}),
  },
});

const server = app.listen(port, host, () => {
  const ms = Math.round(performance.now() - startedAt);
  console.log(`Hotel Booking API reference server listening on ${publicUrl} (store ${dbFile}, ready in ${ms} ms)`);
});
server.on('error', (error) => {
  console.error(`Cannot listen on ${host}:${port}: ${error.message}`);
  process.exit(1);
});
drainOnSignals(server, { graceMs: settings.shutdownGraceSeconds * 1000, logger });
