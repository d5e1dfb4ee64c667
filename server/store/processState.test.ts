/**
 * The embedded store's transient maps: each entry ends by its own account's clock or by real time,
 * whichever first (Expiry), goes once real time passed its end, and memory is bounded per account
 * (LRU) and overall, with one account's traffic never evicting another's entries.
 */
import { at, until } from '../testing/instants.js';
import { describe, expect, it, vi } from 'vitest';
import { MAX_JOURNAL_BYTES, MAX_JOURNAL_ENTRIES, MAX_OFFERS_PER_ACCOUNT, MAX_SEARCH_KEYS, MAX_SEARCH_KEYS_PER_ACCOUNT, ProcessState } from './processState.js';
import { REQUEST_JOURNAL_CAP, type JournalEntryBuilder } from '../domain/ports/store.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 0, 1);
const A = 1;
const B = 2;

/** What SearchService does for one new search of `accountId` at `nowMs` on its clock, `offsetMs` ahead of real time. */
function search(state: ProcessState, accountId: number, n: number, nowMs: number, offsetMs = 0): string {
  const identical = `identical:${accountId}:${n}`;
  expect(state.getSearch(identical, at(nowMs, offsetMs))).toBeUndefined();
  const searchId = `${accountId}-${n}`.padStart(32, '0');
  state.putSearch(accountId, searchId, { searchId, n }, until(nowMs + HOUR, offsetMs));
  state.putSearch(accountId, identical, { searchId, n, reproducible: true }, until(nowMs + HOUR, offsetMs));
  state.putOffers(accountId, [`h${accountId}-${n}-a`, `h${accountId}-${n}-b`], { currency: 'EUR' }, until(nowMs + HOUR + 1, offsetMs));
  return searchId;
}

