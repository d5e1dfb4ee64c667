import { describe, expect, it } from 'vitest';
import { repeatsOf, requestKey } from './facts.js';
import { TestJournal } from '../../testing/certificationJournal.js';

const search = { body: { location: 'Paris', checkin: '2026-12-10', checkout: '2026-12-12' } };

describe('the identity of a call (repeated identical calls)', () => {
  it('includes the Test header: the same body with another scenario, or none, is another call', () => {
    const journal = new TestJournal();
    journal.call('/search.php', { at: 0, ...search, headers: { Test: 'server_error' }, scenario: 'server_error', status: 500 });
    journal.call('/search.php', { at: 1, ...search }); // the real call after trying the scenario
    journal.call('/search.php', { at: 2, ...search, headers: { Test: 'slow' }, scenario: 'slow' });
    journal.call('/search.php', { at: 3, ...search, headers: { Test: 'server_error' }, scenario: 'server_error', status: 500 });
    const [a, b, c, d] = journal.entries.map(requestKey);
    expect(new Set([a, b, c]).size).toBe(3);
    expect(d).toBe(a);
    expect(repeatsOf(journal.entries, 0).map((e) => e.id)).toEqual([4]);
    expect(repeatsOf(journal.entries, 1)).toEqual([]);
  });
});
