/**
 * The lifetimes of section 8 and of the reference choices, driven on the sandbox's domain services
 * and a Store, against their reference model (LIFETIMES in model.ts): search_id, identical
 * searches, offers, live hotel.php answers and Idempotency-Key records, over random sequences of
 * searches, lookups, keyed booking starts, clock moves (on, back, to real time), account resets and
 * real time passing (often not at all). Used by server/domain/lifetimes.test.ts (the embedded stores)
 * and server/store/postgresTimeRules.test.ts (PostgreSQL).
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { expect } from 'vitest';
import { FakeClock, instantOf, type Clock, type Instant } from '../../clock.js';
import type { HotelResponse, SearchResponse } from '../../contract.js';
import { AccountClocks } from '../../domain/accountClocks.js';
import { changeAccountClock } from '../../domain/clockControl.js';
import { HotelDetailsService } from '../../domain/hotelDetails.js';
import { OfferRegistry } from '../../domain/offers.js';
import { SearchService } from '../../domain/search.js';
import { defaultWorld } from '../../domain/world/world.js';
import type { Store } from '../../domain/ports/store.js';
import { testBooking } from '../storeContract.js';
import { processStore } from '../processStore.js';
import { HOUR_MS, LIFETIMES } from './model.js';

export type LifetimesStore = Pick<
  Store,
  'getClockOffset' | 'getClockHistory' | 'setClockOffset' | 'putSearch' | 'getSearch' | 'putOffers' | 'getOffer' | 'resetAccount' | 'claimIdempotencyKey' | 'insertBooking'
>;

const world = defaultWorld();
const START = '2026-11-21T10:00:00Z';
const STAY = { checkin: '2027-03-15', checkout: '2027-03-18' };
/** Two different questions per account: the identical-search cache and the live cache key on them. */
const SEARCHES = [
  { apikey: 'k', ...STAY, location: 'Amsterdam' },
  { apikey: 'k', ...STAY, location: 'Amsterdam', currency: 'USD', residency: 'gb' },
] as const;
const LIVE = [
  { apikey: 'k', id: 900004, ...STAY },
  { apikey: 'k', id: 900004, ...STAY, currency: 'GBP', persons: 1 },
] as const;

export type LifetimeEvent =
  | { kind: 'tick'; ms: number }
  | { kind: 'move'; account: number; change: { advanceSeconds: number } | { offsetSeconds: number } }
  | { kind: 'reset'; account: number }
  | { kind: 'search'; account: number; variant: 0 | 1 }
  | { kind: 'details'; account: number; searchBack: number }
  | { kind: 'live'; account: number; variant: 0 | 1 }
  | { kind: 'offer'; account: number; pick: number }
  | { kind: 'key'; account: number; key: number };

const account = fc.integer({ min: 1, max: 2 });
const variant = fc.constantFrom<0 | 1>(0, 1);
const edgeMs = [0, 1, 60_000, 30 * 60_000 - 1, 30 * 60_000, HOUR_MS - 1, HOUR_MS, HOUR_MS + 1];
export const lifetimeEvent: fc.Arbitrary<LifetimeEvent> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('tick' as const), ms: fc.oneof(fc.constant(0), fc.constantFrom(...edgeMs), fc.integer({ min: 0, max: 2 * HOUR_MS })) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      account,
      change: fc.oneof(
        fc.record({ advanceSeconds: fc.oneof(fc.constantFrom(-3601, -3600, -1800, -1, 1, 1799, 1800, 3599, 3600, 3601), fc.integer({ min: -7200, max: 7200 })) }),
        fc.record({ offsetSeconds: fc.oneof(fc.constant(0), fc.integer({ min: -7200, max: 7200 })) }),
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reset' as const), account }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('search' as const), account, variant }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('details' as const), account, searchBack: fc.integer({ min: 0, max: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('live' as const), account, variant }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('offer' as const), account, pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('key' as const), account, key: fc.integer({ min: 0, max: 2 }) }) },
);

/** What the model remembers of one account. */
interface Remembered {
  searches: { searchId: string; made: Instant }[];
  identical: Map<number, { searchId: string; made: Instant }>;
  live: Map<number, { made: Instant; rooms: HotelResponse['rooms'] }>;
  offers: Map<string, { shown: Instant; currency: string }>;
  /** Idempotency-Keys whose booking start completed, by key, with when. */
  keys: Map<number, Instant>;
}

const fresh = (): Remembered => ({ searches: [], identical: new Map(), live: new Map(), offers: new Map(), keys: new Map() });

/** A clock that reads one fixed instant, on both clocks (to price a witness answer exactly then). */
const frozenAt = (now: Instant): Clock => ({ now: () => new Date(now.accountMs), offsetMs: now.accountMs - now.baseMs });

