/**
 * The server side of the bookings benchmark, in a process of its own (so the load generator does
 * not share its CPU time or heap): opens the store given by BENCH_DB_FILE or BENCH_DATABASE_URL,
 * listens on 127.0.0.1, and answers the parent over IPC with its address, the store's open time
 * and, when asked, its memory.
 */
import type { AddressInfo } from 'node:net';
import { createApp } from '../../server/app.js';
import { FakeClock } from '../../server/clock.js';
import { World } from '../../server/domain/world/world.js';
import { LowdbStore } from '../../server/store/lowdbStore.js';
import { PostgresStore } from '../../server/store/postgresStore.js';

const send = (message: unknown) => process.send?.(message);
const world = World.create({ hotelCount: Number(process.env.BENCH_HOTELS) });
const openedAt = performance.now();
const store = process.env.BENCH_DATABASE_URL
  ? await PostgresStore.open(process.env.BENCH_DATABASE_URL)
  : await LowdbStore.open(process.env.BENCH_DB_FILE ?? 'bench.json');
const openMs = performance.now() - openedAt;
const app = createApp({
  store,
  clock: new FakeClock(process.env.BENCH_START ?? ''),
  world,
  config: { validateResponses: false, rateLimits: { perMinute: 1e9, perDay: 1e9 } },
});
const server = app.listen(0, '127.0.0.1', () => {
  send({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, openMs });
});
process.on('message', async (message) => {
  if (message === 'memory') {
    send({ rssMB: process.memoryUsage().rss / 1e6, maxRssMB: process.resourceUsage().maxRSS / 1e3 });
  } else if (message === 'stop') {
    server.closeAllConnections();
    server.close();
    await store.close();
    process.exit(0);
  }
});
