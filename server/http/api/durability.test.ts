/**
 * Durability of the real server process: what was acknowledged survives `kill -9`, and a corrupt
 * DB_FILE stops the server with a clear message instead of being overwritten.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HotelResponse, SearchResponse } from '../../contract.js';
import { KEY_ANNA, postJson } from '../../testing/bookingServer.js';
import { describePostgres, usePostgresCluster } from '../../testing/postgresSuite.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const START_TIMEOUT_MS = 45_000;

let dir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'durability-'));
});
afterEach(() => {
  for (const child of children.splice(0)) killGroup(child);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** SIGKILL to the whole process group: tsx runs the server in a child process of its own. */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

interface Running {
  child: ChildProcess;
  /** stdout and stderr so far. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>;
}

/** The server on a port it chooses itself (PORT=0): untilListening reads it from the listening line. */
function spawnServer(dbFile: string, extraEnv: Record<string, string> = {}): Running {
  const child = spawn(TSX, ['server/bin.ts'], {
    cwd: ROOT,
    detached: true, // own process group, so kill -9 reaches tsx's child too
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: '0', DB_FILE: dbFile, RATE_LIMIT_PER_MINUTE: '1000', ...extraEnv },
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close' comes once the process has exited and its pipes are drained.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal, output }));
  });
  return { child, output: () => output, exited };
}

const LISTENING = /listening on (http:\/\/\S+) \(/;

/** The server's URL from its "listening on <url>" line, once printed (bounded; woken by its output). */
function untilListening(running: Running): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const url = LISTENING.exec(running.output())?.[1];
      if (url) done(() => resolve(url));
    };
    const timer = setTimeout(() => done(() => reject(new Error(`server did not start within ${START_TIMEOUT_MS} ms: ${running.output()}`))), START_TIMEOUT_MS);
    const done = (settle: () => void) => {
      clearTimeout(timer);
      running.child.stdout?.off('data', check);
      settle();
    };
    running.child.stdout?.on('data', check);
    void running.exited.then(({ output }) => done(() => (LISTENING.test(output) ? check() : reject(new Error(`server exited early: ${output}`)))));
    check();
  });
}

async function refundableServiceHash(url: string): Promise<string> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const stay = { checkin: day(30), checkout: day(32) };
  const search = await postJson(url, '/search.php', { apikey: KEY_ANNA, location: 'Amsterdam', ...stay });
  expect(search.status).toBe(200);
  for (const hotel of (search.body as unknown as SearchResponse).hotels.slice(0, 10)) {
    const details = await postJson(url, '/hotel.php', { apikey: KEY_ANNA, id: hotel.id, ...stay });
    for (const room of (details.body as unknown as HotelResponse).rooms ?? []) {
      const rate = room.rates.find((candidate) => candidate.refundable);
      if (rate) return rate.service_hash;
    }
  }
  throw new Error('no refundable rate found near Amsterdam');
}

