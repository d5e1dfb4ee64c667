import { at } from '../testing/instants.js';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LowdbStore, StoreOpenError, type StoreData } from './lowdbStore.js';
import { StoreUnavailableError } from '../domain/ports/store.js';
import { describeAccountContract } from '../testing/accountContract.js';
import { describeStoreContract, testBooking as record, testEmail, testHash as hash } from '../testing/storeContract.js';
import { nodeFs, type StoreFs } from './storeFs.js';

let dir: string;
let file: string;
let journalFile: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lowdb-store-'));
  file = join(dir, 'db.json');
  journalFile = `${file}.journal`;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const snapshotOnDisk = () => JSON.parse(readFileSync(file, 'utf8')) as StoreData;
const journalLines = () =>
  readFileSync(journalFile, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as { seq: number; op: string });

/** The real file system, with switches that make the next operations fail like a full or vanished disk. */
function faultyFs() {
  const faults = { append: false, sync: false, rename: false, partialAppend: false };
  let syncs = 0;
  const fs: StoreFs = {
    ...nodeFs,
    async openAppend(path) {
      const inner = await nodeFs.openAppend(path);
      return {
        async append(text) {
          if (faults.partialAppend) {
            await inner.append(text.slice(0, Math.ceil(text.length / 2)));
            throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
          }
          if (faults.append) throw Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' });
          await inner.append(text);
        },
        async sync() {
          if (faults.sync) throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
          syncs += 1;
          await inner.sync();
        },
        truncate: (length) => inner.truncate(length),
        close: () => inner.close(),
      };
    },
    async rename(from, to) {
      if (faults.rename) throw Object.assign(new Error('EACCES: permission denied, rename'), { code: 'EACCES' });
      await nodeFs.rename(from, to);
    },
  };
  return { fs, faults, syncs: () => syncs };
}

/** The DB_FILE of each store the contract opened, so that it can reopen it. */
const contractFiles = new WeakMap<object, string>();
const openContractStore = async (path: string) => {
  const store = await LowdbStore.open(path, { warn: () => {} });
  contractFiles.set(store, path);
  return store;
};
describeStoreContract(
  'LowdbStore (snapshot + journal)',
  () => openContractStore(join(dir, `contract-${Math.random()}.json`)),
  async (store) => {
    await store.close();
    return openContractStore(contractFiles.get(store)!);
  },
);
describeStoreContract('LowdbStore.inMemory', () => LowdbStore.inMemory());
describeAccountContract(
  'LowdbStore (snapshot + journal)',
  () => openContractStore(join(dir, `accounts-${Math.random()}.json`)),
  async (store) => {
    await store.close();
    return openContractStore(contractFiles.get(store)!);
  },
);
describeAccountContract('LowdbStore.inMemory', () => LowdbStore.inMemory());

