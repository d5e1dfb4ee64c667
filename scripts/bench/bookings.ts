/**
 * Bookings throughput: booking start and cancel over HTTP on loopback against a server in a child
 * process (scripts/bench/bookingServer.ts, response validation off), for the embedded store
 * (snapshot + journal, fsync per group commit) and PostgreSQL (a throw-away cluster with fsync on),
 * each empty and pre-filled with 10,000 and 100,000 bookings. Also the store's open time and the
 * server's RSS. Every phase is bounded in requests and seconds. Returns the figures; prints nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../../server/app.js';
import { addDays, FakeClock, isoDate } from '../../server/clock.js';
import type { BookingRecord } from '../../server/domain/bookings/record.js';
import { newBookhash, newCsrfToken } from '../../server/domain/bookings/tokens.js';
import { hotelRooms } from '../../server/domain/rates/index.js';
import { World } from '../../server/domain/world/world.js';
import { LowdbStore, type StoreData } from '../../server/store/lowdbStore.js';
import { PostgresStore } from '../../server/store/postgresStore.js';
import { postgresUnavailable, startPostgresCluster, type PostgresCluster } from '../../server/testing/postgres.js';

const STORE_SIZES = [0, 10_000, 100_000] as const;
/** Confirmed, refundable bookings of account 1 in every pre-filled store: the cancel targets. */
const CANCEL_TARGETS = 1_000;
const CONCURRENCY = 32;
const MAX_REQUESTS = 1_000;
const MAX_SECONDS = 8;
/** Unmeasured booking starts after opening a store (JIT and the first major GCs of the loaded data). */
const WARM_UP = { requests: 200, seconds: 3 };
const START = '2026-11-19T10:00:00Z';
const HOTELS = 2_000;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface LoadResult {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  non2xx: number;
}

interface PhaseResult {
  storedBookings: number;
  fileMB?: number;
  openMs: number;
  bookingStart: LoadResult;
  cancel: LoadResult;
  /** The store alone in the server process, without HTTP. */
  storeOnly: { insertsPerSecond: number; cancelsPerSecond: number };
  serverRssMB: number;
  serverMaxRssMB: number;
}

type Prefill = (size: number, bookings: BookingRecord[]) => Promise<{ env: Record<string, string>; fileMB?: () => Promise<number> }>;

