/**
 * The embedded store's backup, read from its files while the store writes and compacts: every copy
 * loads as the server would load it and holds every change acknowledged before it was begun. A
 * restore moves the old files aside and the store opens on the backup as it was.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackupError, readBackup, readStoreCopy, restoreStoreCopy, writeStoreCopy } from './lowdbBackup.js';
import { LowdbStore } from './lowdbStore.js';
import { testBooking, testEmail, testHash } from '../testing/storeContract.js';

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'backup-'));
  file = join(dir, 'db.json');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readStoreCopy', () => {
  it('holds every acknowledged change while the store writes and compacts under it', { timeout: 60_000 }, async () => {
    // Compaction at 2 KB of journal: dozens of snapshot and journal swaps during the copies.
    const store = await LowdbStore.open(file, { compactAfterBytes: 2_000 });
    const acknowledged: string[] = [];
    let writing = true;
    const writer = (async () => {
      for (let n = 1; n <= 400; n += 4) {
        await Promise.all([0, 1, 2, 3].map(async (offset) => {
          const bookhash = testHash(n + offset);
          await store.insertBooking((id) => testBooking(id, bookhash));
          acknowledged.push(bookhash);
        }));
        if (n % 40 === 1) await store.compactNow();
      }
      writing = false;
    })();
    const snapshotsSeen = new Set<number>();
    let copies = 0;
    while (writing) {
      const before = [...acknowledged];
      const copy = await readStoreCopy(file);
      const held = new Set(copy.data.bookings.map((booking) => booking.bookhash));
      expect(before.filter((bookhash) => !held.has(bookhash))).toEqual([]);
      expect(copy.bookings).toBe(held.size);
      snapshotsSeen.add(store.journalStats().snapshotBytes);
      copies += 1;
    }
    await writer;
    expect(copies).toBeGreaterThan(5);
    expect(snapshotsSeen.size).toBeGreaterThan(3); // compactions did happen between the copies
    const last = await readStoreCopy(file);
    expect(last.bookings).toBe(400);
    await store.close();
  });

  it('reads again when a compaction replaced DB_FILE and cut the journal between its two reads', async () => {
    const store = await LowdbStore.open(file);
    for (let n = 1; n <= 3; n++) await store.insertBooking((id) => testBooking(id, testHash(n)));
    let compactions = 0;
    // Between the reads: two more bookings, then a new snapshot holding them and an empty journal.
    const copy = await readStoreCopy(file, async () => {
      if (compactions > 0) return;
      compactions += 1;
      for (let n = 4; n <= 5; n++) await store.insertBooking((id) => testBooking(id, testHash(n)));
      await store.compactNow();
    });
    expect(compactions).toBe(1);
    expect(copy.data.bookings.map((booking) => booking.bookhash)).toEqual([1, 2, 3, 4, 5].map(testHash));
    await store.close();
  });

  it('leaves out a torn last journal line (a write under way) and never writes next to DB_FILE', async () => {
    const store = await LowdbStore.open(file);
    await store.insertBooking((id) => testBooking(id, testHash(1)));
    await store.close();
    await writeFile(`${file}.journal`, `${await readFile(`${file}.journal`, 'utf8')}{"seq":2,"op":"ins`);
    const before = (await readdir(dir)).sort();
    const copy = await readStoreCopy(file);
    expect(copy.bookings).toBe(1);
    expect((await readdir(dir)).sort()).toEqual(before);
  });

  it('says which file cannot be read', async () => {
    await expect(readStoreCopy(join(dir, 'none.json'))).rejects.toThrow(new BackupError(`Cannot read the store ${join(dir, 'none.json')} (ENOENT)`));
    await writeFile(file, '{"version": 2}');
    await expect(readStoreCopy(file)).rejects.toThrow(/cannot be read as the server would load it: is not a store of this server/);
  });
});

describe('a backup restored', () => {
  it('opens as the store it was; the files it replaced are kept aside', async () => {
    const store = await LowdbStore.open(file);
    for (let n = 1; n <= 5; n++) await store.insertBooking((id) => testBooking(id, testHash(n)));
    await store.updateBooking(testHash(1), (current) => ({ booking: { ...current, paid: 'yes' }, emails: [testEmail(testHash(1))] }));
    const backup = join(dir, 'backup.json');
    await writeStoreCopy(await readStoreCopy(file), backup);
    // Changes after the backup: the restore takes the store back to it.
    await store.insertBooking((id) => testBooking(id, testHash(6)));
    await store.close();

    const copy = await readBackup(backup);
    expect(copy).toMatchObject({ bookings: 5, emails: 1 });
    const aside = await restoreStoreCopy(copy, file, 'stamp');
    expect(aside).toEqual([`${file}.journal.before-restore-stamp`, `${file}.before-restore-stamp`]);
    expect((await readdir(dir)).sort()).toEqual(['backup.json', 'db.json', 'db.json.before-restore-stamp', 'db.json.journal.before-restore-stamp']);

    const restored = await LowdbStore.open(file);
    expect((await restored.bookingsOfAccount(1)).map((booking) => booking.bookhash)).toEqual([1, 2, 3, 4, 5].map(testHash));
    expect((await restored.findBooking(testHash(1)))?.paid).toBe('yes');
    expect(await restored.outbox()).toEqual([testEmail(testHash(1))]);
    // It takes changes, journaled after the backup's seq, and keeps them across a reopen.
    await restored.insertBooking((id) => testBooking(id, testHash(7)));
    await restored.close();
    const reopened = await LowdbStore.open(file);
    expect(await reopened.countBookings()).toBe(6);
    await reopened.close();
  });

  it('refuses a backup the server could not load, and changes nothing', async () => {
    const store = await LowdbStore.open(file);
    await store.close();
    const bad = join(dir, 'bad.json');
    await writeFile(bad, JSON.stringify({ version: 1, nextBookingId: 1, bookings: [{ id: 1 }], outbox: [] }));
    await expect(readBackup(bad)).rejects.toThrow(/^The backup .*bad\.json bookings\[0\].*; nothing was changed$/);
    await writeFile(bad, '{not json');
    await expect(readBackup(bad)).rejects.toThrow(/is not valid JSON/);
  });
});
