/**
 * The PostgreSQL store's durable state: bookings (JSON records keyed by bookhash, with random ids
 * the primary key keeps unique), their e-mails (the outbox) and Idempotency-Key records. A change
 * of a booking locks its row (SELECT … FOR UPDATE), so concurrent changes from any process apply one
 * after the other; a booking and the answer recorded for its Idempotency-Key are one transaction.
 */
import type { BookingRecord } from '../domain/bookings/record.js';
import { BOOKING_ID_DRAWS, drawBookingId } from './bookingIds.js';
import type { Client, PostgresDatabase } from './postgresDatabase.js';
import type { Instant } from '../clock.js';
import {
  BookingsFullError, IDEMPOTENCY_RECORDS_PER_ACCOUNT, IDEMPOTENCY_TTL_MS, answersAt,
  type BookingChange, type IdempotencyClaim, type IdempotencyCompletion, type IdempotencyKeyUse, type OutboxEmail,
} from '../domain/ports/store.js';

/** A claim whose request has not completed for this long is taken to be abandoned (its process died). */
export const ABANDONED_CLAIM_SECONDS = 60;

/** The Store's booking, outbox and idempotency methods (see Store for what each promises). */
export class PostgresBookings {
  constructor(private readonly db: PostgresDatabase) {}

  insertBooking(build: (id: number) => BookingRecord, idempotency?: IdempotencyCompletion, keepPerAccount?: number): Promise<BookingRecord> {
    return this.db.transaction(async (client) => {
      // A random id (bookingIds.ts); the primary key refuses one already taken, and another is drawn.
      let booking: BookingRecord | undefined;
      for (let draws = 0; !booking; draws += 1) {
        if (draws === BOOKING_ID_DRAWS) throw new Error(`no free booking id after ${BOOKING_ID_DRAWS} draws`);
        const candidate = build(drawBookingId());
        const inserted = await client.query('INSERT INTO bookings (id, bookhash, account_id, record) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING', [
          candidate.id, candidate.bookhash, candidate.accountId, candidate,
        ]);
        if (inserted.rowCount === 1) booking = candidate;
      }
      if (keepPerAccount !== undefined) await this.retireBookings(client, booking, keepPerAccount);
      if (idempotency) await this.rememberAnswer(client, idempotency, booking.bookhash);
      return booking;
    });
  }

  /** The answer for the key, with the booking it made; past IDEMPOTENCY_RECORDS_PER_ACCOUNT the account's oldest go. */
  private async rememberAnswer(client: Client, idempotency: IdempotencyCompletion, bookhash: string): Promise<void> {
    const { accountId, key, fingerprint, response, at } = idempotency;
    await client.query(
      `INSERT INTO idempotency_keys (account_id, key, fingerprint, response, at_ms, at_base_ms, bookhash) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (account_id, key) DO UPDATE SET fingerprint = $3, response = $4, at_ms = $5, at_base_ms = $6, bookhash = $7, claimed_at = now()`,
      [accountId, key, fingerprint, response, at.accountMs, at.baseMs, bookhash],
    );
    await client.query(
      `DELETE FROM idempotency_keys WHERE ctid IN (
         SELECT ctid FROM idempotency_keys WHERE account_id = $1 AND response IS NOT NULL ORDER BY at_base_ms DESC, at_ms DESC OFFSET $2)`,
      [accountId, IDEMPOTENCY_RECORDS_PER_ACCOUNT],
    );
  }

  /**
   * After an insert: the account's oldest retired bookings (isRetired: not confirmed) but the new one, and their e-mails
   * go until it holds `keep`; when too few can go, BookingsFullError rolls the insert back.
   */
  private async retireBookings(client: Client, added: BookingRecord, keep: number): Promise<void> {
    const { rows } = await client.query<{ held: string }>('SELECT count(*) AS held FROM bookings WHERE account_id = $1', [added.accountId]);
    const excess = Number(rows[0]!.held) - keep;
    if (excess <= 0) return;
    const dropped = await client.query<{ bookhash: string }>(
      `DELETE FROM bookings WHERE bookhash IN (
         SELECT bookhash FROM bookings
         WHERE account_id = $1 AND bookhash <> $3 AND record->>'status' <> 'booking_confirmed' ORDER BY made_seq LIMIT $2)
       RETURNING bookhash`,
      [added.accountId, excess, added.bookhash],
    );
    if (dropped.rows.length < excess) throw new BookingsFullError(keep);
    const bookhashes = dropped.rows.map((row) => row.bookhash);
    await client.query('DELETE FROM outbox WHERE bookhash = ANY($1)', [bookhashes]);
    // An Idempotency-Key answers with its booking's URL: it goes with the booking.
    await client.query('DELETE FROM idempotency_keys WHERE bookhash = ANY($1)', [bookhashes]);
  }