export async function benchBookings(): Promise<Record<string, unknown>> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-bookings-'));
  let cluster: PostgresCluster | undefined;
  try {
    const world = World.create({ hotelCount: HOTELS });
    const serviceHash = refundableServiceHash(world);
    const template = await templateRecord(world, serviceHash);
    const embedded: Prefill = async (size, bookings) => {
      const file = join(dir, `db-${size}.json`);
      const data: StoreData = { version: 1, seq: 0, nextBookingId: bookings.length + 1, bookings, outbox: [] };
      await writeFile(file, JSON.stringify(data));
      return { env: { BENCH_DB_FILE: file }, fileMB: async () => (await stat(file)).size / 1e6 + (await stat(`${file}.journal`)).size / 1e6 };
    };
    const stores: Record<string, Record<string, unknown>> = {
      embedded: { store: 'LowdbStore: snapshot + fsynced JSON-lines journal, group commit', phases: await phases(embedded) },
    };
    const unavailable = postgresUnavailable();
    if (unavailable) {
      stores.postgres = { skipped: unavailable };
    } else {
      cluster = await startPostgresCluster({ fsync: true });
      const postgres: Prefill = async (size, bookings) => ({ env: { BENCH_DATABASE_URL: await prefillDatabase(cluster!, size, bookings) } });
      stores.postgres = { store: 'PostgresStore: local throw-away PostgreSQL 15 cluster, fsync on, pool of 10', phases: await phases(postgres) };
    }
    return {
      setup: {
        transport: 'HTTP/1.1 keep-alive on 127.0.0.1; the server in a child process, the load generator in this one; response validation off',
        concurrency: CONCURRENCY,
        boundPerMeasurement: `${MAX_REQUESTS} requests or ${MAX_SECONDS} s, after a warm-up of ${WARM_UP.requests} booking starts or ${WARM_UP.seconds} s`,
        cancelTargetsPerStore: CANCEL_TARGETS,
      },
      ...stores,
    };

    async function phases(prefill: Prefill) {
      const results: PhaseResult[] = [];
      for (const size of STORE_SIZES) {
        const { bookings, targets } = prefilledBookings(template, size);
        const { env, fileMB } = await prefill(size, bookings);
        results.push(await phase(env, serviceHash, targets, size, fileMB));
      }
      const [empty, , largest] = results;
      return {
        results,
        at100kVsEmpty: {
          bookingStart: round(largest!.bookingStart.requestsPerSecond / empty!.bookingStart.requestsPerSecond),
          cancel: round(largest!.cancel.requestsPerSecond / empty!.cancel.requestsPerSecond),
          storeOnlyInsert: round(largest!.storeOnly.insertsPerSecond / empty!.storeOnly.insertsPerSecond),
          storeOnlyCancel: round(largest!.storeOnly.cancelsPerSecond / empty!.storeOnly.cancelsPerSecond),
        },
      };
    }
  } finally {
    await cluster?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function phase(
  env: Record<string, string>, serviceHash: string, targets: string[], size: number, fileMB?: () => Promise<number>,
): Promise<PhaseResult> {
  const server = await startServer(env);
  try {
    const startBooking = () => post(server.url, '/booking.php', { apikey: 'demo-key-1', service_hash: serviceHash });
    await load(startBooking, WARM_UP.requests, WARM_UP.seconds);
    const bookingStart = await load(startBooking);
    let next = 0;
    const cancel = await load(() => {
      const bookhash = targets[next++];
      if (bookhash === undefined) return Promise.resolve(0);
      return post(server.url, '/book/cancel.php', { apikey: 'demo-key-1', bookhash });
    }, Math.min(targets.length, MAX_REQUESTS));
    const memory = (await server.ask('memory')) as { rssMB: number; maxRssMB: number };
    const storeOnly = (await server.ask('store-ops')) as PhaseResult['storeOnly'];
    return {
      storedBookings: size + targets.length,
      ...(fileMB && { fileMB: round(await fileMB()) }),
      openMs: round(server.openMs),
      bookingStart,
      cancel,
      storeOnly,
      serverRssMB: round(memory.rssMB),
      serverMaxRssMB: round(memory.maxRssMB),
    };
  } finally {
    await server.stop();
  }
}

/** The benchmark server in a child process; resolves once it listens. */
async function startServer(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/bookingServer.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env, BENCH_START: START, BENCH_HOTELS: String(HOTELS) },
  });
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('benchmark server did not answer within 120 s')), 120_000);
      child.once('message', (message) => {
        clearTimeout(timer);
        resolve(message);
      });
      child.once('exit', (code) => reject(new Error(`benchmark server exited (${code})`)));
    });
  const { url, openMs } = (await next()) as { url: string; openMs: number };
  return {
    url,
    openMs,
    ask: (question: string) => {
      const answer = next();
      child.send(question);
      return answer;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.send('stop');
      }),
  };
}

/** A fresh database with the bookings, inserted in chunks; returns its URL. */
async function prefillDatabase(cluster: PostgresCluster, size: number, bookings: BookingRecord[]): Promise<string> {
  const url = await cluster.createDatabase(`bench_${size}`);
  const store = await PostgresStore.open(url);
  await store.close();
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (let start = 0; start < bookings.length; start += 5_000) {
    await client.query(
      `INSERT INTO bookings (id, bookhash, account_id, record)
       SELECT (r->>'id')::bigint, r->>'bookhash', (r->>'accountId')::int, r FROM jsonb_array_elements($1::jsonb) AS r`,
      [JSON.stringify(bookings.slice(start, start + 5_000))],
    );
  }
  await client.query("SELECT setval('booking_ids', $1, false)", [bookings.length + 1]);
  await client.query('VACUUM ANALYZE bookings');
  await client.end();
  return url;
}

