/**
 * The lifetimes of section 8 against their reference model (LIFETIMES in
 * server/testing/timeRules/model.ts): search_id, identical searches, offers and live hotel.php
 * answers, over random sequences of searches, lookups, clock moves (on, back, to real time), account
 * resets and real time passing (often not at all), on the embedded stores. The rate limits are in
 * timeRules.test.ts; the Idempotency-Key and the cancellation deadline at their exact edges in
 * server/http/api/timeEdges.test.ts.
 * A failure prints its seed and shrunk sequence: TIME_RULES_SEED=<seed> TIME_RULES_PATH=<path> replays it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakeClock, instantOf, type Clock, type Instant } from '../clock.js';
import type { HotelResponse, SearchResponse } from '../contract.js';
import { LowdbStore } from '../store/lowdbStore.js';
import { processStore, type ProcessStore } from '../testing/processStore.js';
import { propertyParameters } from '../testing/timeRules/events.js';
import { HOUR_MS, LIFETIMES } from '../testing/timeRules/model.js';
import { AccountClocks } from './accountClocks.js';
import { changeAccountClock } from './clockControl.js';
import { HotelDetailsService } from './hotelDetails.js';
import { OfferRegistry } from './offers.js';
import { SearchService } from './search.js';
import { defaultWorld } from './world/world.js';

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

type Event =
  | { kind: 'tick'; ms: number }
  | { kind: 'move'; account: number; change: { advanceSeconds: number } | { offsetSeconds: number } }
  | { kind: 'reset'; account: number }
  | { kind: 'search'; account: number; variant: 0 | 1 }
  | { kind: 'details'; account: number; searchBack: number }
  | { kind: 'live'; account: number; variant: 0 | 1 }
  | { kind: 'offer'; account: number; pick: number };

const account = fc.integer({ min: 1, max: 2 });
const variant = fc.constantFrom<0 | 1>(0, 1);
const edgeMs = [0, 1, 60_000, 30 * 60_000 - 1, 30 * 60_000, HOUR_MS - 1, HOUR_MS, HOUR_MS + 1];
const event: fc.Arbitrary<Event> = fc.oneof(
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
);

/** What the model remembers of one account. */
interface Remembered {
  searches: { searchId: string; made: Instant }[];
  identical: Map<number, { searchId: string; made: Instant }>;
  live: Map<number, { made: Instant; rooms: HotelResponse['rooms'] }>;
  offers: Map<string, { shown: Instant; currency: string }>;
}

const fresh = (): Remembered => ({ searches: [], identical: new Map(), live: new Map(), offers: new Map() });

/** A clock that reads one fixed instant, on both clocks (to price a witness answer exactly then). */
const frozenAt = (now: Instant): Clock => ({ now: () => new Date(now.accountMs), offsetMs: now.accountMs - now.baseMs });

async function play(store: ProcessStore, events: readonly Event[]): Promise<void> {
  const base = new FakeClock(START);
  const clocks = new AccountClocks(base, store);
  const offers = new OfferRegistry(store);
  const search = new SearchService({ world, offers, store, publicUrl: 'http://sandbox' });
  const details = new HotelDetailsService({ world, offers, search, publicUrl: 'http://sandbox' });
  const model = new Map([[1, fresh()], [2, fresh()]]);
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
      await changeAccountClock(clocks, step.account, step.change);
      continue;
    }
    if (step.kind === 'reset') {
      await store.resetAccount(step.account);
      details.reset(step.account);
      model.set(step.account, fresh());
      continue;
    }
    const clock = await clocks.clockOf(step.account);
    const now = instantOf(clock);
    switch (step.kind) {
      case 'search': {
        const answer: SearchResponse = await search.search(step.account, SEARCHES[step.variant], clock);
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
        const answer = await details.details(step.account, request, clock).catch((error: { status?: number }) => error);
        if (expected !== !('status' in answer)) fail(`search_id made ${JSON.stringify(made.made)} at ${JSON.stringify(now)}: model ${expected}, got ${JSON.stringify(answer).slice(0, 200)}`);
        if (!('status' in answer)) show(of, ((answer as HotelResponse).rooms ?? []).flatMap((room) => room.rates.map((rate) => rate.service_hash)), now, (answer as HotelResponse).availability?.currency ?? 'EUR');
        break;
      }
      case 'live': {
        const answer = await details.details(step.account, LIVE[step.variant], clock);
        const cached = of.live.get(step.variant);
        const witness = new HotelDetailsService({ world, offers: new OfferRegistry(processStore()), search, publicUrl: 'http://sandbox' });
        const priced = cached && LIFETIMES.availability(cached.made, now) ? cached : { made: now, rooms: (await witness.details(step.account, LIVE[step.variant], frozenAt(now))).rooms };
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
        const terms = await offers.termsFor(step.account, hash, clock);
        const expected = LIFETIMES.offer(shown.shown, now);
        if (expected !== (terms !== undefined)) fail(`offer ${hash} shown ${JSON.stringify(shown.shown)} at ${JSON.stringify(now)}: model ${expected}, got ${JSON.stringify(terms)}`);
        if (terms && terms.currency !== shown.currency) fail(`offer ${hash}: terms ${terms.currency}, last shown in ${shown.currency}`);
        break;
      }
    }
  }
}

describe.each([
  ['the process store', async () => processStore()],
  ['the embedded store (lowdb)', async () => LowdbStore.inMemory()],
])('lifetimes on %s agree with the model', (_name, open) => {
  it('random sequences of searches, lookups, offers, clock moves, resets and real time', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 60 }), async (events) => play(await open(), events)),
      propertyParameters(120),
    );
  });
});

describe('lifetimes, replayed', () => {
  it('a search_id ended by a clock moved on answers again when the clock is set back within its hour of real time, and never after it', async () => {
    const events: Event[] = [
      { kind: 'search', account: 1, variant: 0 },
      { kind: 'move', account: 1, change: { advanceSeconds: 7200 } },
      { kind: 'details', account: 1, searchBack: 0 },
      { kind: 'move', account: 1, change: { offsetSeconds: 0 } },
      { kind: 'details', account: 1, searchBack: 0 },
      { kind: 'tick', ms: HOUR_MS },
      { kind: 'move', account: 1, change: { offsetSeconds: -3000 } },
      { kind: 'details', account: 1, searchBack: 0 },
    ];
    await play(processStore(), events);
    await play(await LowdbStore.inMemory(), events);
  });
});
