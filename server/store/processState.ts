/**
 * The embedded store's per-process state: clock offsets, searches, offers, rate-limit windows and
 * request journals. They are caches or windows of one process, so they live in memory and start
 * empty after a restart (clock offsets too: a restarted sandbox runs on real time again).
 */
import { SlidingWindowRateLimiter, type RateLimitDecision, type RateLimitWindow } from '../domain/rateLimiter.js';
import type { OffsetChange, Timeline } from '../domain/accountClocks.js';
import { REQUEST_JOURNAL_CAP, journalEntryOf, type JournalEntryBuilder } from './store.js';
import { deepFreeze } from '../../conformance/contract/deepFreeze.js';

interface Expiring {
  accountId: number;
  value: unknown;
  expiresAtMs: number;
}

/** Expired searches and offers are swept once a map grows past this many entries. */
const SWEEP_ABOVE = 10_000;

export class ProcessState {
  private readonly clockOffsets = new Map<number, { offsetMs: number; history: readonly OffsetChange[] }>();
  private readonly searches = new Map<string, Expiring>();
  /** Per account, by service_hash: a hotel.php call re-records dozens, so no key strings are built. */
  private readonly offers = new Map<number, Map<string, Expiring>>();
  private readonly rateLimits = new SlidingWindowRateLimiter();
  private readonly journals = new Map<number, unknown[]>();
  /** The latest time a reader asked with: entries expired before it can be swept. */
  private latestNowMs = -Infinity;
  /** Per map, the size at which the next sweep runs: twice what the last one left, so sweeps are amortised O(1). */
  private readonly sweepAt = new WeakMap<Map<string, Expiring>, number>();

  getClockOffset(accountId: number): number {
    return this.clockOffsets.get(accountId)?.offsetMs ?? 0;
  }
  getClockHistory(accountId: number): readonly OffsetChange[] {
    return this.clockOffsets.get(accountId)?.history ?? [];
  }
  setClockOffset(accountId: number, offsetMs: number, history: readonly OffsetChange[] = []): void {
    this.clockOffsets.set(accountId, { offsetMs, history: frozenCopy(history) });
  }

  putSearch(accountId: number, searchId: string, value: unknown, expiresAtMs: number): void {
    this.put(this.searches, searchId, { accountId, value: frozenCopy(value), expiresAtMs });
  }
  /** The stored search itself, deeply frozen: read on every cached search and hotel.php, so never copied. */
  getSearch(searchId: string, nowMs: number): { accountId: number; value: unknown } | undefined {
    const entry = this.get(this.searches, searchId, nowMs);
    return entry && { accountId: entry.accountId, value: entry.value };
  }
  putOffers(accountId: number, serviceHashes: readonly string[], value: unknown, expiresAtMs: number): void {
    const stored = frozenCopy(value); // one frozen value serves every hash
    let offers = this.offers.get(accountId);
    if (!offers) this.offers.set(accountId, (offers = new Map()));
    for (const serviceHash of serviceHashes) {
      const entry = offers.get(serviceHash);
      if (entry) {
        // Rewritten in place: the latest offer of a hash wins, as with a new entry.
        entry.value = stored;
        entry.expiresAtMs = expiresAtMs;
      } else {
        this.put(offers, serviceHash, { accountId, value: stored, expiresAtMs });
      }
    }
  }
  getOffer(accountId: number, serviceHash: string, nowMs: number): unknown {
    const offers = this.offers.get(accountId);
    return offers && structuredClone(this.get(offers, serviceHash, nowMs)?.value);
  }

  hitRateLimit(key: string, nowMs: number, windows: readonly RateLimitWindow[], timeline?: Timeline, accountId?: number): RateLimitDecision {
    return this.rateLimits.hitWindows(key, nowMs, windows, timeline, accountId);
  }

  /**
   * Keeps the entry as it was handed over, without a copy: a builder until the entry is first read
   * (then the built entry, deeply frozen), or the entry itself, deeply frozen. Entries of cached
   * answers share one frozen response body, which a copy per call would multiply.
   */
  appendRequestJournal(accountId: number, entry: unknown | JournalEntryBuilder): void {
    const journal = this.journals.get(accountId) ?? [];
    journal.push(typeof entry === 'function' ? entry : deepFreeze(entry));
    // Trimmed once it holds twice the cap, not on every call: one shift of the array per cap appends.
    if (journal.length >= 2 * REQUEST_JOURNAL_CAP) journal.splice(0, journal.length - REQUEST_JOURNAL_CAP);
    this.journals.set(accountId, journal);
  }
  requestJournal(accountId: number): unknown[] {
    const journal = this.journals.get(accountId) ?? [];
    if (journal.length > REQUEST_JOURNAL_CAP) journal.splice(0, journal.length - REQUEST_JOURNAL_CAP);
    for (let index = 0; index < journal.length; index++) {
      if (typeof journal[index] === 'function') journal[index] = deepFreeze(journalEntryOf(journal[index]));
    }
    return structuredClone(journal.filter((entry) => entry !== undefined));
  }

  resetAccount(accountId: number): void {
    this.rateLimits.giveBack(accountId);
    this.clockOffsets.delete(accountId);
    this.journals.delete(accountId);
    this.offers.delete(accountId);
    for (const [key, entry] of this.searches) if (entry.accountId === accountId) this.searches.delete(key);
  }

  reset(): void {
    for (const map of [this.clockOffsets, this.searches, this.offers, this.journals]) map.clear();
    this.rateLimits.reset();
  }

  private put(map: Map<string, Expiring>, key: string, entry: Expiring): void {
    map.set(key, entry);
    if (map.size > (this.sweepAt.get(map) ?? SWEEP_ABOVE)) {
      for (const [candidate, { expiresAtMs }] of map) if (expiresAtMs <= this.latestNowMs) map.delete(candidate);
      this.sweepAt.set(map, Math.max(SWEEP_ABOVE, 2 * map.size));
    }
  }

  private get(map: Map<string, Expiring>, key: string, nowMs: number): Expiring | undefined {
    this.latestNowMs = Math.max(this.latestNowMs, nowMs);
    const entry = map.get(key);
    return entry && entry.expiresAtMs > nowMs ? entry : undefined;
  }
}

/** A deep copy, deeply frozen; a value that is frozen already is taken as deeply frozen and kept as it is. */
function frozenCopy<T>(value: T): T {
  return Object.isFrozen(value) ? value : deepFreeze(structuredClone(value));
}
