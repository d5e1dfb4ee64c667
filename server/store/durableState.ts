/**
 * What the embedded store keeps durable (bookings, outbox, idempotency records), and the
 * one function that applies a journaled change to it: used live after each fsync and on replay,
 * so that both give the same state. Loading validates every record and names the bad one.
 */
import type { BookingRecord } from '../domain/bookings/record.js';
import { IDEMPOTENCY_TTL_MS, type IdempotencyCompletion, type OutboxEmail } from './store.js';
import { checkedBooking, checkedEmail } from './validation.js';

/** The snapshot file (DB_FILE): plain JSON, readable and editable with lowdb or by hand. */
export interface StoreData {
  version: 1;
  /** Sequence number of the last journal change included (journal lines up to it are skipped). */
  seq?: number;
  /** Above every booking id. Kept for readers of version 1; ids are random now (see bookingIds.ts). */
  nextBookingId: number;
  bookings: BookingRecord[];
  outbox: OutboxEmail[];
  idempotency?: IdempotencyCompletion[];
}

export type StoreChange =
  | { op: 'insert'; booking: BookingRecord; idempotency?: IdempotencyCompletion; dropped?: string[] }
  | { op: 'update'; booking: BookingRecord; emails?: OutboxEmail[] }
  | { op: 'resetAccount'; accountId: number }
  | { op: 'reset' };

/** A problem in DB_FILE or its journal; `where` names the record and field. */
export class StoreDataError extends Error {}

const fail = (message: string) => new StoreDataError(message);
/** Record names are built only for an error message (they would cost time for each of 100,000 bookings). */
const named = (where: string | (() => string)) => (typeof where === 'string' ? where : where());
export const idempotencyMapKey = (accountId: number, key: string) => `${accountId}\n${key}`;

export class DurableState {
  nextBookingId = 1;
  /** In the order the bookings were made (an update keeps the position). */
  readonly byHash = new Map<string, BookingRecord>();
  readonly ids = new Set<number>();
  readonly byAccount = new Map<number, Map<string, BookingRecord>>();
  outbox: OutboxEmail[] = [];
  readonly idempotency = new Map<string, IdempotencyCompletion>();

  /** Builds the state from a parsed snapshot, checking every record. */
  static load(data: unknown): { state: DurableState; seq: number } {
    const snapshot = data as Partial<StoreData> | null;
    if (
      !snapshot || typeof snapshot !== 'object' || snapshot.version !== 1 ||
      !Number.isSafeInteger(snapshot.nextBookingId) || !Array.isArray(snapshot.bookings) || !Array.isArray(snapshot.outbox)
    ) {
      throw fail('is not a store of this server (expected {version: 1, nextBookingId, bookings, outbox})');
    }
    const seq = snapshot.seq ?? 0;
    if (!Number.isSafeInteger(seq) || seq < 0) throw fail('field seq must be a non-negative integer');
    const state = new DurableState();
    snapshot.bookings.forEach((value, index) => {
      const where = () => `bookings[${index}]`;
      state.addBooking(checkedBooking(value, where, fail), where);
    });
    state.nextBookingId = Math.max(state.nextBookingId, snapshot.nextBookingId as number);
    snapshot.outbox.forEach((value, index) => {
      const where = () => `outbox[${index}]`;
      state.addEmail(checkedEmail(value, where, fail), where);
    });
    (snapshot.idempotency ?? []).forEach((value, index) => state.addIdempotency(value, `idempotency[${index}]`));
    return { state, seq };
  }

  toData(seq: number): StoreData {
    return {
      version: 1,
      seq,
      nextBookingId: this.nextBookingId,
      bookings: [...this.byHash.values()],
      outbox: [...this.outbox],
      idempotency: [...this.idempotency.values()],
    };
  }

