/**
 * Language-neutral static facts of a hotel, derived on demand from a PRNG seeded
 * by the hotel id (nothing is stored per hotel). details.ts renders them in a
 * language; because every random draw happens here, all languages describe the
 * same hotel.
 */
import type { Hotel, PropertyKind } from '../hotel.js';
import { airportDirectory } from './airports.js';
import { electricityOf } from './countries.js';
import { Random, fnv1a, mixSeeds } from '../random.js';

export const QUICK_FEATURES = [
  'parking', 'internet', 'pool', 'air_conditioning', 'fitness', 'spa', 'restaurant', 'bar',
  'airport_shuttle', 'pets_allowed', 'kitchen', 'family_rooms',
] as const;
export type QuickFeature = (typeof QUICK_FEATURES)[number];

export const AMENITY_GROUPS = [
  'General', 'Internet', 'Parking', 'Food and drinks', 'Wellness', 'Business', 'Transport', 'Accessibility',
] as const;
export type AmenityGroup = (typeof AMENITY_GROUPS)[number];

/** Every amenity a hotel can have, by its English name (the key of its texts in the catalogues). */
export const AMENITY_NAMES = [
  'Air conditioning', 'Heating', 'Elevator', '24-hour front desk', 'Luggage storage', 'Non-smoking rooms', 'Family rooms',
  'Garden', 'Terrace', 'Laundry service', 'Kitchen', 'Pets allowed', 'Wi-Fi in all areas', 'Private parking',
  'Electric vehicle charging station', 'Restaurant', 'Bar', 'Breakfast', 'Room service', 'Coffee and tea maker',
  'Swimming pool', 'Fitness centre', 'Spa', 'Sauna', 'Massage', 'Meeting rooms', 'Business centre', 'Printer',
  'Airport shuttle', 'Bicycle rental', 'Car rental', 'Wheelchair accessible', 'Accessible bathroom',
] as const;
export type AmenityName = (typeof AMENITY_NAMES)[number];

/** Free, for a fee, or not offered. */
export type Offer = 'free' | 'paid' | 'none';

export interface Amenity {
  group: AmenityGroup;
  name: AmenityName;
  paid: boolean;
  feature?: QuickFeature;
}

export interface HotelFacts {
  chain: string | null;
  regionType: string | null;
  /** Nearest airport with an IATA code within AIRPORT_MAX_DISTANCE_M. */
  airportIata: string | null;
  checkIn: string;
  checkOut: string;
  /** Both null = front desk open 24 hours. */
  frontDeskOpen: string | null;
  frontDeskClose: string | null;
  totalRooms: number | null;
  floors: number | null;
  yearBuilt: number | null;
  yearRenovated: number | null;
  paymentMethods: string[] | null;
  electricity: string | null;
  internet: Offer;
  parking: Offer;
  breakfastServed: boolean;
  pets: Offer;
  extraBeds: boolean;
  cots: boolean;
  shuttle: Offer;
  /** Children up to this age stay free in existing beds; null = adults only. */
  childrenFreeUpToAge: number | null;
  /** Refundable deposit at check-in, in euro before local conversion; null = none. */
  depositEuro: number | null;
  /** Fees in euro (scaled by the city price level), converted when rendered. */
  fees: { internetPerDay: number; parkingPerDay: number; breakfast: number; petPerNight: number; extraBedPerNight: number; shuttle: number };
  amenities: Amenity[];
  features: QuickFeature[];
  imageCategories: string[];
  /** Indices into the important-notes texts; empty = no notes. */
  noteIndices: number[];
  /** Whether the description has a "good to know" paragraph. */
  goodToKnow: boolean;
  /** Picks one of the phrasing variants of the descriptions. */
  phrasing: number;
}

export const AIRPORT_MAX_DISTANCE_M = 60_000;
export const IMPORTANT_NOTE_COUNT = 6;

