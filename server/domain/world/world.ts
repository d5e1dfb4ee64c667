/**
 * The sandbox hotel world: generated hotels plus the scenario hotels, with O(1)
 * lookup by id and a kdbush spatial index for "nearest hotels around a point".
 *
 * The generated hotels live packed in typed arrays off the V8 heap (packedHotels.ts); a hotel
 * becomes a JS object only when asked for, and the last MATERIALISED_KEPT of those are kept, so
 * a hotel asked for again is the same object (the rate engine caches by hotel object).
 */
import { createHash } from 'node:crypto';
import KDBush from 'kdbush';
import { around } from 'geokdbush';
import { LRUCache } from 'lru-cache';
import type { Hotel } from '../hotel.js';
import { DEFAULT_HOTEL_COUNT, DEFAULT_SEED, generateHotelsInto } from './generate.js';
import { Geocoder, type GeocoderState } from './geocode.js';
import { distanceM } from './geo.js';
import { PackedHotels, PackedHotelsBuilder, type PackedHotelsState } from './packedHotels.js';
import { loadScenarioHotels } from './scenario.js';
import { readWorldCache, writeWorldCache, worldCacheName } from './worldCache.js';
import { CACHE_DIRECTORY, logToStderr, type CacheLog } from '../../../contract/startupCache.js';

export { loadScenarioHotels } from './scenario.js';

export interface WorldOptions {
  seed?: number;
  hotelCount?: number;
  /** Defaults to fixtures/scenario-hotels.json. Their ids must not collide with generated ids. */
  scenarioHotels?: Hotel[];
}

export interface HotelAtDistance {
  hotel: Hotel;
  distanceM: number;
}

/**
 * The content hash (worldContentHash) of the default world: what the generator gives for the default
 * seed and count, with the scenario hotels. A cached world is read back only when it was made with
 * this hash; worldHash.test.ts pins the same value. A change of the generator meant to move the
 * world updates both.
 */
export const DEFAULT_WORLD_SHA256 = '43a363ab32a8b5679a3e6a5bc2967a5fd56bbfe63fd62acc952631e68989b7ba';

/** A generated world as the start-up cache keeps it: its packed hotels, its spatial index and its geocoder. */
export interface WorldState {
  seed: number;
  packed: PackedHotelsState;
  /** The kdbush index over the generated hotels, then the scenario hotels. */
  index: ArrayBuffer;
  geocoder: GeocoderState;
}

/** First batch size of a limited nearest-hotels query; grown fourfold while too few hotels are accepted. */
const MIN_BATCH = 32;
/** Growing fourfold from 32 passes any realistic hotel count long before this. */
const MAX_BATCH_ROUNDS = 30;
/** Materialised generated hotels kept (a few hundred bytes each): a busy city's searches reuse them. */
const MATERIALISED_KEPT = 20_000;

export class World {
  readonly seed: number;
  /** Generated hotels, ids 1..n at index id-1; the scenario hotels follow them (index = kdbush item id). */
  private readonly packed: PackedHotels;
  private readonly scenario: readonly Hotel[];
  private readonly generatedCount: number;
  private readonly scenarioById: ReadonlyMap<number, Hotel>;
  private readonly index: KDBush;
  private readonly materialised = new LRUCache<number, Hotel>({ max: MATERIALISED_KEPT });
  /** The last allHotels() array, while something still holds it. */
  private everyHotel: WeakRef<readonly Hotel[]> | undefined;
  private geocoderInstance: Geocoder | undefined;
  /** The geocoder's state read back with the world, used when the geocoder is first asked for. */
  private geocoderState: GeocoderState | undefined;

