/**
 * The server side of the bookings benchmark, in a process of its own (so the load generator does
 * not share its CPU time or heap): opens the store given by BENCH_DB_FILE or BENCH_DATABASE_URL,
 * listens on 127.0.0.1, and answers the parent over IPC with its address, the store's open time
 * and, when asked, its memory.
 */
import type { AddressInfo } from 'node:net';
import { createApp } from '../../server/app.js';
import { FakeClock } from '../../server/clock.js';
import { newBookhash } from '../../server/domain/bookings/tokens.js';
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
process.on('message', (message) => {
  onMessage(message).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});

async function onMessage(message: unknown): Promise<void> {
  if (message === 'memory') {
    send({ rssMB: process.memoryUsage().rss / 1e6, maxRssMB: process.resourceUsage().maxRSS / 1e3 });
  } else if (message === 'store-ops') {
    send(await storeOps());
  } else if (message === 'stop') {
    server.closeAllConnections();
    server.close();
    await store.close();
    process.exit(0);
  }
}

/**
 * The store alone, without HTTP (less noise on a busy machine): 1,000 inserts, then a cancel with
 * its e-mail of each, 32 at a time, as booking start and cancel do. Returns operations per second.
 */
async function storeOps(): Promise<{ insertsPerSecond: number; cancelsPerSecond: number }> {
  const [template] = await store.bookingsOfAccount(1);
  if (!template) throw new Error('store-ops needs a booking of account 1');
  const hashes = Array.from({ length: 1_000 }, () => newBookhash());
  const timed = async (operation: (bookhash: string) => Promise<unknown>) => {
    let next = 0;
    const begin = performance.now();
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (next < hashes.length) await operation(hashes[next++]!);
      }),
    );
    return Math.round(hashes.length / ((performance.now() - begin) / 1000));
  };
  const insertsPerSecond = await timed((bookhash) => store.insertBooking((id) => ({ ...template, id, bookhash, status: 'booking_confirmed' })));
  const cancelsPerSecond = await timed((bookhash) =>
    store.updateBooking(bookhash, (current) => ({
      booking: { ...current, status: 'booking_cancelled' },
      emails: [{ to: current.guest.email, subject: 'Cancelled', text: 'x'.repeat(800), bookhash, sent_at: new Date().toISOString() }],
    })),
  );
  return { insertsPerSecond, cancelsPerSecond };
}
