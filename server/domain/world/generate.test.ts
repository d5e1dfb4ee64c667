import { describe, expect, it } from 'vitest';
import { PROPERTY_KINDS } from '../hotel.js';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { AIRPORT_HOTEL_MAX_DISTANCE_M, largeAirports } from './airportHotels.js';
import { cityLatitude, cityLongitude, loadCities } from './cities.js';
import {
  citySpreadM, DEFAULT_HOTEL_COUNT, generateHotels, MAX_SPREADS, RURAL_KINDS, RURAL_MIN_SPREADS, URBAN_KINDS, URBAN_MAX_SPREADS,
} from './generate.js';
import { distanceM } from './geo.js';
import { SCENARIO_CLUSTER_CENTRE, SCENARIO_EXCLUSION_RADIUS_M } from './scenario.js';
import { defaultWorld } from './world.js';

const CITY_CENTRES = {
  Amsterdam: { latitude: 52.37403, longitude: 4.88969 },
  Paris: { latitude: 48.85341, longitude: 2.3488 },
  London: { latitude: 51.50853, longitude: -0.12574 },
  'New York City': { latitude: 40.71427, longitude: -74.00597 },
};

const world = defaultWorld();
const generated = world.allHotels().filter((hotel) => hotel.scenario.length === 0);
/** The hotels spread around city centres (the airport hotels come after them). */
const cityHotels = generated.slice(0, DEFAULT_HOTEL_COUNT);