  private constructor(seed: number, packed: PackedHotels, scenario: Hotel[], index?: KDBush) {
    this.seed = seed;
    this.packed = packed;
    this.generatedCount = packed.length;
    this.scenario = scenario;
    const scenarioById = new Map<number, Hotel>();
    for (const hotel of scenario) {
      if (hotel.id <= packed.length || scenarioById.has(hotel.id)) throw new Error(`scenario hotel id ${hotel.id} collides with another hotel`);
      scenarioById.set(hotel.id, hotel);
    }
    this.scenarioById = scenarioById;
    if (index) {
      if (index.numItems !== packed.length + scenario.length) throw new Error('the spatial index holds other hotels');
      this.index = index;
      return;
    }
    this.index = new KDBush(packed.length + scenario.length);
    for (let i = 0; i < packed.length; i++) this.index.add(packed.longitude(i), packed.latitude(i));
    for (const hotel of scenario) this.index.add(hotel.longitude, hotel.latitude);
    this.index.finish();
  }

  /** A world as state() gave it, with these scenario hotels (the index holds them: the same ones, in the same order). */
  static fromState(state: WorldState, scenarioHotels: Hotel[]): World {
    const world = new World(state.seed, PackedHotels.fromState(state.packed), scenarioHotels, KDBush.from(state.index));
    world.geocoderState = state.geocoder;
    return world;
  }

  /** The world and its geocoder (its address index built) for the start-up cache. */
  state(): WorldState {
    const geocoder = this.geocoder();
    geocoder.prepareAddressIndex();
    return { seed: this.seed, packed: this.packed.state(), index: this.index.data as ArrayBuffer, geocoder: geocoder.state() };
  }

  static create(options: WorldOptions = {}): World {
    const seed = options.seed ?? DEFAULT_SEED;
    const hotelCount = options.hotelCount ?? DEFAULT_HOTEL_COUNT;
    const builder = new PackedHotelsBuilder(hotelCount + 4096);
    generateHotelsInto({ seed, hotelCount }, (hotel) => builder.add(hotel));
    return new World(seed, builder.finish(), options.scenarioHotels ?? loadScenarioHotels());
  }

  /** Number of hotels, scenario hotels included. */
  get size(): number {
    return this.generatedCount + this.scenario.length;
  }

  hotel(id: number): Hotel | undefined {
    if (Number.isInteger(id) && id >= 1 && id <= this.generatedCount) return this.generatedAt(id - 1);
    return this.scenarioById.get(id);
  }

  /** The hotel at an index 0..size-1 (id order: generated, then scenario). */
  hotelAt(index: number): Hotel | undefined {
    if (!Number.isInteger(index) || index < 0) return undefined;
    return index < this.generatedCount ? this.generatedAt(index) : this.scenario[index - this.generatedCount];
  }

  /** Street address, postal code and city of the hotel at an index, without building the hotel. */
  addressAt(index: number): { address: string; postalCode: string; city: string } | undefined {
    if (!Number.isInteger(index) || index < 0) return undefined;
    if (index < this.generatedCount) {
      return { address: this.packed.address(index), postalCode: this.packed.postalCode(index), city: this.packed.city(index) };
    }
    return this.scenario[index - this.generatedCount];
  }

  private generatedAt(index: number): Hotel {
    let hotel = this.materialised.get(index);
    if (hotel === undefined) {
      hotel = this.packed.hotel(index);
      this.materialised.set(index, hotel);
    }
    return hotel;
  }

  scenarioHotels(): Hotel[] {
    return [...this.scenarioById.values()];
  }

  /**
   * Every hotel in id order (generated, then scenario), each built afresh (the kept ones excepted):
   * for tests and tools, not for requests. Read-only; the array is reused while it is still held.
   */
  allHotels(): readonly Hotel[] {
    const kept = this.everyHotel?.deref();
    if (kept) return kept;
    const hotels: Hotel[] = new Array<Hotel>(this.size);
    for (let i = 0; i < this.generatedCount; i++) hotels[i] = this.materialised.peek(i) ?? this.packed.hotel(i);
    for (let i = 0; i < this.scenario.length; i++) hotels[this.generatedCount + i] = this.scenario[i] as Hotel;
    this.everyHotel = new WeakRef(hotels);
    return hotels;
  }

