import { describe, expect, it } from 'vitest';
import { TestJournal } from '../../../testing/certificationJournal.js';
import { waitedRetryAfter } from './retryAfter.js';

const limited = { status: 429, responseHeaders: { 'retry-after': '30' }, response: { error: 'Rate limit exceeded' } };

describe('retry-after', () => {
  it('passes when the next call on that endpoint came Retry-After seconds later', () => {
    const journal = new TestJournal();
    journal.call('/search.php', { at: 0, ...limited });
    journal.call('/hotel.php', { at: 5 }); // another endpoint is not limited
    journal.call('/search.php', { at: 30 });
    expect(waitedRetryAfter.evaluate(journal.entries)).toMatchObject({ verdict: 'passed', evidence: [1, 3] });
  });

  it('fails on an early retry from the same client, not on another client', () => {
    const journal = new TestJournal();
    journal.call('/search.php', { at: 0, ...limited });
    journal.call('/search.php', { at: 10, client: '10.0.0.2' });
    journal.call('/search.php', { at: 29 });
    journal.call('/search.php', { at: 31 });
    expect(waitedRetryAfter.evaluate(journal.entries)).toMatchObject({ verdict: 'failed', evidence: [1, 3] });
  });

  it('is not seen without a 429, or before any later call', () => {
    const journal = new TestJournal();
    journal.call('/search.php', { at: 0 });
    expect(waitedRetryAfter.evaluate(journal.entries).verdict).toBe('not_seen');
    journal.call('/search.php', { at: 1, ...limited });
    expect(waitedRetryAfter.evaluate(journal.entries)).toMatchObject({ verdict: 'not_seen', reason: expect.stringMatching(/not called/) });
  });
});
