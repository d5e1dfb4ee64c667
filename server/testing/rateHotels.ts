/** Hand-made hotels and stays for the rate engine's tests (not used by the server). */
import type { Hotel, PropertyKind, ScenarioEffect } from '../domain/hotel.js';
import type { Stay } from '../domain/rates/rates.js';

/** The instant every test prices at unless it says otherwise. */
export const NOW = new Date('2026-11-21T10:15:42Z');

export function makeHotel(overrides: Partial<Hotel> = {}): Hotel {
  return {
    id: 4127,
    name: 'Canal Garden Hotel Amsterdam',
    address: 'Keizersgracht 312',
    postalCode: '1016 EX',
    city: 'Amsterdam',
    countryCode: 'NL',
    localCurrency: 'EUR',
    latitude: 52.3702,
    longitude: 4.8852,
    starRating: 4,
    kind: 'Hotel',
    isClosed: false,
    hasDetails: true,
    distanceToCenterM: 520,
    cityPriceLevel: 1.3,
    timeZone: 'Europe/Amsterdam',
    scenario: [],
    ...overrides,
  };
}

export function scenarioHotel(id: number, ...effects: ScenarioEffect[]): Hotel {
  return makeHotel({ id, name: `Scenario Hotel ${id}`, latitude: 52.316, longitude: 4.971, scenario: effects });
}

export function makeStay(overrides: Partial<Stay> = {}): Stay {
  return { checkin: '2026-12-15', checkout: '2026-12-18', persons: 2, currency: 'EUR', residency: 'nl', ...overrides };
}

const KINDS: readonly PropertyKind[] = [
  'Hotel', 'Apartment', 'Resort', 'BNB', 'Hostel', 'Guesthouse', 'Apart-hotel', 'Boutique_and_Design', 'Camping',
  'Castle', 'Cottages_and_Houses', 'Farm', 'Glamping', 'Mini-hotel', 'Sanatorium', 'Villas_and_Bungalows',
];

/** `count` ordinary hotels of every kind and star rating, ids from `firstId`. */
export function manyHotels(count: number, firstId = 1000): Hotel[] {
  const hotels: Hotel[] = [];
  for (let i = 0; i < count; i++) {
    hotels.push(makeHotel({
      id: firstId + i,
      name: `Hotel ${firstId + i}`,
      kind: KINDS[i % KINDS.length] as PropertyKind,
      starRating: i % 6,
      cityPriceLevel: 0.6 + (i % 10) / 10,
      distanceToCenterM: (i * 137) % 9000,
    }));
  }
  return hotels;
}

export { addDays } from '../clock.js';
