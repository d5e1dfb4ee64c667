import { describe, expect, it } from 'vitest';
import { TestJournal } from '../../../testing/certificationJournal.js';
import { noLoopOnAlreadyCancelled, showedDeadline403, showedNonRefundable403 } from './cancelErrors.js';

const CANCEL = '/book/cancel.php';

describe.each([
  { rule: noLoopOnAlreadyCancelled, status: 409, response: { error: 'This reservation was already cancelled.', status: 'already_cancelled' } },
  { rule: showedDeadline403, status: 403, response: { error: 'The free cancellation deadline (2026-12-08T23:59:00) has passed; …' } },
  { rule: showedNonRefundable403, status: 403, response: { error: 'This rate is non-refundable; online cancellation is unavailable.' } },
])('$rule.id', ({ rule, status, response }) => {
  it('passes when the refused booking was not cancelled again', () => {
    const journal = new TestJournal();
    journal.call(CANCEL, { at: 0, body: { bookhash: 'A' }, status, response });
    journal.call(CANCEL, { at: 5, body: { bookhash: 'B' } });
    expect(rule.evaluate(journal.entries)).toMatchObject({ verdict: 'passed', evidence: [1] });
  });

  it('fails on any later cancel of the same booking', () => {
    const journal = new TestJournal();
    journal.call(CANCEL, { at: 0, body: { bookhash: 'A' }, status, response });
    journal.call(CANCEL, { at: 3600, body: { bookhash: 'A' }, status, response, client: '10.1.1.1' });
    expect(rule.evaluate(journal.entries)).toMatchObject({ verdict: 'failed', evidence: [1, 2] });
  });

  it('is not seen without that answer', () => {
    const journal = new TestJournal();
    journal.call(CANCEL, { at: 0, body: { bookhash: 'A' }, status: 403, response: { error: 'Invalid API key' } });
    expect(rule.evaluate(journal.entries).verdict).toBe('not_seen');
  });
});
