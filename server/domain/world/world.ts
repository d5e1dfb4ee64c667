/**
 * The sandbox hotel world: generated hotels plus the scenario hotels, with O(1)
 * lookup by id and a kdbush spatial index for "nearest hotels around a point".
 */
import KDBush from 'kdbush';
import { around } from 'geokdbush';
import type { Hotel } from '../hotel.js';
import { DEFAULT_HOTEL_COUNT, DEFAULT_SEED, generateHotels } from './generate.js';
import { Geocoder } from './geocode.js';
import { distanceM } from './geo.js';
import { loadScenarioHotels } from './scenario.js';

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

/** First batch size of a limited nearest-hotels query; grown fourfold while too few hotels are accepted. */
const MIN_BATCH = 32;
/** Growing fourfold from 32 passes any realistic hotel count long before this. */
const MAX_BATCH_ROUNDS = 30;

export class World {
  readonly seed: number;
  /** Generated hotels (ids 1..n at index id-1) followed by the scenario hotels; index = kdbush item id. */
  private readonly hotels: readonly Hotel[];
  private readonly generatedCount: number;
  private readonly scenarioById: ReadonlyMap<number, Hotel>;
  private readonly index: KDBush;
  private geocoderInstance: Geocoder | undefined;

  private constructor(seed: number, generated: Hotel[], scenario: Hotel[]) {
    this.seed = seed;
    this.generatedCount = generated.length;
    this.hotels = generated.concat(scenario);
    const scenarioById = new Map<number, Hotel>();
    for (const hotel of scenario) {
      if (hotel.id <= generated.length || scenarioById.has(hotel.id)) throw new Error(`scenario hotel id ${hotel.id} collides with another hotel`);
      scenarioById.set(hotel.id, hotel);
    }
    this.scenarioById = scenarioById;
    this.index = new KDBush(this.hotels.length);
    for (const hotel of this.hotels) this.index.add(hotel.longitude, hotel.latitude);
    this.index.finish();
  }

  static create(options: WorldOptions = {}): World {
    const seed = options.seed ?? DEFAULT_SEED;
    const generated = generateHotels({ seed, hotelCount: options.hotelCount ?? DEFAULT_HOTEL_COUNT });
    return new World(seed, generated, options.scenarioHotels ?? loadScenarioHotels());
  }

  /** Number of hotels, scenario hotels included. */
  get size(): number {
    return this.hotels.length;
  }

  hotel(id: number): Hotel | undefined {
    if (Number.isInteger(id) && id >= 1 && id <= this.generatedCount) return this.hotels[id - 1];
    return this.scenarioById.get(id);
  }

  scenarioHotels(): Hotel[] {
    return [...this.scenarioById.values()];
  }

  /** Every hotel in id order (generated, then scenario). Read-only view; for tests and tools. */
  allHotels(): readonly Hotel[] {
    return this.hotels;
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
        const hotel = this.hotels[ids[i] as number];
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
    this.geocoderInstance ??= Geocoder.create(this);
    return this.geocoderInstance;
  }
}

let sharedWorld: World | undefined;

/** The shared default world (default seed, 100k hotels), built on first use. */
export function defaultWorld(): World {
  sharedWorld ??= World.create();
  return sharedWorld;
}
