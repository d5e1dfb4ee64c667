/**
 * Shared, memoised fixtures, so that a run spends as few rate-limited requests as possible: one
 * search and one hotel-details call serve every response check that can share them. One cause, one
 * failure: when a fixture's response violates the contract (or the fixture cannot be made), that is
 * reported once, as the fixture's own result with the request and the response (`problems`), and
 * every check that needed the fixture is blocked by it instead of failing. Search-based fixtures are re-made when older than 50 minutes on the
 * kit clock (a search_id is valid for one hour, and a harness may have moved the clock).
 */
import type { components } from '../../contract/generated/openapi.js';
import type { ControlHarness, ScenarioHotel } from '../harness.js';
import { ok } from './assert.js';
import type { ApiClient } from './client.js';
import type { KitClock } from './clock.js';
import { bookhashFromUrl } from './domain.js';
import { BlockedByFixture, CheckFailure } from './failures.js';
import type { Exchange } from './recorder.js';
import type { KitSettings, Stay } from './vocabulary.js';

export type SearchRequest = components['schemas']['SearchRequest'];
export type SearchResponse = components['schemas']['SearchResponse'];
export type HotelRequest = components['schemas']['HotelRequest'];
export type HotelResponse = components['schemas']['HotelResponse'];
export type HotelRate = components['schemas']['HotelRate'];

export interface SharedSearch {
  request: SearchRequest;
  response: SearchResponse;
  /**
   * The hotel the shared details and bookings use: the first one, or with a harness the first that
   * is no scenario hotel (whose effects, e.g. sold out at booking, would spoil ordinary bookings).
   */
  hotel: SearchResponse['hotels'][number];
}

export interface SharedHotel {
  request: HotelRequest;
  response: HotelResponse;
  search: SharedSearch;
}

export interface StartedBooking {
  bookhash: string;
  bookingUrl: string;
  serviceHash: string;
}

interface Memo<T> {
  promise: Promise<T>;
  madeAt: number;
  /** The responses it took, each with the fixture it belongs to (a fixture may use another). */
  exchanges: Array<[string, Exchange]>;
}

/** A fixture that failed: its failure, or the responses of it that violate the contract. */
export interface FixtureProblem {
  /** `fixture.search`, `fixture.hotel`, ... */
  id: string;
  title: string;
  failure: Error | undefined;
  exchanges: Exchange[];
}

/** What the fixtures are called in reports. */
const FIXTURE_TITLES: Readonly<Record<string, string>> = {
  search: 'the shared search (fixture used by most search and hotel checks)',
  hotel: 'the shared hotel details (fixture used by most hotel checks)',
  'processing-booking': 'the shared booking start (fixture used by booking and state checks)',
};

const SEARCH_MAX_AGE_MS = 50 * 60_000;

/** What the fixtures use of a check's context (CheckContext has it; declared here so that neither imports the other). */
export interface FixtureContext {
  readonly api: ApiClient;
  readonly apikey: string;
  readonly harness: ControlHarness | undefined;
  readonly clock: KitClock;
  readonly settings: KitSettings;
  stay(daysAhead?: number, nights?: number): Stay;
  skip(reason: string): never;
  control(): ControlHarness;
}

export class Fixtures {
  private readonly memos = new Map<string, Memo<unknown>>();
  private readonly problems = new Map<string, FixtureProblem>();
  private reported = 0;

  constructor(private readonly ctx: FixtureContext) {}

  /** The base search body: coordinates, a 3-night stay 30 days ahead, every optional field left to its default. */
  baseSearchRequest(): SearchRequest {
    const { near } = this.ctx.settings;
    return { apikey: this.ctx.apikey, ...this.ctx.stay(30, 3), latitude: near.latitude, longitude: near.longitude };
  }

  /** The one shared search (must return at least one hotel). */
  search(): Promise<SharedSearch> {
    return this.memo('search', SEARCH_MAX_AGE_MS, async () => {
      const request = this.baseSearchRequest();
      const response = ok(await this.ctx.api.post('/search.php', request), 'the shared search');
      if (!Array.isArray(response.hotels) || response.hotels.length === 0) {
        throw new CheckFailure(
          `the shared search near ${request.latitude},${request.longitude} returned no hotels; response checks need some (use --near)`,
        );
      }
      const scenarioIds = new Set(this.ctx.harness ? (await this.scenarios()).map((s) => s.id) : []);
      const hotel = response.hotels.find((h) => !scenarioIds.has(h.id)) ?? response.hotels[0]!; // non-empty: checked above
      return { request, response, hotel };
    });
  }

  /** Hotel details of the shared search's first hotel, by its search_id. */
  hotel(): Promise<SharedHotel> {
    return this.memo('hotel', SEARCH_MAX_AGE_MS, async () => {
      const search = await this.search();
      const first = search.hotel;
      const request: HotelRequest = { apikey: this.ctx.apikey, id: first.id, search_id: search.response.search_id };
      const response = ok(await this.ctx.api.post('/hotel.php', request), `hotel details of hotel ${first.id} (shared)`);
      return { request, response, search };
    });
  }