describe('LowdbStore journal', () => {
  it('creates the snapshot on first start and journals each change as one numbered line', async () => {
    const store = await LowdbStore.open(file);
    expect(snapshotOnDisk()).toMatchObject({ version: 1, seq: 0, nextBookingId: 1, bookings: [], outbox: [] });
    await store.insertBooking((id) => record(id, hash(1)));
    await store.updateBooking(hash(1), (current) => ({ booking: { ...current, paid: 'yes' }, emails: [testEmail(hash(1))] }));
    expect(journalLines().map(({ seq, op }) => ({ seq, op }))).toEqual([
      { seq: 1, op: 'insert' },
      { seq: 2, op: 'update' },
    ]);
    expect(snapshotOnDisk().bookings).toEqual([]); // the snapshot waits for a compaction
    await store.close();
  });

  it('group-commits: 200 concurrent inserts share a few fsyncs, and each resolves only once its line is on disk', async () => {
    const { fs, syncs } = faultyFs();
    const store = await LowdbStore.open(file, { fs });
    const seenOnDisk: boolean[] = [];
    await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        store.insertBooking((id) => record(id, hash(index + 1))).then((booking) => {
          seenOnDisk.push(readFileSync(journalFile, 'utf8').includes(booking.bookhash));
        }),
      ),
    );
    expect(seenOnDisk).toHaveLength(200);
    expect(seenOnDisk.every(Boolean)).toBe(true);
    expect(syncs()).toBeLessThanOrEqual(3);
    const reopened = await LowdbStore.open(file);
    expect((await reopened.bookingsOfAccount(1)).map((booking) => booking.bookhash)).toEqual(Array.from({ length: 200 }, (_, index) => hash(index + 1)));
    await Promise.all([store.close(), reopened.close()]);
  });

  it('a failed write answers StoreUnavailableError (503), changes nothing, and the next write works again', async () => {
    const { fs, faults } = faultyFs();
    const store = await LowdbStore.open(file, { fs });
    await store.insertBooking((id) => record(id, hash(1), { status: 'booking_confirmed' }));
    faults.sync = true;
    const failedInsert = store.insertBooking((id) => record(id, hash(2)));
    const failedCancel = store.updateBooking(hash(1), (current) => ({
      booking: { ...current, status: 'booking_cancelled' },
      emails: [testEmail(hash(1))],
    }));
    await expect(failedInsert).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(failedCancel).rejects.toMatchObject({ status: 503, detail: expect.stringContaining('EIO') });
    expect(await store.findBooking(hash(2))).toBeUndefined();
    expect((await store.findBooking(hash(1)))?.status).toBe('booking_confirmed');
    expect(await store.outbox()).toEqual([]);

    faults.sync = false;
    await store.insertBooking((id) => record(id, hash(3)));
    await store.updateBooking(hash(1), (current) => ({ ...current, status: 'booking_cancelled' }));
    const reopened = await LowdbStore.open(file);
    expect((await reopened.bookingsOfAccount(1)).map((booking) => booking.bookhash)).toEqual([hash(1), hash(3)]);
    expect((await reopened.findBooking(hash(1)))?.status).toBe('booking_cancelled');
    expect(await reopened.outbox()).toEqual([]);
    await Promise.all([store.close(), reopened.close()]);
  });

  it('a write cut short (disk full) is cut off the journal before the next write, so a reopen reads cleanly', async () => {
    const { fs, faults } = faultyFs();
    const store = await LowdbStore.open(file, { fs });
    await store.insertBooking((id) => record(id, hash(1)));
    faults.partialAppend = true;
    await expect(store.insertBooking((id) => record(id, hash(2)))).rejects.toMatchObject({ status: 503 });
    faults.partialAppend = false;
    await store.insertBooking((id) => record(id, hash(3)));
    await store.close();
    const reopened = await LowdbStore.open(file);
    expect((await reopened.bookingsOfAccount(1)).map((booking) => booking.bookhash)).toEqual([hash(1), hash(3)]);
    expect(journalLines().map((line) => line.seq)).toEqual([1, 2]);
    await reopened.close();
  });

  it('compacts in the background into a new snapshot and a short journal; a reopen sees everything once', async () => {
    const store = await LowdbStore.open(file, { compactAfterBytes: 20_000 });
    for (let n = 1; n <= 40; n++) await store.insertBooking((id) => record(id, hash(n)));
    await store.compactNow();
    await store.updateBooking(hash(1), (current) => ({ booking: { ...current, paid: 'yes' }, emails: [testEmail(hash(1))] }));
    const snapshot = snapshotOnDisk();
    expect(snapshot.bookings.length).toBeGreaterThan(0);
    expect(journalLines().every((line) => line.seq > (snapshot.seq ?? 0))).toBe(true);
    await store.close();
    const reopened = await LowdbStore.open(file);
    expect(await reopened.countBookings()).toBe(40);
    expect(await reopened.outbox()).toEqual([testEmail(hash(1))]);
    expect(await reopened.insertBooking((id) => record(id, hash(41)))).toMatchObject({ bookhash: hash(41) });
    await reopened.close();
  });

  it('compacts by itself once the journal outgrows the threshold, while changes go on', async () => {
    const store = await LowdbStore.open(file, { compactAfterBytes: 10_000 });
    for (let n = 1; n <= 30; n++) await store.insertBooking((id) => record(id, hash(n)));
    for (let wait = 0; wait < 100 && snapshotOnDisk().bookings.length === 0; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(snapshotOnDisk().bookings.length).toBeGreaterThan(0);
    await store.close();
    const reopened = await LowdbStore.open(file);
    expect(await reopened.countBookings()).toBe(30);
    await reopened.close();
  });

  it('a compaction that fails before the rename or before the journal swap loses nothing and applies nothing twice', async () => {
    const { fs, faults } = faultyFs();
    const warnings: string[] = [];
    const store = await LowdbStore.open(file, { fs, warn: (message) => warnings.push(message) });
    for (let n = 1; n <= 5; n++) await store.insertBooking((id) => record(id, hash(n)));
    faults.rename = true;
    await store.compactNow();
    expect(warnings.join()).toMatch(/Compaction .* failed/);
    expect(snapshotOnDisk().bookings).toEqual([]);
    faults.rename = false;

    // Snapshot renamed, journal swap fails (its rename is refused): the old journal's lines are skipped on replay.
    // eslint-disable-next-line @typescript-eslint/unbound-method -- the store fs's methods are plain closures, no `this`
    const realRename = fs.rename;
    fs.rename = async (from, to) => {
      if (to === journalFile) throw new Error('EACCES');
      await realRename(from, to);
    };
    await store.compactNow();
    expect(snapshotOnDisk().bookings).toHaveLength(5);
    expect(journalLines()).toHaveLength(5);
    fs.rename = realRename;
    await store.insertBooking((id) => record(id, hash(6)));
    await store.close();
    const reopened = await LowdbStore.open(file);
    expect((await reopened.bookingsOfAccount(1)).map((booking) => booking.bookhash)).toEqual([1, 2, 3, 4, 5, 6].map(hash));
    await reopened.close();
  });

  it('drops idempotency records once 24 h of real time passed, at a compaction; ended on an account clock only, they stay', async () => {
    const store = await LowdbStore.open(file);
    const hour = 3_600_000;
    const start = Date.UTC(2027, 0, 10);
    const ahead = 30 * hour; // account 2's clock runs 30 h ahead of real time
    const uses = [
      { accountId: 1, key: 'old', at: at(start) },
      { accountId: 1, key: 'recent', at: at(start + 2 * hour) },
      { accountId: 1, key: 'newest', at: at(start + 25 * hour) },
      { accountId: 2, key: 'ahead', at: at(start + 2 * hour + ahead, ahead) },
    ];
    for (const [index, use] of uses.entries()) {
      const completion = { ...use, fingerprint: 'f', response: { status: 200, body: { status: 'ok' } } };
      await store.insertBooking((id) => record(id, hash(index + 1), { accountId: use.accountId }), completion);
    }
    await store.compactNow();
    expect((snapshotOnDisk().idempotency ?? []).map((completion) => completion.key).sort()).toEqual(['ahead', 'newest', 'recent']);
    const claim = (accountId: number, key: string, now = at(start + 25 * hour)) => store.claimIdempotencyKey({ accountId, key, fingerprint: 'f' }, now);
    expect((await claim(1, 'old')).state).toBe('claimed');
    expect((await claim(1, 'recent')).state).toBe('completed');
    expect((await claim(2, 'ahead', at(start + 25 * hour + ahead, ahead))).state).toBe('completed');
    // Account 2 moves its clock 2 h on: 24 h passed on its clock, so the key is free, though kept for real time.
    expect((await claim(2, 'ahead', at(start + 27 * hour + ahead, ahead + 2 * hour))).state).toBe('claimed');
    await store.close();
  });

  it('ignores and reports a torn last line (a crash mid-write) and continues after it', async () => {
    const store = await LowdbStore.open(file);
    await store.insertBooking((id) => record(id, hash(1)));
    await store.close();
    await writeFile(journalFile, `${readFileSync(journalFile, 'utf8')}{"seq":2,"op":"insert","booking":{"id":2,"bo`);
    const warnings: string[] = [];
    const reopened = await LowdbStore.open(file, { warn: (message) => warnings.push(message) });
    expect(warnings).toEqual([expect.stringMatching(/torn last line/)]);
    expect(await reopened.countBookings()).toBe(1);
    await reopened.insertBooking((id) => record(id, hash(2)));
    expect(journalLines().map((line) => line.seq)).toEqual([1, 2]);
    await reopened.close();
  });

  it.each([
    ['a corrupt line in the middle', (lines: string[]) => [lines[0], '{not json', lines[1]], /line 2 is not valid JSON/],
    ['a missing change', (lines: string[]) => [lines[0], lines[2]], /line 2 has seq 3 where 2 was expected/],
    ['a line without seq', (lines: string[]) => [lines[0], '{"op":"reset"}'], /line 2 has no sequence number/],
    [
      'a booking without guest',
      (lines: string[]) => [lines[0], lines[1]!.replace(/"guest":\{[^}]*\},/, '')],
      new RegExp(`line 2 booking \\(bookhash ${hash(2)}\\) lacks field guest`),
    ],
  ])('stops on %s in the journal, naming the line, and leaves the files unchanged', async (_name, edit, message) => {
    const store = await LowdbStore.open(file);
    for (let n = 1; n <= 3; n++) await store.insertBooking((id) => record(id, hash(n)));
    await store.close();
    const lines = readFileSync(journalFile, 'utf8').split('\n').filter(Boolean);
    await writeFile(journalFile, `${edit(lines).join('\n')}\n`);
    const before = [await readFile(file), await readFile(journalFile)];
    await expect(LowdbStore.open(file)).rejects.toThrow(message);
    expect((await readFile(file)).equals(before[0]!)).toBe(true);
    expect((await readFile(journalFile)).equals(before[1]!)).toBe(true);
  });
});

