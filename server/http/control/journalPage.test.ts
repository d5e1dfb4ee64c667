/**
 * A journal answer's page (journalPage.ts): oldest first, the filter's newest matches up to its
 * limit and the byte budget, and `omitted` counted from what the store did not walk.
 */
import { describe, expect, it } from 'vitest';
import { LowdbStore } from '../../store/lowdbStore.js';
import { readJournalPage } from './journalPage.js';

const entry = (id: number, status: number) => ({
  id, at: new Date(Date.UTC(2026, 0, 1, 0, 0, id)).toISOString(), endpoint: '/api/b2b/v3/search/', response: { status }, conformance: { request_valid: true, response_valid: true },
});

async function journalOf(count: number) {
  const store = await LowdbStore.inMemory();
  for (let id = 1; id <= count; id++) await store.appendRequestJournal(1, entry(id, id % 3 === 0 ? 500 : 200));
  return store;
}
const ids = (page: { entries: string[] }) => page.entries.map((text) => (JSON.parse(text) as { id: number }).id);

describe('a journal answer\'s page', () => {
  it('is the newest matches, oldest first; nothing omitted when the limit or the journal ends it', async () => {
    const store = await journalOf(20);
    expect(ids(await readJournalPage(store, 1, { limit: 3 }))).toEqual([18, 19, 20]);
    expect(ids(await readJournalPage(store, 1, { status: '5xx', limit: 2 }))).toEqual([15, 18]);
    const all = await readJournalPage(store, 1, {});
    expect(ids(all)).toHaveLength(20);
    expect(all.omitted).toBe(0);
  });

  it('counts what the byte budget left out: exactly without a filter, at most the rest with one, never past the limit', async () => {
    const store = await journalOf(20);
    const one = JSON.stringify(entry(20, 200)).length + 1;
    const cut = await readJournalPage(store, 1, {}, 3 * one);
    expect(ids(cut)).toEqual([18, 19, 20]);
    expect(cut.omitted).toBe(17);
    expect((await readJournalPage(store, 1, { limit: 5 }, 3 * one)).omitted).toBe(2);
    const filtered = await readJournalPage(store, 1, { status: 200 }, 2 * one);
    expect(ids(filtered)).toEqual([19, 20]);
    // 17 is cut; the 16 older are counted, not read: of them, 11 match (the bound says at most 16 + 1).
    expect(filtered.omitted).toBe(17);
  });
});
