/**
 * The scenario cluster: ten fixed hotels (fixtures/scenario-hotels.json) near
 * Amsterdam whose supplier edge cases are reproducible on demand. Generated
 * hotels keep out of a circle around the cluster, so a small-radius search
 * there returns only scenario hotels.
 */
import { readFileSync } from 'node:fs';
import { PROPERTY_KINDS, type Hotel, type ScenarioEffect } from '../hotel.js';
import type { LatLon } from './geo.js';
import { timeZoneAt } from '../localTime.js';

/** Centre of the cluster ("Sandbox Scenario Park", Amsterdam-Zuidoost, ~8.5 km from the city centre). */
export const SCENARIO_CLUSTER_CENTRE: Readonly<LatLon> = { latitude: 52.316, longitude: 4.971 };

/** Generated hotels stay at least this far from the cluster centre. */
export const SCENARIO_EXCLUSION_RADIUS_M = 1500;

/** A scenario hotel as stored in the fixture: a Hotel plus a one-sentence description of its effect. */
export interface ScenarioHotel extends Hotel {
  effect: string;
}

const SCENARIO_HOTELS_FILE = new URL('../../../fixtures/scenario-hotels.json', import.meta.url);

const EFFECT_KINDS = new Set<ScenarioEffect['kind']>([
  'no_details', 'closed', 'no_rooms', 'taxes_not_included', 'city_tax_third_currency',
  'no_availability_for_residency', 'double_price_for_residency', 'price_increase_at_booking',
  'sold_out_at_booking', 'cancel_fails_at_supplier',
]);

/** Reads and sanity-checks the scenario hotels fixture (throws on a malformed file: it is ours). */
export function loadScenarioHotels(file: URL | string = SCENARIO_HOTELS_FILE): ScenarioHotel[] {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error('scenario-hotels.json must hold an array');
  return parsed.map((entry, index) => {
    const hotel = checkScenarioHotel(entry, index);
    // The fixture does not repeat what the coordinates already say.
    return { ...hotel, timeZone: timeZoneAt(hotel.latitude, hotel.longitude) };
  });
}

function checkScenarioHotel(entry: unknown, index: number): ScenarioHotel {
  const hotel = entry as ScenarioHotel;
  const problem = (what: string): Error => new Error(`scenario-hotels.json entry ${index}: ${what}`);
  if (typeof hotel !== 'object' || hotel === null) throw problem('not an object');
  for (const field of ['name', 'address', 'postalCode', 'city', 'countryCode', 'localCurrency', 'effect'] as const) {
    if (typeof hotel[field] !== 'string') throw problem(`${field} must be a string`);
  }
  for (const field of ['id', 'latitude', 'longitude', 'starRating', 'distanceToCenterM', 'cityPriceLevel'] as const) {
    if (typeof hotel[field] !== 'number' || !Number.isFinite(hotel[field])) throw problem(`${field} must be a number`);
  }
  if (typeof hotel.isClosed !== 'boolean' || typeof hotel.hasDetails !== 'boolean') throw problem('isClosed/hasDetails must be booleans');
  if (!(PROPERTY_KINDS as readonly string[]).includes(hotel.kind)) throw problem(`unknown kind ${String(hotel.kind)}`);
  if (!Array.isArray(hotel.scenario) || !hotel.scenario.every((effect) => EFFECT_KINDS.has(effect?.kind))) {
    throw problem('scenario must be an array of known effects');
  }
  return hotel;
}
