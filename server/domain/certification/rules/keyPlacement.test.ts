import { describe, expect, it } from 'vitest';
import { TEST_KEY, TestJournal, type TestCall } from '../../../testing/certificationJournal.js';
import { keyOnlyInBody } from './keyPlacement.js';

describe('key-in-body', () => {
  it('passes when the key is only in the body', () => {
    const journal = new TestJournal();
    journal.call('/search.php', { at: 0 });
    expect(keyOnlyInBody.evaluate(journal.entries).verdict).toBe('passed');
  });

  it.each([
    { where: 'header', call: { headers: { 'x-api-key': TEST_KEY } } },
    { where: 'header', call: { headers: { authorization: `Bearer ${TEST_KEY}` } } },
    { where: 'query', call: { url: `/search.php?apikey=${TEST_KEY}` } },
  ] as { where: string; call: Partial<TestCall> }[])('fails with the key in a $where', ({ where, call }) => {
    const journal = new TestJournal();
    journal.call('/search.php', { at: 0 });
    journal.call('/search.php', { at: 1, ...call });
    const outcome = keyOnlyInBody.evaluate(journal.entries);
    expect(outcome).toMatchObject({ verdict: 'failed', evidence: [2] });
    expect(outcome.reason).toContain(where);
  });

  it('is not seen without calls', () => {
    expect(keyOnlyInBody.evaluate([]).verdict).toBe('not_seen');
  });
});