  /** Applies a change that is already durable. `where` names it in errors (replay). */
  apply(change: StoreChange, where: string): void {
    switch (change.op) {
      case 'insert':
        if (change.dropped) this.dropBookings(change.dropped);
        this.addBooking(checkedBooking(change.booking, `${where} booking`, fail), where);
        if (change.idempotency) this.addIdempotency(change.idempotency, `${where} idempotency`);
        return;
      case 'update': {
        const booking = checkedBooking(change.booking, `${where} booking`, fail);
        // A reset between a change and its write drops the booking; the change then has nothing to update.
        if (!this.byHash.has(booking.bookhash)) return;
        this.byHash.set(booking.bookhash, booking);
        this.byAccount.get(booking.accountId)?.set(booking.bookhash, booking);
        (change.emails ?? []).forEach((email, index) => this.addEmail(checkedEmail(email, `${where} emails[${index}]`, fail), where));
        return;
      }
      case 'resetAccount': {
        const accountId = change.accountId;
        const hashes = this.byAccount.get(accountId);
        if (hashes) {
          this.outbox = this.outbox.filter((email) => !hashes.has(email.bookhash));
          for (const [bookhash, booking] of hashes) {
            this.byHash.delete(bookhash);
            this.ids.delete(booking.id);
          }
          this.byAccount.delete(accountId);
        }
        for (const [key, record] of this.idempotency) if (record.accountId === accountId) this.idempotency.delete(key);
        return;
      }
      case 'reset':
        this.nextBookingId = 1;
        this.byHash.clear();
        this.ids.clear();
        this.byAccount.clear();
        this.outbox = [];
        this.idempotency.clear();
        return;
      default:
        throw fail(`${where} has an unknown op ${JSON.stringify((change as { op: unknown }).op)}`);
    }
  }

  /**
   * Drops idempotency records past IDEMPOTENCY_TTL_MS by their own account's clock (they answer
   * nothing any more: a key used again after that is a new request). An account's clock is the
   * latest instant known of it: `knownNowMs` (the store's last reading of that account's clock) or its
   * newest record. Returns how many went.
   */
  pruneIdempotency(knownNowMs: (accountId: number) => number): number {
    const latest = new Map<number, number>();
    for (const record of this.idempotency.values()) {
      latest.set(record.accountId, Math.max(latest.get(record.accountId) ?? knownNowMs(record.accountId), record.atMs));
    }
    let pruned = 0;
    for (const [key, record] of this.idempotency) {
      if (latest.get(record.accountId)! - record.atMs >= IDEMPOTENCY_TTL_MS) {
        this.idempotency.delete(key);
        pruned += 1;
      }
    }
    return pruned;
  }

  /** Removes bookings (and their e-mails) that an account gave up to make room; unknown hashes are skipped. */
  private dropBookings(bookhashes: readonly string[]): void {
    const dropped = new Set<string>();
    for (const bookhash of bookhashes) {
      const booking = this.byHash.get(bookhash);
      if (!booking) continue;
      dropped.add(bookhash);
      this.byHash.delete(bookhash);
      this.ids.delete(booking.id);
      this.byAccount.get(booking.accountId)?.delete(bookhash);
    }
    if (dropped.size > 0) this.outbox = this.outbox.filter((email) => !dropped.has(email.bookhash));
  }

  private addBooking(booking: BookingRecord, where: string | (() => string)): void {
    if (this.byHash.has(booking.bookhash)) throw fail(`${named(where)} repeats bookhash ${booking.bookhash}`);
    if (this.ids.has(booking.id)) throw fail(`${named(where)} (bookhash ${booking.bookhash}) repeats booking id ${booking.id}`);
    this.nextBookingId = Math.max(this.nextBookingId, booking.id + 1);
    this.ids.add(booking.id);
    this.byHash.set(booking.bookhash, booking);
    let ofAccount = this.byAccount.get(booking.accountId);
    if (!ofAccount) this.byAccount.set(booking.accountId, (ofAccount = new Map()));
    ofAccount.set(booking.bookhash, booking);
  }

  private addEmail(email: OutboxEmail, where: string | (() => string)): void {
    if (!this.byHash.has(email.bookhash)) throw fail(`${named(where)} is an e-mail about bookhash ${email.bookhash}, which is no booking`);
    this.outbox.push(email);
  }

  private addIdempotency(value: unknown, where: string): void {
    const record = value as Partial<IdempotencyCompletion> | null;
    if (
      !record || typeof record !== 'object' || !Number.isSafeInteger(record.accountId) || typeof record.key !== 'string' ||
      typeof record.fingerprint !== 'string' || typeof record.atMs !== 'number' ||
      typeof record.response !== 'object' || record.response === null || typeof record.response.status !== 'number'
    ) {
      throw fail(`${where} is not an idempotency record ({accountId, key, fingerprint, atMs, response: {status, body}})`);
    }
    this.idempotency.set(idempotencyMapKey(record.accountId as number, record.key), record as IdempotencyCompletion);
  }
}
