/**
 * The cached answers of search.php (identical searches) and hotel.php (search_id): one frozen object
 * per answer while the Store holds its search, and the section 8 rules exactly as before — expiry,
 * resets, offers refreshed on every call, `Test` scenarios answered afresh.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.js';
import { ShiftedClock } from './accountClocks.js';
import { processStore, type ProcessStore } from '../testing/processStore.js';
import { HotelDetailsService } from './hotelDetails.js';
import { OfferRegistry } from './offers.js';
import { SearchService } from './search.js';
import { defaultWorld } from './world/world.js';

const world = defaultWorld();
const ACCOUNT = 1;
const SEARCH = { apikey: 'k', checkin: '2026-12-15', checkout: '2026-12-18', location: 'Amsterdam' };

let clock: FakeClock;
let store: ProcessStore;
let offers: OfferRegistry;
let search: SearchService;
let details: HotelDetailsService;
beforeEach(() => {
  clock = new FakeClock('2026-11-21T10:00:00Z');
  store = processStore();
  offers = new OfferRegistry(store);
  search = new SearchService({ world, offers, store, publicUrl: 'http://sandbox' });
  details = new HotelDetailsService({ world, offers, search, publicUrl: 'http://sandbox' });
});

describe('identical searches', () => {
  it('answer with one frozen object while the search lives, and a new search after an hour', async () => {
    const first = await search.search(ACCOUNT, SEARCH, clock);
    clock.advance(60);
    const second = await search.search(ACCOUNT, SEARCH, clock);
    const third = await search.search(ACCOUNT, SEARCH, clock);
    expect(second).toEqual(first);
    expect(third).toBe(second);
    expect(Object.isFrozen(third) && Object.isFrozen(third.hotels[0]?.rate.pricing)).toBe(true);
    clock.advance(3600);
    const later = await search.search(ACCOUNT, SEARCH, clock);
    expect(later.search_id).not.toBe(first.search_id);
  });

  it('are answered alike by another process sharing the store, which runs the stored question again', async () => {
    const first = await search.search(ACCOUNT, SEARCH, clock);
    clock.advance(20 * 60); // rates move with time; the identical answer must not
    const replica = new SearchService({ world, offers, store, publicUrl: 'http://sandbox' });
    expect(await replica.search(ACCOUNT, SEARCH, clock)).toEqual(first);
  });

  it('are never shared between accounts', async () => {
    const mine = await search.search(ACCOUNT, SEARCH, clock);
    const theirs = await search.search(2, SEARCH, clock);
    expect(theirs.search_id).not.toBe(mine.search_id);
  });
});

describe('hotel.php with a search_id', () => {
  async function searched() {
    const found = await search.search(ACCOUNT, SEARCH, clock);
    return { id: (found.hotels[0] as { id: number }).id, search_id: found.search_id, apikey: 'k' };
  }

  it('answers with one frozen object per hotel and language', async () => {
    const request = await searched();
    const first = await details.details(ACCOUNT, request, clock);
    const again = await details.details(ACCOUNT, request, clock);
    expect(again).toBe(first);
    expect(Object.isFrozen(first.rooms?.[0]?.rates[0]?.pricing)).toBe(true);
    const german = await details.details(ACCOUNT, { ...request, language: 'de' }, clock);
    expect(german).not.toBe(first);
    expect(german.availability).toEqual(first.availability);
  });

  it('answers a `Test` scenario afresh, never from or into the shared answers', async () => {
    const request = await searched();
    const plain = await details.details(ACCOUNT, request, clock);
    const slow = await details.details(ACCOUNT, request, clock, 'slow');
    expect(slow).not.toBe(plain);
    expect(Object.isFrozen(slow)).toBe(false);
    expect(slow).toEqual(plain);
    expect(await details.details(ACCOUNT, request, clock)).toBe(plain);
  });

  it('refuses the search_id once the search expired or the account was reset, though the answer was kept', async () => {
    const request = await searched();
    await details.details(ACCOUNT, request, clock);
    // The account's clock moved an hour and a second on: expired on it.
    await expect(details.details(ACCOUNT, request, new ShiftedClock(clock, 3_601_000))).rejects.toMatchObject({ status: 400 });
    // Set back, with its hour of real time not over: it answers again.
    await expect(details.details(ACCOUNT, request, clock)).resolves.toBeDefined();
    await store.resetAccount(ACCOUNT);
    await expect(details.details(ACCOUNT, request, clock)).rejects.toMatchObject({ status: 400 });
  });

  it('records its offers again on every call, so they live an hour after the latest one', async () => {
    const request = await searched();
    const answer = await details.details(ACCOUNT, request, clock);
    const serviceHash = answer.rooms?.[0]?.rates[0]?.service_hash as string;
    clock.advance(50 * 60);
    await details.details(ACCOUNT, request, clock);
    clock.advance(50 * 60); // 100 minutes after the first call, 50 after the second
    expect(await offers.termsFor(ACCOUNT, serviceHash, clock)).toEqual({ currency: 'EUR', residency: 'nl', language: 'en' });
    clock.advance(11 * 60);
    expect(await offers.termsFor(ACCOUNT, serviceHash, clock)).toBeUndefined();
  });
});

describe('live hotel.php lookups', () => {
  const stay = (index: number) => {
    const checkin = new Date(Date.UTC(2026, 11, 1) + (index % 300) * 86_400_000).toISOString().slice(0, 10);
    const checkout = new Date(Date.UTC(2026, 11, 1) + ((index % 300) + 1 + Math.floor(index / 300)) * 86_400_000).toISOString().slice(0, 10);
    return { apikey: 'k', id: 2, checkin, checkout };
  };
  const startsAt = (answer: Awaited<ReturnType<HotelDetailsService['details']>>) =>
    answer.rooms?.flatMap((room) => room.rates.map((rate) => rate.cancellation.policies[0]?.starts_at));

  it('are kept for 30 minutes, but only the latest 2,000 per account: older ones are priced afresh', async () => {
    const first = await details.details(ACCOUNT, stay(0), clock);
    clock.advance(60);
    expect(startsAt(await details.details(ACCOUNT, stay(0), clock))).toEqual(startsAt(first));
    for (let index = 1; index <= 2_000; index++) await details.details(ACCOUNT, stay(index), clock);
    expect(startsAt(await details.details(ACCOUNT, stay(0), clock))).not.toEqual(startsAt(first));
  });
});
