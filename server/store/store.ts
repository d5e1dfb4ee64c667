import type { BookingRecord } from '../domain/bookings/record.js';

/** An e-mail the service sent (the sandbox keeps every one in the outbox). */
export interface OutboxEmail {
  to: string;
  subject: string;
  text: string;
  bookhash: string;
  /** ISO 8601 instant on the server clock. */
  sent_at: string;
}

/** A changed booking, or a changed booking plus the e-mails the change sends. */
export type BookingChange = BookingRecord | { booking: BookingRecord; emails: OutboxEmail[] };

/**
 * The one storage interface. Reads are synchronous (data lives in memory);
 * every change resolves only once it is durable, so a handler that awaits it
 * before answering never acknowledges something a crash could lose.
 */
export interface Store {
  /** What the store is built on, for /healthz (e.g. "lowdb", "postgres"). */
  readonly kind?: string;
  /** Creates a booking with the next integer id (1, 2, 3 …). */
  insertBooking(build: (id: number) => BookingRecord): Promise<BookingRecord>;
  findBooking(bookhash: string): BookingRecord | undefined;
  /**
   * Applies `change` atomically (no other change runs between its read and its write).
   * `change` returns the new record (optionally with e-mails that must be sent with it, written in
   * the same durable write), or undefined to leave it as it is.
   */
  updateBooking(bookhash: string, change: (current: BookingRecord) => BookingChange | undefined): Promise<BookingRecord | undefined>;
  bookingsOfAccount(accountId: number): BookingRecord[];
  allBookings(): readonly BookingRecord[];
  outbox(): readonly OutboxEmail[];
  /** The e-mails about the account's bookings, oldest first. */
  outboxOfAccount(accountId: number): OutboxEmail[];
  /** Back to the first-start state: no bookings, no outbox, ids from 1. */
  reset(): Promise<void>;
  /** Removes one account's bookings and their e-mails; other accounts and the id sequence stay. */
  resetAccount(accountId: number): Promise<void>;
}
