/**
 * search.php as a domain service: normalise the request, geocode, find the nearest hotels
 * with a rate that meets every filter, and cache identical searches for an hour. The cache and
 * the search_ids are per account and judged on that account's clock, so no account ever gets
 * another's search_id (which would expire on the other's schedule). Both live in the Store (a
 * search is stored under its search_id and under a digest of its account and normalised
 * parameters), so replicas sharing a database answer an identical search with the same search_id
 * and accept each other's search_ids.
 */
import { createHash } from 'node:crypto';
import { secureRandomBytes } from './secureRandom.js';
import { LRUCache } from 'lru-cache';
import { deepFreeze } from '../../contract/deepFreeze.js';
import { instantOf, type Clock, type Instant } from '../clock.js';
import type { Meal, Schemas, SearchHotel, SearchRequest, SearchResponse } from '../contract.js';
import { badRequest } from '../errors.js';
import type { Hotel } from './hotel.js';
import { localDateIn, timeZoneAt } from './localTime.js';
import type { OfferRegistry } from './offers.js';
import { cheapestRate, type SearchRate, type Stay } from './rates/index.js';
import { textLanguageOf } from './i18n/languages.js';
import { searchRateIn } from './rates/roomText.js';
import { displayCurrency, lowerCode } from './requestTerms.js';
import type { ScenarioName } from './scenarios/catalogue.js';
import { altersHotel, hotelUnder } from './scenarios/effects.js';
import { validateStay } from './stay.js';
import { hotelSummary } from './world/details.js';
import type { World } from './world/world.js';
import { expiryAfter, type Store } from './ports/store.js';

export const MAX_HOTELS_PER_SEARCH = 15;
type ResolvedLocation = Schemas['ResolvedLocation'];
const SEARCH_LIFETIME_MS = 60 * 60 * 1000;
/** Identical-search answers kept frozen in this process (about 8 KB each). */
const MAX_IDENTICAL_ANSWERS = 1_000;

/** A search after defaults and normalisation: what "identical search" compares. */
export interface SearchParams {
  stay: Stay;
  nights: number;
  language: string;
  latitude: number;
  longitude: number;
  radiusM: number;
  starRatings: number[] | null;
  kinds: string[] | null;
  meals: Meal[] | null;
  priceFrom: number | null;
  priceTo: number | null;
  includeDescription: boolean;
  includeAmenities: boolean;
  /** What `location` was geocoded to (absent for a search by coordinates). */
  resolved?: ResolvedLocation;
}

/** A valid search as hotel.php reads it by search_id. */
export interface FoundSearch {
  searchId: string;
  params: SearchParams;
  /** When the search ran; hotel details with this search_id price the rates as of then. */
  createdAt: Date;
}

export interface CachedSearch extends FoundSearch {
  response: SearchResponse;
}

export interface SearchServiceDeps {
  world: World;
  offers: OfferRegistry;
  store: Pick<Store, 'putSearch' | 'getSearch'>;
  publicUrl: string;
}

/**
 * A search as JSON (what the Store keeps): under its search_id without the response (hotel.php
 * needs the parameters and the time only), under its identical-search key with it.
 */
interface StoredSearch {
  searchId: string;
  params: SearchParams;
  createdAtMs: number;
  /**
   * Under the identical-search key: the answer is the search run again at `createdAtMs` with this
   * search_id. A search is a pure function of those over the seeded world, so the Store keeps the
   * question (under 1 KB), not the answer (15 KB), for the hour; hot answers stay in this process.
   */
  reproducible?: true;
  /** The answer itself (identical searches stored before `reproducible`, for their last hour). */
  response?: SearchResponse;
}

export class SearchService {
  private readonly identicalAnswers = new LRUCache<string, SearchResponse>({ max: MAX_IDENTICAL_ANSWERS });

  constructor(private readonly deps: SearchServiceDeps) {}

