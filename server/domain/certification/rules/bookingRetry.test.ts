import { describe, expect, it } from 'vitest';
import { TestJournal } from '../../../testing/certificationJournal.js';
import { bookingRetryIdempotent } from './bookingRetry.js';

const RATE = '72863-CMFDBL-3-20261210-20261212-2';
const started = (bookhash: string) => ({ body: { service_hash: RATE }, response: { status: 'ok', booking_url: `http://127.0.0.1:3000/book/finalize?bookhash=${bookhash}` } });
const A = 'a'.repeat(30);
const B = 'b'.repeat(30);

describe('booking-retry-idempotent', () => {
  it('is not seen before any booking start', () => {
    expect(bookingRetryIdempotent.evaluate(new TestJournal().entries).verdict).toBe('not_seen');
  });

  it('fails when a second start of the same rate within 60 s without an Idempotency-Key made a second booking', () => {
    const journal = new TestJournal();
    journal.call('/booking.php', { at: 0, ...started(A) });
    journal.call('/booking.php', { at: 20, ...started(B) });
    const outcome = bookingRetryIdempotent.evaluate(journal.entries);
    expect(outcome).toMatchObject({ verdict: 'failed', evidence: [1, 2] });
    expect(outcome.reason).toContain(RATE);
  });

  it('passes a retry with the Idempotency-Key (same booking), a start much later, and another rate', () => {
    const journal = new TestJournal();
    const key = { 'Idempotency-Key': 'k-1' };
    journal.call('/booking.php', { at: 0, ...started(A), headers: key });
    journal.call('/booking.php', { at: 5, ...started(A), headers: key }); // replayed: the same booking
    journal.call('/booking.php', { at: 120, ...started(B) }); // two minutes later: a new booking on purpose
    journal.call('/booking.php', { at: 125, body: { service_hash: RATE.replace('-3-', '-4-') }, response: started('c'.repeat(30)).response });
    journal.call('/booking.php', { at: 130, body: { service_hash: RATE }, status: 409, response: { error: 'gone' } }); // no booking made
    expect(bookingRetryIdempotent.evaluate(journal.entries)).toMatchObject({ verdict: 'passed' });
  });

  it('a start of the same rate for another scenario (Test header) is a booking on purpose, not a retry', () => {
    const journal = new TestJournal();
    journal.call('/booking.php', { at: 0, ...started(A) });
    journal.call('/booking.php', { at: 10, ...started(B), headers: { Test: 'supplier_unavailable' }, scenario: 'supplier_unavailable' });
    expect(bookingRetryIdempotent.evaluate(journal.entries).verdict).toBe('passed');
  });

  it('a retry without the header that got the same booking back is no duplicate', () => {
    const journal = new TestJournal();
    journal.call('/booking.php', { at: 0, ...started(A) });
    journal.call('/booking.php', { at: 10, ...started(A) });
    expect(bookingRetryIdempotent.evaluate(journal.entries).verdict).toBe('passed');
  });
});
