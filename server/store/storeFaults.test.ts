/**
 * Fault injection below the embedded store's file operations: the real nodeStoreFs code runs, but
 * its file handles write fewer bytes than asked (short writes), run out of space part-way (ENOSPC
 * after N bytes, like a full disk), or fail with EIO, at each write site: journal append, fsync,
 * truncate, the snapshot of a compaction, the journal swap, the directory fsync. What was
 * acknowledged is always on disk; what was refused is never applied; the store recovers by itself.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LowdbStore, StoreOpenError } from './lowdbStore.js';
import { StoreUnavailableError } from '../domain/ports/store.js';
import { testBooking as record, testEmail, testHash as hash } from '../testing/storeContract.js';
import { nodeStoreFs, writeAll, type OpenFile, type WritableHandle } from './storeFs.js';

let dir: string;
let file: string;
let journalFile: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'store-faults-'));
  file = join(dir, 'db.json');
  journalFile = `${file}.journal`;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

type Code = 'ENOSPC' | 'EIO';
const errno = (code: Code, call: string) =>
  Object.assign(new Error(`${code}: ${code === 'ENOSPC' ? 'no space left on device' : 'i/o error'}, ${call}`), { code });

/**
 * nodeStoreFs over real files whose handles misbehave on demand, for the paths `target` accepts:
 * `maxWrite` bytes at most per write(2); `spaceLeft` bytes before writes are cut short and then
 * fail with ENOSPC; `write`/`sync`/`truncate`: that call fails with the code.
 */
function faultyDisk() {
  const faults = {
    target: (_path: string, _faults: { renamedTo?: string }) => true,
    /** Where the last rename went. */
    renamedTo: undefined as string | undefined,
    maxWrite: Infinity,
    spaceLeft: Infinity,
    write: undefined as Code | undefined,
    sync: undefined as Code | undefined,
    truncate: undefined as Code | undefined,
  };
  const openFile: OpenFile = async (path, flags) => {
    const handle = await open(path, flags);
    const on = () => faults.target(path, faults);
    const wrapped = {
      async write(buffer: Buffer, offset: number, length: number) {
        if (on() && faults.write) throw errno(faults.write, 'write');
        let count = length;
        if (on()) {
          if (faults.spaceLeft <= 0) throw errno('ENOSPC', 'write');
          count = Math.min(length, faults.maxWrite, faults.spaceLeft);
          if (faults.spaceLeft !== Infinity) faults.spaceLeft -= count;
        }
        return handle.write(buffer, offset, count);
      },
      async sync() {
        if (on() && faults.sync) throw errno(faults.sync, 'fsync');
        await handle.sync();
      },
      async truncate(length?: number) {
        if (on() && faults.truncate) throw errno(faults.truncate, 'ftruncate');
        await handle.truncate(length);
      },
      close: () => handle.close(),
    };
    return wrapped as unknown as WritableHandle;
  };
  const fs = nodeStoreFs(openFile);
  // eslint-disable-next-line @typescript-eslint/unbound-method -- the store fs's methods are plain closures, no `this`
  const rename = fs.rename;
  fs.rename = async (from, to) => {
    await rename(from, to);
    faults.renamedTo = to;
  };
  return { fs, faults };
}

const journalText = () => readFileSync(journalFile, 'utf8');
/** The journal is whole JSON lines, numbered 1, 2, 3… after the snapshot's seq. */
function expectWholeLines(): number[] {
  const text = journalText();
  expect(text === '' || text.endsWith('\n')).toBe(true);
  return text.split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { seq: number }).seq);
}

/** Inserts `count` bookings at once (one group commit); returns the hashes acknowledged and the errors. */
async function insertMany(store: LowdbStore, from: number, count: number) {
  const results = await Promise.allSettled(
    Array.from({ length: count }, (_, index) => store.insertBooking((id) => record(id, hash(from + index)))),
  );
  const acknowledged = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.bookhash] : []));
  const errors = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  return { acknowledged, errors };
}

