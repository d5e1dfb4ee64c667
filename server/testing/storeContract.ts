/**
 * The one contract every Store passes (lowdbStore.test.ts, postgresStore.test.ts).
 * `makeStore` gives an empty store; `reopen` (optional) opens a second store on the same data,
 * as a restarted or second replica would.
 */
import { at, until } from './instants.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { BookingRecord } from '../domain/bookings/record.js';
import type { StubSet } from '../domain/stubs/stub.js';
import { rateLimitWindows } from '../domain/rateLimiter.js';
import { BOOKING_ID_MAX, BOOKING_ID_MIN } from '../store/bookingIds.js';
import { BookingsFullError, IDEMPOTENCY_RECORDS_PER_ACCOUNT, IDEMPOTENCY_TTL_MS, REQUEST_JOURNAL_CAP, type OutboxEmail, type Store } from '../domain/ports/store.js';

export function testBooking(id: number, bookhash: string, overrides: Partial<BookingRecord> = {}): BookingRecord {
  return {
    id, bookhash, accountId: 1, hotelId: 4127, serviceHash: '4127-SUPDBL-3-20261215-20261218-2',
    arrival: '2026-12-15', departure: '2026-12-18', nights: 3, persons: 2,
    guest: { first_name: 'Anna', last_name: 'de Vries', email: 'anna.devries@example.com', phone: '+31 20 555 0101' },
    clientRemarks: null, roomName: 'Superior Double Room', roomType: 'Superior Room', bedding: 'Double Bed',
    meal: 'nomeal', totalPrice: '453.75', currency: 'EUR', pricePerNight: ['151.25', '151.25', '151.25'],
    quotedTotalPrice: '453.75', chargeAmount: '453.75', chargeCurrency: 'EUR', taxes: [], refundable: true,
    freeCancellationBefore: '2026-12-12T23:59:00', policies: [], status: 'processing', paid: 'no',
    supplierOrderId: null, hotelName: 'Canal Garden Hotel', hotelAddress: 'Keizersgracht 312', hotelCity: 'Amsterdam',
    hotelCountry: 'NL', hotelStars: 4, hotelPhone: '+31 20 555 4127', hotelImage: null, createdAt: '2026-11-21 10:15:42',
    csrfToken: 'token', paymentAttemptedAt: null, cancelledAt: null, refundSettlesAt: null,
    supplierCancelFailedAt: null, ...overrides,
  };
}

export const testHash = (n: number) => `H${String(n).padStart(29, '0')}`;
export const testEmail = (bookhash: string, subject = 's'): OutboxEmail => ({
  to: 'a@example.com', subject, text: 't', bookhash, sent_at: '2026-11-21T10:00:00.000Z',
});

const NOW = Date.parse('2026-11-21T10:00:00Z');

/** A stub set as the domain writes it (domain/stubs/stub.ts). */
function testStubSet(id: string): StubSet {
  return {
    state: 'Started',
    nextId: 8,
    stubs: [{
      id, name: null, operation: 'searchHotels', priority: 5, match: { body: { location: 'Paris' } }, remaining: 2, state: null,
      response: { status: 429, headers: { 'retry-after': '7' }, body: { error: 'x' } }, fault: null, delay: null,
      trickle_interval_ms: null, nonconforming: false, created_at: '2026-11-21T10:00:00.000Z', answered: 0,
    }],
  };
}
const WINDOWS = rateLimitWindows({ perMinute: 2, perDay: 3 });

/**
 * Inside a describe: `fresh()` opens a store with `makeStore` (or `open`, e.g. a reopen) and keeps
 * it, and every store opened so is closed after each test (both store contracts open theirs so).
 */
export function freshStores(makeStore: () => Promise<Store>): (open?: () => Promise<Store>) => Promise<Store> {
  const opened: Store[] = [];
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
  });
  return async (open = makeStore) => {
    const store = await open();
    opened.push(store);
    return store;
  };
}