const CHAINS = [
  'Meridian Stays', 'Harbour & Hill Hotels', 'Lumen Collection', 'Northstar Inns', 'Blue Heron Hotels',
  'Atlas Urban Hotels', 'Evergreen Resorts', 'Canal Crown Group', 'Solstice Suites', 'Waypoint Lodges',
];
const CHAIN_KINDS = new Set<PropertyKind>(['Hotel', 'Resort', 'Apart-hotel', 'Boutique_and_Design']);
const SELF_CATERING_KINDS = new Set<PropertyKind>(['Apartment', 'Apart-hotel', 'Cottages_and_Houses', 'Villas_and_Bungalows']);
const OUTDOOR_KINDS = new Set<PropertyKind>(['Camping', 'Glamping', 'Farm', 'Cottages_and_Houses', 'Villas_and_Bungalows', 'Castle']);

/** Typical room counts [min, max] per kind (pitches for campsites, units for apartments). */
const ROOM_RANGES: Readonly<Record<PropertyKind, readonly [number, number]>> = {
  Hotel: [12, 320], Apartment: [1, 20], Resort: [80, 400], BNB: [2, 6], Hostel: [10, 60], Guesthouse: [4, 15],
  'Apart-hotel': [15, 120], Boutique_and_Design: [8, 60], Camping: [30, 200], Castle: [8, 40],
  Cottages_and_Houses: [1, 12], Farm: [3, 12], Glamping: [6, 30], 'Mini-hotel': [5, 15],
  Sanatorium: [40, 250], Villas_and_Bungalows: [5, 60],
};

