/**
 * The embedded store's snapshot, DB_FILE. SnapshotFile is the lowdb adapter through which lowdb
 * reads it at start (lowdbOpen.ts), the only use of lowdb; the store writes it whole itself, with
 * writeCounted, on first start and at each compaction (lowdbCompaction.ts). Changes between two
 * snapshots go to the journal (journal.ts).
 */
import { dirname } from 'node:path';
import type { Adapter } from 'lowdb';
import type { StoreData } from './durableState.js';
import type { StoreFs } from './storeFs.js';

/** lowdb adapter for the snapshot: parse on read; on write, temp file + fsync + rename + fsync dir. */
export class SnapshotFile implements Adapter<StoreData> {
  constructor(
    private readonly fs: StoreFs,
    private readonly file: string,
  ) {}
  /** Size of the file last read, and whether it existed. */
  readBytes = 0;
  existed = false;
  async read(): Promise<StoreData | null> {
    const text = await this.fs.readText(this.file);
    this.readBytes = text?.length ?? 0;
    this.existed = text !== undefined;
    return text === undefined ? null : (JSON.parse(text) as StoreData);
  }
  async write(data: StoreData): Promise<void> {
    await this.writeCounted(data);
  }
  async writeCounted(data: StoreData): Promise<number> {
    const temp = `${this.file}.tmp`;
    let bytes: number;
    try {
      bytes = await this.fs.writeSynced(temp, snapshotChunks(data));
      await this.fs.rename(temp, this.file);
    } catch (error) {
      // Disk full: a half-written copy would keep the space the journal needs.
      await this.fs.remove(temp).catch(() => {});
      throw error;
    }
    await this.fs.syncDir(dirname(this.file));
    return bytes;
  }
}

/** The snapshot JSON in pieces of 500 bookings, so a large write never blocks the event loop for long. */
export function* snapshotChunks(data: StoreData): Generator<string> {
  const { bookings, ...rest } = data;
  yield `${JSON.stringify(rest).slice(0, -1)},"bookings":[`;
  for (let start = 0; start < bookings.length; start += 500) {
    const chunk = bookings.slice(start, start + 500).map((booking) => JSON.stringify(booking)).join(',\n');
    yield start === 0 ? `\n${chunk}` : `,\n${chunk}`;
  }
  yield ']}\n';
}
