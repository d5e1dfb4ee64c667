/**
 * The catalogue of room-type templates per property kind, and the parts of room codes.
 * roomTypes.ts picks from it per hotel.
 */
import type { Hotel, PropertyKind } from '../hotel.js';

export interface Template {
  roomClass: string;
  quality: string;
  bedding: string;
  /** Name without quality, e.g. "Double Room", "Two-Bedroom Apartment". */
  stem: string;
  persons: number;
  factor: number;
  bedrooms?: number;
  family?: boolean;
  club?: boolean;
  shared?: boolean;
}

const t = (
  roomClass: string, quality: string, bedding: string, stem: string, persons: number, factor: number,
  extra: Partial<Template> = {},
): Template => ({ roomClass, quality, bedding, stem, persons, factor, ...extra });

const HOTEL_ROOMS: readonly Template[] = [
  t('Room', 'Economy', 'Single', 'Single Room', 1, 0.7),
  t('Room', 'Standard', 'Single', 'Single Room', 1, 0.8),
  t('Room', 'Standard', 'Double Bed', 'Double Room', 2, 1.0),
  t('Room', 'Standard', 'Twin Beds', 'Twin Room', 2, 1.0),
  t('Room', 'Comfort', 'Double Bed', 'Double Room', 2, 1.1),
  t('Room', 'Superior', 'Double Bed', 'Double Room', 2, 1.22),
  t('Room', 'Superior', 'Twin Beds', 'Twin Room', 2, 1.2),
  t('Room', 'Deluxe', 'Double Bed', 'Double Room', 2, 1.45),
  t('Room', 'Deluxe', 'Twin Beds', 'Twin Room', 2, 1.42),
  t('Room', 'Standard', 'Multiple Beds', 'Triple Room', 3, 1.28),
  t('Room', 'Comfort', 'Multiple Beds', 'Quadruple Room', 4, 1.5),
  t('Room', 'Executive', 'Double Bed', 'Double Room', 2, 1.65, { club: true }),
  t('Suite', 'Standard', 'Double Bed', 'Junior Suite', 3, 1.8),
  t('Suite', 'Deluxe', 'Double Bed', 'Suite', 3, 2.4),
];
const HOTEL_BIG: readonly Template[] = [
  t('Room', 'Superior', 'Multiple Beds', 'Family Room', 5, 1.7, { family: true }),
  t('Suite', 'Superior', 'Multiple Beds', 'Family Suite', 5, 2.2, { family: true, bedrooms: 2 }),
];

const SMALL_ROOMS: readonly Template[] = [
  t('Room', 'Economy', 'Single', 'Single Room', 1, 0.7, { shared: true }),
  t('Room', 'Standard', 'Double Bed', 'Double Room', 2, 1.0),
  t('Room', 'Standard', 'Twin Beds', 'Twin Room', 2, 1.0),
  t('Room', 'Comfort', 'Double Bed', 'Double Room', 2, 1.12),
  t('Room', 'Standard', 'Multiple Beds', 'Triple Room', 3, 1.28),
];
const SMALL_BIG: readonly Template[] = [
  t('Room', 'Comfort', 'Multiple Beds', 'Family Room', 5, 1.6, { family: true }),
];

const HOSTEL_ROOMS: readonly Template[] = [
  t('Room', 'Economy', 'Single', 'Single Room', 1, 0.8, { shared: true }),
  t('Room', 'Standard', 'Double Bed', 'Double Room', 2, 1.0),
  t('Room', 'Standard', 'Twin Beds', 'Twin Room', 2, 1.0, { shared: true }),
  t('Room', 'Standard', 'Multiple Beds', 'Quadruple Room', 4, 1.3),
];
const HOSTEL_BIG: readonly Template[] = [
  t('Dormitory', 'Economy', 'Multiple Beds', 'Dormitory Room', 6, 1.1, { shared: true }),
];

const APARTMENTS: readonly Template[] = [
  t('Studio', 'Standard', 'Double Bed', 'Studio', 2, 1.1),
  t('Studio', 'Superior', 'Double Bed', 'Studio', 3, 1.3),
  t('Apartment', 'Standard', 'Double Bed', 'One-Bedroom Apartment', 4, 1.45, { bedrooms: 1 }),
  t('Apartment', 'Superior', 'Double Bed', 'One-Bedroom Apartment', 4, 1.65, { bedrooms: 1 }),
  t('Apartment', 'Deluxe', 'Multiple Beds', 'Three-Bedroom Apartment', 6, 2.6, { bedrooms: 3 }),
];
const APARTMENT_BIG: readonly Template[] = [
  t('Apartment', 'Standard', 'Multiple Beds', 'Two-Bedroom Apartment', 5, 1.9, { bedrooms: 2, family: true }),
];