  /**
   * @param clock the account's clock
   * @param scenario the `Test` scenario: one that alters hotels (no_availability) runs a search of
   * its own, kept by search_id only, so the identical-search cache never mixes it with real answers.
   */
  async search(accountId: number, request: SearchRequest, clock: Clock, scenario?: ScenarioName): Promise<SearchResponse> {
    const instant = instantOf(clock);
    const now = new Date(instant.accountMs);
    const params = this.normalise(request, now);
    const identicalKey = identicalSearchKey(accountId, params);
    const altered = altersHotel(scenario);
    const identical = altered ? undefined : await this.load(accountId, identicalKey, instant);
    let entry: CachedSearch;
    if (identical?.answer) {
      entry = { ...identical, response: this.identicalAnswer(identical.searchId, identical.answer) };
    } else {
      entry = this.run(params, now, scenario);
      // Frozen, so an embedded store keeps both entries as they are, sharing one copy of the parameters.
      const stored: StoredSearch = deepFreeze({ searchId: entry.searchId, params, createdAtMs: now.getTime() });
      const expires = expiryAfter(instant, SEARCH_LIFETIME_MS);
      await this.deps.store.putSearch(accountId, entry.searchId, stored, expires);
      if (!altered) await this.deps.store.putSearch(accountId, identicalKey, Object.freeze({ ...stored, reproducible: true as const }), expires);
    }
    await this.deps.offers.record(
      accountId,
      entry.response.hotels.map((hotel) => hotel.rate.service_hash),
      { ...entry.params.stay, language: entry.params.language },
      clock,
    );
    return entry.response;
  }

  /**
   * The cached answer of a search, frozen and the same object on every call while it lives (the
   * Store decided it is still valid), so the HTTP layer serialises and validates it once. Keyed by
   * search_id: an answer never changes under its search_id.
   */
  private identicalAnswer(searchId: string, stored: () => SearchResponse): SearchResponse {
    let answer = this.identicalAnswers.get(searchId);
    if (!answer) this.identicalAnswers.set(searchId, (answer = deepFreeze(stored())));
    return answer;
  }

  /** A search of this account that is still valid (1 hour on its clock and at most an hour of real time), or undefined. */
  async find(accountId: number, searchId: string, clock: Clock): Promise<FoundSearch | undefined> {
    const entry = await this.load(accountId, searchId, instantOf(clock));
    // An identical-search key is no search_id, even in its own account.
    return entry?.searchId === searchId ? entry : undefined;
  }

  /** A stored search of this account; `answer` reads its cached answer, when it has one. */
  private async load(accountId: number, key: string, now: Instant): Promise<(FoundSearch & { answer?: () => SearchResponse }) | undefined> {
    const found = await this.deps.store.getSearch(key, now);
    if (!found || found.accountId !== accountId) return undefined;
    const { searchId, params, reproducible, response, createdAtMs } = found.value as StoredSearch;
    const answer = reproducible ? () => this.run(params, new Date(createdAtMs), undefined, searchId).response : response && (() => response);
    return { searchId, params, createdAt: new Date(createdAtMs), ...(answer ? { answer } : {}) };
  }

