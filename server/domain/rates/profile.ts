/**
 * The commercial profile of a hotel: price level, breakfast price, refundable
 * surcharge, free-cancellation lead time and the taxes not included in its
 * prices. Derived deterministically from the hotel and cached per hotel object.
 */
import type { Hotel, PropertyKind } from '../hotel.js';
import { Draws, hashString } from './random.js';
import { cityTaxOf, countryTaxOf, perPersonNightEurCents } from './taxTable.js';

export interface CityTaxRule {
  /** `percent`: a share of the stay price; `per_person_night`: a fixed EUR amount per guest and night. */
  kind: 'percent' | 'per_person_night';
  /** Percent of the total price (kind `percent`). */
  percent: number;
  /** EUR cents per guest per night (kind `per_person_night`). */
  eurCentsPerPersonNight: number;
  /** The same amount in cents of the hotel's local currency, exact, when the rule is stated locally. */
  localCentsPerPersonNight?: number;
  /**
   * Currency the tax is stated in: `local` = the hotel's local currency (when the exchange
   * table knows it), `display` = the display currency, or an explicit ISO code (scenario).
   */
  currency: 'local' | 'display' | (string & {});
}

export interface HotelProfile {
  seed: number;
  /** EUR per night of a standard double room for two on an average weekday in an average month. */
  baseEur: number;
  /** EUR cents per guest per night for breakfast. */
  breakfastCents: number;
  /** Refundable surcharge on the room price, 0.08–0.15. */
  refundableSurcharge: number;
  /** Free cancellation ends this many days before check-in (1, 2, 3, 5, 7 or 14). */
  cancellationDays: number;
  /** City tax payable on top of the price, or null when included. */
  cityTax: CityTaxRule | null;
  /** VAT percent payable on top of the price, or null when included. */
  vatPercent: number | null;
  /** 6 for the southern hemisphere (seasons shift by half a year), else 0. */
  seasonShift: number;
  /**
   * Scenario hotels exist to make one edge case reproducible on any dates: they are never
   * randomly sold out and every room type offers all four meal × refundability combinations.
   */
  steady: boolean;
}

const STAR_BASE_EUR = [70, 52, 68, 95, 140, 240] as const;

const KIND_FACTOR: Readonly<Record<PropertyKind, number>> = {
  Hotel: 1, Apartment: 0.9, Resort: 1.3, BNB: 0.85, Hostel: 0.5, Guesthouse: 0.8, 'Apart-hotel': 0.95,
  Boutique_and_Design: 1.2, Camping: 0.45, Castle: 1.6, Cottages_and_Houses: 0.9, Farm: 0.75,
  Glamping: 1.05, 'Mini-hotel': 0.85, Sanatorium: 0.9, Villas_and_Bungalows: 1.1,
};

const BREAKFAST_EUR = [9, 8, 10, 14, 20, 30] as const;
const CANCELLATION_DAYS = [1, 2, 3, 5, 7, 14] as const;

