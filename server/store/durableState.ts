/**
 * What the embedded store keeps durable (bookings, outbox, idempotency records), and the
 * one function that applies a journaled change to it: used live after each fsync and on replay,
 * so that both give the same state. Loading validates every record and names the bad one.
 */
import { FIRST_ACCOUNT_ID, type Account } from '../domain/accounts.js';
import type { BookingRecord } from '../domain/bookings/record.js';
import { IDEMPOTENCY_RECORDS_PER_ACCOUNT, IDEMPOTENCY_TTL_MS, type IdempotencyCompletion, type OutboxEmail } from '../domain/ports/store.js';
import { checkedAccount, checkedBooking, checkedEmail, checkedStubSet } from './validation.js';
import type { StubSet } from '../domain/stubs/stub.js';

/** The snapshot file (DB_FILE): plain JSON, readable and editable with lowdb or by hand. */
export interface StoreData {
  version: 1;
  /** Sequence number of the last journal change included (journal lines up to it are skipped). */
  seq?: number;
  /** Above every booking id. Kept for readers of version 1; ids are random now (see bookingIds.ts). */
  nextBookingId: number;
  bookings: BookingRecord[];
  outbox: OutboxEmail[];
  idempotency?: IdempotencyRecord[];
  /** The accounts an operator created (absent in stores written before there were any). */
  accounts?: Account[];
  /** Above every account id ever given, deleted ones included: ids are never used twice. */
  nextAccountId?: number;
  /** Each account's stubs (absent in stores written before there were any). */
  stubs?: AccountStubs[];
}

/** An account's stubs as the snapshot keeps them. */
export interface AccountStubs {
  accountId: number;
  set: StubSet;
}

/** An Idempotency-Key's answer as kept: with the booking it made, which it goes with. */
export interface IdempotencyRecord extends IdempotencyCompletion {
  bookhash: string;
}

