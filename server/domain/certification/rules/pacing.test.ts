import { describe, expect, it } from 'vitest';
import { TestJournal } from '../../../testing/certificationJournal.js';
import { PACING_LIMIT } from '../thresholds.js';
import { keptPacing } from './pacing.js';

describe('pacing', () => {
  it('passes with five calls a minute per endpoint, other endpoints and clients apart', () => {
    const journal = new TestJournal();
    for (let i = 0; i < 10; i++) journal.call('/search.php', { at: i * 12 });
    for (let i = 0; i < PACING_LIMIT; i++) journal.call('/hotel.php', { at: i });
    for (let i = 0; i < PACING_LIMIT; i++) journal.call('/hotel.php', { at: i, client: '10.0.0.9' });
    for (let i = 0; i < 10; i++) journal.call('/booking_overview.php', { at: i });
    expect(keptPacing.evaluate(journal.entries).verdict).toBe('passed');
  });

  it('fails on a sixth call within 60 s, and names the burst', () => {
    const journal = new TestJournal();
    for (let i = 0; i < 6; i++) journal.call('/hotel.php', { at: i * 11 });
    expect(keptPacing.evaluate(journal.entries)).toMatchObject({ verdict: 'failed', evidence: [1, 2, 3, 4, 5, 6] });
  });

  it('is not seen without search or hotel calls', () => {
    const journal = new TestJournal();
    journal.call('/booking_overview.php', { at: 0 });
    expect(keptPacing.evaluate(journal.entries).verdict).toBe('not_seen');
  });
});