  async findBooking(bookhash: string): Promise<BookingRecord | undefined> {
    const rows = await this.db.query<{ record: BookingRecord }>('SELECT record FROM bookings WHERE bookhash = $1', [bookhash]);
    return rows[0]?.record;
  }

  updateBooking(bookhash: string, change: (current: BookingRecord) => BookingChange | undefined): Promise<BookingRecord | undefined> {
    return this.db.transaction(async (client) => {
      const { rows } = await client.query<{ record: BookingRecord }>('SELECT record FROM bookings WHERE bookhash = $1 FOR UPDATE', [bookhash]);
      const current = rows[0]?.record;
      if (!current) return undefined;
      const changed = change(current);
      if (!changed) return current;
      const booking = 'emails' in changed ? changed.booking : changed;
      if (booking.bookhash !== bookhash || booking.id !== current.id || booking.accountId !== current.accountId) {
        throw new Error('updateBooking: the change altered the id, bookhash or account');
      }
      await client.query('UPDATE bookings SET record = $2 WHERE bookhash = $1', [bookhash, booking]);
      for (const email of 'emails' in changed ? changed.emails : []) {
        await client.query('INSERT INTO outbox (account_id, bookhash, email) VALUES ($1, $2, $3)', [booking.accountId, bookhash, email]);
      }
      return booking;
    });
  }

  async bookingsOfAccount(accountId: number): Promise<BookingRecord[]> {
    const rows = await this.db.query<{ record: BookingRecord }>('SELECT record FROM bookings WHERE account_id = $1 ORDER BY made_seq', [accountId]);
    return rows.map((row) => row.record);
  }

  async countBookings(): Promise<number> {
    const rows = await this.db.query<{ count: string }>('SELECT count(*) AS count FROM bookings');
    return Number(rows[0]!.count);
  }

  async outbox(): Promise<OutboxEmail[]> {
    const rows = await this.db.query<{ email: OutboxEmail }>('SELECT email FROM outbox ORDER BY seq');
    return rows.map((row) => row.email);
  }

  async outboxOfAccount(accountId: number): Promise<OutboxEmail[]> {
    const rows = await this.db.query<{ email: OutboxEmail }>('SELECT email FROM outbox WHERE account_id = $1 ORDER BY seq', [accountId]);
    return rows.map((row) => row.email);
  }

  claimIdempotencyKey(use: IdempotencyKeyUse, now: Instant): Promise<IdempotencyClaim> {
    return this.db.transaction(async (client) => {
      const inserted = await client.query(
        'INSERT INTO idempotency_keys (account_id, key, fingerprint) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [use.accountId, use.key, use.fingerprint],
      );
      if (inserted.rowCount === 1) return { state: 'claimed' };
      const { rows } = await client.query<{
        fingerprint: string; response: IdempotencyCompletion['response'] | null; at_ms: string | null; at_base_ms: string | null; abandoned: boolean;
      }>(
        `SELECT fingerprint, response, at_ms, at_base_ms, claimed_at < now() - make_interval(secs => $3) AS abandoned
         FROM idempotency_keys WHERE account_id = $1 AND key = $2 FOR UPDATE`,
        [use.accountId, use.key, ABANDONED_CLAIM_SECONDS],
      );
      const row = rows[0]!;
      const expires = { atMs: Number(row.at_ms) + IDEMPOTENCY_TTL_MS, atBaseMs: Number(row.at_base_ms ?? row.at_ms) + IDEMPOTENCY_TTL_MS };
      if (row.response !== null && answersAt(expires, now)) {
        return { state: 'completed', fingerprint: row.fingerprint, response: row.response };
      }
      if (row.response === null && !row.abandoned) return { state: 'in_progress', fingerprint: row.fingerprint };
      await client.query(
        'UPDATE idempotency_keys SET fingerprint = $3, response = NULL, at_ms = NULL, at_base_ms = NULL, bookhash = NULL, claimed_at = now() WHERE account_id = $1 AND key = $2',
        [use.accountId, use.key, use.fingerprint],
      );
      return { state: 'claimed' };
    });
  }

  async releaseIdempotencyKey(accountId: number, key: string): Promise<void> {
    await this.db.query('DELETE FROM idempotency_keys WHERE account_id = $1 AND key = $2 AND response IS NULL', [accountId, key]);
  }
}