  private normalise(request: SearchRequest, now: Date): SearchParams {
    const hasLatitude = request.latitude !== undefined;
    const hasLongitude = request.longitude !== undefined;
    if (hasLatitude !== hasLongitude) throw badRequest('latitude and longitude must be given together');
    let point: { latitude: number; longitude: number };
    let resolved: ResolvedLocation | undefined;
    if (request.latitude !== undefined && request.longitude !== undefined) {
      point = { latitude: request.latitude, longitude: request.longitude };
    } else if (request.location !== undefined && request.location.trim() !== '') {
      const place = this.deps.world.geocoder().resolve(request.location);
      if (!place) {
        const near = this.deps.world.geocoder().suggest(request.location);
        throw badRequest(`Unknown location '${request.location}'${near.length > 0 ? `. Did you mean: ${near.join(', ')}?` : ''}`);
      }
      point = { latitude: place.latitude, longitude: place.longitude };
      resolved = { name: place.label, kind: place.source, ...point };
    } else {
      throw badRequest('location is required unless latitude and longitude are given');
    }
    // "In the future" is judged on the local date at the search point.
    const today = localDateIn(now, timeZoneAt(point.latitude, point.longitude));
    const nights = validateStay(request.checkin, request.checkout, today);
    const priceFrom = request.price_from ?? null;
    const priceTo = request.price_to ?? null;
    if (priceFrom !== null && priceTo !== null && priceFrom > priceTo) {
      throw badRequest(`price_from (${priceFrom}) must not be greater than price_to (${priceTo})`);
    }
    const nonEmpty = <T>(list: T[] | undefined): T[] | null =>
      list && list.length > 0 ? [...new Set(list)].sort() : null;
    return {
      stay: {
        checkin: request.checkin,
        checkout: request.checkout,
        persons: request.persons ?? 2,
        currency: displayCurrency(request.currency),
        residency: lowerCode(request.residency, 'nl'),
      },
      nights,
      language: lowerCode(request.language, 'nl'),
      ...point,
      radiusM: request.radius ?? 5000,
      starRatings: nonEmpty(request.star_rating),
      kinds: nonEmpty(request.kind),
      meals: nonEmpty(request.meal_type),
      priceFrom,
      priceTo,
      includeDescription: request.include_description ?? false,
      includeAmenities: request.include_amenities ?? true,
      ...(resolved ? { resolved } : {}),
    };
  }

  private run(params: SearchParams, now: Date, scenario?: ScenarioName, searchId = secureRandomBytes(16).toString('hex')): CachedSearch {
    const filter = {
      meals: params.meals ?? undefined,
      priceFrom: params.priceFrom ?? undefined,
      priceTo: params.priceTo ?? undefined,
    };
    const rates = new Map<number, SearchRate>();
    const matchesStatic = (hotel: Hotel) =>
      !hotel.isClosed &&
      (params.starRatings === null || params.starRatings.includes(hotel.starRating)) &&
      (params.kinds === null || params.kinds.includes(hotel.kind));
    const found = this.deps.world.hotelsAround(
      params.latitude,
      params.longitude,
      params.radiusM,
      (hotel) => {
        if (!matchesStatic(hotel)) return false;
        const rate = cheapestRate(hotelUnder(hotel, scenario), params.stay, now, filter);
        if (rate) rates.set(hotel.id, rate);
        return rate !== undefined;
      },
      MAX_HOTELS_PER_SEARCH,
    );
    const hotels = found.map(({ hotel }) => this.searchHotel(hotel, rates.get(hotel.id) as SearchRate, params));
    const response: SearchResponse = {
      search_id: searchId,
      search: {
        checkin: params.stay.checkin,
        checkout: params.stay.checkout,
        nights: params.nights,
        latitude: params.latitude,
        longitude: params.longitude,
        radius_m: params.radiusM,
        currency: params.stay.currency as SearchResponse['search']['currency'], // displayCurrency() checked it against the table
        language: params.language,
        residency: params.stay.residency,
        persons: params.stay.persons,
        ...(params.resolved ? { location_resolved: params.resolved } : {}),
      },
      total_hotels: hotels.length,
      hotels,
    };
    return { searchId, params, response, createdAt: now };
  }

  private searchHotel(hotel: Hotel, rate: SearchRate, params: SearchParams): SearchHotel {
    const summary = hotelSummary(hotel, params.language);
    return {
      id: hotel.id,
      name: hotel.name,
      address: hotel.address,
      city: hotel.city,
      country_code: hotel.countryCode,
      star_rating: hotel.starRating,
      kind: hotel.kind,
      latitude: hotel.latitude,
      longitude: hotel.longitude,
      image: this.deps.publicUrl + summary.image,
      ...(params.includeAmenities ? { amenities: summary.amenities } : {}),
      ...(params.includeDescription ? { short_description: summary.short_description } : {}),
      rate: searchRateIn(rate, textLanguageOf(params.language)),
    };
  }
}

/** The Store key of an account's identical searches (never a search_id: those are 32 hex digits). */
function identicalSearchKey(accountId: number, params: SearchParams): string {
  return `identical:${accountId}:${createHash('sha256').update(JSON.stringify(params)).digest('hex')}`;
}