export type StoreChange =
  | { op: 'insert'; booking: BookingRecord; idempotency?: IdempotencyCompletion; dropped?: string[] }
  | { op: 'update'; booking: BookingRecord; emails?: OutboxEmail[] }
  | { op: 'resetAccount'; accountId: number }
  | { op: 'reset' }
  /** An account created or changed: the whole record, keys included. */
  | { op: 'putAccount'; account: Account }
  /** An account's stubs, whole; null: none any more. */
  | { op: 'putStubs'; accountId: number; set: StubSet | null }
  /** An account and everything it owns (as resetAccount drops) gone. */
  | { op: 'deleteAccount'; accountId: number };

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
  /** By account and key (idempotencyMapKey); in the order they were written, per account too. */
  readonly idempotency = new Map<string, IdempotencyRecord>();
  private readonly idempotencyOfAccount = new Map<number, Set<string>>();
  private readonly idempotencyOfBooking = new Map<string, string>();
  readonly accounts = new Map<number, Account>();
  nextAccountId = FIRST_ACCOUNT_ID;
  readonly stubs = new Map<number, StubSet>();

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
    if (snapshot.accounts !== undefined && !Array.isArray(snapshot.accounts)) throw fail('field accounts must be an array');
    (snapshot.accounts ?? []).forEach((value, index) => state.putAccount(checkedAccount(value, `accounts[${index}]`, fail)));
    if (snapshot.stubs !== undefined && !Array.isArray(snapshot.stubs)) throw fail('field stubs must be an array');
    (snapshot.stubs ?? []).forEach((value, index) => {
      const where = `stubs[${index}]`;
      if (typeof value !== 'object' || value === null || !Number.isSafeInteger(value.accountId)) throw fail(`${where} is not {accountId, set}`);
      state.stubs.set(value.accountId, checkedStubSet(value.set, `${where}.set`, fail));
    });
    if (snapshot.nextAccountId !== undefined) {
      if (!Number.isSafeInteger(snapshot.nextAccountId)) throw fail('field nextAccountId must be an integer');
      state.nextAccountId = Math.max(state.nextAccountId, snapshot.nextAccountId);
    }
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
      accounts: [...this.accounts.values()],
      nextAccountId: this.nextAccountId,
      stubs: [...this.stubs].map(([accountId, set]) => ({ accountId, set })),
    };
  }

  /** Applies a change that is already durable. `where` names it in errors (replay). */
  apply(change: StoreChange, where: string): void {
    switch (change.op) {
      case 'insert':
        if (change.dropped) this.dropBookings(change.dropped);
        this.addBooking(checkedBooking(change.booking, `${where} booking`, fail), where);
        if (change.idempotency) this.addIdempotency({ ...change.idempotency, bookhash: change.booking.bookhash }, `${where} idempotency`);
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
      case 'resetAccount':
        this.dropAccountData(change.accountId);
        return;
      case 'putAccount':
        this.putAccount(checkedAccount(change.account, `${where} account`, fail));
        return;
      case 'putStubs':
        if (change.set === null) this.stubs.delete(change.accountId);
        else this.stubs.set(change.accountId, checkedStubSet(change.set, `${where} set`, fail));
        return;
      case 'deleteAccount':
        this.dropAccountData(change.accountId);
        this.accounts.delete(change.accountId);
        return;
      case 'reset':
        this.nextBookingId = 1;
        this.byHash.clear();
        this.ids.clear();
        this.byAccount.clear();
        this.outbox = [];
        this.idempotency.clear();
        this.idempotencyOfAccount.clear();
        this.idempotencyOfBooking.clear();
        this.stubs.clear();
        return;
      default:
        throw fail(`${where} has an unknown op ${JSON.stringify((change as { op: unknown }).op)}`);
    }
  }

  /**
   * Drops idempotency records whose IDEMPOTENCY_TTL_MS of real time passed by `baseNowMs` (they
   * answer nothing any more, whatever their account's clock shows; see Expiry). Returns how many went.
   */
  pruneIdempotency(baseNowMs: number): number {
    let pruned = 0;
    for (const [key, record] of this.idempotency) {
      if (baseNowMs - record.at.baseMs < IDEMPOTENCY_TTL_MS) continue;
      this.dropIdempotency(key);
      pruned += 1;
    }
    return pruned;
  }

  /** The account's bookings, their e-mails, its idempotency records and its stubs gone (its reset, its deletion). */
  private dropAccountData(accountId: number): void {
    const hashes = this.byAccount.get(accountId);
    if (hashes) {
      this.outbox = this.outbox.filter((email) => !hashes.has(email.bookhash));
      for (const [bookhash, booking] of hashes) {
        this.byHash.delete(bookhash);
        this.ids.delete(booking.id);
      }
      this.byAccount.delete(accountId);
    }
    for (const key of this.idempotencyOfAccount.get(accountId) ?? []) this.dropIdempotency(key);
    this.stubs.delete(accountId);
  }

  private putAccount(account: Account): void {
    this.accounts.set(account.id, account);
    this.nextAccountId = Math.max(this.nextAccountId, account.id + 1);
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
    for (const bookhash of dropped) {
      const key = this.idempotencyOfBooking.get(bookhash);
      if (key !== undefined) this.dropIdempotency(key);
    }
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

  /**
   * Keeps an idempotency record, the account's newest IDEMPOTENCY_RECORDS_PER_ACCOUNT only. Records
   * written before lifetimes had a real-time end carry `atMs` (the account's clock) only: it stands for both.
   */
  private addIdempotency(value: unknown, where: string): void {
    const record = value as (Partial<IdempotencyRecord> & { atMs?: unknown }) | null;
    const at = record?.at ?? (typeof record?.atMs === 'number' ? { accountMs: record.atMs, baseMs: record.atMs } : undefined);
    if (
      !record || typeof record !== 'object' || !Number.isSafeInteger(record.accountId) || typeof record.key !== 'string' ||
      typeof record.fingerprint !== 'string' || typeof at?.accountMs !== 'number' || typeof at.baseMs !== 'number' ||
      typeof record.response !== 'object' || record.response === null || typeof record.response.status !== 'number'
    ) {
      throw fail(`${where} is not an idempotency record ({accountId, key, fingerprint, at: {accountMs, baseMs}, bookhash, response: {status, body}})`);
    }
    const { accountId, key, fingerprint, response } = record as IdempotencyRecord;
    const mapKey = idempotencyMapKey(accountId, key);
    this.dropIdempotency(mapKey); // written again: now the newest
    const kept: IdempotencyRecord = { accountId, key, fingerprint, response, at, bookhash: typeof record.bookhash === 'string' ? record.bookhash : '' };
    this.idempotency.set(mapKey, kept);
    let ofAccount = this.idempotencyOfAccount.get(accountId);
    if (!ofAccount) this.idempotencyOfAccount.set(accountId, (ofAccount = new Set()));
    ofAccount.add(mapKey);
    if (kept.bookhash !== '') this.idempotencyOfBooking.set(kept.bookhash, mapKey);
    if (ofAccount.size > IDEMPOTENCY_RECORDS_PER_ACCOUNT) this.dropIdempotency(ofAccount.values().next().value as string);
  }

  private dropIdempotency(mapKey: string): void {
    const record = this.idempotency.get(mapKey);
    if (!record) return;
    this.idempotency.delete(mapKey);
    const ofAccount = this.idempotencyOfAccount.get(record.accountId);
    ofAccount?.delete(mapKey);
    if (ofAccount?.size === 0) this.idempotencyOfAccount.delete(record.accountId);
    if (this.idempotencyOfBooking.get(record.bookhash) === mapKey) this.idempotencyOfBooking.delete(record.bookhash);
  }
}
