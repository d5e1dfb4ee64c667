/**
 * The embedded store's per-process state: clock offsets, searches, offers, rate-limit windows and
 * request journals. They are caches or windows of one process, so they live in memory and start
 * empty after a restart (clock offsets too: a restarted sandbox runs on real time again).
 */
import { SlidingWindowRateLimiter, type RateLimitDecision, type RateLimitWindow } from '../domain/rateLimiter.js';
import type { OffsetChange, Timeline } from '../domain/accountClocks.js';
import { JournalPageWalk } from './journalPage.js';
import { REQUEST_JOURNAL_CAP, answersAt, journalEntryOf, type Expiry, type JournalEntryBuilder, type JournalPage, type JournalPageRead } from '../domain/ports/store.js';
import type { Instant } from '../clock.js';
import { deepFreeze } from '../../contract/deepFreeze.js';

interface Expiring {
  accountId: number;
  value: unknown;
  expires: Expiry;
}

/**
 * Bounds of the transient maps. Each account's entries are capped on their own and evicted least
 * recently used first, so one account's traffic never evicts or expires another's; the overall caps
 * are a last resort (many accounts at once) and evict from the account holding the most. A search
 * keeps two keys (its search_id and its identical-search key), so 2,000 keys are 1,000 searches:
 * five times the searches a day the API description's rate limit allows (200).
 * A search_id or service_hash evicted before its hour is up reads as unknown: the client is told to
 * search again (400), as after expiry.
 */
export const MAX_SEARCH_KEYS_PER_ACCOUNT = 2_000;
export const MAX_SEARCH_KEYS = 6_000;
export const MAX_OFFERS_PER_ACCOUNT = 20_000;
export const MAX_OFFERS = 60_000;
/**
 * Request-journal entries over all accounts (each account keeps its newest REQUEST_JOURNAL_CAP).
 * Entries hold their response bodies (a search answer is ~15 KB), so many accounts' full journals
 * would hold gigabytes; past this bound the account holding the most entries loses its oldest
 * first (as the search and offer caps do), so no account's calls push another below its share.
 */
export const MAX_JOURNAL_ENTRIES = 6_000;
/**
 * Bytes of response bodies (and request bodies) the request journals keep over all accounts. A
 * distinct search answers 15–30 KB, so 6,000 such entries would hold 100–180 MB (the largest
 * holder of memory in a 60 s run of distinct searches); past this bound the account holding the
 * most bytes loses its oldest entries first. Entries whose builder gives no size count 0 here and
 * stay bounded by MAX_JOURNAL_ENTRIES.
 */
export const MAX_JOURNAL_BYTES = 32 * 2 ** 20;

/**
 * Per account, entries in least-recently-used order (a JavaScript Map keeps insertion order; a hit
 * re-inserts). An entry ends by its own account's clock or by real time, whichever first (Expiry):
 * it stops answering as soon as either passed its end, and is dropped once real time did (never to
 * answer again), lazily when read, and from the old end when its account writes. Only the caps
 * evict an entry that could still answer, and the caps are per account first.
 */
class PerAccountLru {
  private readonly byAccount = new Map<number, Map<string, Expiring>>();
  /** For keys looked up without their account (search_ids): the account holding each key. */
  private readonly owners: Map<string, number> | undefined;
  private total = 0;

  constructor(
    private readonly perAccountCap: number,
    private readonly overallCap: number,
    indexed: boolean,
  ) {
    this.owners = indexed ? new Map() : undefined;
  }

  get size(): number {
    return this.total;
  }
  sizeOf(accountId: number): number {
    return this.byAccount.get(accountId)?.size ?? 0;
  }
  ownerOf(key: string): number | undefined {
    return this.owners?.get(key);
  }

