/**
 * A journal answer's entries as the store pages them (Store.readRequestJournal): the newest that
 * match the filter, up to its `limit` and the answer's byte budget, walked from the newest end so
 * that a read of a few entries never builds or copies the rest of the journal.
 */
import { journalFilterTest, type JournalFilter } from '../../domain/journal/filter.js';
import type { JournalEntry } from '../../domain/journal/entry.js';
import { REQUEST_JOURNAL_CAP, type Store } from '../../domain/ports/store.js';

/** What a page read needs of the store. */
export type JournalPageStore = Pick<Store, 'readRequestJournal'>;

export interface JournalAnswerPage {
  /** Oldest first, each entry as its JSON text. */
  entries: string[];
  /** Characters of JSON of the entries (one more each for the comma between them). */
  bytes: number;
  /**
   * Matching calls left out by the byte budget, the oldest: counted, not walked. Without a filter
   * exact; with one, the entries older than the cut are counted as if they matched (an upper bound).
   */
  omitted: number;
}

export async function readJournalPage(store: JournalPageStore, accountId: number, filter: JournalFilter, maxBytes?: number): Promise<JournalAnswerPage> {
  const test = journalFilterTest(filter, 'undefined when all');
  const limit = Math.min(filter.limit ?? REQUEST_JOURNAL_CAP, REQUEST_JOURNAL_CAP);
  const read = await store.readRequestJournal(accountId, { limit, maxBytes, matches: test && ((entry) => test(entry as JournalEntry)) });
  const omitted = read.cut ? Math.min(read.notWalked + 1, limit - read.entries.length) : 0;
  // The store's order is the order of the ids (entries are appended so); the answer is oldest first.
  return { entries: read.entries.reverse(), bytes: read.bytes, omitted };
}
