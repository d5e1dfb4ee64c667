/**
 * Opening the embedded store, with its recovery: DB_FILE (the snapshot, read through lowdb) and
 * DB_FILE.journal, replayed over it; both are created on first start. A torn last journal line (a
 * write cut short by a crash or a full disk, never acknowledged) is cut off with a warning.
 * Anything else that is damaged stops the start with a StoreOpenError naming the record and
 * field, and nothing is written.
 */
import { dirname } from 'node:path';
import { Low, type Adapter } from 'lowdb';
import { DurableState, StoreDataError, type StoreChange, type StoreData } from './durableState.js';
import { SnapshotFile } from './snapshotFile.js';
import { StoreOpenError } from '../domain/ports/store.js';
import type { AppendFile, StoreFs } from './storeFs.js';

const LEFT_UNCHANGED = 'It was left unchanged: repair it, move it away, or point DB_FILE elsewhere.';
const LEFT_UNCHANGED_JOURNAL = 'The journal and DB_FILE were left unchanged: repair or move them away.';

/** The store as found on disk, recovered and ready to take changes. */
export interface OpenedFiles {
  state: DurableState;
  file: SnapshotFile;
  /** The journal, open for appending; its length up to its last whole line, and its last seq. */
  journal: { file: AppendFile; bytes: number; seq: number };
  /** The size of DB_FILE, and the journal seq it includes. */
  snapshot: { bytes: number; seq: number };
}

/** What replaying the journal found: its last seq, its length up to the last whole entry, and a torn tail. */
interface Replay {
  seq: number;
  goodBytes: number;
  torn: { line: number; bytes: number } | undefined;
}

const openFailure = (what: string, error: unknown) => new StoreOpenError(`Cannot ${what} (${(error as Error).message}).`);

/** Opens DB_FILE at `path` and replays its journal; creates both on first start. */
export async function openStoreFiles(path: string, fs: StoreFs, warn: (message: string) => void): Promise<OpenedFiles> {
  const journalPath = `${path}.journal`;
  try {
    await fs.mkdir(dirname(path));
  } catch (error) {
    throw openFailure(`create the directory of DB_FILE ${path}`, error);
  }
  const { file, data } = await readSnapshot(fs, path);
  const exists = file.existed;
  let loaded: { state: DurableState; seq: number };
  let journalText: string | undefined;
  try {
    loaded = exists ? DurableState.load(data) : { state: new DurableState(), seq: 0 };
    journalText = await fs.readText(journalPath);
  } catch (error) {
    if (error instanceof StoreDataError) throw new StoreOpenError(`DB_FILE ${path}: ${error.message}. ${LEFT_UNCHANGED}`);
    throw openFailure(`read the journal ${journalPath}`, error);
  }
  const replay = replayJournal(loaded.state, loaded.seq, journalText ?? '', journalPath);
  if (replay.torn) {
    warn(
      `Cut off the torn last line of ${journalPath} (line ${replay.torn.line}, ${replay.torn.bytes} bytes after the last whole ` +
        'entry: a write cut short by a crash or a full disk; it was never acknowledged).',
    );
  }
  // A journal created just now: its directory entry must be durable before a change is acknowledged.
  const appendFile = await openJournal(fs, journalPath, replay, journalText === undefined && exists);
  let snapshotBytes = file.readBytes;
  if (!exists) {
    try {
      snapshotBytes = await file.writeCounted(loaded.state.toData(replay.seq));
    } catch (error) {
      await appendFile.close().catch(() => {});
      throw openFailure(`create DB_FILE ${path}`, error);
    }
  }
  return {
    state: loaded.state,
    file,
    journal: { file: appendFile, bytes: replay.goodBytes, seq: replay.seq },
    snapshot: { bytes: snapshotBytes, seq: exists ? loaded.seq : replay.seq },
  };
}

/** DB_FILE as lowdb reads it (null when it does not exist yet); 'not valid JSON' stops the start. */
async function readSnapshot(fs: StoreFs, path: string): Promise<{ file: SnapshotFile; data: StoreData | null }> {
  const file = new SnapshotFile(fs, path);
  const db = new Low<StoreData | null>(file as Adapter<StoreData | null>, null);
  try {
    await db.read();
  } catch (error) {
    const problem = error instanceof SyntaxError ? `is not valid JSON (${error.message})` : `cannot be read (${(error as Error).message})`;
    throw new StoreOpenError(`DB_FILE ${path} ${problem}. ${LEFT_UNCHANGED}`);
  }
  return { file, data: db.data };
}

/** The journal open for appending, its torn tail cut off and, when `created`, its directory entry synced. */
async function openJournal(fs: StoreFs, journalPath: string, replay: Replay, created: boolean): Promise<AppendFile> {
  try {
    const appendFile = await fs.openAppend(journalPath);
    if (replay.torn) {
      await appendFile.truncate(replay.goodBytes);
      await appendFile.sync();
    }
    if (created) await fs.syncDir(dirname(journalPath));
    return appendFile;
  } catch (error) {
    throw openFailure(`open the journal ${journalPath} for writing`, error);
  }
}

/**
 * Applies the journal's changes after the snapshot's seq. A torn tail (a last line without its
 * newline, NUL padding, or a last line that is not JSON) is a write cut short by a crash or a full
 * disk, never acknowledged: replay stops before it and `torn` says where. Anything else that does
 * not parse, or a gap in the numbering, stops the start.
 */
export function replayJournal(state: DurableState, snapshotSeq: number, text: string, journalPath: string): Replay {
  let seq = snapshotSeq;
  let offset = 0;
  let lineNumber = 0;
  while (offset < text.length) {
    const end = text.indexOf('\n', offset);
    lineNumber += 1;
    const line = text.slice(offset, end === -1 ? text.length : end);
    const where = `${journalPath} line ${lineNumber}`;
    let entry: (StoreChange & { seq?: unknown }) | undefined;
    try {
      if (end === -1 || line.includes('\0')) throw new SyntaxError('torn');
      entry = JSON.parse(line) as StoreChange & { seq?: unknown };
    } catch {
      // Only the last line can be torn: after it, at most NUL padding and blank space.
      if (end === -1 || /^[\0\s]*$/.test(text.slice(end + 1))) {
        const goodBytes = Buffer.byteLength(text.slice(0, offset));
        return { seq, goodBytes, torn: { line: lineNumber, bytes: Buffer.byteLength(text) - goodBytes } };
      }
      throw new StoreOpenError(`${where} is not valid JSON. ${LEFT_UNCHANGED_JOURNAL}`);
    }
    offset = end + 1;
    if (!entry || typeof entry !== 'object' || !Number.isSafeInteger(entry.seq)) {
      throw new StoreOpenError(`${where} has no sequence number (seq). ${LEFT_UNCHANGED_JOURNAL}`);
    }
    const entrySeq = entry.seq as number;
    if (entrySeq <= seq && seq === snapshotSeq) continue; // already in the snapshot
    if (entrySeq !== seq + 1) {
      throw new StoreOpenError(`${where} has seq ${entrySeq} where ${seq + 1} was expected (a change is missing). ${LEFT_UNCHANGED_JOURNAL}`);
    }
    try {
      state.apply(entry, where);
    } catch (error) {
      if (error instanceof StoreDataError) throw new StoreOpenError(`${error.message}. ${LEFT_UNCHANGED_JOURNAL}`);
      throw error;
    }
    seq = entrySeq;
  }
  return { seq, goodBytes: Buffer.byteLength(text), torn: undefined };
}
