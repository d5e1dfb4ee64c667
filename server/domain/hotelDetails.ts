/**
 * hotel.php as a domain service: static data plus rooms and rates, either from a cached
 * search (search_id, kept in the Store by SearchService) or from a live lookup cached for 30
 * minutes. Both are the asking account's own and judged on its clock.
 *
 * The live cache stays in each process, also when replicas share a database: its rooms are a pure
 * function of (hotel, stay, pricing instant) over the seeded world, so a replica that computes them
 * afresh gives what another's cache holds for that instant, and every answer is priced within the
 * last 30 minutes of the account's clock, as the API allows. An entry from a clock instant later
 * than now (the clock was moved back or reset, here or on another replica) is not used.
 *
 * A search_cache answer is a pure function of (search, hotel, language): it is built once, frozen
 * and handed out again while the Store still holds the search (which is checked on every call, so
 * expiry and resets behave exactly as without it). Static hotel data is kept per language too.
 * Both caches are bounded (LRU) and per process.
 */
import { LRUCache } from 'lru-cache';
import { deepFreeze } from '../../contract/deepFreeze.js';
import { instantOf, type Clock } from '../clock.js';
import type { Availability, HotelRequest, HotelResponse, HotelRoom } from '../contract.js';
import { badRequest, notFound } from '../errors.js';
import type { Hotel } from './hotel.js';
import { localDateIn } from './localTime.js';
import type { OfferRegistry } from './offers.js';
import { PerAccount } from './perAccount.js';
import { textLanguageOf } from './i18n/languages.js';
import { messagesFor } from './i18n/messages.js';
import { hotelRooms, type Stay } from './rates/index.js';
import { roomIn } from './rates/roomText.js';
import { displayCurrency, lowerCode } from './requestTerms.js';
import type { SearchService } from './search.js';
import type { ScenarioName } from './scenarios/catalogue.js';
import { altersHotel, hotelUnder } from './scenarios/effects.js';
import { nightsBetween, validateStay } from './stay.js';
import { hotelStatic } from './world/details.js';
import type { World } from './world/world.js';

const LIVE_CACHE_MS = 30 * 60 * 1000;
/** Live lookups kept per account (rooms of one hotel and stay, about 10 KB each). */
const MAX_LIVE_LOOKUPS = 2_000;
/** About 10 KB each: the search_cache answers of the latest searches' hotels. */
const MAX_SEARCH_ANSWERS = 1_000;
/** Static data of the hotels asked for lately, per language. */
const MAX_STATIC_PARTS = 2_000;

type StaticPart = Omit<HotelResponse, 'availability' | 'rooms'>;

/** A frozen answer and the service_hashes it offers (recorded again on every call). */
interface ReusableAnswer {
  response: HotelResponse;
  serviceHashes: string[];
}

export interface HotelDetailsDeps {
  world: World;
  offers: OfferRegistry;
  search: SearchService;
  publicUrl: string;
}

interface Lookup {
  stay: Stay;
  source: Availability['source'];
  /** The instant the rates are priced at: the search's time, or now for a live lookup. */
  pricedAt: Date;
  /** Real time of a live lookup (its answer is reused for 30 minutes of it at most, see Expiry). */
  baseMs?: number;
  /** The search_id of a search_cache lookup. */
  searchId?: string;
}

/** A live lookup's rooms and when they were priced, on the account's clock and in real time. */
interface LiveAnswer {
  rooms: HotelRoom[];
  cachedAtMs: number;
  cachedAtBaseMs: number;
}

export class HotelDetailsService {
  private readonly liveCaches = new PerAccount(() => new Map<string, LiveAnswer>());
  private readonly searchAnswers = new LRUCache<string, ReusableAnswer>({ max: MAX_SEARCH_ANSWERS });
  private readonly staticParts = new LRUCache<string, StaticPart>({ max: MAX_STATIC_PARTS });

  constructor(private readonly deps: HotelDetailsDeps) {}

  /**
   * @param clock the account's clock
   * @param scenario the `Test` scenario: one that alters the hotel (no_availability) is priced
   * afresh and never enters the live cache.
   */
  async details(accountId: number, request: HotelRequest, clock: Clock, scenario?: ScenarioName): Promise<HotelResponse> {
    const hotel = hotelUnder(this.deps.world.hotel(request.id), scenario);
    // The dates (400) are checked before the id (404); an unknown hotel's "today" is UTC's.
    const lookup = await this.lookup(accountId, request, clock, hotel?.timeZone ?? 'UTC');
    if (!hotel) throw notFound(`Hotel ${request.id} not found`);
    const language = lowerCode(request.language, 'en');
    // Any `Test` scenario is answered afresh: only plain answers are shared.
    const reusableKey = lookup.searchId !== undefined && scenario === undefined ? `${accountId}|${lookup.searchId}|${hotel.id}|${language}` : undefined;
    let answer = reusableKey === undefined ? undefined : this.searchAnswers.get(reusableKey);
    if (!answer) {
      answer = this.compose(accountId, hotel, lookup, language, scenario);
      if (reusableKey !== undefined) this.searchAnswers.set(reusableKey, { response: deepFreeze(answer.response), serviceHashes: answer.serviceHashes });
    }
    await this.deps.offers.record(accountId, answer.serviceHashes, { ...lookup.stay, language }, clock);
    return answer.response;
  }