/** Static facts of a hotel; identical on every call for the same hotel. */
export function hotelFacts(hotel: Hotel): HotelFacts {
  const random = new Random(mixSeeds(fnv1a('hotel-details'), hotel.id));
  const { kind, starRating: stars } = hotel;
  const hotelLike = !SELF_CATERING_KINDS.has(kind) && !OUTDOOR_KINDS.has(kind);
  const airportIata = nearestAirportIata(hotel);

  const frontDesk24h = hotelLike && stars >= 3 && random.chance(0.85);
  const frontDeskHours = frontDesk24h ? null : random.pick([['07:00', '23:00'], ['08:00', '22:00'], ['09:00', '18:00']] as const);
  const [minRooms, maxRooms] = ROOM_RANGES[kind];
  const roomSpread = hotelLike ? Math.min(1, 0.3 + stars * 0.15) : 1; // bigger hotels have more stars
  const totalRooms = random.int(minRooms, Math.round(minRooms + (maxRooms - minRooms) * roomSpread));
  const yearBuilt = random.chance(0.05) ? null : yearBuiltFor(random, kind);
  const p = (base: number): number => Math.min(0.97, base); // probabilities never reach certainty

  const internet: Offer = random.chance(0.04) ? 'none' : random.chance(stars >= 4 ? 0.05 : 0.12) ? 'paid' : 'free';
  const parking: Offer = random.chance(OUTDOOR_KINDS.has(kind) ? 0.05 : 0.3) ? 'none' : random.chance(hotel.cityPriceLevel > 1 ? 0.7 : 0.3) ? 'paid' : 'free';
  const pets: Offer = random.chance(0.55) ? 'none' : random.chance(0.6) ? 'paid' : 'free';
  const shuttle: Offer = airportIata && random.chance(kind === 'Resort' ? 0.5 : 0.15) ? (random.chance(0.6) ? 'paid' : 'free') : 'none';
  const breakfastServed = !SELF_CATERING_KINDS.has(kind) && random.chance(0.8);
  const restaurant = random.chance(p(hotelLike ? 0.15 + stars * 0.15 : kind === 'Camping' ? 0.4 : 0.05));
  const pool = random.chance(kind === 'Resort' ? 0.9 : kind === 'Villas_and_Bungalows' ? 0.6 : stars >= 4 ? 0.35 : 0.05);
  const spa = random.chance(kind === 'Sanatorium' ? 0.95 : kind === 'Resort' ? 0.6 : stars === 5 ? 0.7 : stars === 4 ? 0.3 : 0.03);
  const fitness = random.chance(stars >= 4 ? 0.7 : stars === 3 ? 0.3 : 0.05);

  const amenities: Amenity[] = [];
  const add = (group: AmenityGroup, name: AmenityName, offered: boolean, paid = false, feature?: QuickFeature): void => {
    if (offered) amenities.push(feature ? { group, name, paid, feature } : { group, name, paid });
  };
  add('General', 'Air conditioning', random.chance(p(0.3 + stars * 0.12)), false, 'air_conditioning');
  add('General', 'Heating', random.chance(0.9));
  add('General', 'Elevator', random.chance(totalRooms > 20 ? 0.9 : 0.15));
  add('General', '24-hour front desk', frontDesk24h);
  add('General', 'Luggage storage', random.chance(0.6));
  add('General', 'Non-smoking rooms', random.chance(0.8));
  add('General', 'Family rooms', random.chance(kind === 'Hostel' ? 0.1 : 0.45), false, 'family_rooms');
  add('General', 'Garden', random.chance(OUTDOOR_KINDS.has(kind) ? 0.8 : 0.25));
  add('General', 'Terrace', random.chance(0.35));
  add('General', 'Laundry service', random.chance(0.4), random.chance(0.8));
  add('General', 'Kitchen', random.chance(SELF_CATERING_KINDS.has(kind) ? 0.95 : 0.03), false, 'kitchen');
  add('General', 'Pets allowed', pets !== 'none', pets === 'paid', 'pets_allowed');
  add('Internet', 'Wi-Fi in all areas', internet !== 'none', internet === 'paid', 'internet');
  add('Parking', 'Private parking', parking !== 'none', parking === 'paid', 'parking');
  add('Parking', 'Electric vehicle charging station', parking !== 'none' && random.chance(0.15), random.chance(0.7));
  add('Food and drinks', 'Restaurant', restaurant, false, 'restaurant');
  add('Food and drinks', 'Bar', random.chance(p(hotelLike ? 0.1 + stars * 0.15 : 0.1)), false, 'bar');
  add('Food and drinks', 'Breakfast', breakfastServed, true);
  add('Food and drinks', 'Room service', stars >= 4 && random.chance(0.7), true);
  add('Food and drinks', 'Coffee and tea maker', random.chance(0.5));
  add('Wellness', 'Swimming pool', pool, false, 'pool');
  add('Wellness', 'Fitness centre', fitness, false, 'fitness');
  add('Wellness', 'Spa', spa, random.chance(0.7), 'spa');
  add('Wellness', 'Sauna', random.chance(spa ? 0.7 : 0.05), random.chance(0.5));
  add('Wellness', 'Massage', spa && random.chance(0.8), true);
  add('Business', 'Meeting rooms', random.chance(stars >= 4 ? 0.6 : stars === 3 ? 0.2 : 0.02), random.chance(0.8));
  add('Business', 'Business centre', random.chance(stars >= 4 ? 0.4 : 0.03));
  add('Business', 'Printer', random.chance(0.2));
  add('Transport', 'Airport shuttle', shuttle !== 'none', shuttle === 'paid', 'airport_shuttle');
  add('Transport', 'Bicycle rental', random.chance(hotel.countryCode === 'NL' || hotel.countryCode === 'DK' ? 0.5 : 0.15), true);
  add('Transport', 'Car rental', random.chance(0.1), true);
  const wheelchair = random.chance(0.5);
  add('Accessibility', 'Wheelchair accessible', wheelchair);
  add('Accessibility', 'Accessible bathroom', wheelchair && random.chance(0.7));

  const present = new Set(amenities.flatMap((amenity) => (amenity.feature ? [amenity.feature] : [])));
  const scale = hotel.cityPriceLevel;
  return {
    chain: CHAIN_KINDS.has(kind) && stars >= 3 && random.chance(0.25) ? random.pick(CHAINS) : null,
    regionType: random.chance(0.95) ? 'City' : null,
    airportIata,
    checkIn: random.weighted([['15:00', 60], ['14:00', 25], ['16:00', 15]]),
    checkOut: random.weighted([['11:00', 60], ['10:00', 20], ['12:00', 20]]),
    frontDeskOpen: frontDeskHours ? frontDeskHours[0] : null,
    frontDeskClose: frontDeskHours ? frontDeskHours[1] : null,
    totalRooms,
    floors: random.chance(0.1) ? null : floorsFor(random, kind, totalRooms),
    yearBuilt,
    yearRenovated: yearBuilt !== null && yearBuilt < 2020 && random.chance(0.5) ? random.int(Math.max(yearBuilt + 5, 1990), 2025) : null,
    paymentMethods: random.chance(0.1) ? null : paymentMethodsFor(random, hotel.countryCode),
    electricity: random.chance(0.05) ? null : electricityOf(hotel.countryCode),
    internet, parking, breakfastServed, pets, shuttle,
    extraBeds: random.chance(hotelLike ? 0.6 : 0.3),
    cots: random.chance(kind === 'Hostel' ? 0.05 : 0.7),
    childrenFreeUpToAge: kind === 'Hostel' && random.chance(0.5) ? null : random.pick([2, 4, 6, 12]),
    depositEuro: random.chance(SELF_CATERING_KINDS.has(kind) ? 0.5 : 0.15) ? random.pick([50, 100, 150, 200, 300]) : null,
    fees: {
      internetPerDay: 5 * scale,
      parkingPerDay: random.int(10, 30) * scale,
      breakfast: (8 + stars * 3 + random.int(0, 5)) * scale,
      petPerNight: random.int(10, 25) * scale,
      extraBedPerNight: random.int(20, 45) * scale,
      shuttle: random.int(15, 45) * scale,
    },
    amenities,
    features: QUICK_FEATURES.filter((feature) => present.has(feature)),
    imageCategories: imageCategoriesFor(random, present, breakfastServed, hotelLike),
    noteIndices: random.chance(0.4) ? [] : random.sample(Array.from({ length: IMPORTANT_NOTE_COUNT }, (_, i) => i), random.int(1, 2)),
    goodToKnow: random.chance(0.5),
    phrasing: random.int(0, 1),
  };
}

