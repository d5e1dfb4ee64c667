/**
 * The append-only journal next to the snapshot (JSON lines, one change each, numbered by `seq`).
 * Group commit: changes queue while a write is in flight and the next write appends and fsyncs
 * all of them at once. A change is applied to memory only after its fsync, in journal order; a
 * failed write rejects its whole batch, applies nothing and cuts the file back to its last good
 * length, so file, memory and what clients were told agree, and the next write tries again.
 */
import { dirname } from 'node:path';
import { StoreUnavailableError } from '../domain/ports/store.js';
import type { AppendFile, StoreFs } from './storeFs.js';

/** A change as journaled, without its sequence number. */
export type JournalEntry = { op: string } & Record<string, unknown>;

interface Pending {
  entry: JournalEntry;
  apply: () => void;
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Task {
  run: () => Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Where changes go: the journal file, or nowhere (the in-memory store). */
export interface ChangeLog {
  /** Resolves once `entry` is durable and `apply` (which updates memory) has run. */
  commit(entry: JournalEntry, apply: () => void): Promise<void>;
  /** Sequence number of the last applied change. */
  readonly seq: number;
  close(): Promise<void>;
}

/** The in-memory store's log: a change is applied at once. */
export class NoLog implements ChangeLog {
  seq = 0;
  commit(_entry: JournalEntry, apply: () => void): Promise<void> {
    this.seq += 1;
    apply();
    return Promise.resolve();
  }
  async close(): Promise<void> {}
}

export class Journal implements ChangeLog {
  private queue: Pending[] = [];
  private tasks: Task[] = [];
  private running = false;
  /** A write failed: the file may end in a partial line, to be cut at `bytes` before the next append. */
  private dirty = false;
  /** False after a journal swap whose directory fsync failed: the next batch redoes it before acknowledging. */
  private dirSynced = true;
  /** Lines written since `keepTail()`, for the journal that replaces this one after a snapshot. */
  private tail: string[] | undefined;
  /** Changes of the write under way. */
  private writing = 0;
  /** The last write failed (Date.now() and why); cleared by the next good write. Read by /readyz. */
  lastFailure: { atMs: number; message: string } | undefined;

  constructor(
    private readonly fs: StoreFs,
    private readonly path: string,
    private file: AppendFile | undefined,
    /** Length of the journal up to its last complete line. */
    public bytes: number,
    public seq: number,
    /** Runs after each successful batch (the store checks whether to compact). */
    private readonly afterBatch: () => void = () => {},
  ) {}

  /** Changes waiting for their fsync (queued or being written), for /metrics. */
  get pending(): number {
    return this.queue.length + this.writing;
  }

  commit(entry: JournalEntry, apply: () => void): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ entry, apply, resolve, reject });
      this.kick();
    });
  }

  /** Runs `run` between two batches: nothing is appended meanwhile. */
  exclusive(run: () => Promise<void>): Promise<void> {
    return new Promise((resolve, reject) => {
      this.tasks.push({ run, resolve, reject });
      this.kick();
    });
  }

  /** From now on, remember the lines written (they must survive the coming journal swap). */
  keepTail(): void {
    this.tail = [];
  }

  /**
   * After a snapshot up to the current seq minus the kept tail: replaces the journal by one holding
   * only the tail (temp file, fsync, rename, fsync dir). A crash before the rename keeps the old
   * journal, whose lines up to the snapshot's seq are skipped on replay; nothing is lost or applied twice.
   */
  replaceWithTail(dir: string): Promise<void> {
    return this.exclusive(async () => {
      const lines = this.tail ?? [];
      this.tail = undefined;
      const temp = `${this.path}.tmp`;
      let bytes: number;
      try {
        bytes = await this.fs.writeSynced(temp, lines);
        await this.fs.rename(temp, this.path);
      } catch (error) {
        // Disk full: the half-written copy would hold on to the space the journal needs.
        await this.fs.remove(temp).catch(() => {});
        throw error;
      }
      // Renamed: from here on the old handle writes to an unlinked file, so it is swapped whatever follows.
      const old = this.file;
      this.file = undefined;
      await old?.close().catch(() => {});
      this.bytes = bytes;
      this.dirty = false;
      this.dirSynced = false;
      await this.fs.syncDir(dir);
      this.dirSynced = true;
      this.file = await this.fs.openAppend(this.path);
    });
  }

  /** A compaction gave up before replaceWithTail: stop remembering lines. */
  dropTail(): void {
    this.tail = undefined;
  }

  async close(): Promise<void> {
    await this.exclusive(async () => {});
    await this.file?.close();
    this.file = undefined;
  }

  private kick(): void {
    if (this.running) return;
    this.running = true;
    void this.run();
  }

  private async run(): Promise<void> {
    while (this.queue.length > 0 || this.tasks.length > 0) {
      const task = this.tasks.shift();
      if (task) {
        await task.run().then(task.resolve, task.reject);
        continue;
      }
      await this.writeBatch(this.queue.splice(0));
    }
    this.running = false;
  }

  private async writeBatch(batch: Pending[]): Promise<void> {
    const lines = batch.map((pending, index) => `${JSON.stringify({ seq: this.seq + index + 1, ...pending.entry })}\n`);
    const text = lines.join('');
    this.writing = batch.length;
    try {
      this.file ??= await this.fs.openAppend(this.path);
      if (this.dirty) {
        await this.file.truncate(this.bytes);
        this.dirty = false;
      }
      this.dirty = true;
      await this.file.append(text);
      await this.file.sync();
      if (!this.dirSynced) {
        await this.fs.syncDir(dirname(this.path));
        this.dirSynced = true;
      }
      this.dirty = false;
    } catch (error) {
      this.writing = 0;
      this.lastFailure = { atMs: Date.now(), message: (error as Error).message };
      const failure = new StoreUnavailableError(`cannot write the journal ${this.path}: ${(error as Error).message}`);
      // Cut the partial batch off at once (a full disk gets its space back, a kill -9 finds whole
      // lines only); if that fails too, `dirty` makes the next batch try again before appending.
      if (this.dirty && this.file) {
        try {
          await this.file.truncate(this.bytes);
          this.dirty = false;
        } catch {
          // retried before the next append
        }
      }
      for (const pending of batch) pending.reject(failure);
      return;
    }
    this.writing = 0;
    this.lastFailure = undefined;
    this.bytes += Buffer.byteLength(text);
    this.seq += batch.length;
    this.tail?.push(...lines);
    for (const pending of batch) {
      try {
        pending.apply();
        pending.resolve();
      } catch (error) {
        pending.reject(error);
      }
    }
    this.afterBatch();
  }
}
