/**
 * Idempotent booking start on the embedded store, and the 503 of a booking start whose write
 * fails (the failure injected through the store's file-system layer).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_ANNA, dayAfter, findRate, startTestServer, type TestServer } from '../../testing/bookingServer.js';
import { LowdbStore } from '../../store/lowdbStore.js';
import { nodeFs, type StoreFs } from '../../store/storeFs.js';
import { describeIdempotentBookingStart } from '../../testing/idempotencyCases.js';

describeIdempotentBookingStart('embedded store', () => LowdbStore.inMemory());

describe('booking.php when the store cannot write', () => {
  let dir: string;
  let server: TestServer;
  let store: LowdbStore;
  const disk = { full: false };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'store-503-'));
    const fs: StoreFs = {
      ...nodeFs,
      async openAppend(path) {
        const file = await nodeFs.openAppend(path);
        return {
          append: (text) => file.append(text),
          truncate: (length) => file.truncate(length),
          close: () => file.close(),
          sync: async () => {
            if (disk.full) throw new Error('ENOSPC: no space left on device, fsync');
            await file.sync();
          },
        };
      },
    };
    store = await LowdbStore.open(join(dir, 'db.json'), { fs });
    server = await startTestServer({ store });
  });
  afterAll(async () => {
    await server.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After, books nothing, and a retry with the same key books once the disk works', async () => {
    const stay = { checkin: dayAfter(server.clock, 30), checkout: dayAfter(server.clock, 32) };
    const rate = await findRate(server, KEY_ANNA, stay);
    const start = () =>
      fetch(`${server.url}/booking.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'Idempotency-Key': 'retry-me' },
        body: JSON.stringify({ apikey: KEY_ANNA, service_hash: rate.serviceHash }),
      });
    disk.full = true;
    const failed = await start();
    expect(failed.status).toBe(503);
    expect(failed.headers.get('retry-after')).toBe('1');
    // The client hears that storage is unavailable, never the system's error or a path.
    const { error } = (await failed.json()) as { error: string };
    expect(error).toMatch(/storage unavailable/);
    expect(error).not.toMatch(/ENOSPC|journal/);
    expect(await store.countBookings()).toBe(0);

    disk.full = false;
    const retried = await start();
    expect(retried.status).toBe(200);
    const again = await start();
    expect(await again.json()).toEqual(await retried.json());
    expect(await store.countBookings()).toBe(1);
  });
});