/** Books, pays and cancels, kills the server with -9, starts it again and finds everything. */
async function survivesKillNine(extraEnv: Record<string, string> = {}): Promise<void> {
  const dbFile = join(dir, 'db.json');
  const first = spawnServer(dbFile, extraEnv);
  const firstUrl = await untilListening(first);

  const serviceHash = await refundableServiceHash(firstUrl);
  const started = await postJson(firstUrl, '/booking.php', { apikey: KEY_ANNA, service_hash: serviceHash });
  expect(started.status).toBe(200);
  const kept = new URL(String(started.body.booking_url)).searchParams.get('bookhash')!;
  const other = await postJson(firstUrl, '/booking.php', { apikey: KEY_ANNA, service_hash: serviceHash });
  const cancelled = new URL(String(other.body.booking_url)).searchParams.get('bookhash')!;
  expect((await postJson(firstUrl, '/_control/pay', { apikey: KEY_ANNA, bookhash: cancelled, outcome: 'success' })).status).toBe(200);
  const cancel = await postJson(firstUrl, '/book/cancel.php', { apikey: KEY_ANNA, bookhash: cancelled });
  expect(cancel.status).toBe(200);
  killGroup(first.child); // right after the responses
  expect((await first.exited).signal).toBe('SIGKILL');

  const second = spawnServer(dbFile, extraEnv); // on a new port: what survives is in DB_FILE, not in the address
  const secondUrl = await untilListening(second);
  const keptBooking = await postJson(secondUrl, '/retrieve_booking.php', { apikey: KEY_ANNA, bookhash: kept });
  expect(keptBooking.status).toBe(200);
  expect(keptBooking.body.booking).toMatchObject({ bookhash: kept, status: 'processing' });
  const cancelledBooking = await postJson(secondUrl, '/retrieve_booking.php', { apikey: KEY_ANNA, bookhash: cancelled });
  expect(cancelledBooking.body.booking).toMatchObject({ status: 'booking_cancelled', paid: 'yes' });
  const outbox = (await postJson(secondUrl, '/_control/outbox', { apikey: KEY_ANNA })).body as { emails: Array<{ bookhash: string }> };
  // The confirmation (with the payment) and the cancellation e-mail (with the cancel), once each.
  expect(outbox.emails.filter((email) => email.bookhash === cancelled)).toHaveLength(2);
  // Bookings go on after the restart, with a new random id.
  const third = await postJson(secondUrl, '/booking.php', { apikey: KEY_ANNA, service_hash: serviceHash });
  const thirdHash = new URL(String(third.body.booking_url)).searchParams.get('bookhash')!;
  const thirdBooking = await postJson(secondUrl, '/retrieve_booking.php', { apikey: KEY_ANNA, bookhash: thirdHash });
  expect(thirdBooking.status).toBe(200);
  expect([keptBooking.body.booking, cancelledBooking.body.booking].map((b) => (b as { id: number }).id)).not.toContain((thirdBooking.body.booking as { id: number }).id);
  killGroup(second.child);
  await second.exited;
}

describe('the real server process', () => {
  it('keeps an acknowledged booking and cancel across kill -9', { timeout: 120_000 }, () => survivesKillNine());

  it('exits non-zero with a clear message on a corrupt DB_FILE and leaves it unchanged', { timeout: 60_000 }, async () => {
    const dbFile = join(dir, 'corrupt.json');
    await writeFile(dbFile, '{"version": 1, "nextBookingId": 7, "bookings": [ {"id": 1,');
    const before = await readFile(dbFile);
    const running = spawnServer(dbFile);
    const timer = setTimeout(() => killGroup(running.child), START_TIMEOUT_MS);
    const { code, signal, output } = await running.exited;
    clearTimeout(timer);
    expect(signal).toBeNull();
    expect(code).not.toBe(0);
    expect(output).toContain(dbFile);
    expect(output).toMatch(/not valid JSON/);
    expect(output).not.toContain('listening on');
    expect((await readFile(dbFile)).equals(before)).toBe(true);
  });
});

describePostgres('the real server process with DATABASE_URL', () => {
  const postgres = usePostgresCluster({ fsync: true });

  it('uses PostgreSQL and keeps an acknowledged booking and cancel across kill -9', { timeout: 120_000 }, () =>
    survivesKillNine({ DATABASE_URL: postgres.url }));

  it('exits 2 with one line when the database cannot be reached', { timeout: 60_000 }, async () => {
    const running = spawnServer(join(dir, 'unused.json'), { DATABASE_URL: 'postgres://kit:secret@127.0.0.1:1/kit' });
    const timer = setTimeout(() => killGroup(running.child), START_TIMEOUT_MS);
    const { code, output } = await running.exited;
    clearTimeout(timer);
    expect(code).toBe(2);
    expect(output).toMatch(/^Cannot start: Cannot use DATABASE_URL postgres:\/\/kit:\*\*\*@127\.0\.0\.1:1\/kit: [^\n]+$/m);
    expect(output).not.toContain('secret');
  });
});
