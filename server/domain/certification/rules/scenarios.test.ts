import { describe, expect, it } from 'vitest';
import { TestJournal } from '../../../testing/certificationJournal.js';
import { handledNoAvailability, handledPriceChange, handledSoldOut } from './scenarios.js';

describe.each([
  { rule: handledPriceChange, scenario: 'price_changed', endpoint: '/booking.php' },
  { rule: handledSoldOut, scenario: 'sold_out', endpoint: '/booking.php' },
  { rule: handledNoAvailability, scenario: 'no_availability', endpoint: '/search.php' },
])('$rule.id', ({ rule, scenario, endpoint }) => {
  const body = { service_hash: '1-A-3-20261210-20261212-2' };

  it('passes when the scenario was seen and the call repeated at most once', () => {
    const journal = new TestJournal();
    journal.call(endpoint, { at: 0, body, scenario });
    journal.call(endpoint, { at: 10, body, scenario });
    journal.call(endpoint, { at: 20, body: { service_hash: 'other' } });
    expect(rule.evaluate(journal.entries)).toMatchObject({ verdict: 'passed', evidence: [1, 2] });
  });

  it('fails when the same failing call loops', () => {
    const journal = new TestJournal();
    for (let i = 0; i < 3; i++) journal.call(endpoint, { at: i, body, scenario });
    expect(rule.evaluate(journal.entries)).toMatchObject({ verdict: 'failed', evidence: [1, 2, 3] });
  });

  it('is not seen without the scenario', () => {
    const journal = new TestJournal();
    journal.call(endpoint, { at: 0, body, scenario: 'standard' });
    expect(rule.evaluate(journal.entries).verdict).toBe('not_seen');
  });
});

describe('scenarios met without the Test header', () => {
  it('a 409 at booking start is a sold-out room; a search without hotels is no availability', () => {
    const journal = new TestJournal();
    journal.call('/booking.php', { at: 0, body: { service_hash: 'h' }, status: 409, response: { error: 'The rate is no longer available; search again' } });
    journal.call('/search.php', { at: 1, body: { location: 'Nowhere' }, response: { search_id: 's', total_hotels: 0, hotels: [] } });
    journal.call('/search.php', { at: 2, body: { location: 'Paris' }, response: { search_id: 't', total_hotels: 1, hotels: [{}] } });
    expect(handledSoldOut.evaluate(journal.entries)).toMatchObject({ verdict: 'passed', evidence: [1] });
    expect(handledNoAvailability.evaluate(journal.entries)).toMatchObject({ verdict: 'passed', evidence: [2] });
    for (let i = 0; i < 2; i++) journal.call('/booking.php', { at: 10 + i, body: { service_hash: 'h' }, status: 409 });
    expect(handledSoldOut.evaluate(journal.entries)).toMatchObject({ verdict: 'failed', evidence: [1, 4, 5] });
  });
});
