/**
 * GET /_control/admin/backup: the running embedded store's consistent copy over HTTP, taken while
 * bookings go on, restorable with `hotel-sandbox restore`; PostgreSQL is sent to pg_dump.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEY_ANNA, controlPay, dayAfter, findRate, startTestServer, type TestServer } from '../../testing/bookingServer.js';
import { readBackup, restoreStoreCopy } from '../../store/lowdbBackup.js';
import { LowdbStore } from '../../store/lowdbStore.js';
import type { Store } from '../../domain/ports/store.js';

const TOKEN = 'admin-backup-token-0123456';
let dir: string;
const closing: Array<{ close(): Promise<void> }> = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'admin-backup-'));
});
afterEach(async () => {
  for (const item of closing.splice(0).reverse()) await item.close();
  await rm(dir, { recursive: true, force: true });
});

async function start(store: Store): Promise<TestServer> {
  const server = await startTestServer({ store, config: { adminToken: TOKEN } });
  closing.push(store, server);
  return server;
}

const download = (server: TestServer, token = TOKEN) => fetch(`${server.url}/_control/admin/backup`, { headers: { authorization: `Bearer ${token}` } });

describe('GET /_control/admin/backup', () => {
  it('downloads every booking acknowledged before it, while bookings go on; the file restores', { timeout: 60_000 }, async () => {
    const server = await start(await LowdbStore.open(join(dir, 'db.json'), { compactAfterBytes: 4_000 }));
    const stay = { checkin: dayAfter(server.clock, 30), checkout: dayAfter(server.clock, 32) };
    const rate = await findRate(server, KEY_ANNA, stay, { refundable: true });
    const acknowledged: string[] = [];
    const book = async () => {
      const answer = await server.post('/booking.php', { apikey: KEY_ANNA, service_hash: rate.serviceHash });
      expect(answer.status).toBe(200);
      const bookhash = new URL(String(answer.body.booking_url)).searchParams.get('bookhash')!;
      acknowledged.push(bookhash);
      return bookhash;
    };
    for (let n = 0; n < 10; n++) await book();
    expect((await controlPay(server, acknowledged[0]!)).status).toBe(200);
    const before = [...acknowledged];
    // Bookings keep coming while the copy is taken and sent.
    const during = Promise.all(Array.from({ length: 10 }, book));
    const response = await download(server);
    await during;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="hotel-sandbox-backup-.*\.json"$/);
    const file = join(dir, 'backup.json');
    await writeFile(file, await response.text());

    const copy = await readBackup(file);
    const held = new Set(copy.data.bookings.map((booking) => booking.bookhash));
    expect(before.filter((bookhash) => !held.has(bookhash))).toEqual([]);
    expect(copy.emails).toBeGreaterThan(0);
    // Put in place as another store, it opens with them.
    await restoreStoreCopy(copy, join(dir, 'restored.json'));
    const restored = await LowdbStore.open(join(dir, 'restored.json'));
    closing.push(restored);
    expect((await restored.findBooking(before[0]!))?.status).toBe('booking_confirmed');
    expect(await restored.countBookings()).toBe(held.size);
  });

  it('answers only the admin token, and sends a database to pg_dump', async () => {
    const server = await start(await LowdbStore.inMemory());
    expect((await fetch(`${server.url}/_control/admin/backup`)).status).toBe(401);
    expect((await download(server, 'not-the-admin-token')).status).toBe(403);
    expect((await fetch(`${server.url}/_control/admin/backup`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(405);
    const memory = await LowdbStore.inMemory();
    const database = new Proxy(memory, {
      get: (target, property) => (property === 'backupText' ? undefined : property === 'kind' ? 'postgres' : (Reflect.get(target, property, target) as unknown)),
    });
    const other = await start(database);
    const refused = await download(other);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(/PostgreSQL: back it up with pg_dump/);
  });
});