/** `size` background bookings plus the cancel targets (confirmed, refundable, account 1). */
function prefilledBookings(template: BookingRecord, size: number): { bookings: BookingRecord[]; targets: string[] } {
  const bookings: BookingRecord[] = [];
  const statuses = ['booking_confirmed', 'booking_cancelled', 'payment_failed', 'processing'] as const;
  for (let i = 0; i < size; i++) {
    const status = statuses[i % statuses.length]!;
    bookings.push({
      ...template,
      id: i + 1,
      bookhash: newBookhash(),
      csrfToken: newCsrfToken(),
      accountId: 1 + (i % 3),
      status,
      paid: status === 'booking_confirmed' || status === 'booking_cancelled' ? 'yes' : 'no',
      paymentAttemptedAt: status === 'processing' ? null : template.createdAt.replace(' ', 'T') + '.000Z',
    });
  }
  const targets: string[] = [];
  for (let i = 0; i < CANCEL_TARGETS; i++) {
    const bookhash = newBookhash();
    targets.push(bookhash);
    bookings.push({
      ...template, id: size + i + 1, bookhash, csrfToken: newCsrfToken(), accountId: 1,
      status: 'booking_confirmed', paid: 'yes', supplierOrderId: 'SUP-BENCH000',
      paymentAttemptedAt: template.createdAt.replace(' ', 'T') + '.000Z',
    });
  }
  return { bookings, targets };
}

/** A real booking record (started through the domain), used as the template of the pre-filled ones. */
async function templateRecord(world: World, serviceHash: string): Promise<BookingRecord> {
  const store = await LowdbStore.inMemory();
  const { url, server } = await listen(store, world);
  try {
    const status = await post(url, '/booking.php', { apikey: 'demo-key-1', service_hash: serviceHash });
    if (status !== 200) throw new Error(`template booking failed with ${status}`);
    const [record] = await store.bookingsOfAccount(1);
    if (!record) throw new Error('template booking missing');
    return record;
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** A refundable rate 60 days ahead at the first hotel that has one (so cancels are within the deadline). */
function refundableServiceHash(world: World): string {
  const now = new Date(START);
  const today = isoDate(now);
  const stay = { checkin: addDays(today, 60), checkout: addDays(today, 62), persons: 2, currency: 'EUR', residency: 'nl' };
  for (const hotel of world.allHotels().slice(0, 200)) {
    for (const room of hotelRooms(hotel, stay, now)) {
      const rate = room.rates.find((candidate) => candidate.refundable);
      if (rate) return rate.service_hash;
    }
  }
  throw new Error('no refundable rate among the first 200 hotels');
}

async function listen(store: LowdbStore, world: World): Promise<{ url: string; server: Server }> {
  const app = createApp({
    store,
    clock: new FakeClock(START),
    world,
    config: { validateResponses: false, rateLimits: { perMinute: 1e9, perDay: 1e9 } },
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function post(url: string, path: string, body: unknown): Promise<number> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Runs `request` from CONCURRENCY workers until `limit` requests are done or `maxSeconds` pass. */
async function load(request: () => Promise<number>, limit = MAX_REQUESTS, maxSeconds = MAX_SECONDS): Promise<LoadResult> {
  const latencies: number[] = [];
  let started = 0;
  let non2xx = 0;
  const begin = performance.now();
  const deadline = begin + maxSeconds * 1000;
  const worker = async () => {
    while (started < limit && performance.now() < deadline) {
      started++;
      const t0 = performance.now();
      const status = await request();
      latencies.push(performance.now() - t0);
      if (status < 200 || status >= 300) non2xx++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - begin) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    seconds: round(seconds),
    requestsPerSecond: round(latencies.length / seconds),
    p50Ms: round(at(0.5)),
    p95Ms: round(at(0.95)),
    maxMs: round(latencies[latencies.length - 1] ?? 0),
    non2xx,
  };
}

const round = (value: number) => Math.round(value * 10) / 10;
