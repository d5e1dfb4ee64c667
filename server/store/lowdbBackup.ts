/**
 * Backup and restore of the embedded store (`hotel-sandbox backup` / `restore`, cli/backupCommand.ts).
 *
 * A backup is one snapshot file in DB_FILE's own format: DB_FILE with its journal replayed, exactly
 * what the server would load. It is read from the files alone, so it works with the server running
 * or stopped and writes nothing next to DB_FILE. A running server may compact meanwhile (a new
 * DB_FILE renamed into place, then a shorter journal): the copy is taken from one DB_FILE (an open
 * handle keeps its inode) and the journal read while that file was still DB_FILE, so the journal
 * read belongs to that snapshot or a later one, never to an older one; otherwise it is read again.
 * Journal lines are written before they are acknowledged, so every change acknowledged before the
 * backup began is in it (a torn last line, a write under way, is left out as on restart). A whole
 * line whose fsync then fails (the client was told 503, and the server cuts it off) can be in it:
 * a copy from outside the process cannot tell; it is one the client may have retried.
 *
 * A restore checks the backup as the server would load it, moves DB_FILE and its journal aside
 * (renamed, never deleted) and writes the backup as DB_FILE (temp file, fsync, rename, fsync of the
 * directory); the server starts a new journal on it.
 */
import { open, readFile, stat } from 'node:fs/promises';
import { DurableState, StoreDataError, type StoreData } from './durableState.js';
import { replayJournal } from './lowdbOpen.js';
import { SnapshotFile } from './snapshotFile.js';
import { nodeFs } from './storeFs.js';

/** Reads of DB_FILE and its journal before giving up (each retry follows a compaction under way). */
const READ_ATTEMPTS = 20;

/** What a backup or a restore holds. */
export interface StoreCopy {
  data: StoreData;
  /** The journal seq the copy includes. */
  seq: number;
  bookings: number;
  emails: number;
}

/** A backup that cannot be made or used: one line, the file and what is wrong. */
export class BackupError extends Error {
  override name = 'BackupError';
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

async function readOptional(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return '';
    throw error;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    throw error;
  }
}

/** One read of DB_FILE and its journal, or undefined when DB_FILE was replaced during it (read again). */
async function readOnce(path: string, between: () => Promise<void>): Promise<{ snapshot: string; journal: string } | undefined> {
  const handle = await open(path, 'r');
  try {
    const { ino } = await handle.stat();
    const snapshot = await handle.readFile('utf8');
    await between();
    const journal = await readOptional(`${path}.journal`);
    const now = await stat(path);
    return now.ino === ino ? { snapshot, journal } : undefined;
  } finally {
    await handle.close();
  }
}

function copyOf(state: DurableState, seq: number): StoreCopy {
  const data = state.toData(seq);
  return { data, seq, bookings: data.bookings.length, emails: data.outbox.length };
}

/**
 * The embedded store at `path` (DB_FILE) as the server would load it now, read without writing
 * anything. `between` runs between the reads of DB_FILE and of the journal (tests put a compaction there).
 */
export async function readStoreCopy(path: string, between: () => Promise<void> = async () => {}): Promise<StoreCopy> {
  for (let attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
    let read: { snapshot: string; journal: string } | undefined;
    try {
      read = await readOnce(path, between);
    } catch (error) {
      throw new BackupError(`Cannot read the store ${path} (${errorCode(error) ?? (error as Error).message})`);
    }
    if (!read) continue;
    try {
      const { state, seq } = DurableState.load(JSON.parse(read.snapshot));
      const replayed = replayJournal(state, seq, read.journal, `${path}.journal`);
      return copyOf(state, replayed.seq);
    } catch (error) {
      throw new BackupError(`The store ${path} cannot be read as the server would load it: ${(error as Error).message}`);
    }
  }
  throw new BackupError(`The store ${path} was compacted ${READ_ATTEMPTS} times while it was read; try again`);
}

/** Writes `copy` to `out` in DB_FILE's format (temp file, fsync, rename, fsync of the directory); returns the bytes written. */
export async function writeStoreCopy(copy: StoreCopy, out: string): Promise<number> {
  try {
    return await new SnapshotFile(nodeFs, out).writeCounted(copy.data);
  } catch (error) {
    throw new BackupError(`Cannot write ${out} (${errorCode(error) ?? (error as Error).message})`);
  }
}

/** A backup file checked as the server would load it. */
export async function readBackup(file: string): Promise<StoreCopy> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new BackupError(`Cannot read the backup ${file} (${errorCode(error) ?? (error as Error).message})`);
  }
  try {
    const { state, seq } = DurableState.load(JSON.parse(text));
    return copyOf(state, seq);
  } catch (error) {
    const problem = error instanceof SyntaxError ? `is not valid JSON (${error.message})` : error instanceof StoreDataError ? error.message : String(error);
    throw new BackupError(`The backup ${file} ${problem}; nothing was changed`);
  }
}

/**
 * Puts `copy` in place as the store at `path`: DB_FILE and its journal, where they exist, are
 * renamed to `<name>.before-restore-<stamp>` first. Returns the files moved aside.
 */
export async function restoreStoreCopy(copy: StoreCopy, path: string, stamp = new Date().toISOString().replace(/[:.]/g, '-')): Promise<string[]> {
  const aside: string[] = [];
  // The journal first: a DB_FILE left without it would lose changes; one without DB_FILE is never read.
  for (const file of [`${path}.journal`, path]) {
    if (!(await exists(file))) continue;
    const moved = `${file}.before-restore-${stamp}`;
    await nodeFs.rename(file, moved);
    aside.push(moved);
  }
  await writeStoreCopy(copy, path);
  return aside;
}