function generateProfile(hotel: Hotel): HotelProfile {
  const seed = hashString(`${hotel.id}:profile`);
  const draws = new Draws(seed);
  const stars = Math.max(0, Math.min(5, Math.round(hotel.starRating)));
  const level = hotel.cityPriceLevel > 0 ? hotel.cityPriceLevel : 1;
  // Central hotels cost a little more: +10% at the centre down to -10% from 10 km.
  const distanceKm = Math.max(0, hotel.distanceToCenterM) / 1000;
  const centrality = 1.1 - 0.2 * Math.min(1, distanceKm / 10);
  const baseEur = (STAR_BASE_EUR[stars] ?? 95) * level * KIND_FACTOR[hotel.kind] * centrality * (0.85 + 0.35 * draws.next());
  const breakfastEur = (hotel.kind === 'Hostel' ? 7 : (BREAKFAST_EUR[stars] ?? 12)) * Math.sqrt(level) * (0.85 + 0.3 * draws.next());
  const breakfastCents = Math.max(400, Math.round(breakfastEur * 2) * 50); // whole half-euros
  const refundableSurcharge = 0.08 + 0.01 * draws.int(0, 7);
  const cancellationDays = draws.pick(CANCELLATION_DAYS);

  // Taxes follow the place (fixtures/taxes.json): the city's tourist tax, payable on top and
  // stated in the local currency, and the country's lodging VAT, on top where prices are quoted
  // without it (US, Canada). The same for every hotel of a city.
  let cityTax: CityTaxRule | null = null;
  const cityRule = cityTaxOf(hotel.countryCode, hotel.city);
  if (cityRule?.kind === 'percent') {
    cityTax = { kind: 'percent', percent: cityRule.rate, eurCentsPerPersonNight: 0, currency: 'local' };
  } else if (cityRule?.kind === 'per_person_night') {
    cityTax = {
      kind: 'per_person_night', percent: 0, eurCentsPerPersonNight: perPersonNightEurCents(cityRule, hotel.localCurrency),
      localCentsPerPersonNight: Math.round(cityRule.rate * 100), currency: 'local',
    };
  }
  const country = countryTaxOf(hotel.countryCode);
  const vatPercent = country && !country.included && country.vat !== null && country.vat > 0 ? country.vat : null;

  return {
    seed,
    baseEur,
    breakfastCents,
    refundableSurcharge,
    cancellationDays,
    cityTax,
    vatPercent,
    seasonShift: hotel.latitude < 0 ? 6 : 0,
    steady: hotel.scenario.length > 0,
  };
}

/** Applies the tax scenario effects of a scenario hotel on top of its generated profile. */
function withScenario(hotel: Hotel, profile: HotelProfile): HotelProfile {
  let result = profile;
  for (const effect of hotel.scenario) {
    if (effect.kind === 'taxes_not_included') {
      result = {
        ...result,
        cityTax: result.cityTax ?? { kind: 'percent', percent: 7, eurCentsPerPersonNight: 0, currency: 'display' },
        vatPercent: result.vatPercent ?? 9,
      };
    } else if (effect.kind === 'city_tax_third_currency') {
      const base = result.cityTax ?? { kind: 'per_person_night', percent: 0, eurCentsPerPersonNight: 350, currency: 'display' };
      const { localCentsPerPersonNight: _local, ...rule } = base;
      result = { ...result, cityTax: { ...rule, currency: effect.currency.toUpperCase() } };
    }
  }
  return result;
}

interface CacheEntry {
  id: number;
  kind: PropertyKind;
  stars: number;
  level: number;
  distance: number;
  latitude: number;
  place: string;
  scenario: Hotel['scenario'];
  profile: HotelProfile;
}

const cache = new WeakMap<Hotel, CacheEntry>();

/** The commercial profile of a hotel (cached per hotel object; do not mutate). */
export function profileOf(hotel: Hotel): HotelProfile {
  const hit = cache.get(hotel);
  if (
    hit && hit.id === hotel.id && hit.kind === hotel.kind && hit.stars === hotel.starRating &&
    hit.level === hotel.cityPriceLevel && hit.distance === hotel.distanceToCenterM &&
    hit.latitude === hotel.latitude && hit.scenario === hotel.scenario &&
    hit.place === `${hotel.countryCode}|${hotel.city}|${hotel.localCurrency}`
  ) {
    return hit.profile;
  }
  const profile = Object.freeze(withScenario(hotel, generateProfile(hotel)));
  cache.set(hotel, {
    id: hotel.id, kind: hotel.kind, stars: hotel.starRating, level: hotel.cityPriceLevel,
    distance: hotel.distanceToCenterM, latitude: hotel.latitude, scenario: hotel.scenario, profile,
    place: `${hotel.countryCode}|${hotel.city}|${hotel.localCurrency}`,
  });
  return profile;
}
