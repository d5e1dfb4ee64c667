/**
 * Hotels where people stay (issue 19): every city of the world generator lies on land, and its
 * hotels lie within the city's area and on land, not in the sea.
 *
 * Method: Natural Earth's 1:10m land polygons (world-atlas, public domain; dev dependency) and an
 * even-odd point-in-polygon test per point, independent of the generator's own coast rasters
 * (fixtures/coastMask.json, 250 m cells). The 1:10m coast is drawn to about a kilometre, so a city
 * centre may be up to 1 km off it (harbour-front centres), a hotel up to 300 m (one raster cell).
 * Lakes count as land in that data set.
 */
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { cityLatitude, cityLongitude, loadCities } from './cities.js';
import { distanceM, offsetByMetres } from './geo.js';
import { largeAirports } from './airportHotels.js';
import { allocateHotels, citySpreadM, DEFAULT_HOTEL_COUNT, MAX_SPREADS } from './generate.js';
import { hotelFacts } from './hotelFacts.js';
import { defaultWorld } from './world.js';

/** Latitude band of the edge index, degrees. */
const BAND = 0.1;

/**
 * The land polygons' edges by latitude band. A ring that crosses the antimeridian (Eurasia through
 * Chukotka) jumps by 360°: unwrapped, it is a plain closed polygon reaching past 180, so a point is
 * tested at x and x ± 360.
 */
function landEdges(): Map<number, number[]> {
  const topology = createRequire(import.meta.url)('world-atlas/land-10m.json') as Topology<{ land: GeometryCollection }>;
  const land = feature(topology, topology.objects.land) as unknown as { features: Array<{ geometry: { type: string; coordinates: unknown } }> };
  const bands = new Map<number, number[]>();
  for (const { geometry } of land.features) {
    const list = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as number[][][][];
    for (const ring of list.flat()) {
      let shift = 0;
      for (let i = 1; i < ring.length; i++) {
        const x1 = ring[i - 1]![0]! + shift;
        const y1 = ring[i - 1]![1]!;
        if (ring[i]![0]! + shift - x1 > 180) shift -= 360;
        else if (ring[i]![0]! + shift - x1 < -180) shift += 360;
        const x2 = ring[i]![0]! + shift;
        const y2 = ring[i]![1]!;
        if (y1 === y2) continue;
        for (let band = Math.floor(Math.min(y1, y2) / BAND); band <= Math.floor(Math.max(y1, y2) / BAND); band++) {
          const edges = bands.get(band) ?? [];
          edges.push(x1, y1, x2, y2);
          bands.set(band, edges);
        }
      }
    }
  }
  return bands;
}

const bands = landEdges();

/** Even-odd: the number of land edges a ray from the point to the west crosses. */
function onLand(latitude: number, longitude: number): boolean {
  const edges = bands.get(Math.floor(latitude / BAND)) ?? [];
  return [longitude, longitude + 360, longitude - 360].some((x) => {
    let inside = false;
    for (let e = 0; e < edges.length; e += 4) {
      const [x1, y1, x2, y2] = [edges[e]!, edges[e + 1]!, edges[e + 2]!, edges[e + 3]!];
      if ((y1 > latitude) !== (y2 > latitude) && x1 + ((latitude - y1) / (y2 - y1)) * (x2 - x1) < x) inside = !inside;
    }
    return inside;
  });
}

/** On land, or land within `metres` in one of 8 directions. */
function nearLand(latitude: number, longitude: number, metres: number): boolean {
  if (onLand(latitude, longitude)) return true;
  for (let k = 0; k < 8; k++) {
    const angle = (k * Math.PI) / 4;
    const point = offsetByMetres({ latitude, longitude }, metres * Math.cos(angle), metres * Math.sin(angle));
    if (onLand(point.latitude, point.longitude)) return true;
  }
  return false;
}

