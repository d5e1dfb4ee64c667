import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { distanceM } from './geo.js';
import { loadLandmarks } from './landmarks.js';
import { SCENARIO_CLUSTER_CENTRE, SCENARIO_EXCLUSION_RADIUS_M, loadScenarioHotels } from './scenario.js';
import { defaultWorld } from './world.js';

const EXPECTED_EFFECTS = [
  'no_details', 'closed', 'no_rooms', 'taxes_not_included', 'city_tax_third_currency',
  'no_availability_for_residency', 'double_price_for_residency', 'price_increase_at_booking',
  'sold_out_at_booking', 'cancel_fails_at_supplier',
];

describe('scenario hotels fixture', () => {
  const hotels = loadScenarioHotels();

  it('holds ten hotels 900001..900010 with one effect each, in the agreed order', () => {
    expect(hotels.map((hotel) => hotel.id)).toEqual(Array.from({ length: 10 }, (_, i) => 900001 + i));
    expect(hotels.map((hotel) => hotel.scenario.map((effect) => effect.kind))).toEqual(EXPECTED_EFFECTS.map((kind) => [kind]));
    for (const hotel of hotels) {
      expect(hotel.name.startsWith('Scenario: ')).toBe(true);
      expect(hotel.effect.length).toBeGreaterThan(20);
    }
  });

  it('carries the effect parameters and flags', () => {
    const byId = new Map(hotels.map((hotel) => [hotel.id, hotel]));
    expect(byId.get(900001)?.hasDetails).toBe(false);
    expect(byId.get(900002)?.isClosed).toBe(true);
    expect(byId.get(900005)?.scenario).toEqual([{ kind: 'city_tax_third_currency', currency: 'USD' }]);
    expect(byId.get(900006)?.scenario).toEqual([{ kind: 'no_availability_for_residency', residency: 'us' }]);
    expect(byId.get(900007)?.scenario).toEqual([{ kind: 'double_price_for_residency', residency: 'gb' }]);
    expect(byId.get(900008)?.scenario).toEqual([{ kind: 'price_increase_at_booking', percent: 10 }]);
    expect(byId.get(900010)?.scenario).toEqual([{ kind: 'cancel_fails_at_supplier', recoversAfterSeconds: 600 }]);
    const others = hotels.filter((hotel) => hotel.id !== 900001 && hotel.id !== 900002);
    expect(others.every((hotel) => hotel.hasDetails && !hotel.isClosed)).toBe(true);
  });

  it('clusters within 400 m of the centre, which is the Sandbox Scenario Park landmark', () => {
    for (const hotel of hotels) {
      expect(distanceM(hotel.latitude, hotel.longitude, SCENARIO_CLUSTER_CENTRE.latitude, SCENARIO_CLUSTER_CENTRE.longitude)).toBeLessThanOrEqual(400);
    }
    const park = loadLandmarks().find((landmark) => landmark.name === 'Sandbox Scenario Park');
    expect(park).toMatchObject(SCENARIO_CLUSTER_CENTRE);
  });

  it('has the price level and currency of the generated Amsterdam hotels', () => {
    const amsterdam = defaultWorld().allHotels().find((hotel) => hotel.city === 'Amsterdam' && hotel.countryCode === 'NL' && hotel.scenario.length === 0);
    for (const hotel of hotels) {
      expect(hotel).toMatchObject({ city: 'Amsterdam', countryCode: 'NL', localCurrency: 'EUR', cityPriceLevel: amsterdam?.cityPriceLevel });
    }
  });

  it('uses exactly the Hotel field names plus effect', () => {
    const raw = JSON.parse(readFileSync(new URL('../../../fixtures/scenario-hotels.json', import.meta.url), 'utf8')) as object[];
    const fields = [
      'id', 'name', 'address', 'postalCode', 'city', 'countryCode', 'localCurrency', 'latitude', 'longitude', 'starRating',
      'kind', 'isClosed', 'hasDetails', 'distanceToCenterM', 'cityPriceLevel', 'scenario', 'effect',
    ];
    for (const entry of raw) expect(Object.keys(entry).sort()).toEqual([...fields].sort());
  });

  it('are the only hotels a small-radius search at the cluster finds', () => {
    const found = defaultWorld().hotelsAround(SCENARIO_CLUSTER_CENTRE.latitude, SCENARIO_CLUSTER_CENTRE.longitude, SCENARIO_EXCLUSION_RADIUS_M);
    expect(found.map((entry) => entry.hotel.id).sort()).toEqual(hotels.map((hotel) => hotel.id));
  });
});