/** Plays `events` on the services over `store`; `accounts` are the account ids of the scenario's accounts 1 and 2. */
export async function playLifetimes(store: LifetimesStore, events: readonly LifetimeEvent[], accounts: readonly [number, number] = [1, 2]): Promise<void> {
  const base = new FakeClock(START);
  const clocks = new AccountClocks(base, store);
  const offers = new OfferRegistry(store);
  const search = new SearchService({ world, offers, store, publicUrl: 'http://sandbox' });
  const details = new HotelDetailsService({ world, offers, search, publicUrl: 'http://sandbox' });
  const model = new Map([[1, fresh()], [2, fresh()]]);
  const idOf = (account: number) => accounts[account - 1] as number;
  const trace: string[] = [];
  const fail = (message: string) => {
    throw new Error(`${message}\nevents:\n  ${trace.join('\n  ')}`);
  };
  const show = (of: Remembered, hashes: string[], now: Instant, currency: string) => {
    for (const hash of hashes) of.offers.set(hash, { shown: now, currency });
  };

  for (const step of events) {
    trace.push(JSON.stringify(step));
    if (step.kind === 'tick') {
      base.set(new Date(base.now().getTime() + step.ms));
      continue;
    }
    const of = model.get(step.account) as Remembered;
    if (step.kind === 'move') {
      await changeAccountClock(clocks, idOf(step.account), step.change);
      continue;
    }
    if (step.kind === 'reset') {
      await store.resetAccount(idOf(step.account));
      details.reset(idOf(step.account));
      model.set(step.account, fresh());
      continue;
    }
    const clock = await clocks.clockOf(idOf(step.account));
    const now = instantOf(clock);
    switch (step.kind) {
      case 'search': {
        const answer: SearchResponse = await search.search(idOf(step.account), SEARCHES[step.variant], clock);
        const cached = of.identical.get(step.variant);
        if (cached && LIFETIMES.identicalSearch(cached.made, now)) {
          if (answer.search_id !== cached.searchId) fail(`identical search ${step.variant} within its hour got a new search_id`);
        } else {
          if (cached && answer.search_id === cached.searchId) fail(`identical search ${step.variant} after its hour got the old search_id`);
          of.identical.set(step.variant, { searchId: answer.search_id, made: now });
          of.searches.push({ searchId: answer.search_id, made: now });
        }
        show(of, answer.hotels.map((hotel) => hotel.rate.service_hash), now, answer.search.currency);
        break;
      }
      case 'details': {
        const made = of.searches[of.searches.length - 1 - step.searchBack];
        if (!made) break;
        const request = { apikey: 'k', id: LIVE[0].id, search_id: made.searchId };
        const expected = LIFETIMES.searchId(made.made, now);
        const answer = await details.details(idOf(step.account), request, clock).catch((error: { status?: number }) => error);
        if (expected !== !('status' in answer)) fail(`search_id made ${JSON.stringify(made.made)} at ${JSON.stringify(now)}: model ${expected}, got ${JSON.stringify(answer).slice(0, 200)}`);
        if (!('status' in answer)) show(of, ((answer as HotelResponse).rooms ?? []).flatMap((room) => room.rates.map((rate) => rate.service_hash)), now, (answer as HotelResponse).availability?.currency ?? 'EUR');
        break;
      }
      case 'live': {
        const answer = await details.details(idOf(step.account), LIVE[step.variant], clock);
        const cached = of.live.get(step.variant);
        const witness = new HotelDetailsService({ world, offers: new OfferRegistry(processStore()), search, publicUrl: 'http://sandbox' });
        const priced = cached && LIFETIMES.availability(cached.made, now) ? cached : { made: now, rooms: (await witness.details(idOf(step.account), LIVE[step.variant], frozenAt(now))).rooms };
        expect(answer.rooms, `live lookup ${step.variant}: the answer priced at ${JSON.stringify(priced.made)}\nevents:\n  ${trace.join('\n  ')}`).toEqual(priced.rooms);
        of.live.set(step.variant, priced);
        show(of, (answer.rooms ?? []).flatMap((room) => room.rates.map((rate) => rate.service_hash)), now, answer.availability?.currency ?? 'EUR');
        break;
      }
      case 'offer': {
        const hashes = [...of.offers.keys()];
        if (hashes.length === 0) break;
        const hash = hashes[step.pick % hashes.length] as string;
        const shown = of.offers.get(hash) as { shown: Instant; currency: string };
        const terms = await offers.termsFor(idOf(step.account), hash, clock);
        const expected = LIFETIMES.offer(shown.shown, now);
        if (expected !== (terms !== undefined)) fail(`offer ${hash} shown ${JSON.stringify(shown.shown)} at ${JSON.stringify(now)}: model ${expected}, got ${JSON.stringify(terms)}`);
        if (terms && terms.currency !== shown.currency) fail(`offer ${hash}: terms ${terms.currency}, last shown in ${shown.currency}`);
        break;
      }
      case 'key': {
        // A booking start with an Idempotency-Key, as bookingStart.ts makes it: claimed and completed, or replayed.
        const use = { accountId: idOf(step.account), key: `key-${step.key}`, fingerprint: 'f' };
        const used = of.keys.get(step.key);
        const expected = used !== undefined && LIFETIMES.idempotency(used, now) ? 'completed' : 'claimed';
        const claim = await store.claimIdempotencyKey(use, now);
        if (claim.state !== expected) fail(`Idempotency-Key ${step.key} used ${JSON.stringify(used)} at ${JSON.stringify(now)}: model ${expected}, got ${claim.state}`);
        if (claim.state === 'claimed') {
          const bookhash = `LT${randomBytes(14).toString('hex')}`; // unique across scenarios sharing a database
          await store.insertBooking((id) => testBooking(id, bookhash, { accountId: use.accountId }), { ...use, response: { status: 200, body: { bookhash } }, at: now });
          of.keys.set(step.key, now);
        }
        break;
      }
    }
  }
}

