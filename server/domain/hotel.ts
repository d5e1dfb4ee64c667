/**
 * The internal model of one hotel in the sandbox world. It is what the world
 * generator produces, what the spatial index stores, and what the rate engine
 * prices. It is NOT a contract type: responses are built from it by the
 * endpoint modules using the generated contract types.
 */

/** Scenario effects that make a supplier edge case reproducible (fixtures/scenario-hotels.json). */
export type ScenarioEffect =
  | { kind: 'no_details' }
  | { kind: 'closed' }
  | { kind: 'no_rooms' }
  | { kind: 'taxes_not_included' }
  | { kind: 'city_tax_third_currency'; currency: string }
  | { kind: 'no_availability_for_residency'; residency: string }
  | { kind: 'double_price_for_residency'; residency: string }
  | { kind: 'price_increase_at_booking'; percent: number }
  | { kind: 'sold_out_at_booking' }
  | { kind: 'cancel_fails_at_supplier'; recoversAfterSeconds: number };

export const PROPERTY_KINDS = [
  'Hotel', 'Apartment', 'Resort', 'BNB', 'Hostel', 'Guesthouse', 'Apart-hotel',
  'Boutique_and_Design', 'Camping', 'Castle', 'Cottages_and_Houses', 'Farm',
  'Glamping', 'Mini-hotel', 'Sanatorium', 'Villas_and_Bungalows',
] as const;
export type PropertyKind = (typeof PROPERTY_KINDS)[number];

export interface Hotel {
  /** Positive integer, stable for a given seed. Scenario hotels use 900001+. */
  id: number;
  name: string;
  /** Street address line, e.g. "Keizersgracht 123". */
  address: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
  /** ISO 4217 code of the local currency (used for city tax). */
  localCurrency: string;
  latitude: number;
  longitude: number;
  /** 0 (unrated) to 5. */
  starRating: number;
  kind: PropertyKind;
  isClosed: boolean;
  /** False for the few hotels without detailed local data: their detail fields are null. */
  hasDetails: boolean;
  /** Distance to the centre of its city, metres. */
  distanceToCenterM: number;
  /**
   * IANA time zone of the hotel (from its coordinates): the zone-less deadlines, penalty periods and
   * check-in/out times of the hotel are wall-clock times there, and "today" is its local date.
   */
  timeZone: string;
  /** Relative price level of the city (1 = average); bigger, richer cities cost more. */
  cityPriceLevel: number;
  /** Effects of a scenario hotel; empty for ordinary hotels. */
  scenario: ScenarioEffect[];
}