/** IATA code of the nearest airport within AIRPORT_MAX_DISTANCE_M, or null. */
export function nearestAirportIata(hotel: Hotel): string | null {
  return airportDirectory().nearest(hotel.latitude, hotel.longitude, AIRPORT_MAX_DISTANCE_M)?.iata ?? null;
}

function yearBuiltFor(random: Random, kind: PropertyKind): number {
  if (kind === 'Castle') return random.int(1200, 1750);
  if (kind === 'Farm') return random.int(1700, 1950);
  return random.chance(0.3) ? random.int(1850, 1959) : random.int(1960, 2023);
}

function floorsFor(random: Random, kind: PropertyKind, totalRooms: number): number {
  if (OUTDOOR_KINDS.has(kind) && kind !== 'Castle') return random.int(1, 2);
  return Math.max(1, Math.min(40, Math.round(totalRooms / random.int(8, 20))));
}

const LOCAL_PAYMENT_METHODS: Readonly<Record<string, string>> = {
  NL: 'iDEAL', CN: 'Alipay', JP: 'JCB', IN: 'UPI', BE: 'Bancontact', DE: 'Girocard', SE: 'Swish', BR: 'Pix',
};

function paymentMethodsFor(random: Random, countryCode: string): string[] {
  const methods = ['Visa', 'Mastercard'];
  if (random.chance(0.6)) methods.push('American Express');
  if (random.chance(0.4)) methods.push('Maestro');
  const local = LOCAL_PAYMENT_METHODS[countryCode];
  if (local && random.chance(0.7)) methods.push(local);
  if (random.chance(0.7)) methods.unshift('Cash');
  return methods;
}

/** First the exterior, then what the hotel has, padded with rooms and views to 5-12 pictures. */
function imageCategoriesFor(random: Random, features: ReadonlySet<QuickFeature>, breakfast: boolean, hotelLike: boolean): string[] {
  const count = random.int(5, 12);
  const categories = ['exterior', 'room', 'room', 'bathroom'];
  if (hotelLike) categories.push('lobby');
  if (features.has('restaurant')) categories.push('restaurant');
  if (features.has('bar')) categories.push('bar');
  if (breakfast) categories.push('breakfast');
  if (features.has('pool')) categories.push('pool');
  if (features.has('spa')) categories.push('spa');
  if (features.has('fitness')) categories.push('fitness');
  if (features.has('kitchen')) categories.push('kitchen');
  const fillers = ['room', 'view', 'exterior', 'room', 'bathroom', 'view', 'room'];
  for (let i = 0; categories.length < count && i < count; i++) categories.push(fillers[i % fillers.length] as string);
  return categories.slice(0, count);
}
