/**
 * Bookings throughput: booking start and cancel over HTTP on loopback against an in-process app
 * with a file-backed LowdbStore (response validation off), on an empty store and on stores
 * pre-filled with 10,000 and 100,000 bookings. Every phase is bounded in requests and seconds.
 * Returns the figures; prints nothing.
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../server/app.js';
import { addDays, FakeClock, isoDate } from '../../server/clock.js';
import type { BookingRecord } from '../../server/domain/bookings/record.js';
import { newBookhash, newCsrfToken } from '../../server/domain/bookings/tokens.js';
import { hotelRooms } from '../../server/domain/rates/index.js';
import { World } from '../../server/domain/world/world.js';
import { LowdbStore, type StoreData } from '../../server/store/lowdbStore.js';

const STORE_SIZES = [0, 10_000, 100_000] as const;
/** Confirmed, refundable bookings of account 1 in every pre-filled store: the cancel targets. */
const CANCEL_TARGETS = 1_000;
const CONCURRENCY = 32;
const MAX_REQUESTS = 1_000;
const MAX_SECONDS = 8;
/** Unmeasured booking starts after opening a store (JIT and the first major GCs of the loaded data). */
const WARM_UP = { requests: 200, seconds: 3 };
const START = '2026-11-19T10:00:00Z';

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
  fileMB: number;
  openMs: number;
  bookingStart: LoadResult;
  cancel: LoadResult;
}

export async function benchBookings(): Promise<Record<string, unknown>> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-bookings-'));
  try {
    const world = World.create({ hotelCount: 2_000 });
    const serviceHash = refundableServiceHash(world);
    const template = await templateRecord(world, serviceHash);
    const phases: PhaseResult[] = [];
    for (const size of STORE_SIZES) {
      phases.push(await phase(dir, world, serviceHash, template, size));
    }
    return {
      setup: {
        transport: 'HTTP/1.1 keep-alive on 127.0.0.1, in-process app, response validation off',
        store: 'LowdbStore file (group-committed whole-file JSON writes)',
        concurrency: CONCURRENCY,
        boundPerMeasurement: `${MAX_REQUESTS} requests or ${MAX_SECONDS} s, after a warm-up of ${WARM_UP.requests} booking starts or ${WARM_UP.seconds} s`,
        cancelTargetsPerStore: CANCEL_TARGETS,
      },
      phases,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function phase(
  dir: string, world: World, serviceHash: string, template: BookingRecord, size: number,
): Promise<PhaseResult> {
  const file = join(dir, `db-${size}.json`);
  const targets = await prefill(file, template, size);
  const openedAt = performance.now();
  const store = await LowdbStore.open(file);
  const openMs = performance.now() - openedAt;
  const { url, server } = await listen(store, world);
  try {
    const startBooking = () => post(url, '/booking.php', { apikey: 'demo-key-1', service_hash: serviceHash });
    await load(startBooking, WARM_UP.requests, WARM_UP.seconds);
    const bookingStart = await load(startBooking);
    let next = 0;
    const cancel = await load(() => {
      const bookhash = targets[next++];
      if (bookhash === undefined) return Promise.resolve(0);
      return post(url, '/book/cancel.php', { apikey: 'demo-key-1', bookhash });
    }, Math.min(targets.length, MAX_REQUESTS));
    return { storedBookings: size + targets.length, fileMB: round((await stat(file)).size / 1e6), openMs: round(openMs), bookingStart, cancel };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Writes a store file with `size` background bookings plus the cancel targets; returns the targets' bookhashes. */
async function prefill(file: string, template: BookingRecord, size: number): Promise<string[]> {
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
  const data: StoreData = { version: 1, nextBookingId: bookings.length + 1, bookings, outbox: [] };
  await writeFile(file, JSON.stringify(data));
  return targets;
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