  private compose(accountId: number, hotel: Hotel, lookup: Lookup, language: string, scenario?: ScenarioName): ReusableAnswer {
    const textLanguage = textLanguageOf(language);
    const priced = altersHotel(scenario) ? hotelRooms(hotel, lookup.stay, lookup.pricedAt) : this.rooms(hotel, lookup, this.liveCaches.of(accountId));
    const rooms = priced.map((room) => roomIn(room, textLanguage));
    const { stay } = lookup;
    const availability: Availability = {
      source: rooms.length > 0 ? lookup.source : 'live',
      checkin: stay.checkin,
      checkout: stay.checkout,
      nights: nightsBetween(stay.checkin, stay.checkout),
      currency: stay.currency,
      ...(rooms.length > 0 ? {} : { message: messagesFor(textLanguage).t('noRooms') }),
    };
    return {
      response: { ...this.staticPart(hotel, language), availability, rooms },
      serviceHashes: rooms.flatMap((room) => room.rates.map((rate) => rate.service_hash)),
    };
  }

  /** Forgets one account's live lookups. */
  reset(accountId: number): void {
    this.liveCaches.reset(accountId);
  }

  resetAll(): void {
    this.liveCaches.resetAll();
  }

  /** search_id (of this account) wins over dates (reference behaviour); neither is a 400. */
  private async lookup(accountId: number, request: HotelRequest, clock: Clock, timeZone: string): Promise<Lookup> {
    if (request.search_id !== undefined) {
      const search = await this.deps.search.find(accountId, request.search_id, clock);
      if (!search) throw badRequest(`search_id '${request.search_id}' is unknown or has expired; search again`);
      return { stay: search.params.stay, source: 'search_cache', pricedAt: search.createdAt, searchId: search.searchId };
    }
    const { checkin, checkout } = request;
    if (checkin === undefined && checkout === undefined) throw badRequest('Give search_id, or checkin and checkout');
    if (checkin === undefined || checkout === undefined) {
      throw badRequest('checkin and checkout must be given together');
    }
    const instant = instantOf(clock);
    const now = new Date(instant.accountMs);
    validateStay(checkin, checkout, localDateIn(now, timeZone)); // the hotel's local date
    const stay: Stay = {
      checkin,
      checkout,
      persons: request.persons ?? 2,
      currency: displayCurrency(request.currency),
      residency: lowerCode(request.residency, 'nl'),
    };
    return { stay, source: 'live', pricedAt: now, baseMs: instant.baseMs };
  }

  private rooms(hotel: Hotel, lookup: Lookup, liveCache: Map<string, LiveAnswer>): HotelRoom[] {
    if (hotel.isClosed) return [];
    if (lookup.source === 'search_cache') return hotelRooms(hotel, lookup.stay, lookup.pricedAt);
    const key = JSON.stringify([hotel.id, lookup.stay]);
    const nowMs = lookup.pricedAt.getTime();
    const baseMs = lookup.baseMs ?? nowMs;
    const cached = liveCache.get(key);
    // Priced at most 30 minutes ago on the account's clock (never "in the future" of a clock set
    // back) and in real time: whichever ends it first (see Expiry in domain/ports/store.ts).
    if (cached && nowMs >= cached.cachedAtMs && nowMs - cached.cachedAtMs < LIVE_CACHE_MS && baseMs - cached.cachedAtBaseMs < LIVE_CACHE_MS) return cached.rooms;
    const rooms = hotelRooms(hotel, lookup.stay, lookup.pricedAt);
    // What real time ended goes (it never answers again); the oldest written first.
    for (const [staleKey, entry] of liveCache) {
      if (baseMs - entry.cachedAtBaseMs < LIVE_CACHE_MS) break;
      liveCache.delete(staleKey);
    }
    liveCache.delete(key); // re-insert at the end: the Map stays oldest-first for pruning
    liveCache.set(key, { rooms, cachedAtMs: nowMs, cachedAtBaseMs: baseMs });
    // Bounded: a client asking for ever new stays would otherwise fill memory for half an hour. An
    // entry dropped early is priced afresh, which the 30 minutes allow.
    if (liveCache.size > MAX_LIVE_LOOKUPS) liveCache.delete(liveCache.keys().next().value as string);
    return rooms;
  }

  /** Frozen and shared by the answers that carry it. */
  private staticPart(hotel: Hotel, language: string): StaticPart {
    const key = `${hotel.id}|${language}`;
    let part = this.staticParts.get(key);
    if (!part) {
      const data = hotelStatic(hotel, language);
      const images = data.images?.map((image) => ({ ...image, url: this.deps.publicUrl + image.url })) ?? null;
      part = deepFreeze({ ...data, images });
      this.staticParts.set(key, part);
    }
    return part;
  }
}
