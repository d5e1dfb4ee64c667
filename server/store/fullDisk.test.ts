/**
 * A REAL full disk: the real server (node --import tsx server/bin.ts) with DB_FILE on a 2 MiB
 * tmpfs, booking traffic until the disk is full. Every booking acknowledged with 200 must survive
 * kill -9 and a restart once space is back; the refused ones get 503 with Retry-After; reads keep
 * working while the disk is full; writes come back by themselves when space is freed, no restart.
 *
 * Needs root (mount). Outside CI it is skipped, saying why, when not root or when mount fails;
 * under CI=true it must run.
 */
import { spawnSync } from 'node:child_process';
import { statfsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HotelResponse, SearchResponse } from '../contract.js';
import { KEY_ANNA, postJson } from '../testing/bookingServer.js';
import { killAll, startServer, type ServerProcess } from '../testing/serverProcess.js';

let root = '';
let mountPoint = '';
let mounted = false;
let skipReason = '';

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'full-disk-'));
  mountPoint = join(root, 'disk');
  await mkdir(mountPoint);
  if (process.getuid?.() !== 0) {
    skipReason = 'not root: cannot mount a tmpfs';
  } else {
    const result = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mountPoint], { encoding: 'utf8' });
    if (result.status === 0) mounted = true;
    else skipReason = `mount -t tmpfs failed: ${(result.stderr || result.error?.message || '').trim()}`;
  }
  if (!mounted && process.env.CI) throw new Error(`the full-disk test must run under CI, but ${skipReason}`);
});
afterEach(() => killAll());
afterAll(async () => {
  if (mounted) spawnSync('umount', ['-l', mountPoint]);
  await rm(root, { recursive: true, force: true });
});

interface Running {
  server: ServerProcess;
  url: string;
}

async function start(dbFile: string): Promise<Running> {
  const server = startServer({
    PORT: '0', // a free port of its own choosing, named in its listening line
    DB_FILE: dbFile,
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_PER_DAY: '100000',
    LOG_LEVEL: 'warn',
  });
  return { server, url: await server.listeningUrl() };
}

async function killNine({ server }: Running): Promise<void> {
  process.kill(-server.child.pid!, 'SIGKILL');
  expect((await server.exited).signal).toBe('SIGKILL');
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const stay = () => ({ checkin: day(30), checkout: day(32) });

async function serviceHash(url: string): Promise<string> {
  const search = await postJson(url, '/search.php', { apikey: KEY_ANNA, location: 'Amsterdam', ...stay() });
  expect(search.status).toBe(200);
  for (const hotel of (search.body as unknown as SearchResponse).hotels.slice(0, 10)) {
    const details = await postJson(url, '/hotel.php', { apikey: KEY_ANNA, id: hotel.id, ...stay() });
    const rate = (details.body as unknown as HotelResponse).rooms?.flatMap((room) => room.rates)[0];
    if (rate) return rate.service_hash;
  }
  throw new Error('no rate found near Amsterdam');
}

const freeBytes = () => {
  const stats = statfsSync(mountPoint);
  return stats.bavail * stats.bsize;
};

/** A file that takes all free space but `leave` bytes. */
async function filler(name: string, leave: number): Promise<string> {
  const path = join(mountPoint, name);
  await writeFile(path, Buffer.alloc(Math.max(0, freeBytes() - leave)));
  return path;
}

interface Traffic {
  acknowledged: string[];
  refused: number;
}

/**
 * booking.php starts, 8 at a time, until `refusals` 503s came (at most `maxRounds` rounds). Every
 * 200 is recorded; every other answer must be a 503 with Retry-After and an error.
 */
async function book(url: string, hash: string, traffic: Traffic, { refusals, maxRounds }: { refusals: number; maxRounds: number }) {
  const refusedBefore = traffic.refused;
  for (let round = 0; round < maxRounds && traffic.refused - refusedBefore < refusals; round++) {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => postJson(url, '/booking.php', { apikey: KEY_ANNA, service_hash: hash })),
    );
    for (const answer of answers) {
      if (answer.status === 200) {
        traffic.acknowledged.push(new URL(String(answer.body.booking_url)).searchParams.get('bookhash')!);
      } else {
        expect(answer.status).toBe(503);
        expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(String(answer.body.error)).toMatch(/storage unavailable/);
        expect(String(answer.body.error)).not.toMatch(/ENOSPC|no space|db\.json/);
        traffic.refused += 1;
      }
    }
  }
}