async function reopenedHashes(): Promise<string[]> {
  const warnings: string[] = [];
  const reopened = await LowdbStore.open(file, { warn: (message) => warnings.push(message) });
  const hashes = (await reopened.bookingsOfAccount(1)).map((booking) => booking.bookhash);
  await reopened.close();
  expect(warnings).toEqual([]);
  return hashes;
}

describe('writeAll', () => {
  it('continues short writes until every byte is written', async () => {
    const written: Buffer[] = [];
    const handle = {
      write: async (buffer: Buffer, offset: number, length: number) => {
        const count = Math.min(length, 3);
        written.push(buffer.subarray(offset, offset + count));
        return { bytesWritten: count, buffer };
      },
    } as unknown as WritableHandle;
    expect(await writeAll(handle, 'héllo wörld\n')).toBe(Buffer.byteLength('héllo wörld\n'));
    expect(Buffer.concat(written).toString('utf8')).toBe('héllo wörld\n');
  });

  it('reports a write that makes no progress as ENOSPC instead of looping', async () => {
    let calls = 0;
    const handle = {
      write: async (buffer: Buffer) => {
        calls += 1;
        return { bytesWritten: calls === 1 ? 2 : 0, buffer };
      },
    } as unknown as WritableHandle;
    await expect(writeAll(handle, 'abcdef')).rejects.toMatchObject({ code: 'ENOSPC', message: expect.stringContaining('2 of 6 bytes') });
    expect(calls).toBe(2);
  });
});

describe('short writes', () => {
  it('are continued at every site: journal, snapshot, journal swap; nothing acknowledged is lost', async () => {
    const { fs, faults } = faultyDisk();
    faults.maxWrite = 7;
    const store = await LowdbStore.open(file, { fs, compactAfterBytes: 1 << 30 });
    const first = await insertMany(store, 1, 20);
    expect(first.errors).toEqual([]);
    await store.updateBooking(hash(1), (current) => ({ booking: { ...current, paid: 'yes' }, emails: [testEmail(hash(1))] }));
    expect(expectWholeLines()).toEqual(Array.from({ length: 21 }, (_, index) => index + 1));
    await store.compactNow(); // snapshot and journal swap, 7 bytes per write
    await insertMany(store, 21, 5);
    await store.close();
    expect(JSON.parse(readFileSync(file, 'utf8')).bookings).toHaveLength(20);
    expect(await reopenedHashes()).toEqual(Array.from({ length: 25 }, (_, index) => hash(index + 1)));
  });
});