  put(accountId: number, key: string, value: unknown, expires: Expiry, baseNowMs: number): void {
    let entries = this.byAccount.get(accountId);
    if (!entries) this.byAccount.set(accountId, (entries = new Map()));
    const previous = entries.get(key);
    if (previous) {
      entries.delete(key); // re-inserted at the recent end
      previous.value = value;
      previous.expires = expires;
      entries.set(key, previous);
    } else {
      const owner = this.owners?.get(key);
      if (owner !== undefined && owner !== accountId) this.delete(owner, key);
      entries.set(key, { accountId, value, expires });
      this.owners?.set(key, accountId);
      this.total++;
    }
    // This account's entries at the old end whose real-time end passed go first, then its least recently used.
    for (const [oldKey, entry] of entries) {
      if (entries.size <= this.perAccountCap && entry.expires.atBaseMs > baseNowMs) break;
      if (oldKey === key) break;
      this.delete(accountId, oldKey);
    }
    while (this.total > this.overallCap) this.evictFromLargest();
  }

  get(accountId: number, key: string, now: Instant): Expiring | undefined {
    const entries = this.byAccount.get(accountId);
    const entry = entries?.get(key);
    if (!entries || !entry) return undefined;
    if (entry.expires.atBaseMs <= now.baseMs) {
      this.delete(accountId, key); // ended in real time: it never answers again
      return undefined;
    }
    // Ended on the reader's clock only: kept, for a clock set back (or an owner other than the reader) may see it again.
    if (!answersAt(entry.expires, now)) return undefined;
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  }

  deleteAccount(accountId: number): void {
    const entries = this.byAccount.get(accountId);
    if (!entries) return;
    if (this.owners) for (const key of entries.keys()) this.owners.delete(key);
    this.total -= entries.size;
    this.byAccount.delete(accountId);
  }

  clear(): void {
    this.byAccount.clear();
    this.owners?.clear();
    this.total = 0;
  }

  private delete(accountId: number, key: string): void {
    const entries = this.byAccount.get(accountId);
    if (!entries?.delete(key)) return;
    this.owners?.delete(key);
    this.total--;
    if (entries.size === 0) this.byAccount.delete(accountId);
  }

  private evictFromLargest(): void {
    let largest: Map<string, Expiring> | undefined;
    let largestAccount = 0;
    for (const [accountId, entries] of this.byAccount) {
      if (!largest || entries.size > largest.size) [largest, largestAccount] = [entries, accountId];
    }
    if (!largest) return;
    this.delete(largestAccount, largest.keys().next().value as string);
  }
}

const JOURNAL_TRIM_AT = REQUEST_JOURNAL_CAP + Math.ceil(REQUEST_JOURNAL_CAP / 4);

/** One account's journal: entries oldest first, with the bytes each holds (see MAX_JOURNAL_BYTES). */
interface AccountJournal {
  entries: unknown[];
  weights: number[];
  bytes: number;
}

/** What an appended entry holds in bodies: a builder says (heldBytes); a built entry counts 0. */
const heldBytesOf = (entry: unknown): number => (typeof entry === 'function' ? ((entry as JournalEntryBuilder).heldBytes ?? 0) : 0);

export class ProcessState {
  private readonly clockOffsets = new Map<number, { offsetMs: number; history: readonly OffsetChange[] }>();
  private eventSeq = 0;
  private readonly searches = new PerAccountLru(MAX_SEARCH_KEYS_PER_ACCOUNT, MAX_SEARCH_KEYS, true);
  /** Per account, by service_hash: a hotel.php call re-records dozens, so no key strings are built. */
  private readonly offers = new PerAccountLru(MAX_OFFERS_PER_ACCOUNT, MAX_OFFERS, false);
  private readonly rateLimits = new SlidingWindowRateLimiter();
  private readonly journals = new Map<number, AccountJournal>();
  private journalEntries = 0;
  private journalBytes = 0;
  /** Per account, the latest clock it was known to read with: its own expired entries can be swept. */
  /** The latest real time this state was told of (real time never goes back): what has ended by it is gone. */
  latestBaseMs = -Infinity;