describe('a real full disk (tmpfs of 2 MiB)', () => {
  it('loses no acknowledged booking across kill -9, keeps reads, and recovers writes without a restart', { timeout: 240_000 }, async (context) => {
    if (!mounted) context.skip(skipReason);
    const dbFile = join(mountPoint, 'db.json');
    const first = await start(dbFile);
    const hash = await serviceHash(first.url);
    const traffic: Traffic = { acknowledged: [], refused: 0 };

    // Room for about a hundred bookings, then full.
    const fillerA = await filler('filler-a', 160 * 1024);
    await book(first.url, hash, traffic, { refusals: 16, maxRounds: 400 });
    expect(traffic.refused).toBeGreaterThanOrEqual(16);
    expect(traffic.acknowledged.length).toBeGreaterThan(20);

    // Reads go on while the disk is full.
    const read = await postJson(first.url, '/retrieve_booking.php', { apikey: KEY_ANNA, bookhash: traffic.acknowledged[0] });
    expect(read.status).toBe(200);
    expect((await postJson(first.url, '/search.php', { apikey: KEY_ANNA, location: 'Paris', ...stay() })).status).toBe(200);

    // Space comes back: bookings are accepted again by the same process.
    await rm(fillerA);
    const beforeRecovery = traffic.acknowledged.length;
    await book(first.url, hash, traffic, { refusals: 1, maxRounds: 3 });
    expect(traffic.acknowledged.length - beforeRecovery).toBe(24);

    // Full again, then kill -9 with requests in flight.
    const fillerB = await filler('filler-b', 96 * 1024);
    await book(first.url, hash, traffic, { refusals: 16, maxRounds: 400 });
    const inFlight = Array.from({ length: 8 }, () =>
      postJson(first.url, '/booking.php', { apikey: KEY_ANNA, service_hash: hash }).catch(() => undefined),
    );
    await killNine(first);
    // An answer that made it out before the kill is an acknowledgement like any other.
    for (const answer of await Promise.all(inFlight)) {
      if (answer?.status === 200) traffic.acknowledged.push(new URL(String(answer.body.booking_url)).searchParams.get('bookhash')!);
    }

    // The log (LOG_LEVEL=warn) has what the clients were not told.
    expect(first.server.stdout()).toMatch(/storage unavailable: cannot write the journal .*db\.json\.journal: .*(ENOSPC|no space)/);
    await rm(fillerB);
    const second = await start(dbFile);
    const missing: string[] = [];
    for (let start = 0; start < traffic.acknowledged.length; start += 16) {
      const answers = await Promise.all(
        traffic.acknowledged.slice(start, start + 16).map((bookhash) =>
          postJson(second.url, '/retrieve_booking.php', { apikey: KEY_ANNA, bookhash }).then((answer) => ({ bookhash, answer })),
        ),
      );
      for (const { bookhash, answer } of answers) if (answer.status !== 200) missing.push(bookhash);
    }
    expect(missing).toEqual([]);
    const overview = await postJson(second.url, '/booking_overview.php', { apikey: KEY_ANNA });
    expect(overview.status).toBe(200);
    // And it writes again.
    expect((await postJson(second.url, '/booking.php', { apikey: KEY_ANNA, service_hash: hash })).status).toBe(200);
    console.info(
      `full disk: ${traffic.acknowledged.length} bookings acknowledged, ${traffic.refused} refused with 503, all ${traffic.acknowledged.length} found after kill -9`,
    );
    await killNine(second);
  });
});
