import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors.js';
import { TestJournal } from '../../testing/certificationJournal.js';
import { filterJournal, parseJournalFilter } from './filter.js';

function journal() {
  const j = new TestJournal();
  j.call('/search.php', { at: 0 });
  j.call('/search.php', { at: 60, status: 429 });
  j.call('/hotel.php', { at: 120, status: 404 });
  j.call('/booking.php', { at: 180 });
  j.entries[3]!.conformance = { request_valid: true, response_valid: false, violations: [{ where: 'response', path: '/body', message: 'x' }] };
  return j.entries;
}

describe('filterJournal', () => {
  it('filters by endpoint, status, status class, time, conformance and limit', () => {
    const entries = journal();
    const ids = (filter: Parameters<typeof filterJournal>[1]) => filterJournal(entries, filter).map((e) => e.id);
    expect(ids({})).toEqual([1, 2, 3, 4]);
    expect(ids({ endpoint: '/search.php' })).toEqual([1, 2]);
    expect(ids({ status: 429 })).toEqual([2]);
    expect(ids({ status: '4xx' })).toEqual([2, 3]);
    expect(ids({ since: '2026-12-01T10:01:00Z', until: '2026-12-01T10:02:00Z' })).toEqual([2, 3]);
    expect(ids({ nonConforming: true })).toEqual([4]);
    expect(ids({ limit: 2 })).toEqual([3, 4]);
  });
});

describe('parseJournalFilter', () => {
  it('reads a control request body', () => {
    expect(parseJournalFilter({ apikey: 'k', endpoint: 'search.php', status: '4xx', since: '2026-12-01T00:00:00Z', non_conforming: true, limit: 10 })).toEqual({
      endpoint: '/search.php',
      status: '4xx',
      since: '2026-12-01T00:00:00Z',
      nonConforming: true,
      limit: 10,
    });
    expect(parseJournalFilter({ status: 404, non_conforming: 'false' })).toEqual({ status: 404, nonConforming: false });
  });

  it.each([{ status: '600' }, { status: 'abc' }, { since: 'yesterday' }, { limit: 0 }, { limit: '1.5' }, { non_conforming: 'yes' }, { endpoint: {} }])(
    'refuses %j with a 400',
    (input) => {
      expect(() => parseJournalFilter(input)).toThrow(ApiError);
    },
  );
});
