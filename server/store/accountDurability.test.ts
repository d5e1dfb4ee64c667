/**
 * Accounts are durable like bookings on the embedded store: an account the admin API answered 201
 * for survives a restart; on a full disk creation answers 503 and leaves no account, not even half
 * of one; and a store written before there were accounts (the three demo accounts' bookings)
 * still opens, its bookings the demo accounts' as before.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../testing/testServer.js';
import { LowdbStore } from './lowdbStore.js';
import { testBooking, testHash } from '../testing/storeContract.js';
import { nodeStoreFs, type WritableHandle } from './storeFs.js';
import { open } from 'node:fs/promises';

const TEAM = { name: 'Acme Travel', contact: 'ops@acme.example', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@acme.example', phone: '+44 20 7946 0958' };
const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' };

let dir: string;
let server: TestServer | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'accounts-durable-'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

/** A file system whose writes fail with ENOSPC while `full` is set. */
function fillableDisk() {
  const disk = { full: false };
  const fs = nodeStoreFs(async (path, flags) => {
    const handle = await open(path, flags);
    return {
      write: (buffer: Buffer, offset: number, length: number) => {
        if (disk.full) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
        return handle.write(buffer, offset, length);
      },
      sync: () => handle.sync(),
      truncate: (length?: number) => handle.truncate(length),
      close: () => handle.close(),
    } as unknown as WritableHandle;
  });
  return { fs, disk };
}

const create = (body: unknown) => server!.request('/_control/admin/accounts', { method: 'POST', headers: ADMIN, body: JSON.stringify(body) });
const total = async () => (await server!.request('/_control/admin/accounts', { headers: ADMIN })).body.total as number;

describe('accounts on the embedded store', () => {
  it('a full disk answers 503 with Retry-After and creates nothing; what was acknowledged survives a restart', async () => {
    const file = join(dir, 'db.json');
    const { fs, disk } = fillableDisk();
    const store = await LowdbStore.open(file, { fs, warn: () => {} });
    server = await startTestServer({ store });
    const before = await total();
    const acknowledged = await create({ ...TEAM, name: 'Kept' });
    expect(acknowledged.status).toBe(201);

    disk.full = true;
    const refused = await create({ ...TEAM, name: 'Refused' });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await total()).toBe(before + 1);
    const key = acknowledged.body.key as string;
    // The key of the acknowledged account works while the disk is full (reads need no disk).
    expect((await server.post('/_control/keys', { apikey: key })).status).toBe(200);

    disk.full = false;
    const later = await create({ ...TEAM, name: 'Later' });
    expect(later.status).toBe(201);
    await server.close();
    server = undefined;
    await store.close();

    const reopened = await LowdbStore.open(file, { warn: () => {} });
    server = await startTestServer({ store: reopened });
    const names = (await server.request('/_control/admin/accounts?limit=200', { headers: ADMIN })).body.accounts.map((account: { name: string }) => account.name);
    expect(names).toContain('Kept');
    expect(names).toContain('Later');
    expect(names).not.toContain('Refused');
    expect((await server.post('/_control/keys', { apikey: key })).status).toBe(200);
    expect(later.body.account.id).toBeGreaterThan(acknowledged.body.account.id);
    await reopened.close();
  });

  it('opens a store written before accounts existed: the demo accounts keep their bookings', async () => {
    const file = join(dir, 'db.json');
    const booking = testBooking(123_456_789, testHash(1), { accountId: 1, status: 'booking_confirmed', paid: 'yes', paymentAttemptedAt: '2026-11-21 10:15:42' });
    await writeFile(file, JSON.stringify({ version: 1, seq: 0, nextBookingId: 2, bookings: [booking], outbox: [] }));
    const store = await LowdbStore.open(file, { warn: () => {} });
    server = await startTestServer({ store });
    const overview = await server.post('/booking_overview.php', { apikey: 'demo-key-1' });
    expect(overview.status).toBe(200);
    expect(overview.body.bookings.map((item: { bookhash: string }) => item.bookhash)).toEqual([testHash(1)]);
    expect((await create(TEAM)).body.account.id).toBe(1000);
    await store.close();
  });
});
