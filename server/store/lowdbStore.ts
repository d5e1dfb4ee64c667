import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Low, Memory } from 'lowdb';
import { DataFile } from 'lowdb/node';
import type { BookingRecord } from '../domain/bookings/record.js';
import type { BookingChange, OutboxEmail, Store } from './store.js';

export interface StoreData {
  version: 1;
  nextBookingId: number;
  bookings: BookingRecord[];
  outbox: OutboxEmail[];
}

const emptyData = (): StoreData => ({ version: 1, nextBookingId: 1, bookings: [], outbox: [] });

/** Thrown when DB_FILE exists but cannot be used; the file is left untouched. */
export class StoreOpenError extends Error {
  override name = 'StoreOpenError';
}

/**
 * lowdb behind the Store interface. Writes are group-committed: at most one file write is in
 * flight; changes made meanwhile are written together by the next one, and every caller's
 * promise resolves after a write that contains its change (steno writes atomically via rename).
 */
export class LowdbStore implements Store {
  readonly kind = 'lowdb';
  private readonly byHash = new Map<string, BookingRecord>();
  private writing: Promise<void> | undefined;
  private pending: Promise<void> | undefined;

  private constructor(private readonly db: Low<StoreData>) {
    for (const booking of db.data.bookings) this.byHash.set(booking.bookhash, booking);
  }

  /** A store in a JSON file; created on first start, refused (never overwritten) when unreadable. */
  static async open(file: string): Promise<LowdbStore> {
    await mkdir(dirname(file), { recursive: true });
    const adapter = new DataFile<StoreData>(file, {
      parse: (text) => parseStoreFile(file, text),
      stringify: (data) => JSON.stringify(data),
    });
    const db = new Low<StoreData>(adapter, emptyData());
    try {
      await db.read();
    } catch (error) {
      if (error instanceof StoreOpenError) throw error;
      throw new StoreOpenError(`Cannot read DB_FILE ${file}: ${(error as Error).message}`);
    }
    const store = new LowdbStore(db);
    await store.persist();
    return store;
  }

  /** A store in memory (lowdb's Memory adapter), for tests that do not test durability. */
  static async inMemory(): Promise<LowdbStore> {
    return new LowdbStore(new Low<StoreData>(new Memory<StoreData>(), emptyData()));
  }

  async insertBooking(build: (id: number) => BookingRecord): Promise<BookingRecord> {
    const data = this.db.data;
    const booking = build(data.nextBookingId);
    data.nextBookingId += 1;
    data.bookings.push(booking);
    this.byHash.set(booking.bookhash, booking);
    await this.persist();
    return booking;
  }

  findBooking(bookhash: string): BookingRecord | undefined {
    return this.byHash.get(bookhash);
  }

  async updateBooking(
    bookhash: string,
    change: (current: BookingRecord) => BookingChange | undefined,
  ): Promise<BookingRecord | undefined> {
    const current = this.byHash.get(bookhash);
    if (!current) return undefined;
    const changed = change(current);
    if (!changed) return current;
    const next = 'emails' in changed ? changed.booking : changed;
    if ('emails' in changed) this.db.data.outbox.push(...changed.emails);
    if (next === current && !('emails' in changed)) return current;
    const index = this.db.data.bookings.indexOf(current);
    this.db.data.bookings[index] = next;
    this.byHash.set(bookhash, next);
    await this.persist();
    return next;
  }

  bookingsOfAccount(accountId: number): BookingRecord[] {
    return this.db.data.bookings.filter((booking) => booking.accountId === accountId);
  }

  allBookings(): readonly BookingRecord[] {
    return this.db.data.bookings;
  }

  outbox(): readonly OutboxEmail[] {
    return this.db.data.outbox;
  }

  outboxOfAccount(accountId: number): OutboxEmail[] {
    return this.db.data.outbox.filter((email) => this.byHash.get(email.bookhash)?.accountId === accountId);
  }

  async resetAccount(accountId: number): Promise<void> {
    const data = this.db.data;
    const removed = new Set(data.bookings.filter((booking) => booking.accountId === accountId).map((b) => b.bookhash));
    if (removed.size === 0) return;
    data.bookings = data.bookings.filter((booking) => !removed.has(booking.bookhash));
    data.outbox = data.outbox.filter((email) => !removed.has(email.bookhash));
    for (const bookhash of removed) this.byHash.delete(bookhash);
    await this.persist();
  }

  async reset(): Promise<void> {
    this.db.data = emptyData();
    this.byHash.clear();
    await this.persist();
  }

  /** Resolves once a write that includes every change made so far has finished. */
  private persist(): Promise<void> {
    if (!this.writing) {
      this.writing = this.db.write().finally(() => {
        this.writing = undefined;
      });
      return this.writing;
    }
    // A write is in flight: share one follow-up write among everybody who changed data meanwhile.
    this.pending ??= this.writing.then(() => {
      this.pending = undefined;
      return this.persist();
    });
    return this.pending;
  }
}

function parseStoreFile(file: string, text: string): StoreData {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new StoreOpenError(
      `DB_FILE ${file} is not valid JSON (${(error as Error).message}). ` +
        'It was left unchanged: repair it, move it away, or point DB_FILE elsewhere.',
    );
  }
  const data = parsed as Partial<StoreData> | null;
  if (
    !data ||
    data.version !== 1 ||
    typeof data.nextBookingId !== 'number' ||
    !Array.isArray(data.bookings) ||
    !Array.isArray(data.outbox)
  ) {
    throw new StoreOpenError(
      `DB_FILE ${file} is not a store of this server (expected {version: 1, nextBookingId, bookings, outbox}). ` +
        'It was left unchanged: move it away or point DB_FILE elsewhere.',
    );
  }
  return data as StoreData;
}