  /** A rate of the shared hotel that is (non-)refundable; skips the check when there is none. */
  async rate(refundable: boolean): Promise<HotelRate> {
    const { response } = await this.hotel();
    const rate = (response.rooms ?? []).flatMap((room) => room.rates).find((r) => r.refundable === refundable);
    if (!rate) this.ctx.skip(`hotel ${response.id} offers no ${refundable ? 'refundable' : 'non-refundable'} rate`);
    return rate;
  }

  /** A booking started from the shared search's cheapest rate and left in processing (shared: nobody pays it). */
  processingBooking(): Promise<StartedBooking> {
    return this.memo('processing-booking', Infinity, async () => {
      const search = await this.search();
      const serviceHash = search.hotel.rate.service_hash;
      return this.startBooking(serviceHash, this.ctx.apikey, 'the shared booking');
    });
  }

  /** Starts a booking (not memoised) and finds its bookhash in booking_url. */
  async startBooking(serviceHash: string, apikey = this.ctx.apikey, what = 'booking start'): Promise<StartedBooking> {
    const body = ok(await this.ctx.api.post('/booking.php', { apikey, service_hash: serviceHash }), what);
    const bookhash = bookhashFromUrl(body.booking_url);
    if (!bookhash) throw new CheckFailure(`${what}: no 30-character bookhash in booking_url ${body.booking_url}`);
    return { bookhash, bookingUrl: body.booking_url, serviceHash };
  }

  /** A confirmed (paid through the harness) booking of a (non-)refundable rate of the shared hotel. */
  async confirmedBooking(refundable: boolean): Promise<StartedBooking> {
    const rate = await this.rate(refundable);
    const started = await this.startBooking(rate.service_hash);
    await this.ctx.control().pay(started.bookhash, 'success');
    return started;
  }

  /** The scenario hotels the harness lists. */
  scenarios(): Promise<ScenarioHotel[]> {
    return this.memo('scenarios', Infinity, () => this.ctx.control().scenarios());
  }

  /** The scenario hotel with this effect; skips the check without a harness or without such a hotel. */
  async scenarioHotel(kind: string): Promise<ScenarioHotel> {
    if (!this.ctx.harness) this.ctx.skip(`needs the harness's scenario hotels (--control URL) for '${kind}'`);
    const found = (await this.scenarios()).find((s) => s.effects.some((e) => e.kind === kind));
    if (!found) this.ctx.skip(`the harness lists no '${kind}' scenario hotel`);
    return found;
  }

  /** Fixture problems found since the last call, to be reported once each (the runner asks after every check). */
  newProblems(): FixtureProblem[] {
    const all = [...this.problems.values()];
    const fresh = all.slice(this.reported);
    this.reported = all.length;
    return fresh;
  }

  /**
   * Memoises `make`; its responses are adopted by every later user; re-made after `maxAgeMs` on the
   * kit clock. A fixture that fails with a CheckFailure (not a skip or a harness problem) blocks
   * its users.
   */
  async memo<T>(key: string, maxAgeMs: number, make: () => Promise<T>): Promise<T> {
    const recorder = this.ctx.api.recorder;
    const now = this.ctx.clock.now();
    const id = `fixture.${key}`;
    let memo = this.memos.get(key) as Memo<T> | undefined;
    if (!memo || now - memo.madeAt > maxAgeMs) {
      const before = recorder?.exchanges.length ?? 0;
      const fresh: Memo<T> = { promise: make(), madeAt: now, exchanges: [] };
      this.memos.set(key, fresh);
      memo = fresh;
      // Whatever the outcome, remember the responses it took (and whose they are), for later users.
      const failure = await fresh.promise.then(() => undefined, (error: unknown) => error as Error);
      fresh.exchanges = (recorder?.exchanges.slice(before) ?? []).map((e): [string, Exchange] => [recorder?.fixtureOf.get(e) ?? id, e]);
      const own = fresh.exchanges.filter(([owner]) => owner === id).map(([, e]) => e);
      const fixtureFailure = failure instanceof CheckFailure ? failure : undefined;
      if (key in FIXTURE_TITLES && (fixtureFailure || own.some((e) => e.schemaErrors.length > 0)) && !this.problems.has(id)) {
        this.problems.set(id, { id, title: FIXTURE_TITLES[key] ?? id, failure: fixtureFailure, exchanges: own });
      }
    }
    const current = memo;
    for (const [owner, exchange] of current.exchanges) this.ctx.api.recorder?.adoptFixture(owner, [exchange]);
    return current.promise.catch((error: unknown) => {
      if (error instanceof CheckFailure && key in FIXTURE_TITLES) throw new BlockedByFixture(id, error);
      throw error;
    });
  }
}