  /** Entries held, for figures (benchmarks, tests). */
  sizes(accountId?: number): { searches: number; offers: number } {
    return accountId === undefined
      ? { searches: this.searches.size, offers: this.offers.size }
      : { searches: this.searches.sizeOf(accountId), offers: this.offers.sizeOf(accountId) };
  }

  getClockOffset(accountId: number): number {
    return this.clockOffsets.get(accountId)?.offsetMs ?? 0;
  }
  getClockHistory(accountId: number): readonly OffsetChange[] {
    return this.clockOffsets.get(accountId)?.history ?? [];
  }
  /** Changes without a `fromSeq` are stamped with the next sequence number: after every request recorded so far. */
  setClockOffset(accountId: number, offsetMs: number, history: readonly OffsetChange[] = []): void {
    const stamped = history.map((change) => (change.fromSeq === undefined ? { ...change, fromSeq: this.nextSeq() } : change));
    this.clockOffsets.set(accountId, { offsetMs, history: frozenCopy(stamped) });
  }

  putSearch(accountId: number, searchId: string, value: unknown, expires: Expiry): void {
    this.searches.put(accountId, searchId, frozenCopy(value), expires, this.latestBaseMs);
  }
  /**
   * The stored search itself, deeply frozen: read on every cached search and hotel.php, so never copied.
   * `now` is the reader's: its real time (shared by all) may drop the entry, its clock only judges it.
   */
  getSearch(searchId: string, now: Instant): { accountId: number; value: unknown } | undefined {
    this.observeBaseTime(now.baseMs);
    const owner = this.searches.ownerOf(searchId);
    if (owner === undefined) return undefined;
    const entry = this.searches.get(owner, searchId, now);
    return entry && { accountId: entry.accountId, value: entry.value };
  }
  putOffers(accountId: number, serviceHashes: readonly string[], value: unknown, expires: Expiry): void {
    const stored = frozenCopy(value); // one frozen value serves every hash
    for (const serviceHash of serviceHashes) this.offers.put(accountId, serviceHash, stored, expires, this.latestBaseMs);
  }
  getOffer(accountId: number, serviceHash: string, now: Instant): unknown {
    this.observeBaseTime(now.baseMs);
    return structuredClone(this.offers.get(accountId, serviceHash, now)?.value);
  }

  hitRateLimit(key: string, nowMs: number, windows: readonly RateLimitWindow[], timeline?: Timeline, accountId?: number): RateLimitDecision {
    return this.rateLimits.hitWindows(key, nowMs, windows, timeline, accountId, this.nextSeq());
  }

  /**
   * The order this process recorded clock moves and rate-limited requests in (timeline.ts): both
   * live only in this process, so one counter orders them, and it may start again with them.
   */
  private nextSeq(): number {
    return ++this.eventSeq;
  }

  /**
   * Keeps the entry as it was handed over, without a copy: a builder until the entry is first read
   * (then the built entry, deeply frozen), or the entry itself, deeply frozen. Entries of cached
   * answers share one frozen response body, which a copy per call would multiply.
   */
  // eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- names the builder that callers may pass instead of a built entry
  appendRequestJournal(accountId: number, entry: unknown | JournalEntryBuilder): void {
    let journal = this.journals.get(accountId);
    if (!journal) this.journals.set(accountId, (journal = { entries: [], weights: [], bytes: 0 }));
    const weight = heldBytesOf(entry);
    journal.entries.push(typeof entry === 'function' ? entry : deepFreeze(entry));
    journal.weights.push(weight);
    journal.bytes += weight;
    this.journalEntries += 1;
    this.journalBytes += weight;
    // Trimmed once it holds a quarter more than the cap, not on every call: one shift of the array per
    // cap/4 appends. (Entries hold their response bodies: twice the cap held twice the memory.)
    if (journal.entries.length >= JOURNAL_TRIM_AT) this.trimJournal(journal, journal.entries.length - REQUEST_JOURNAL_CAP);
    this.boundJournals();
  }
  /** Journal entries held over all accounts, and the bytes of bodies they hold, for figures (benchmarks, tests). */
  journalSize(): number {
    return this.journalEntries;
  }
  journalHeldBytes(): number {
    return this.journalBytes;
  }
  requestJournal(accountId: number): unknown[] {
    const journal = this.journals.get(accountId);
    if (!journal) return [];
    if (journal.entries.length > REQUEST_JOURNAL_CAP) this.trimJournal(journal, journal.entries.length - REQUEST_JOURNAL_CAP);
    const { entries } = journal;
    for (let index = 0; index < entries.length; index++) {
      if (typeof entries[index] === 'function') entries[index] = deepFreeze(journalEntryOf(entries[index]));
    }
    return structuredClone(entries.filter((entry) => entry !== undefined));
  }

