import { describe, expect, it } from 'vitest';
import { TestJournal } from '../../../testing/certificationJournal.js';
import { retriedTimeoutOnce } from './timeoutRetry.js';

const search = { body: { location: 'Paris', checkin: '2026-12-10', checkout: '2026-12-12' } };

describe('timeout-retry', () => {
  it('passes with one retry of a call that took over 5 s', () => {
    const journal = new TestJournal();
    journal.call('/search.php', { at: 0, ...search, durationMs: 6000 });
    journal.call('/search.php', { at: 6, ...search });
    journal.call('/search.php', { at: 600, ...search }); // much later: a new call, not a retry
    expect(retriedTimeoutOnce.evaluate(journal.entries)).toMatchObject({ verdict: 'passed', evidence: [1] });
  });

  it('fails when the slow scenario call was sent twice more', () => {
    const journal = new TestJournal();
    journal.call('/search.php', { at: 0, ...search, scenario: 'slow' });
    journal.call('/search.php', { at: 5, ...search, durationMs: 5500 });
    journal.call('/search.php', { at: 11, ...search });
    expect(retriedTimeoutOnce.evaluate(journal.entries)).toMatchObject({ verdict: 'failed', evidence: [1, 2, 3] });
  });

  it('does not count a different request as a retry, and is not seen without a time-out', () => {
    const journal = new TestJournal();
    journal.call('/search.php', { at: 0, ...search });
    expect(retriedTimeoutOnce.evaluate(journal.entries).verdict).toBe('not_seen');
    journal.call('/search.php', { at: 1, ...search, durationMs: 7000 });
    journal.call('/search.php', { at: 8, body: { ...search.body, location: 'Rome' } });
    journal.call('/search.php', { at: 9, body: { ...search.body, location: 'Oslo' } });
    expect(retriedTimeoutOnce.evaluate(journal.entries).verdict).toBe('passed');
  });
});
