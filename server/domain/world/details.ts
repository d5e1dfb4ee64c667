/**
 * Static hotel data for the hotel-details response (spec 2.5) and the per-hotel
 * extras of search results (spec 2.3). Pure, deterministic functions of
 * (hotel, language): nothing is stored per hotel.
 *
 * Shapes come from the generated contract types (server/contract.ts).
 */
import type { HotelResponse, Schemas } from '../../contract.js';
import { hotelPhoneE164 } from '../bookings/hotelPhone.js';
import type { Hotel } from '../hotel.js';
import { textLanguageOf, type Language } from '../i18n/languages.js';
import { messagesFor, type Messages } from '../i18n/messages.js';
import { descriptionParagraphs, importantNotesText, policyTexts, shortDescriptionText, type PolicyTexts } from './detailsText.js';
import { AMENITY_GROUPS, hotelFacts, nearestAirportIata, type HotelFacts } from './hotelFacts.js';

/** Image shown for hotels without details (the server prefixes its public URL). */
export const PLACEHOLDER_IMAGE_PATH = '/images/hotels/placeholder.jpg';

/**
 * The static part of the hotel-details response: the contract's HotelResponse without availability,
 * with policy values narrowed to the texts the reference server gives (the contract leaves them open).
 */
export type HotelStatic = Omit<HotelResponse, 'availability' | 'rooms' | 'policies'> & { policies: PolicyTexts | null };
export type HotelLocation = Schemas['HotelLocation'];
export type HotelAmenityGroup = Schemas['AmenityGroup'];

/** Per-hotel extras of a search result. */
export interface HotelSummary {
  /** Path of the primary image (placeholder for hotels without details). */
  image: string;
  /** Comma-separated amenity names; null for hotels without details. */
  amenities: string | null;
  short_description: string | null;
}

/** At most this many amenity names in a search result. */
const SUMMARY_AMENITY_LIMIT = 10;

export function hotelStatic(hotel: Hotel, language: string): HotelStatic {
  const base = {
    id: hotel.id,
    name: hotel.name,
    type: hotel.kind,
    star_rating: hotel.starRating,
    is_closed: hotel.isClosed,
  };
  const facts = hotel.hasDetails ? hotelFacts(hotel) : undefined;
  const location = locationOf(hotel, facts);
  if (!facts) {
    return {
      ...base, hotel_chain: null, location, times: null, property: null, descriptions: null, images: null,
      amenities: null, quick_features: null, policies: null, important_notes: null,
    };
  }
  const textLanguage: Language = textLanguageOf(language);
  const m = messagesFor(textLanguage);
  return {
    ...base,
    hotel_chain: facts.chain,
    location,
    times: {
      check_in: facts.checkIn,
      check_out: facts.checkOut,
      front_desk_open: facts.frontDeskOpen,
      front_desk_close: facts.frontDeskClose,
    },
    property: {
      total_rooms: facts.totalRooms,
      floors: facts.floors,
      year_built: facts.yearBuilt,
      year_renovated: facts.yearRenovated,
      payment_methods: facts.paymentMethods,
      electricity: facts.electricity,
    },
    descriptions: descriptionParagraphs(hotel, facts, textLanguage),
    images: facts.imageCategories.map((category, index) => ({ url: imagePath(hotel.id, index + 1), category })),
    amenities: amenityGroups(facts, m),
    quick_features: facts.features.map((feature) => m.t(`quickFeature.${feature}`)),
    policies: policyTexts(hotel, facts, textLanguage),
    important_notes: importantNotesText(facts, textLanguage),
  };
}

export function hotelSummary(hotel: Hotel, language: string): HotelSummary {
  if (!hotel.hasDetails) return { image: PLACEHOLDER_IMAGE_PATH, amenities: null, short_description: null };
  const facts = hotelFacts(hotel);
  // Included amenities first: they are what guests compare on.
  const m = messagesFor(textLanguageOf(language));
  const names = [...facts.amenities].sort((a, b) => Number(a.paid) - Number(b.paid)).map((amenity) => m.t(`amenity.${amenity.name}`));
  return {
    image: imagePath(hotel.id, 1),
    amenities: names.slice(0, SUMMARY_AMENITY_LIMIT).join(', ') || null,
    short_description: shortDescriptionText(hotel, facts, m.language),
  };
}

/** hotelSummary(hotel, …).image, without the rest of the summary (what a booking keeps). */
export function hotelImagePath(hotel: Hotel): string {
  return hotel.hasDetails ? imagePath(hotel.id, 1) : PLACEHOLDER_IMAGE_PATH;
}

function imagePath(hotelId: number, number: number): string {
  return `/images/hotels/${hotelId}/${number}.jpg`;
}

function locationOf(hotel: Hotel, facts: HotelFacts | undefined): HotelLocation {
  return {
    address: hotel.address,
    postal_code: hotel.postalCode,
    latitude: hotel.latitude,
    longitude: hotel.longitude,
    city: hotel.city,
    country_code: hotel.countryCode,
    region_type: facts ? facts.regionType : 'City',
    airport_iata: facts ? facts.airportIata : nearestAirportIata(hotel),
    distance_to_center_m: Number.isFinite(hotel.distanceToCenterM) ? Math.round(hotel.distanceToCenterM) : null,
    phone: hotelPhoneE164(hotel),
  };
}

/** Amenities grouped in the fixed group order; empty groups are left out. */
function amenityGroups(facts: HotelFacts, m: Messages): HotelAmenityGroup[] {
  return AMENITY_GROUPS.map((group) => {
    const inGroup = facts.amenities.filter((amenity) => amenity.group === group);
    return {
      group: m.t(`amenityGroup.${group}`),
      included: inGroup.filter((amenity) => !amenity.paid).map((amenity) => m.t(`amenity.${amenity.name}`)),
      paid: inGroup.filter((amenity) => amenity.paid).map((amenity) => m.t(`amenity.${amenity.name}`)),
    };
  }).filter((group) => group.included.length > 0 || group.paid.length > 0);
}
