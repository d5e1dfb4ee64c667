/**
 * Group writes for the PostgreSQL store: rows of one kind (offers, request-journal entries) that
 * callers hand in while a write of that kind is under way are written together by the next one, in
 * one multi-row statement. No timer: the first row goes at once, and the rows that come while it is
 * written form the next batch, so a batch is as large as the load makes it and a caller waits at most
 * one write longer than alone. Each caller's promise settles when its own batch did (so an answer
 * that awaits its write is never sent before the write committed, and a failed write fails its
 * callers). The queue is bounded: past `maxQueued` waiting rows, a caller is refused at once with
 * StoreUnavailableError (503) rather than let memory grow while the database falls behind.
 */
import { StoreUnavailableError } from '../domain/ports/store.js';

/** Rows that may wait in one writer of the PostgreSQL store (its `maxQueued`). */
export const MAX_QUEUED_ROWS = 20_000;

interface Queued<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class GroupWriter<T> {
  private queue: Queued<T>[] = [];
  private writing: Promise<void> | undefined;

  constructor(
    /** Writes one batch (items in the order they were added). */
    private readonly write: (items: T[]) => Promise<void>,
    private readonly options: { maxBatch: number; maxQueued: number; name: string },
  ) {}

  /** Resolves once the batch holding `item` is written; rejects when that write failed. */
  add(item: T): Promise<void> {
    if (this.queue.length >= this.options.maxQueued) {
      return Promise.reject(new StoreUnavailableError(`database: ${this.options.name} are not written fast enough (${this.queue.length} waiting)`));
    }
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.writing ??= this.drain();
    });
  }

  /** Rows waiting or being written. */
  get pending(): number {
    return this.queue.length;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.options.maxBatch);
        try {
          await this.write(batch.map((queued) => queued.item));
          for (const queued of batch) queued.resolve();
        } catch (error) {
          for (const queued of batch) queued.reject(error);
        }
      }
    } finally {
      this.writing = undefined;
    }
  }

  /** Resolves once everything added so far is written (or failed): for shutdown. */
  async flush(): Promise<void> {
    // Each round ends with the queue empty; callers adding during a flush prolong it (bounded for safety).
    for (let rounds = 0; this.writing && rounds < 1_000; rounds++) await this.writing;
  }
}