export function describeStoreContract(
  name: string,
  makeStore: () => Promise<Store>,
  reopen?: (store: Store) => Promise<Store>,
): void {
  describe(`Store contract: ${name}`, () => {
    const fresh = freshStores(makeStore);

    it('inserts bookings with random 9-digit ids and finds them by bookhash and account', async () => {
      const store = await fresh();
      const first = await store.insertBooking((id) => testBooking(id, testHash(1)));
      const second = await store.insertBooking((id) => testBooking(id, testHash(2), { accountId: 2 }));
      for (const { id } of [first, second]) expect(id >= BOOKING_ID_MIN && id <= BOOKING_ID_MAX).toBe(true);
      expect(second.id).not.toBe(first.id);
      expect(await store.findBooking(testHash(1))).toEqual(first);
      expect(await store.findBooking(testHash(3))).toBeUndefined();
      expect((await store.bookingsOfAccount(2)).map((booking) => booking.bookhash)).toEqual([testHash(2)]);
      expect(await store.countBookings()).toBe(2);
    });

    it('updates atomically: of 50 concurrent cancels of one booking exactly one changes it', async () => {
      const store = await fresh();
      await store.insertBooking((id) => testBooking(id, testHash(1), { status: 'booking_confirmed' }));
      let successes = 0;
      await Promise.all(
        Array.from({ length: 50 }, () =>
          store.updateBooking(testHash(1), (current) => {
            if (current.status !== 'booking_confirmed') return undefined;
            successes += 1;
            return { booking: { ...current, status: 'booking_cancelled' }, emails: [testEmail(current.bookhash)] };
          }),
        ),
      );
      expect(successes).toBe(1);
      expect((await store.findBooking(testHash(1)))?.status).toBe('booking_cancelled');
      expect(await store.outbox()).toEqual([testEmail(testHash(1))]);
    });

    it('updateBooking gives undefined for an unknown booking and the current record when nothing changes', async () => {
      const store = await fresh();
      const booking = await store.insertBooking((id) => testBooking(id, testHash(1)));
      expect(await store.updateBooking(testHash(9), (current) => current)).toBeUndefined();
      expect(await store.updateBooking(testHash(1), () => undefined)).toEqual(booking);
    });

    it('keeps the outbox per account', async () => {
      const store = await fresh();
      await store.insertBooking((id) => testBooking(id, testHash(1)));
      await store.insertBooking((id) => testBooking(id, testHash(2), { accountId: 2 }));
      for (const hash of [testHash(1), testHash(2)]) {
        await store.updateBooking(hash, (current) => ({ booking: { ...current, paid: 'yes' }, emails: [testEmail(hash)] }));
      }
      expect(await store.outboxOfAccount(2)).toEqual([testEmail(testHash(2))]);
      expect(await store.outbox()).toHaveLength(2);
    });

    it('idempotency: claims a key once, replays its answer, and expires it after 24 h', async () => {
      const store = await fresh();
      const use = { accountId: 1, key: 'k-1', fingerprint: 'f1' };
      expect(await store.claimIdempotencyKey(use, at(NOW))).toEqual({ state: 'claimed' });
      expect(await store.claimIdempotencyKey(use, at(NOW))).toEqual({ state: 'in_progress', fingerprint: 'f1' });
      // The key is per account.
      expect(await store.claimIdempotencyKey({ ...use, accountId: 2 }, at(NOW))).toEqual({ state: 'claimed' });
      const response = { status: 200, body: { status: 'ok', booking_url: 'u' } };
      await store.insertBooking((id) => testBooking(id, testHash(1)), { ...use, response, at: at(NOW) });
      expect(await store.claimIdempotencyKey(use, at(NOW + 1000))).toEqual({ state: 'completed', fingerprint: 'f1', response });
      expect(await store.claimIdempotencyKey(use, at(NOW + IDEMPOTENCY_TTL_MS))).toEqual({ state: 'claimed' });
    });

    it('idempotency: a released claim can be claimed again', async () => {
      const store = await fresh();
      const use = { accountId: 1, key: 'k-2', fingerprint: 'f1' };
      await store.claimIdempotencyKey(use, at(NOW));
      await store.releaseIdempotencyKey(1, 'k-2');
      expect(await store.claimIdempotencyKey({ ...use, fingerprint: 'f2' }, at(NOW))).toEqual({ state: 'claimed' });
    });

    it('an idempotency record goes with its booking, and an account keeps its newest IDEMPOTENCY_RECORDS_PER_ACCOUNT', async () => {
      const store = await fresh();
      const response = { status: 200, body: { status: 'ok' } };
      const use = (key: string) => ({ accountId: 1, key, fingerprint: 'f' });
      await store.insertBooking((id) => testBooking(id, testHash(1)), { ...use('first'), response, at: at(NOW) }, 1);
      expect(await store.claimIdempotencyKey(use('first'), at(NOW))).toMatchObject({ state: 'completed' });
      // Room for one booking: the second retires the first (not confirmed), and its key goes with it.
      await store.insertBooking((id) => testBooking(id, testHash(2)), { ...use('second'), response, at: at(NOW) }, 1);
      expect(await store.claimIdempotencyKey(use('first'), at(NOW))).toEqual({ state: 'claimed' });
      await store.releaseIdempotencyKey(1, 'first');
      for (let n = 0; n < IDEMPOTENCY_RECORDS_PER_ACCOUNT; n++) {
        await store.insertBooking((id) => testBooking(id, testHash(10 + n)), { ...use(`k${n}`), response, at: at(NOW + n) });
      }
      expect(await store.claimIdempotencyKey(use('second'), at(NOW + 2_000))).toEqual({ state: 'claimed' }); // the oldest went
      expect(await store.claimIdempotencyKey(use('k0'), at(NOW + 2_000))).toMatchObject({ state: 'completed' });
      expect(await store.claimIdempotencyKey({ ...use('k0'), accountId: 2 }, at(NOW + 2_000))).toEqual({ state: 'claimed' });
    });

    it('keeps clock offsets per account (0 when never set)', async () => {
      const store = await fresh();
      expect(await store.getClockOffset(1)).toBe(0);
      await store.setClockOffset(1, 86_400_000);
      await store.setClockOffset(1, -5000);
      expect(await store.getClockOffset(1)).toBe(-5000);
      expect(await store.getClockOffset(2)).toBe(0);
      expect(await store.getClockHistory(1)).toEqual([]);
      const history = [{ fromBaseMs: -8.64e15, fromSeq: 0, offsetMs: 0 }, { fromBaseMs: NOW, fromSeq: 1, offsetMs: 7000 }];
      await store.setClockOffset(1, 7000, history);
      expect(await store.getClockOffset(1)).toBe(7000);
      expect(await store.getClockHistory(1)).toEqual(history);
      expect(await store.getClockHistory(2)).toEqual([]);
    });

    it('stamps a clock move given without a sequence number after every request it recorded before, and before every later one', async () => {
      const store = await fresh();
      // Three events in one millisecond: a request, a move of a minute and more, a request.
      expect(await store.hitRateLimit('ip|/search.php', NOW, WINDOWS, [], 1)).toMatchObject({ allowed: true });
      // As AccountClocks writes it: real time since ever, then the move.
      await store.setClockOffset(1, 61_000, [{ fromBaseMs: -8.64e15, offsetMs: 0 }, { fromBaseMs: NOW, offsetMs: 61_000 }]);
      const [, move] = await store.getClockHistory(1);
      expect(move).toMatchObject({ fromBaseMs: NOW, offsetMs: 61_000, fromSeq: expect.any(Number) });
      // On the moved clock the first request is over a minute old: the window (2 a minute) has room for two.
      const timeline = await store.getClockHistory(1);
      expect(await store.hitRateLimit('ip|/search.php', NOW, WINDOWS, timeline, 1)).toMatchObject({ allowed: true });
      expect(await store.hitRateLimit('ip|/search.php', NOW, WINDOWS, timeline, 1)).toMatchObject({ allowed: true });
      expect(await store.hitRateLimit('ip|/search.php', NOW, WINDOWS, timeline, 1)).toMatchObject({ allowed: false, window: 'minute' });
      // A second move of the same millisecond keeps the first, and comes after it.
      await store.setClockOffset(1, 0, [...timeline, { fromBaseMs: NOW, offsetMs: 0 }]);
      const [, first, second] = await store.getClockHistory(1);
      expect(first).toEqual(move);
      expect(second?.fromSeq).toBeGreaterThan(first?.fromSeq ?? Infinity);
    });

    it('keeps searches and offers until they expire', async () => {
      const store = await fresh();
      const search = { hotels: [1, 2] };
      await store.putSearch(1, 'search-1', search, until(NOW + 1000));
      search.hotels.push(3); // the store kept a copy
      expect(await store.getSearch('search-1', at(NOW))).toEqual({ accountId: 1, value: { hotels: [1, 2] } });
      expect(await store.getSearch('search-1', at(NOW + 1000))).toBeUndefined();
      expect(await store.getSearch('search-2', at(NOW))).toBeUndefined();
      // Real time never goes back: the offers are written later than the searches were read.
      const LATER = NOW + 10_000;
      await store.putOffers(1, ['hash-a', 'hash-b'], { currency: 'USD' }, until(LATER + 1000));
      await store.putOffers(1, ['hash-a', 'hash-a'], { currency: 'GBP' }, until(LATER + 2000));
      await store.putOffers(1, [], { currency: 'EUR' }, until(LATER + 2000));
      expect(await store.getOffer(1, 'hash-a', at(LATER + 1500))).toEqual({ currency: 'GBP' });
      expect(await store.getOffer(1, 'hash-b', at(LATER + 500))).toEqual({ currency: 'USD' });
      expect(await store.getOffer(1, 'hash-b', at(LATER + 1500))).toBeUndefined();
      expect(await store.getOffer(2, 'hash-a', at(LATER))).toBeUndefined();
      expect(await store.getOffer(1, 'hash-a', at(LATER + 2000))).toBeUndefined();
    });

    it('rate limits with sliding windows of accepted requests; refused ones do not count', async () => {
      const store = await fresh();
      expect(await store.hitRateLimit('1:/search.php', NOW, WINDOWS)).toMatchObject({ allowed: true });
      expect(await store.hitRateLimit('1:/search.php', NOW + 10_000, WINDOWS)).toMatchObject({ allowed: true });
      expect(await store.hitRateLimit('1:/search.php', NOW + 20_000, WINDOWS)).toMatchObject({
        allowed: false, window: 'minute', limit: 2, retryAfterSeconds: 40,
      });
      expect(await store.hitRateLimit('2:/search.php', NOW, WINDOWS)).toMatchObject({ allowed: true });
      // The refused request did not count: 60 s after the first, one slot is free again.
      expect(await store.hitRateLimit('1:/search.php', NOW + 60_000, WINDOWS)).toMatchObject({ allowed: true });
      expect(await store.hitRateLimit('1:/search.php', NOW + 130_000, WINDOWS)).toMatchObject({
        allowed: false, window: 'day', limit: 3, retryAfterSeconds: 86_400 - 130,
      });
    });

    it('rate limits on the asker\'s timeline: requests placed over a minute ago no longer count', async () => {
      const store = await fresh();
      await store.hitRateLimit('k', NOW, WINDOWS);
      await store.hitRateLimit('k', NOW + 1000, WINDOWS);
      // This asker's clock jumped 2 minutes at NOW + 500: the first request is over a minute old for it.
      const timeline = [{ fromBaseMs: NOW, offsetMs: 0 }, { fromBaseMs: NOW + 500, offsetMs: 120_000 }];
      expect(await store.hitRateLimit('k', NOW + 2000, WINDOWS, timeline)).toMatchObject({ allowed: true });
      expect((await store.hitRateLimit('k', NOW + 3000, WINDOWS)).allowed).toBe(false);
    });

    it('resetAccount(A) gives back A\'s rate-limit hits on every key; B\'s hits and hits of no account stay', async () => {
      const store = await fresh();
      const realTime = undefined;
      // Account 1 fills the minute window of two keys; account 2 has one hit on the first.
      expect(await store.hitRateLimit('ip|/search.php', NOW, WINDOWS, realTime, 1)).toMatchObject({ allowed: true });
      expect(await store.hitRateLimit('ip|/search.php', NOW + 1000, WINDOWS, realTime, 2)).toMatchObject({ allowed: true });
      expect((await store.hitRateLimit('ip|/search.php', NOW + 2000, WINDOWS, realTime, 3)).allowed).toBe(false);
      expect(await store.hitRateLimit('ip|/hotel.php', NOW, WINDOWS, realTime, 1)).toMatchObject({ allowed: true });
      expect(await store.hitRateLimit('ip|/hotel.php', NOW, WINDOWS, realTime, 1)).toMatchObject({ allowed: true });
      expect(await store.hitRateLimit('other|/hotel.php', NOW, WINDOWS)).toMatchObject({ allowed: true });
      expect(await store.hitRateLimit('other|/hotel.php', NOW, WINDOWS)).toMatchObject({ allowed: true });
      await store.resetAccount(1);
      // Account 2's hit stays: one slot is free on /search.php, not two.
      expect(await store.hitRateLimit('ip|/search.php', NOW + 3000, WINDOWS, realTime, 3)).toMatchObject({ allowed: true });
      expect(await store.hitRateLimit('ip|/search.php', NOW + 4000, WINDOWS, realTime, 3)).toMatchObject({
        allowed: false, window: 'minute', limit: 2, retryAfterSeconds: 57,
      });
      // /hotel.php had account 1's hits only: free again; the hits of no account stay.
      expect(await store.hitRateLimit('ip|/hotel.php', NOW + 3000, WINDOWS, realTime, 2)).toMatchObject({ allowed: true });
      expect((await store.hitRateLimit('other|/hotel.php', NOW + 3000, WINDOWS, realTime, 1)).allowed).toBe(false);
      // Account 2's reset gives its hit back too; account 3's (at NOW + 3000) stays.
      await store.resetAccount(2);
      expect(await store.hitRateLimit('ip|/search.php', NOW + 5000, WINDOWS, realTime, 1)).toMatchObject({ allowed: true });
      expect(await store.hitRateLimit('ip|/search.php', NOW + 6000, WINDOWS, realTime, 1)).toMatchObject({
        allowed: false, window: 'minute', limit: 2, retryAfterSeconds: 57,
      });
    });

    it('rate limits atomically: of 10 concurrent hits with a limit of 2, two are allowed', async () => {
      const store = await fresh();
      const decisions = await Promise.all(Array.from({ length: 10 }, () => store.hitRateLimit('k', NOW, WINDOWS)));
      expect(decisions.filter((decision) => decision.allowed)).toHaveLength(2);
    });

    it('caps the request journal of each account, keeping the newest entries', async () => {
      const store = await fresh();
      for (let index = 0; index < REQUEST_JOURNAL_CAP + 5; index++) await store.appendRequestJournal(1, { index });
      await store.appendRequestJournal(2, { index: 'other' });
      const journal = await store.requestJournal(1);
      expect(journal).toHaveLength(REQUEST_JOURNAL_CAP);
      expect(journal[0]).toEqual({ index: 5 });
      expect(journal.at(-1)).toEqual({ index: REQUEST_JOURNAL_CAP + 4 });
      expect(await store.requestJournal(2)).toEqual([{ index: 'other' }]);
    });

    it('reads a page of the journal from its newest end: limit, offset, byte budget, filter, and what it did not walk', async () => {
      const store = await fresh();
      for (let n = 1; n <= 30; n++) await store.appendRequestJournal(1, { n, pad: 'x'.repeat(n) });
      await store.appendRequestJournal(2, { n: 'other' });
      const texts = (page: { entries: string[] }) => page.entries.map((text) => (JSON.parse(text) as { n: number }).n);
      const newest = await store.readRequestJournal(1, { limit: 3 });
      expect(texts(newest)).toEqual([30, 29, 28]);
      expect(newest).toMatchObject({ cut: false, notWalked: 27 });
      expect(newest.bytes).toBe(newest.entries.reduce((sum, text) => sum + text.length + 1, 0));
      expect(newest.entries[0]).toBe(JSON.stringify({ n: 30, pad: 'x'.repeat(30) }));
      expect(texts(await store.readRequestJournal(1, { limit: 2, offset: 3 }))).toEqual([27, 26]);
      const one = JSON.stringify({ n: 30, pad: 'x'.repeat(30) }).length;
      // The budget holds two entries, not three: the third is cut, and the 27 older were never reached.
      const cut = await store.readRequestJournal(1, { limit: 100, maxBytes: 2 * one + 1 });
      expect(texts(cut)).toEqual([30, 29]);
      expect(cut).toMatchObject({ cut: true, notWalked: 27 });
      // The first entry comes even when it alone is past the budget.
      expect(texts(await store.readRequestJournal(1, { limit: 100, maxBytes: 1 }))).toEqual([30]);
      const even = await store.readRequestJournal(1, { limit: 2, offset: 1, matches: (entry) => (entry as { n: number }).n % 2 === 0 });
      expect(texts(even)).toEqual([28, 26]);
      expect(even.notWalked).toBe(25);
      const all = await store.readRequestJournal(1, { limit: REQUEST_JOURNAL_CAP });
      expect(texts(all)).toEqual(Array.from({ length: 30 }, (_, index) => 30 - index));
      expect(all).toMatchObject({ cut: false, notWalked: 0 });
      expect(texts(await store.readRequestJournal(2, { limit: 10 }))).toEqual(['other']);
      expect(await store.readRequestJournal(3, { limit: 10 })).toEqual({ entries: [], bytes: 0, cut: false, notWalked: 0 });
    });

    it('a page of a journal at its cap holds the newest entries and counts only the kept ones as not walked', async () => {
      const store = await fresh();
      for (let index = 0; index < REQUEST_JOURNAL_CAP + 5; index++) await store.appendRequestJournal(1, { index });
      const page = await store.readRequestJournal(1, { limit: 2 });
      expect(page.entries).toEqual([JSON.stringify({ index: REQUEST_JOURNAL_CAP + 4 }), JSON.stringify({ index: REQUEST_JOURNAL_CAP + 3 })]);
      expect(page.notWalked).toBe(REQUEST_JOURNAL_CAP - 2);
    });

    it('takes journal entries as builders too: built once, in order, and none for a builder that gives nothing', async () => {
      const store = await fresh();
      let builds = 0;
      await store.appendRequestJournal(1, { n: 1 });
      await store.appendRequestJournal(1, () => (builds++, { n: 2 }));
      await store.appendRequestJournal(1, () => undefined);
      await store.appendRequestJournal(1, { n: 3 });
      expect(await store.requestJournal(1)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(await store.requestJournal(1)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(builds).toBe(1);
    });

    it('resetAccount drops everything of that account only; other ids stay and new ids keep increasing', async () => {
      const store = await fresh();
      const mine = await store.insertBooking((id) => testBooking(id, testHash(1)));
      const theirs = await store.insertBooking((id) => testBooking(id, testHash(2), { accountId: 2 }));
      for (const hash of [testHash(1), testHash(2)]) {
        await store.updateBooking(hash, (current) => ({ booking: current, emails: [testEmail(hash)] }));
      }
      for (const accountId of [1, 2]) {
        await store.setClockOffset(accountId, 1000);
        await store.putSearch(accountId, `search-${accountId}`, {}, until(NOW + 1000));
        await store.putOffers(accountId, ['hash'], {}, until(NOW + 1000));
        await store.appendRequestJournal(accountId, { n: 1 });
        await store.claimIdempotencyKey({ accountId, key: 'k', fingerprint: 'f' }, at(NOW));
      }
      await store.resetAccount(1);
      expect(await store.findBooking(testHash(1))).toBeUndefined();
      expect(await store.findBooking(testHash(2))).toEqual(theirs);
      expect(await store.outbox()).toEqual([testEmail(testHash(2))]);
      expect(await store.getClockOffset(1)).toBe(0);
      expect(await store.getClockOffset(2)).toBe(1000);
      expect(await store.getSearch('search-1', at(NOW))).toBeUndefined();
      expect(await store.getSearch('search-2', at(NOW))).toBeDefined();
      expect(await store.getOffer(1, 'hash', at(NOW))).toBeUndefined();
      expect(await store.getOffer(2, 'hash', at(NOW))).toBeDefined();
      expect(await store.requestJournal(1)).toEqual([]);
      expect(await store.requestJournal(2)).toHaveLength(1);
      expect(await store.claimIdempotencyKey({ accountId: 1, key: 'k', fingerprint: 'f' }, at(NOW))).toEqual({ state: 'claimed' });
      expect((await store.claimIdempotencyKey({ accountId: 2, key: 'k', fingerprint: 'f' }, at(NOW))).state).toBe('in_progress');
      const next = await store.insertBooking((id) => testBooking(id, testHash(3)));
      expect([mine.id, theirs.id]).not.toContain(next.id);
    });

    it('ids say nothing of the order or number of bookings: 60 ids, unique, not sorted; an account lists its own in the order made', async () => {
      const store = await fresh();
      const made: BookingRecord[] = [];
      for (let n = 1; n <= 60; n += 1) made.push(await store.insertBooking((id) => testBooking(id, testHash(n), { accountId: 1 + (n % 2) })));
      const ids = made.map((booking) => booking.id);
      expect(new Set(ids).size).toBe(60);
      expect(ids).not.toEqual([...ids].sort((a, b) => a - b));
      expect(ids).not.toEqual([...ids].sort((a, b) => b - a));
      expect((await store.bookingsOfAccount(1)).map((booking) => booking.bookhash)).toEqual(made.filter((booking) => booking.accountId === 1).map((booking) => booking.bookhash));
    });

    it('reset drops everything', async () => {
      const store = await fresh();
      await store.insertBooking((id) => testBooking(id, testHash(1)));
      await store.insertBooking((id) => testBooking(id, testHash(2)));
      await store.setClockOffset(1, 5);
      await store.appendRequestJournal(1, {});
      await store.reset();
      expect(await store.countBookings()).toBe(0);
      expect(await store.outbox()).toEqual([]);
      expect(await store.getClockOffset(1)).toBe(0);
      expect(await store.requestJournal(1)).toEqual([]);
      expect(await store.insertBooking((id) => testBooking(id, testHash(1)))).toMatchObject({ bookhash: testHash(1) });
    });

    it('keepPerAccount: a new booking retires the account\'s oldest unconfirmed ones with their e-mails; all confirmed: BookingsFullError, nothing written', async () => {
      const store = await fresh();
      const confirmed = { status: 'booking_confirmed' as const, paid: 'yes' as const };
      await store.insertBooking((id) => testBooking(id, testHash(1)));
      await store.insertBooking((id) => testBooking(id, testHash(2), confirmed));
      await store.insertBooking((id) => testBooking(id, testHash(3), { status: 'booking_cancelled' }));
      await store.insertBooking((id) => testBooking(id, testHash(9), { accountId: 2 }));
      for (const hash of [testHash(1), testHash(2), testHash(9)]) {
        await store.updateBooking(hash, (current) => ({ booking: current, emails: [testEmail(hash)] }));
      }
      await store.insertBooking((id) => testBooking(id, testHash(4)), undefined, 3);
      const held = async (accountId: number) => (await store.bookingsOfAccount(accountId)).map((booking) => booking.bookhash);
      expect(await held(1)).toEqual([testHash(2), testHash(3), testHash(4)]);
      expect(await store.findBooking(testHash(1))).toBeUndefined();
      expect((await store.outbox()).map((email) => email.bookhash)).toEqual([testHash(2), testHash(9)]);
      await store.insertBooking((id) => testBooking(id, testHash(5), confirmed), undefined, 2);
      expect(await held(1)).toEqual([testHash(2), testHash(5)]);
      // Two confirmed bookings and a room for two: the next one is refused and nothing changes.
      await expect(store.insertBooking((id) => testBooking(id, testHash(6)), undefined, 2)).rejects.toBeInstanceOf(BookingsFullError);
      expect(await held(1)).toEqual([testHash(2), testHash(5)]);
      expect(await store.findBooking(testHash(6))).toBeUndefined();
      expect(await held(2)).toEqual([testHash(9)]);
      expect(await store.countBookings()).toBe(3);
      if (reopen) {
        const again = await fresh(() => reopen(store));
        expect((await again.bookingsOfAccount(1)).map((booking) => booking.bookhash)).toEqual([testHash(2), testHash(5)]);
        expect((await again.outbox()).map((email) => email.bookhash)).toEqual([testHash(2), testHash(9)]);
      }
    });

    it("keeps each account's stubs apart, changes them atomically, drops an empty set, and drops them with the account's reset", async () => {
      const store = await fresh();
      expect(await store.stubsOf(1)).toBeUndefined();
      const set = testStubSet('stub_1');
      expect(await store.changeStubs(1, (current) => (current === undefined ? set : undefined))).toEqual(set);
      expect(await store.stubsOf(1)).toEqual(set);
      expect(await store.stubsOf(2)).toBeUndefined();
      // Concurrent changes each read what the one before wrote: no count is lost.
      await Promise.all(Array.from({ length: 5 }, () => store.changeStubs(1, (current) => ({ ...current!, nextId: current!.nextId + 1 }))));
      expect((await store.stubsOf(1))?.nextId).toBe(set.nextId + 5);
      expect(await store.changeStubs(1, () => undefined)).toMatchObject({ nextId: set.nextId + 5 });
      expect(await store.changeStubs(1, () => ({ state: 'Started', stubs: [], nextId: 9 }))).toBeUndefined();
      expect(await store.stubsOf(1)).toBeUndefined();
      await store.changeStubs(1, () => set);
      await store.changeStubs(2, () => set);
      await store.resetAccount(1);
      expect(await store.stubsOf(1)).toBeUndefined();
      expect(await store.stubsOf(2)).toEqual(set);
      await store.reset();
      expect(await store.stubsOf(2)).toBeUndefined();
    });

    if (reopen) {
      it('keeps stubs across a reopen (every replica answers them, a restart keeps them)', async () => {
        const store = await fresh();
        const set = testStubSet('stub_7');
        await store.changeStubs(3, () => set);
        const again = await fresh(() => reopen(store));
        expect(await again.stubsOf(3)).toEqual(set);
      });

      it('keeps bookings, updates, e-mails, idempotency records and their ids across a reopen', async () => {
        const store = await fresh();
        const use = { accountId: 1, key: 'k', fingerprint: 'f' };
        const response = { status: 200, body: { status: 'ok' } };
        await store.claimIdempotencyKey(use, at(NOW));
        await store.insertBooking((id) => testBooking(id, testHash(1)), { ...use, response, at: at(NOW) });
        const second = await store.insertBooking((id) => testBooking(id, testHash(2), { accountId: 2 }));
        await store.updateBooking(testHash(1), (current) => ({
          booking: { ...current, status: 'booking_confirmed', paid: 'yes' },
          emails: [testEmail(testHash(1))],
        }));
        const again = await fresh(() => reopen(store));
        expect(await again.findBooking(testHash(1))).toMatchObject({ status: 'booking_confirmed', paid: 'yes' });
        expect(await again.bookingsOfAccount(2)).toEqual([second]);
        expect(await again.outbox()).toEqual([testEmail(testHash(1))]);
        expect(await again.claimIdempotencyKey(use, at(NOW))).toEqual({ state: 'completed', fingerprint: 'f', response });
        const third = await again.insertBooking((id) => testBooking(id, testHash(3)));
        expect([second.id, (await again.findBooking(testHash(1)))!.id]).not.toContain(third.id);
      });
    }
  });
}
