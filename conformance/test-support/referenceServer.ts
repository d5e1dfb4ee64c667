/**
 * Test support: the reference server in-process on a free 127.0.0.1 port, optionally behind
 * test-only middleware (the mutants). The HTTP server listens first, so that the app knows its
 * public URL (booking_url points at it).
 */
import express, { type RequestHandler } from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../server/app.js';
import { OffsetClock, type ControllableClock } from '../../server/clock.js';
import type { Config } from '../../server/config.js';
import { LowdbStore } from '../../server/store/lowdbStore.js';

export interface RunningServer {
  url: string;
  clock: ControllableClock;
  close(): Promise<void>;
}

export interface ServerOptions {
  config?: Partial<Config>;
  /** Middleware placed in front of the real app (it sees every request first). */
  front?: (env: { clock: ControllableClock }) => RequestHandler[];
}

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
  const front = options.front?.({ clock }) ?? [];
  const handler = front.length === 0 ? app : express().use(...front, app);
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
