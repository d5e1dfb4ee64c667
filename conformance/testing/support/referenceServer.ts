/**
 * Test support: the reference server in-process on a free 127.0.0.1 port, optionally behind
 * test-only middleware (the mutants). The HTTP server listens first, so that the app knows its
 * public URL (booking_url points at it).
 */
import express, { type RequestHandler } from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type AppContext } from '../../../server/app.js';
import { OffsetClock, type Clock, type ControllableClock } from '../../../server/clock.js';
import type { Config } from '../../../server/config.js';
import { LowdbStore } from '../../../server/store/lowdbStore.js';

export interface RunningServer {
  url: string;
  clock: ControllableClock;
  close(): Promise<void>;
}

export interface ServerOptions {
  config?: Partial<Config>;
  /**
   * Middleware placed in front of the real app (it sees every request first). Its `clock` is the
   * clock of the kit's account (demo-key-1, id 1), which the harness moves.
   */
  front?: (env: { clock: Clock }) => RequestHandler[];
}

const KIT_ACCOUNT_ID = 1;

export async function startReferenceServer(options: ServerOptions = {}): Promise<RunningServer> {
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const clock = new OffsetClock();
  const app = createApp({ store: await LowdbStore.inMemory(), clock, config: { publicUrl: url, ...options.config } });
  const clocks = (app.locals.context as AppContext).clocks;
  let kitOffsetMs = 0;
  const kitClock: Clock = { now: () => new Date(clock.now().getTime() + kitOffsetMs) };
  const front = options.front?.({ clock: kitClock }) ?? [];
  const followKitClock: RequestHandler = (_req, _res, next) => {
    clocks.clockOf(KIT_ACCOUNT_ID).then((accountClock) => {
      kitOffsetMs = accountClock.offsetMs;
      next();
    }, next);
  };
  const handler = front.length === 0 ? app : express().use(followKitClock, ...front, app);
  server.on('request', handler);
  return {
    url,
    clock,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