const VILLAS: readonly Template[] = [
  t('Bungalow', 'Standard', 'Double Bed', 'Bungalow', 2, 1.0),
  t('Bungalow', 'Superior', 'Multiple Beds', 'Bungalow', 4, 1.5, { bedrooms: 2 }),
  t('Villa', 'Deluxe', 'Multiple Beds', 'Villa with Private Pool', 6, 3.2, { bedrooms: 3 }),
];
const VILLA_BIG: readonly Template[] = [
  t('Villa', 'Standard', 'Multiple Beds', 'Three-Bedroom Villa', 6, 2.4, { bedrooms: 3, family: true }),
];

const COTTAGES: readonly Template[] = [
  t('Cottage', 'Standard', 'Double Bed', 'Cottage', 2, 1.0, { bedrooms: 1 }),
  t('Cottage', 'Comfort', 'Multiple Beds', 'Cottage', 4, 1.4, { bedrooms: 2 }),
  t('House', 'Superior', 'Multiple Beds', 'Holiday Home', 6, 2.3, { bedrooms: 3 }),
];
const COTTAGE_BIG: readonly Template[] = [
  t('House', 'Standard', 'Multiple Beds', 'Holiday Home', 5, 1.9, { bedrooms: 2, family: true }),
];

const CAMPING: readonly Template[] = [
  t('Tent', 'Standard', 'Double Bed', 'Tent', 2, 0.9),
  t('Cabin', 'Standard', 'Double Bed', 'Cabin', 2, 1.0),
  t('Cabin', 'Comfort', 'Multiple Beds', 'Cabin', 4, 1.35),
  t('Tent', 'Deluxe', 'Double Bed', 'Safari Tent', 2, 1.3),
];
const CAMPING_BIG: readonly Template[] = [
  t('Mobile Home', 'Standard', 'Multiple Beds', 'Mobile Home', 5, 1.5, { bedrooms: 2, family: true }),
];

export interface KindPlan {
  pool: readonly Template[];
  big: readonly Template[];
  min: number;
  max: number;
}

export function planOf(kind: PropertyKind): KindPlan {
  switch (kind) {
    case 'Hostel':
      return { pool: HOSTEL_ROOMS, big: HOSTEL_BIG, min: 2, max: 4 };
    case 'BNB':
    case 'Guesthouse':
    case 'Farm':
    case 'Mini-hotel':
      return { pool: SMALL_ROOMS, big: SMALL_BIG, min: 2, max: 4 };
    case 'Apartment':
    case 'Apart-hotel':
      return { pool: APARTMENTS, big: APARTMENT_BIG, min: 2, max: 5 };
    case 'Villas_and_Bungalows':
      return { pool: VILLAS, big: VILLA_BIG, min: 2, max: 4 };
    case 'Cottages_and_Houses':
      return { pool: COTTAGES, big: COTTAGE_BIG, min: 2, max: 4 };
    case 'Camping':
    case 'Glamping':
      return { pool: CAMPING, big: CAMPING_BIG, min: 2, max: 4 };
    case 'Resort':
      return { pool: HOTEL_ROOMS, big: HOTEL_BIG, min: 4, max: 8 };
    default:
      return { pool: HOTEL_ROOMS, big: HOTEL_BIG, min: 3, max: 8 };
  }
}

export const QUALITY_CODE: Readonly<Record<string, string>> = {
  Economy: 'ECO', Standard: 'STD', Comfort: 'CMF', Superior: 'SUP', Deluxe: 'DLX', Executive: 'EXE',
};
export const CLASS_CODE: Readonly<Record<string, string>> = {
  Room: '', Suite: 'STE', Studio: 'STU', Apartment: 'APT', Dormitory: 'DRM', Bungalow: 'BNG', Villa: 'VIL',
  Cottage: 'CTG', House: 'HSE', Tent: 'TNT', Cabin: 'CAB', 'Mobile Home': 'MOB',
};
export const BEDDING_CODE: Readonly<Record<string, string>> = {
  Single: 'SGL', 'Double Bed': 'DBL', 'Twin Beds': 'TWN', 'Multiple Beds': 'MLT',
};
export const CAPACITY = ['Single', 'Double', 'Triple', 'Quadruple', 'Quintuple', 'Sextuple'] as const;

const CITY_VIEWS = ['City view', 'Courtyard view', 'Street view', 'Park view', 'River view'];
const RESORT_VIEWS = ['Sea view', 'Garden view', 'Pool view', 'Mountain view'];
const COUNTRY_VIEWS = ['Garden view', 'Mountain view', 'Lake view', 'Forest view'];
const CANAL_CITIES = new Set(['amsterdam', 'venice', 'bruges', 'utrecht', 'delft', 'leiden', 'haarlem', 'ghent']);

export function viewsOf(hotel: Hotel): readonly string[] {
  switch (hotel.kind) {
    case 'Resort':
    case 'Villas_and_Bungalows':
    case 'Glamping':
      return RESORT_VIEWS;
    case 'Camping':
    case 'Farm':
    case 'Cottages_and_Houses':
    case 'Castle':
    case 'Sanatorium':
      return COUNTRY_VIEWS;
    default:
      return CANAL_CITIES.has(hotel.city.toLowerCase()) ? ['Canal view', ...CITY_VIEWS] : CITY_VIEWS;
  }
}