  /**
   * One page, newest first (see Store.readRequestJournal): from the newest end, building only the
   * entries it reaches, and no copy but the JSON text of those it keeps.
   */
  readRequestJournal(accountId: number, page: JournalPage): JournalPageRead {
    const walk = new JournalPageWalk(page);
    const journal = this.journals.get(accountId);
    if (!journal) return walk.read(0);
    if (journal.entries.length > REQUEST_JOURNAL_CAP) this.trimJournal(journal, journal.entries.length - REQUEST_JOURNAL_CAP);
    const { entries } = journal;
    let index = entries.length - 1;
    for (; index >= 0; index--) {
      if (typeof entries[index] === 'function') entries[index] = deepFreeze(journalEntryOf(entries[index]));
      if (!walk.take(entries[index])) break;
    }
    return walk.read(Math.max(0, index));
  }

  resetAccount(accountId: number): void {
    this.rateLimits.giveBack(accountId);
    this.clockOffsets.delete(accountId);
    const journal = this.journals.get(accountId);
    if (journal) this.trimJournal(journal, journal.entries.length);
    this.journals.delete(accountId);
    this.offers.deleteAccount(accountId);
    this.searches.deleteAccount(accountId);
  }

  reset(): void {
    for (const map of [this.clockOffsets, this.journals]) map.clear();
    this.journalEntries = 0;
    this.journalBytes = 0;
    this.searches.clear();
    this.offers.clear();
    this.rateLimits.reset();
  }

  /** Drops the `oldest` entries of one account's journal. */
  private trimJournal(journal: AccountJournal, oldest: number): void {
    const dropped = journal.weights.splice(0, oldest).reduce((sum, weight) => sum + weight, 0);
    journal.entries.splice(0, oldest);
    journal.bytes -= dropped;
    this.journalEntries -= oldest;
    this.journalBytes -= dropped;
  }
  /**
   * Over MAX_JOURNAL_ENTRIES the account holding the most entries, over MAX_JOURNAL_BYTES the one
   * holding the most bytes, loses its oldest entry until both bounds hold (one append adds one entry).
   */
  private boundJournals(): void {
    while (this.journalEntries > MAX_JOURNAL_ENTRIES || this.journalBytes > MAX_JOURNAL_BYTES) {
      const byBytes = this.journalEntries <= MAX_JOURNAL_ENTRIES;
      let largest: AccountJournal | undefined;
      for (const journal of this.journals.values()) {
        if (journal.entries.length === 0) continue;
        if (!largest || (byBytes ? journal.bytes > largest.bytes : journal.entries.length > largest.entries.length)) largest = journal;
      }
      if (!largest) return;
      this.trimJournal(largest, 1);
    }
  }

  /** The latest instant this process has seen of the account's clock (-Infinity if none). */
  /** Real time as a caller read it: what ended by it is dropped as it is met. */
  observeBaseTime(baseMs: number): void {
    if (baseMs > this.latestBaseMs) this.latestBaseMs = baseMs;
  }
}

/** A deep copy, deeply frozen; a value that is frozen already is taken as deeply frozen and kept as it is. */
function frozenCopy<T>(value: T): T {
  return Object.isFrozen(value) ? value : deepFreeze(structuredClone(value));
}