describe('ProcessState', () => {
  it("keeps B's search_id and offers for B's full hour while A, 2 h ahead, floods searches", () => {
    const state = new ProcessState();
    const bSearch = search(state, B, 0, T0);
    // A's clock is 2 h ahead; it reads and writes thousands of entries at that time.
    for (let n = 0; n < 12_000; n++) {
      search(state, A, n, T0 + 2 * HOUR + n, 2 * HOUR);
      expect(state.getOffer(A, `h${A}-${n}-a`, at(T0 + 2 * HOUR + n, 2 * HOUR))).toEqual({ currency: 'EUR' });
    }
    // A even presents B's search_id with its own (later) clock: refused by the domain, never swept.
    expect(state.getSearch(bSearch, at(T0 + 3 * HOUR, 3 * HOUR - 20_000))).toBeUndefined(); // judged only, not swept
    for (const when of [T0 + 20_000, T0 + 30 * 60_000, T0 + HOUR - 1]) {
      expect(state.getSearch(bSearch, at(when))).toEqual({ accountId: B, value: { searchId: bSearch, n: 0 } });
      expect(state.getSearch(`identical:${B}:0`, at(when))?.accountId).toBe(B);
      expect(state.getOffer(B, `h${B}-0-a`, at(when))).toEqual({ currency: 'EUR' });
    }
    expect(state.getOffer(B, `h${B}-0-b`, at(T0 + HOUR))).toEqual({ currency: 'EUR' });
    // And on B's clock they expire on time.
    expect(state.getSearch(bSearch, at(T0 + HOUR))).toBeUndefined();
    expect(state.getOffer(B, `h${B}-0-b`, at(T0 + HOUR + 1))).toBeUndefined();
  });

  it("sweeps an account's entries as it writes once real time passed their end", () => {
    const state = new ProcessState();
    for (let n = 0; n < 100; n++) search(state, A, n, T0);
    expect(state.sizes(A)).toEqual({ searches: 200, offers: 200 });
    // Two hours later (real time and A's clock alike), A's next search sweeps its ended ones.
    search(state, A, 1000, T0 + 2 * HOUR);
    expect(state.sizes(A)).toEqual({ searches: 2, offers: 2 });
  });

  it("keeps an entry that only its account's clock ended: it answers again when that clock is set back", () => {
    const state = new ProcessState();
    const searchId = search(state, A, 0, T0);
    // A moves its clock 2 h on (real time 1 minute on): the search ended on A's clock, not in real time.
    expect(state.getSearch(searchId, at(T0 + 2 * HOUR + 60_000, 2 * HOUR))).toBeUndefined();
    search(state, A, 1, T0 + 2 * HOUR + 60_000, 2 * HOUR); // a write of A sweeps what real time ended only
    expect(state.sizes(A).searches).toBe(4);
    // A sets its clock back to real time: the search answers for the rest of its hour.
    expect(state.getSearch(searchId, at(T0 + 2 * 60_000))?.accountId).toBe(A);
    // An hour of real time later it is gone for good, whatever A's clock shows.
    expect(state.getSearch(searchId, at(T0 - HOUR, -2 * HOUR))).toBeUndefined();
    search(state, A, 2, T0 - HOUR, -2 * HOUR);
    expect(state.getSearch(searchId, at(T0 + 30 * 60_000))).toBeUndefined();
  });

  it('caps each account (least recently used first) without touching another account', () => {
    const state = new ProcessState();
    const bSearch = search(state, B, 0, T0);
    const first = search(state, A, 0, T0);
    const flood = MAX_SEARCH_KEYS_PER_ACCOUNT; // twice the cap in keys
    for (let n = 1; n <= flood; n++) {
      search(state, A, n, T0 + n);
    }
    expect(state.getSearch(first, at(T0 + flood))).toBeUndefined(); // least recently used: evicted
    expect(state.sizes(A).searches).toBe(MAX_SEARCH_KEYS_PER_ACCOUNT);
    expect(state.sizes(A).offers).toBe(MAX_OFFERS_PER_ACCOUNT < 2 * (flood + 1) ? MAX_OFFERS_PER_ACCOUNT : 2 * (flood + 1));
    expect(state.sizes(B)).toEqual({ searches: 2, offers: 2 });
    expect(state.getSearch(bSearch, at(T0 + 1))?.accountId).toBe(B);
    // The newest of A's survive.
    expect(state.getSearch(`${A}-${flood}`.padStart(32, '0'), at(T0 + flood))?.accountId).toBe(A);
  });

  it('an overall cap evicts from the account holding the most', () => {
    const state = new ProcessState();
    const accounts = Math.ceil(MAX_SEARCH_KEYS / MAX_SEARCH_KEYS_PER_ACCOUNT) + 1;
    const small = search(state, 100, 0, T0);
    for (let account = 1; account <= accounts; account++) {
      for (let n = 0; n < MAX_SEARCH_KEYS_PER_ACCOUNT / 2; n++) search(state, account, n, T0 + n);
    }
    expect(state.sizes().searches).toBeLessThanOrEqual(MAX_SEARCH_KEYS);
    expect(state.getSearch(small, at(T0 + 1))?.accountId).toBe(100);
  });

  it('bounds request journals over all accounts: the account holding the most loses its oldest first, so no account pushes another below its share', () => {
    const state = new ProcessState();
    const accounts = MAX_JOURNAL_ENTRIES / REQUEST_JOURNAL_CAP; // exactly full
    for (let account = 1; account <= accounts; account++) {
      for (let n = 1; n <= REQUEST_JOURNAL_CAP; n++) state.appendRequestJournal(account, { account, n });
    }
    expect(state.journalSize()).toBe(MAX_JOURNAL_ENTRIES);
    // A newcomer calls 3,000 times: its own journal stays within its cap, and the others give up the
    // room one entry at a time, the largest first, never below an even share.
    const newcomer = accounts + 1;
    for (let n = 1; n <= 3 * REQUEST_JOURNAL_CAP; n++) state.appendRequestJournal(newcomer, { account: newcomer, n });
    expect(state.journalSize()).toBeLessThanOrEqual(MAX_JOURNAL_ENTRIES);
    const share = Math.floor(MAX_JOURNAL_ENTRIES / (accounts + 1));
    for (let account = 1; account <= accounts; account++) {
      const journal = state.requestJournal(account) as { n: number }[];
      expect(journal.length).toBeGreaterThanOrEqual(share);
      // What goes is the oldest: the newest call is still there.
      expect(journal.at(-1)).toEqual({ account, n: REQUEST_JOURNAL_CAP });
    }
    expect((state.requestJournal(newcomer)).length).toBeLessThanOrEqual(REQUEST_JOURNAL_CAP);
    state.resetAccount(newcomer);
    expect(state.journalSize()).toBeLessThan(MAX_JOURNAL_ENTRIES);
    state.reset();
    expect(state.journalSize()).toBe(0);
  });

  it('bounds the bytes of bodies the journals hold: the account holding the most bytes loses its oldest first', () => {
    const state = new ProcessState();
    const entry = (n: number, heldBytes: number): JournalEntryBuilder => Object.assign(() => ({ n }), { heldBytes });
    // Account 1 sends small calls; account 2 large answers, far more than the bound holds.
    for (let n = 1; n <= 100; n++) state.appendRequestJournal(1, entry(n, 1_000));
    const large = 64 * 1024;
    const calls = Math.ceil((2 * MAX_JOURNAL_BYTES) / large);
    for (let n = 1; n <= calls; n++) state.appendRequestJournal(2, entry(n, large));
    expect(state.journalHeldBytes()).toBeLessThanOrEqual(MAX_JOURNAL_BYTES);
    expect(state.requestJournal(1)).toHaveLength(100); // the small account lost nothing
    const kept = state.requestJournal(2) as { n: number }[];
    expect(kept.length).toBeLessThan(calls);
    expect(kept.length).toBeGreaterThanOrEqual(Math.floor((MAX_JOURNAL_BYTES - 100_000) / large));
    expect(kept.at(-1)).toEqual({ n: calls }); // what goes is the oldest
    state.resetAccount(2);
    expect(state.journalHeldBytes()).toBe(100_000);
    state.reset();
    expect(state.journalHeldBytes()).toBe(0);
  });

  it('a page of the journal builds and copies only the entries it reaches from the newest end, never the whole journal', () => {
    const state = new ProcessState();
    let built = 0;
    const builder = (n: number): JournalEntryBuilder => () => {
      built += 1;
      return { n, body: 'b'.repeat(1000) };
    };
    for (let n = 1; n <= REQUEST_JOURNAL_CAP; n++) state.appendRequestJournal(A, builder(n));
    const spy = vi.spyOn(globalThis, 'structuredClone');
    const page = state.readRequestJournal(A, { limit: 5 });
    expect(page.entries.map((text) => (JSON.parse(text) as { n: number }).n)).toEqual([1000, 999, 998, 997, 996]);
    expect(built).toBe(5);
    // A byte budget of about three entries stops the walk at the fourth (built, tested, not kept).
    const cut = state.readRequestJournal(A, { limit: REQUEST_JOURNAL_CAP, offset: 5, maxBytes: 3100 });
    expect(cut.entries).toHaveLength(3);
    expect(cut).toMatchObject({ cut: true, notWalked: REQUEST_JOURNAL_CAP - 9 });
    expect(built).toBe(9);
    // A filter walks until it has its page: here the 10 newest even entries, 20 entries from the end.
    const even = state.readRequestJournal(A, { limit: 10, matches: (entry) => (entry as { n: number }).n % 2 === 0 });
    expect(even.entries).toHaveLength(10);
    expect(even.notWalked).toBe(REQUEST_JOURNAL_CAP - 19);
    expect(built).toBe(19);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('reset of one account drops only its entries', () => {
    const state = new ProcessState();
    search(state, A, 0, T0);
    const b = search(state, B, 0, T0);
    state.resetAccount(A);
    expect(state.sizes(A)).toEqual({ searches: 0, offers: 0 });
    expect(state.getSearch(b, at(T0))?.accountId).toBe(B);
  });
});