  /**
   * Hotels within radiusM of the point, nearest first. `accept` is called in
   * distance order and only as far as needed: with a `limit`, the search stops
   * as soon as `limit` hotels have been accepted.
   */
  hotelsAround(
    latitude: number,
    longitude: number,
    radiusM: number,
    accept?: (hotel: Hotel) => boolean,
    limit?: number,
  ): HotelAtDistance[] {
    const wanted = limit ?? Infinity;
    const result: HotelAtDistance[] = [];
    if (wanted <= 0 || !(radiusM >= 0)) return result;
    const radiusKm = radiusM / 1000;

    // geokdbush returns the k nearest in a fixed order, so a bigger batch starts with the
    // previous one: we only look at the new tail each round.
    let seen = 0;
    let batch = Number.isFinite(wanted) ? Math.max(MIN_BATCH, 2 * wanted) : Infinity;
    for (let round = 0; round < MAX_BATCH_ROUNDS; round++) {
      const ids = around(this.index, longitude, latitude, batch, radiusKm);
      for (let i = seen; i < ids.length && result.length < wanted; i++) {
        const hotel = this.hotelAt(ids[i] as number);
        if (hotel === undefined) continue;
        if (accept && !accept(hotel)) continue;
        result.push({ hotel, distanceM: distanceM(latitude, longitude, hotel.latitude, hotel.longitude) });
      }
      seen = ids.length;
      const exhausted = ids.length < batch; // fewer than asked: no more hotels inside the radius
      if (exhausted || result.length >= wanted) break;
      batch *= 4;
    }
    return result;
  }

  /** The offline geocoder over this world (cities, airports, landmarks, hotel addresses); built on first use. */
  geocoder(): Geocoder {
    if (!this.geocoderInstance) {
      this.geocoderInstance = Geocoder.create(this, this.geocoderState);
      this.geocoderState = undefined;
    }
    return this.geocoderInstance;
  }
}

/**
 * sha256 of every hotel of the world, materialised through the public API in id order, as JSON
 * (one line each): what "the same world" means, however it is stored.
 */
export function worldContentHash(world: World): string {
  const hash = createHash('sha256');
  for (const hotel of world.allHotels()) hash.update(JSON.stringify(hotel)).update('\n');
  return hash.digest('hex');
}

let sharedWorld: World | undefined;

/** The shared default world (default seed, 100k hotels), read back from the start-up cache or built on first use. */
export function defaultWorld(): World {
  sharedWorld ??= loadDefaultWorld();
  return sharedWorld;
}

/**
 * The default world, read back from the start-up cache when it holds this code's and data's world
 * (worldCache.ts) made with the pinned content hash; otherwise generated, its geocoder built,
 * and saved for the next start, with a line to `log` saying so.
 */
export function loadDefaultWorld(options: { cacheDirectory?: string; log?: CacheLog } = {}): World {
  const { cacheDirectory = CACHE_DIRECTORY, log = logToStderr } = options;
  const cached = readWorldCache(cacheDirectory);
  if ('state' in cached && cached.worldSha256 === DEFAULT_WORLD_SHA256) {
    try {
      return World.fromState(cached.state as WorldState, loadScenarioHotels());
    } catch (error) {
      log(`start-up cache: ${worldCacheName()} does not fit (${(error as Error).message})`);
    }
  }
  const reason = 'state' in cached ? `${worldCacheName()} holds another world (${cached.worldSha256})` : cached.missing;
  log(`start-up cache: ${reason}; generating the world and the geocoder's indexes (a few seconds) and saving them`);
  const world = World.create();
  const state = world.state();
  const made = worldContentHash(world);
  if (made === DEFAULT_WORLD_SHA256) writeWorldCache(state, made, cacheDirectory, log);
  else log(`start-up cache: the generated world is not the pinned one (${made}, pinned ${DEFAULT_WORLD_SHA256}); not saved`);
  return world;
}
