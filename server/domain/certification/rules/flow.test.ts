import { describe, expect, it } from 'vitest';
import { TestJournal } from '../../../testing/certificationJournal.js';
import { wholeFlow } from './flow.js';

function flow(journal: TestJournal, options: { detailsWithSearchId?: boolean; paid?: boolean } = {}) {
  journal.call('/search.php', { at: 0, response: { search_id: 's1', hotels: [] } });
  journal.call('/hotel.php', { at: 10, body: options.detailsWithSearchId === false ? { id: 1, checkin: '2026-12-10' } : { id: 1, search_id: 's1' } });
  journal.call('/booking.php', { at: 20, body: { service_hash: 'h' }, response: { status: 'ok', booking_url: 'u' } });
  journal.call('/retrieve_booking.php', {
    at: 30,
    body: { bookhash: 'b' },
    response: { status: 'ok', booking: { status: options.paid === false ? 'processing' : 'booking_confirmed' } },
  });
  journal.call('/booking_overview.php', { at: 40, response: { status: 'ok', count: 0, bookings: [] } });
  journal.call('/book/cancel.php', { at: 50, body: { bookhash: 'b' }, response: { status: 'cancelled' } });
}

describe('whole-flow', () => {
  it('passes when every step succeeded, with the first entry of each step as evidence', () => {
    const journal = new TestJournal();
    flow(journal);
    expect(wholeFlow.evaluate(journal.entries)).toEqual({
      verdict: 'passed',
      reason: expect.any(String),
      evidence: [1, 2, 3, 4, 5, 4, 6],
    });
  });

  it('is not seen without details by search_id or without a booking past processing', () => {
    const journal = new TestJournal();
    flow(journal, { detailsWithSearchId: false, paid: false });
    const outcome = wholeFlow.evaluate(journal.entries);
    expect(outcome.verdict).toBe('not_seen');
    expect(outcome.reason).toBe('Not yet seen: details with search_id, the page (a booking past processing).');
  });

  it('counts only successful calls, and an empty journal shows nothing', () => {
    const journal = new TestJournal();
    journal.call('/search.php', { at: 0, status: 400, response: { error: 'bad' } });
    expect(wholeFlow.evaluate(journal.entries).reason).toMatch(/^Not yet seen: search, /);
    expect(wholeFlow.evaluate([]).verdict).toBe('not_seen');
  });
});
