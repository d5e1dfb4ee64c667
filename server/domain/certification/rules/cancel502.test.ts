import { describe, expect, it } from 'vitest';
import { TestJournal } from '../../../testing/certificationJournal.js';
import { survivedCancel502 } from './cancel502.js';

const CANCEL = '/book/cancel.php';
const failed = { status: 502, response: { error: 'Cancellation failed at the hotel supplier' } };

describe('cancel-502-retry', () => {
  it('passes when the cancel was retried later, a few times at most', () => {
    const journal = new TestJournal();
    journal.call(CANCEL, { at: 0, body: { bookhash: 'A' }, ...failed });
    journal.call(CANCEL, { at: 30, body: { bookhash: 'A' }, ...failed });
    journal.call(CANCEL, { at: 90, body: { bookhash: 'A' } });
    expect(survivedCancel502.evaluate(journal.entries)).toMatchObject({ verdict: 'passed', evidence: [1, 2, 3] });
  });

  it('fails on a tight loop', () => {
    const journal = new TestJournal();
    journal.call(CANCEL, { at: 0, body: { bookhash: 'A' }, ...failed });
    journal.call(CANCEL, { at: 1, body: { bookhash: 'A' } });
    expect(survivedCancel502.evaluate(journal.entries)).toMatchObject({ verdict: 'failed', evidence: [1, 2] });
  });

  it('fails on too many retries, however slow', () => {
    const journal = new TestJournal();
    for (let i = 0; i < 5; i++) journal.call(CANCEL, { at: i * 60, body: { bookhash: 'A' }, ...failed });
    expect(survivedCancel502.evaluate(journal.entries)).toMatchObject({ verdict: 'failed', evidence: [1, 2, 3, 4, 5] });
  });

  it('is not seen without a 502, or before a retry', () => {
    const journal = new TestJournal();
    journal.call(CANCEL, { at: 0, body: { bookhash: 'B' } });
    expect(survivedCancel502.evaluate(journal.entries).reason).toMatch(/No 502/);
    journal.call(CANCEL, { at: 1, body: { bookhash: 'A' }, ...failed });
    expect(survivedCancel502.evaluate(journal.entries)).toMatchObject({ verdict: 'not_seen', reason: expect.stringMatching(/not retried/) });
  });
});
