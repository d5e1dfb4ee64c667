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

/**
 * The one storage interface. Reads are synchronous (data lives in memory);
 * every change resolves only once it is durable, so a handler that awaits it
 * before answering never acknowledges something a crash could lose.
 */
export interface Store {
  /** Creates a booking with the next integer id (1, 2, 3 …). */
  insertBooking(build: (id: number) => BookingRecord): Promise<BookingRecord>;
  findBooking(bookhash: string): BookingRecord | undefined;
  /**
   * Applies `change` atomically (no other change runs between its read and its write).
   * `change` returns the new record, or undefined to leave it as it is.
   */
  updateBooking(
    bookhash: string,
    change: (current: BookingRecord) => BookingRecord | undefined,
  ): Promise<BookingRecord | undefined>;
  bookingsOfAccount(accountId: number): BookingRecord[];
  allBookings(): readonly BookingRecord[];
  addEmail(email: OutboxEmail): Promise<void>;
  outbox(): readonly OutboxEmail[];
  /** Back to the first-start state: no bookings, no outbox, ids from 1. */
  reset(): Promise<void>;
}