describe('a disk that fills up during a journal append', () => {
  it('acknowledges nothing it could not write, leaves whole lines only, keeps reads, and recovers when space returns', async () => {
    const { fs, faults } = faultyDisk();
    const store = await LowdbStore.open(file, { fs });
    const before = await insertMany(store, 1, 10);
    expect(before.errors).toEqual([]);
    const goodLength = journalText().length;

    faults.spaceLeft = 300; // part of the next line fits, then ENOSPC
    faults.maxWrite = 100;
    await expect(store.insertBooking((id) => record(id, hash(11)))).rejects.toBeInstanceOf(StoreUnavailableError);
    // The partial line was cut off at once: a kill -9 now finds the 10 whole lines.
    expect(journalText().length).toBe(goodLength);
    faults.spaceLeft = 300;
    const full = await insertMany(store, 12, 10);
    expect(full.acknowledged).toEqual([]);
    expect(full.errors).toHaveLength(10);
    for (const error of full.errors) {
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect(error).toMatchObject({ status: 503, headers: { 'Retry-After': '1' }, detail: expect.stringContaining('ENOSPC') });
    }
    // The partial batch was cut off at once: a kill -9 now finds the 10 whole lines.
    expect(journalText().length).toBe(goodLength);
    expect(expectWholeLines()).toHaveLength(10);
    // Reads go on.
    expect((await store.findBooking(hash(3)))?.bookhash).toBe(hash(3));
    expect(await store.findBooking(hash(11))).toBeUndefined();
    expect(await store.countBookings()).toBe(10);
    // Still full: refused again, still nothing glued on.
    await expect(store.insertBooking((id) => record(id, hash(30)))).rejects.toMatchObject({ status: 503 });
    expect(journalText().length).toBe(goodLength);

    faults.spaceLeft = Infinity; // space is back: no restart needed
    const after = await insertMany(store, 31, 5);
    expect(after.errors).toEqual([]);
    await store.close();
    expect(expectWholeLines()).toEqual(Array.from({ length: 15 }, (_, index) => index + 1));
    expect(await reopenedHashes()).toEqual([...before.acknowledged, ...after.acknowledged]);
  });

  it.each([
    ['write ENOSPC', { write: 'ENOSPC' as Code }],
    ['write EIO', { write: 'EIO' as Code }],
    ['fsync EIO', { sync: 'EIO' as Code }],
    ['fsync ENOSPC', { sync: 'ENOSPC' as Code }],
    ['a short write, then ENOSPC, and the cut-back truncate fails too', { spaceLeft: 40, truncate: 'EIO' as Code }],
  ])('%s: 503, nothing applied, and the next write works', async (_name, fault) => {
    const { fs, faults } = faultyDisk();
    const store = await LowdbStore.open(file, { fs });
    await store.insertBooking((id) => record(id, hash(1), { status: 'booking_confirmed' }));
    Object.assign(faults, fault);
    const insert = store.insertBooking((id) => record(id, hash(2)));
    const cancel = store.updateBooking(hash(1), (current) => ({
      booking: { ...current, status: 'booking_cancelled' },
      emails: [testEmail(hash(1))],
    }));
    await expect(insert).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(cancel).rejects.toMatchObject({ status: 503 });
    expect(await store.findBooking(hash(2))).toBeUndefined();
    expect((await store.findBooking(hash(1)))?.status).toBe('booking_confirmed');
    expect(await store.outbox()).toEqual([]);

    Object.assign(faults, { write: undefined, sync: undefined, truncate: undefined, spaceLeft: Infinity });
    await store.insertBooking((id) => record(id, hash(3)));
    await store.close();
    expect(expectWholeLines()).toEqual([1, 2]);
    expect(await reopenedHashes()).toEqual([hash(1), hash(3)]);
  });
});

/** The directory fsync right after the journal's rename (once per rename). */
function afterJournalRename(path: string, faults: { renamedTo?: string }): boolean {
  if (path !== dir || faults.renamedTo !== journalFile) return false;
  faults.renamedTo = undefined;
  return true;
}