describe('generateHotels', () => {
  it('generates exactly the default count with ids 1..n', () => {
    expect(DEFAULT_HOTEL_COUNT).toBeGreaterThanOrEqual(100_000);
    // The city hotels, then the airport hotels (ids after them).
    expect(generated.length).toBeGreaterThan(DEFAULT_HOTEL_COUNT + 3 * 500);
    expect(generated.length).toBeLessThan(DEFAULT_HOTEL_COUNT + 10 * 2000);
    expect(generated.every((hotel, index) => hotel.id === index + 1)).toBe(true);
    expect(generateHotels({ hotelCount: 300 })).toHaveLength(300);
  });

  it('is deterministic for a seed: a rebuild gives the same first and last hotels', () => {
    const again = generateHotels();
    expect(again[0]).toEqual(generated[0]);
    expect(again[again.length - 1]).toEqual(generated[generated.length - 1]);
    expect(JSON.stringify(again.slice(5000, 5100))).toBe(JSON.stringify(generated.slice(5000, 5100)));
  });

  it('gives byte-identical small worlds for the same seed and different ones for another seed', () => {
    const a = JSON.stringify(generateHotels({ seed: 1, hotelCount: 2000 }));
    const b = JSON.stringify(generateHotels({ seed: 1, hotelCount: 2000 }));
    const c = JSON.stringify(generateHotels({ seed: 2, hotelCount: 2000 }));
    expect(a).toBe(b);
    expect(a).not.toBe(c);
    expect(generateHotels({ seed: 3, hotelCount: 1234 })).toHaveLength(1234);
  });

  it.each(Object.entries(CITY_CENTRES))('puts at least 300 hotels within 5 km of %s', (_city, centre) => {
    const near = world.hotelsAround(centre.latitude, centre.longitude, 5000, (hotel) => hotel.scenario.length === 0);
    expect(near.length).toBeGreaterThanOrEqual(300);
  });

  it('uses all 16 property kinds, in the world and in Amsterdam, mostly Hotel', () => {
    const kinds = new Map<string, number>();
    for (const hotel of generated) kinds.set(hotel.kind, (kinds.get(hotel.kind) ?? 0) + 1);
    expect([...kinds.keys()].sort()).toEqual([...PROPERTY_KINDS].sort());
    expect(kinds.get('Hotel')).toBeGreaterThan(generated.length * 0.4);
    const amsterdamKinds = new Set(generated.filter((hotel) => hotel.city === 'Amsterdam' && hotel.countryCode === 'NL').map((hotel) => hotel.kind));
    expect(amsterdamKinds.size).toBe(PROPERTY_KINDS.length);
  });

  it('closes about 1% of the hotels and leaves about 3% without details', () => {
    const closed = generated.filter((hotel) => hotel.isClosed).length / generated.length;
    const withoutDetails = generated.filter((hotel) => !hotel.hasDetails).length / generated.length;
    expect(closed).toBeGreaterThan(0.005);
    expect(closed).toBeLessThan(0.02);
    expect(withoutDetails).toBeGreaterThan(0.015);
    expect(withoutDetails).toBeLessThan(0.05);
  });

  it('skews star ratings to 3 and 4', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (const hotel of generated) counts[hotel.starRating] = (counts[hotel.starRating] ?? 0) + 1;
    const [zero = 0, one = 0, two = 0, three = 0, four = 0, five = 0] = counts;
    expect(three + four).toBeGreaterThan(generated.length / 2);
    expect(Math.min(three, four)).toBeGreaterThan(Math.max(zero, one, two, five));
  });

  it('keeps generated hotels out of the scenario circle', () => {
    const inside = generated.filter((hotel) =>
      distanceM(hotel.latitude, hotel.longitude, SCENARIO_CLUSTER_CENTRE.latitude, SCENARIO_CLUSTER_CENTRE.longitude) < SCENARIO_EXCLUSION_RADIUS_M);
    expect(inside).toEqual([]);
  });

  it('fills every field plausibly', () => {
    for (const hotel of generated.filter((_, index) => index % 97 === 0)) {
      expect(hotel.name.length).toBeGreaterThan(3);
      expect(hotel.address).toMatch(/\d/);
      expect(hotel.postalCode.length).toBeGreaterThan(2);
      expect(hotel.countryCode).toMatch(/^[A-Z]{2}$/);
      expect(hotel.localCurrency).toMatch(/^[A-Z]{3}$/);
      expect(hotel.starRating >= 0 && hotel.starRating <= 5).toBe(true);
      expect(Number.isInteger(hotel.distanceToCenterM)).toBe(true);
      expect(hotel.cityPriceLevel).toBeGreaterThan(0.1);
      expect(hotel.cityPriceLevel).toBeLessThan(3);
      expect(hotel.scenario).toEqual([]);
    }
  });

  it('derives currency, price level and distance to the centre from the city', () => {
    const amsterdam = generated.filter((hotel) => hotel.city === 'Amsterdam' && hotel.countryCode === 'NL');
    const london = generated.find((hotel) => hotel.city === 'London' && hotel.countryCode === 'GB');
    const newYork = generated.find((hotel) => hotel.city === 'New York City');
    expect(amsterdam.every((hotel) => hotel.localCurrency === 'EUR' && hotel.cityPriceLevel > 1)).toBe(true);
    expect(london?.localCurrency).toBe('GBP');
    expect(newYork?.localCurrency).toBe('USD');
    const centre = CITY_CENTRES.Amsterdam;
    for (const hotel of amsterdam.slice(0, 50)) {
      const distance = distanceM(hotel.latitude, hotel.longitude, centre.latitude, centre.longitude);
      expect(Math.abs(distance - hotel.distanceToCenterM)).toBeLessThan(2);
    }
  });

  it('puts every hotel within its city\'s area: at most 3.5 spreads from the centre it was built around', () => {
    const byName = new Map<string, { latitude: number; longitude: number; population: number }>();
    for (const city of loadCities()) {
      const key = `${city.name}|${city.country}`;
      const known = byName.get(key);
      if (!known || known.population < city.population) {
        byName.set(key, { latitude: cityLatitude(city), longitude: cityLongitude(city), population: city.population });
      }
    }
    let checked = 0;
    for (const hotel of cityHotels) {
      const city = byName.get(`${hotel.city}|${hotel.countryCode}`);
      if (!city) continue;
      const distance = distanceM(hotel.latitude, hotel.longitude, city.latitude, city.longitude);
      // Same-named towns of one country: only check the hotels around the biggest.
      if (Math.abs(distance - hotel.distanceToCenterM) > 5) continue;
      checked++;
      expect(hotel.distanceToCenterM, `hotel ${hotel.id} in ${hotel.city}`).toBeLessThanOrEqual(MAX_SPREADS * citySpreadM(city.population) + 5);
    }
    expect(checked).toBeGreaterThan(cityHotels.length * 0.9);
  });

  it('centres Dubai on Downtown, not on the data set\'s point 13 km away in the desert', () => {
    const dubai = cityHotels.filter((hotel) => hotel.city === 'Dubai' && hotel.countryCode === 'AE');
    expect(dubai.length).toBeGreaterThan(50);
    const downtown = { latitude: 25.1972, longitude: 55.2744 };
    for (const hotel of dubai) {
      expect(distanceM(hotel.latitude, hotel.longitude, downtown.latitude, downtown.longitude)).toBeLessThan(9_000);
    }
    const near = dubai.filter((hotel) => distanceM(hotel.latitude, hotel.longitude, downtown.latitude, downtown.longitude) < 3_000);
    expect(near.length).toBeGreaterThan(dubai.length / 3);
  });

  it('puts campsites, glamping, farms and castles out of city centres, hostels and apart-hotels near them', () => {
    const biggest = new Map<string, { latitude: number; longitude: number; population: number }>();
    for (const city of loadCities()) {
      const key = `${city.name}|${city.country}`;
      const known = biggest.get(key);
      if (!known || known.population < city.population) {
        biggest.set(key, { latitude: cityLatitude(city), longitude: cityLongitude(city), population: city.population });
      }
    }
    let rural = 0;
    let urban = 0;
    for (const hotel of cityHotels) {
      const city = biggest.get(`${hotel.city}|${hotel.countryCode}`);
      // Same-named towns of one country: only the hotels around the biggest.
      if (!city || Math.abs(distanceM(hotel.latitude, hotel.longitude, city.latitude, city.longitude) - hotel.distanceToCenterM) > 5) continue;
      const people = city.population;
      const spread = citySpreadM(people);
      if (RURAL_KINDS.has(hotel.kind) && people >= 50_000) {
        rural++;
        expect(hotel.distanceToCenterM, `${hotel.kind} ${hotel.id} in ${hotel.city}`).toBeGreaterThanOrEqual(RURAL_MIN_SPREADS * spread * 0.99 - 5);
      }
      if (URBAN_KINDS.has(hotel.kind)) {
        urban++;
        expect(hotel.distanceToCenterM, `${hotel.kind} ${hotel.id} in ${hotel.city}`).toBeLessThanOrEqual(URBAN_MAX_SPREADS * spread + 5);
      }
    }
    expect(rural).toBeGreaterThan(500);
    expect(urban).toBeGreaterThan(1000);
    // No glamping or camping within 2 km of the Dam.
    const dam = CITY_CENTRES.Amsterdam;
    for (const hotel of cityHotels) {
      if (hotel.kind !== 'Glamping' && hotel.kind !== 'Camping') continue;
      expect(distanceM(hotel.latitude, hotel.longitude, dam.latitude, dam.longitude)).toBeGreaterThan(2_000);
    }
  });

  it('has 3 to 10 hotels within 5 km of every large airport, some named as airport hotels, after the city hotels', () => {
    const airports = largeAirports();
    expect(airports.length).toBeGreaterThan(500);
    for (const code of ['AMS', 'LHR', 'CDG', 'JFK', 'DXB', 'HND', 'FRA']) expect(airports.some((a) => a.iata === code), code).toBe(true);
    const airportHotels = generated.slice(DEFAULT_HOTEL_COUNT);
    let unserved = 0;
    for (const airport of airports) {
      const near = airportHotels.filter(
        (hotel) => Math.abs(hotel.latitude - airport.latitude) < 0.06 &&
          distanceM(hotel.latitude, hotel.longitude, airport.latitude, airport.longitude) <= AIRPORT_HOTEL_MAX_DISTANCE_M,
      );
      if (near.length === 0) {
        unserved++; // no town of 1,000 within 30 km (remote islands)
        continue;
      }
      expect(near.length, airport.iata).toBeGreaterThanOrEqual(3);
      expect(near.some((hotel) => /Airport/.test(hotel.name)), airport.iata).toBe(true);
    }
    expect(unserved).toBeLessThan(airports.length * 0.03);
    const schiphol = airports.find((a) => a.iata === 'AMS')!;
    const nearSchiphol = airportHotels.filter((h) => distanceM(h.latitude, h.longitude, schiphol.latitude, schiphol.longitude) <= 5000);
    expect(nearSchiphol.length).toBeGreaterThanOrEqual(3);
    expect(nearSchiphol.length).toBeLessThanOrEqual(20);
  });

  it('writes postcodes in the country\'s format (postcode-validator), for all but a few small countries', () => {
    // Not yet in their own format (small numbers of hotels; island territories, US-style ZIP areas).
    const notYet = new Set(('LB GN AZ PA NI HT MD SV PR FM MP CV LS BB BN TC NC VG MH AS MQ PF RE GU MT CK BH KY ME YT BM MC SZ GF JE VI').split(' '));
    let checked = 0;
    const wrong: string[] = [];
    for (const hotel of generated) {
      if (notYet.has(hotel.countryCode) || !postcodeValidatorExistsForCountry(hotel.countryCode)) continue;
      checked++;
      if (!postcodeValidator(hotel.postalCode, hotel.countryCode) && wrong.length < 10) wrong.push(`${hotel.countryCode} ${hotel.postalCode}`);
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(generated.length * 0.9);
  });
});
