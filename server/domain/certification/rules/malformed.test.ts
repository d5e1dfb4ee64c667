import { describe, expect, it } from 'vitest';
import { TestJournal } from '../../../testing/certificationJournal.js';
import { noRepeatedMalformed } from './malformed.js';

const bad = (error: string) => ({ status: 400, response: { error } });

describe('no-repeated-400', () => {
  it('passes when each kind of 400 came once', () => {
    const journal = new TestJournal();
    journal.call('/search.php', { at: 0, ...bad("'checkout' is required") });
    journal.call('/search.php', { at: 1, ...bad("'checkin' is required") });
    journal.call('/hotel.php', { at: 2, ...bad("'checkout' is required") });
    journal.call('/search.php', { at: 3, ...bad("'checkout' is required"), client: '10.0.0.2' });
    expect(noRepeatedMalformed.evaluate(journal.entries)).toMatchObject({ verdict: 'passed', evidence: [1, 2, 3, 4] });
  });

  it('fails when the same endpoint gave the same 400 twice', () => {
    const journal = new TestJournal();
    journal.call('/search.php', { at: 0, ...bad("'checkout' is required") });
    journal.call('/search.php', { at: 50 });
    journal.call('/search.php', { at: 100, ...bad("'checkout' is required") });
    expect(noRepeatedMalformed.evaluate(journal.entries)).toMatchObject({ verdict: 'failed', evidence: [1, 3] });
  });

  it('passes without any 400, and is not seen without calls', () => {
    const journal = new TestJournal();
    journal.call('/search.php', { at: 0 });
    expect(noRepeatedMalformed.evaluate(journal.entries).verdict).toBe('passed');
    expect(noRepeatedMalformed.evaluate([]).verdict).toBe('not_seen');
  });
});