describe('a compaction on a full disk', () => {
  it.each([
    ['the snapshot write (ENOSPC)', (path: string) => path === `${file}.tmp`, { spaceLeft: 300 }],
    ['the snapshot fsync (EIO)', (path: string) => path === `${file}.tmp`, { sync: 'EIO' as Code }],
    ['the new journal write (ENOSPC)', (path: string) => path === `${journalFile}.tmp`, { write: 'ENOSPC' as Code }],
    ['the directory fsync after the snapshot (EIO)', (path: string) => path === dir, { sync: 'EIO' as Code }],
    ['the directory fsync after the journal swap (EIO)', afterJournalRename, { sync: 'EIO' as Code }],
  ])('failing at %s loses nothing, leaves no temp file, and is retried by itself later', async (_name, target, fault) => {
    const { fs, faults } = faultyDisk();
    const warnings: string[] = [];
    const store = await LowdbStore.open(file, { fs, compactAfterBytes: 4_000, compactRetryMs: 1, warn: (message) => warnings.push(message) });
    faults.target = target;
    Object.assign(faults, fault);
    for (let n = 1; n <= 12; n++) await store.insertBooking((id) => record(id, hash(n)));
    await store.compactNow();
    expect(warnings.join('\n')).toMatch(/Compaction of .* failed \((ENOSPC|EIO)/);
    expect(existsSync(`${file}.tmp`)).toBe(false);
    expect(existsSync(`${journalFile}.tmp`)).toBe(false);
    // Changes go on while compactions fail, into the journal file that is on disk under its name.
    await store.insertBooking((id) => record(id, hash(13)));
    expect(journalText()).toContain(hash(13));

    Object.assign(faults, { write: undefined, sync: undefined, spaceLeft: Infinity });
    const failures = warnings.length;
    // Each new batch retries once the back-off (a few ms here) is over: bounded wait for a snapshot.
    for (let n = 14; n <= 200 && JSON.parse(readFileSync(file, 'utf8')).bookings.length === 0; n++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await store.insertBooking((id) => record(id, hash(n)));
    }
    await store.compactNow();
    expect(JSON.parse(readFileSync(file, 'utf8')).bookings.length).toBeGreaterThan(0);
    expect(warnings.length).toBe(failures);
    const count = await store.countBookings();
    await store.close();
    expect(await reopenedHashes()).toEqual(Array.from({ length: count }, (_, index) => hash(index + 1)));
  });
});

describe('a torn journal tail at start', () => {
  async function journalWith(tail: string): Promise<string> {
    const store = await LowdbStore.open(file);
    for (let n = 1; n <= 3; n++) await store.insertBooking((id) => record(id, hash(n)));
    await store.close();
    const whole = journalText();
    await writeFile(journalFile, whole + tail);
    return whole;
  }

  it.each([
    ['a partial last line', '{"seq":4,"op":"insert","booking":{"id":4,"bo'],
    ['NUL padding', '\0'.repeat(4096)],
    ['a partial last line then NUL padding', `{"seq":4,"op":"ins${'\0'.repeat(100)}`],
    ['a last line that does not parse', '{"seq":4,"op":"insert","booking":{"id\n'],
    ['NULs inside a last line with its newline', `{"seq":4,"op":"\0\0\0\0"}\n\0\0`],
    ['a blank last line', '\n'],
  ])('%s is cut back to the last whole entry and reported', async (_name, tail) => {
    const whole = await journalWith(tail);
    const warnings: string[] = [];
    const store = await LowdbStore.open(file, { warn: (message) => warnings.push(message) });
    expect(warnings).toEqual([expect.stringMatching(/torn last line of .*db\.json\.journal \(line 4, \d+ bytes/)]);
    expect(journalText()).toBe(whole);
    expect(await store.countBookings()).toBe(3);
    await store.insertBooking((id) => record(id, hash(4)));
    await store.close();
    expect(expectWholeLines()).toEqual([1, 2, 3, 4]);
    expect(await reopenedHashes()).toEqual([hash(1), hash(2), hash(3), hash(4)]);
  });

  it.each([
    ['an unparsable line before a whole one', '{"seq":4,"op\n{"seq":5,"op":"reset"}\n'],
    ['NULs before a whole line', `${'\0'.repeat(10)}\n{"seq":4,"op":"reset"}\n`],
  ])('%s is corruption in the middle: refused, file unchanged', async (_name, tail) => {
    await journalWith(tail);
    const before = journalText();
    await expect(LowdbStore.open(file)).rejects.toThrow(/line 4 is not valid JSON/);
    expect(journalText()).toBe(before);
  });
});

describe('an unusable DB_FILE directory', () => {
  it.skipIf(!existsSync('/proc/self'))('under /proc fails at once instead of spinning', async () => {
    const opening = LowdbStore.open('/proc/nope/db.json');
    await expect(opening).rejects.toBeInstanceOf(StoreOpenError);
    await expect(opening).rejects.toThrow(/^Cannot create the directory of DB_FILE \/proc\/nope\/db\.json \(ENOENT/);
  });

  it('makes the missing levels of a new path', async () => {
    const store = await LowdbStore.open(join(dir, 'a', 'b', 'c', 'db.json'));
    await store.close();
    expect(existsSync(join(dir, 'a', 'b', 'c', 'db.json'))).toBe(true);
  });
});
