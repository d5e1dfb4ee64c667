/**
 * Compaction of the embedded store: when the journal has grown to half the snapshot (and past
 * compactAfterBytes), a new snapshot is written in the background and the journal is cut to the
 * changes after it. A failed compaction keeps every change in the journal and is retried later,
 * the wait doubling up to a minute. Also the source of the journal's figures (/metrics).
 */
import { dirname } from 'node:path';
import type { StoreData } from './durableState.js';
import type { Journal } from './journal.js';
import type { SnapshotFile } from './snapshotFile.js';
import type { JournalStats } from '../domain/ports/store.js';

export interface CompactionOptions {
  file: SnapshotFile;
  /** DB_FILE. */
  path: string;
  /** Compact once the journal is larger than this and than half the snapshot. */
  compactAfterBytes: number;
  /** After a failed compaction, the next try waits this long, doubling up to a minute. */
  compactRetryMs: number;
  warn: (message: string) => void;
}

export class Compaction {
  private running: Promise<void> | undefined;
  /** Failed compactions in a row, and the time (Date.now()) before which no new one starts. */
  private failures = 0;
  private retryAt = 0;

  constructor(
    private readonly journal: Journal,
    private readonly options: CompactionOptions,
    /** The state as of the journal's `seq`, to be written as the new snapshot (runs between journal batches). */
    private readonly snapshotData: (seq: number) => StoreData,
    private snapshotBytes: number,
    /** The journal seq the snapshot on disk includes. */
    private snapshotSeq: number,
  ) {}

  /** Starts a background compaction when the journal has outgrown the snapshot. */
  startIfDue(): void {
    if (this.running || Date.now() < this.retryAt) return;
    // Half the snapshot: replay on open costs at most half again as much as loading the snapshot.
    if (this.journal.bytes < Math.max(this.options.compactAfterBytes, this.snapshotBytes / 2)) return;
    this.start();
  }

  /** Compacts now (or joins the compaction under way) and waits for it (tests, benchmarks). */
  async now(): Promise<void> {
    if (!this.running) this.start();
    await this.running;
  }

  /**
   * A compaction that starts after every change made so far (one under way may have copied the
   * state before them): when it resolves, DB_FILE and its journal hold nothing those changes removed.
   */
  async afterChangesSoFar(): Promise<void> {
    await this.running;
    await this.now();
  }

  /** Resolves once no compaction is under way (close). */
  async settled(): Promise<void> {
    await this.running;
  }

  stats(): JournalStats {
    return {
      snapshotBytes: this.snapshotBytes,
      journalBytes: this.journal.bytes,
      journalEntries: this.journal.seq - this.snapshotSeq,
      pendingEntries: this.journal.pending,
      writeFailing: this.journal.lastFailure !== undefined,
    };
  }

  private start(): void {
    this.running = this.compact().finally(() => {
      this.running = undefined;
    });
  }

  /**
   * A new snapshot of the state as of now (seq N), then a journal holding only the changes after
   * N. Runs between journal batches for its start, so the copied state is exactly seq N; bookings
   * are immutable records, so a shallow copy is a consistent snapshot while changes go on.
   */
  private async compact(): Promise<void> {
    const { journal, options } = this;
    try {
      let data: StoreData | undefined;
      await journal.exclusive(async () => {
        data = this.snapshotData(journal.seq);
        journal.keepTail();
      });
      this.snapshotBytes = await options.file.writeCounted(data!);
      this.snapshotSeq = data!.seq ?? 0;
      await journal.replaceWithTail(dirname(options.path));
      this.failures = 0;
      this.retryAt = 0;
    } catch (error) {
      journal.dropTail();
      const waitMs = Math.min(60_000, options.compactRetryMs * 2 ** Math.min(this.failures, 16));
      this.failures += 1;
      this.retryAt = Date.now() + waitMs;
      options.warn(
        `Compaction of ${options.path} failed (${(error as Error).message}); the journal keeps every change and it will be retried in ${waitMs} ms.`,
      );
    }
  }
}