describe('LowdbStore.open validates DB_FILE and leaves a bad one unchanged', () => {
  const valid = (overrides: Partial<Record<keyof StoreData, unknown>>) =>
    JSON.stringify({ version: 1, nextBookingId: 3, bookings: [record(1, hash(1)), record(2, hash(2))], outbox: [], ...overrides });
  const withoutGuest = () => {
    const { guest: _guest, ...rest } = record(2, hash(2));
    return rest;
  };
  it.each([
    ['invalid JSON', '{"version": 1, "nextBookingId": 3, "bookings": [', /is not valid JSON/],
    ['an empty file', '', /is not valid JSON/],
    ['the wrong shape', '{"users": [], "posts": []}', /is not a store of this server/],
    ['JSON null', 'null', /is not a store of this server/],
    ['another version', valid({ version: 2 }), /is not a store of this server/],
    ['a null booking', valid({ bookings: [null] }), /bookings\[0\] is not an object/],
    ['a booking without guest', valid({ bookings: [record(1, hash(1)), withoutGuest()] }), /bookings\[1\] \(bookhash H0+2\) lacks field guest/],
    ['a guest without e-mail', valid({ bookings: [record(1, hash(1), { guest: { first_name: 'A', last_name: 'B', phone: '1' } as never })] }), /bookings\[0\].*field guest\.email must be a string/],
    ['a wrong status', valid({ bookings: [record(1, hash(1), { status: 'done' as never })] }), /bookings\[0\].*field status must be one of/],
    ['a duplicate bookhash', valid({ bookings: [record(1, hash(1)), record(2, hash(1))] }), /bookings\[1\] repeats bookhash/],
    ['a duplicate id', valid({ bookings: [record(1, hash(1)), record(1, hash(2))] }), /bookings\[1\] \(bookhash H0+2\) repeats booking id 1/],
    ['an outbox e-mail without subject', valid({ outbox: [{ ...testEmail(hash(1)), subject: undefined }] }), /outbox\[0\] field subject must be a string/],
    ['an e-mail about no booking', valid({ outbox: [testEmail(hash(7))] }), /outbox\[0\] is an e-mail about bookhash H0+7, which is no booking/],
  ])('%s', async (_name, content, message) => {
    await writeFile(file, content);
    const before = await readFile(file);
    const opening = LowdbStore.open(file);
    await expect(opening).rejects.toBeInstanceOf(StoreOpenError);
    await expect(opening).rejects.toThrow(message);
    await expect(opening).rejects.toThrow(file);
    expect((await readFile(file)).equals(before)).toBe(true);
  });

  it('an uncreatable path gives a one-line StoreOpenError', async () => {
    await writeFile(join(dir, 'a-file'), '');
    const opening = LowdbStore.open(join(dir, 'a-file', 'db.json'));
    await expect(opening).rejects.toBeInstanceOf(StoreOpenError);
    await expect(opening).rejects.toThrow(/^Cannot create the directory of DB_FILE .*a-file\/db\.json \((ENOTDIR|EEXIST)[^)\n]*\)\.$/);
  });

  it('reads a store written by the previous version (no seq, no journal)', async () => {
    await writeFile(file, valid({}));
    const store = await LowdbStore.open(file);
    expect(await store.countBookings()).toBe(2);
    expect([1, 2]).not.toContain((await store.insertBooking((id) => record(id, hash(3)))).id);
    await store.close();
  });
});