/** The 1:10m coast is drawn to about a kilometre: a harbour-front centre may be this far off it. */
const CITY_CENTRE_SLACK_M = 2_500;
/** A hotel may be one raster cell (250 m) off the coast, plus rounding. */
const HOTEL_SLACK_M = 300;
/** Every this many hotels is checked (about 5,000 of the world's). */
const SAMPLE_EVERY = 20;
/**
 * Cities on islands too small for the 1:10m data (it has no land within 2.5 km of them): the data
 * cannot judge them or their hotels. Each is a real town on land (GeoNames point on the island).
 */
const ISLANDS_THE_DATA_LACKS: ReadonlySet<string> = new Set(['Al Muharraq, BH', 'Tarawa, KI', 'Ålesund, NO', 'Tārūt, SA']);

describe('on land', () => {
  const allocations = allocateHotels(loadCities(), DEFAULT_HOTEL_COUNT);
  const judged = (city: { name: string; country: string }) => !ISLANDS_THE_DATA_LACKS.has(`${city.name}, ${city.country}`);

  it('every city of the world generator lies on land', () => {
    const offshore = allocations
      .filter(({ city }) => judged(city) && !nearLand(cityLatitude(city), cityLongitude(city), CITY_CENTRE_SLACK_M))
      .map(({ city }) => `${city.name}, ${city.country} (${cityLatitude(city)}, ${cityLongitude(city)})`);
    expect(allocations.length).toBeGreaterThan(5_000);
    expect(offshore).toEqual([]);
    // The exceptions are few, and each one really has no land near it in the data.
    expect(ISLANDS_THE_DATA_LACKS.size).toBeLessThan(allocations.length / 500);
    for (const { city } of allocations.filter(({ city }) => !judged(city))) {
      expect(nearLand(cityLatitude(city), cityLongitude(city), CITY_CENTRE_SLACK_M), city.name).toBe(false);
    }
  });

  it('a sample of the hotels lie within their city\'s area and on land', () => {
    const world = defaultWorld();
    const wrong: string[] = [];
    let checked = 0;
    let firstId = 1;
    for (const { city, hotelCount } of allocations) {
      const centre = { latitude: cityLatitude(city), longitude: cityLongitude(city) };
      const reachM = MAX_SPREADS * citySpreadM(city.population) * 1.01;
      // Where the data draws the centre itself in the sea (a harbour front), it cannot judge the hotels near it.
      const coastJudged = judged(city) && onLand(centre.latitude, centre.longitude);
      for (let id = firstId; id < firstId + hotelCount; id++) {
        if (id % SAMPLE_EVERY !== 0) continue;
        const hotel = world.hotel(id)!;
        checked++;
        const fromCentre = distanceM(hotel.latitude, hotel.longitude, centre.latitude, centre.longitude);
        if (hotel.city !== city.name || fromCentre > reachM) wrong.push(`${id} ${hotel.city}: ${Math.round(fromCentre)} m from ${city.name}'s centre`);
        else if (coastJudged && !nearLand(hotel.latitude, hotel.longitude, HOTEL_SLACK_M)) wrong.push(`${id} ${hotel.city}, ${hotel.countryCode}: in the sea at ${hotel.latitude}, ${hotel.longitude}`);
      }
      firstId += hotelCount;
    }
    // The airport hotels after them, where the data has the airport itself on land.
    const airports = new Map(largeAirports().map((airport) => [airport.iata, airport]));
    for (let id = DEFAULT_HOTEL_COUNT + 1; world.hotel(id) && id < DEFAULT_HOTEL_COUNT + 100_000; id += 4) {
      const hotel = world.hotel(id)!;
      const airport = airports.get(hotelFacts(hotel).airportIata ?? '');
      if ((airport && !onLand(airport.latitude, airport.longitude)) || !judged({ name: hotel.city, country: hotel.countryCode })) continue;
      checked++;
      if (!nearLand(hotel.latitude, hotel.longitude, HOTEL_SLACK_M)) wrong.push(`${id} ${hotel.name}: in the sea at ${hotel.latitude}, ${hotel.longitude}`);
    }
    expect(checked).toBeGreaterThan(5_000);
    expect(wrong).toEqual([]);
  });
});
