import { describe, expect, it } from 'vitest';
import type { Hotel } from '../hotel.js';
import { airportDirectory } from './airports.js';
import { en as english } from '../i18n/catalogues/en.js';
import { PLACEHOLDER_IMAGE_PATH, hotelImagePath, hotelStatic, hotelSummary } from './details.js';
import { distanceM } from './geo.js';
import { AMENITY_GROUPS, IMPORTANT_NOTE_COUNT, QUICK_FEATURES, hotelFacts, type QuickFeature } from './hotelFacts.js';
import { defaultWorld } from './world.js';

const world = defaultWorld();
/** Every 331st generated hotel: ~300 hotels of all kinds and countries. */
const sample = world.allHotels().filter((hotel) => hotel.id % 331 === 0);
const withDetails = sample.filter((hotel) => hotel.hasDetails);
const withoutDetails = world.allHotels().find((hotel) => !hotel.hasDetails && hotel.scenario.length === 0) as Hotel;

/** The English label of a quick feature, as responses give it. */
const label = (feature: QuickFeature): string => english[`quickFeature.${feature}`];
const FEATURE_LABELS: readonly string[] = QUICK_FEATURES.map(label);

const POLICY_KEYS = ['internet', 'parking', 'meals', 'pets', 'extra_beds', 'cots', 'shuttle', 'children_beds', 'additional_fees'];

describe('hotelStatic', () => {
  it('fills the static part with the contract field names', () => {
    const details = hotelStatic(withDetails[0]!, 'en');
    expect(Object.keys(details).sort()).toEqual([
      'amenities', 'descriptions', 'hotel_chain', 'id', 'images', 'important_notes', 'is_closed', 'location', 'name',
      'policies', 'property', 'quick_features', 'star_rating', 'times', 'type',
    ]);
    expect(Object.keys(details.location).sort()).toEqual([
      'address', 'airport_iata', 'city', 'country_code', 'distance_to_center_m', 'latitude', 'longitude', 'phone', 'postal_code', 'region_type',
    ]);
    expect(Object.keys(details.times ?? {}).sort()).toEqual(['check_in', 'check_out', 'front_desk_close', 'front_desk_open']);
    expect(Object.keys(details.property ?? {}).sort()).toEqual(['electricity', 'floors', 'payment_methods', 'total_rooms', 'year_built', 'year_renovated']);
    expect(Object.keys(details.policies ?? {}).sort()).toEqual([...POLICY_KEYS].sort());
  });

  it.each(withDetails.map((hotel) => [hotel.id, hotel] as const))('gives hotel %i plausible, consistent details', (_id, hotel) => {
    const details = hotelStatic(hotel, 'en');
    expect(details).toMatchObject({ id: hotel.id, name: hotel.name, type: hotel.kind, star_rating: hotel.starRating, is_closed: hotel.isClosed });
    expect(details.location).toMatchObject({ address: hotel.address, city: hotel.city, country_code: hotel.countryCode, latitude: hotel.latitude });
    expect(Number.isInteger(details.location.distance_to_center_m)).toBe(true);
    if (details.location.airport_iata !== null) {
      const airport = airportDirectory().byIata(details.location.airport_iata);
      expect(distanceM(hotel.latitude, hotel.longitude, airport!.latitude, airport!.longitude)).toBeLessThanOrEqual(60_000);
    }
    expect(details.times?.check_in).toMatch(/^\d\d:\d\d$/);
    expect((details.times?.front_desk_open === null) === (details.times?.front_desk_close === null)).toBe(true);

    expect(details.descriptions!.length).toBeGreaterThanOrEqual(2);
    expect(details.descriptions!.length).toBeLessThanOrEqual(4);
    expect(details.descriptions!.every((paragraph) => paragraph.title.length > 0 && paragraph.text.length > 10)).toBe(true);
    expect(details.images!.length).toBeGreaterThanOrEqual(5);
    expect(details.images!.length).toBeLessThanOrEqual(12);
    details.images!.forEach((image, index) => expect(image.url).toBe(`/images/hotels/${hotel.id}/${index + 1}.jpg`));
    expect(details.images![0]!.category).toBe('exterior');

    const groups = details.amenities!;
    expect(groups.every((group) => (AMENITY_GROUPS as readonly string[]).includes(group.group) && group.included.length + group.paid.length > 0)).toBe(true);
    const amenityNames = new Set(groups.flatMap((group) => [...group.included, ...group.paid]));
    const features = new Set(details.quick_features);
    expect([...features].every((feature) => FEATURE_LABELS.includes(feature))).toBe(true);
    // quick_features, amenities and policies tell the same story.
    expect(features.has(label('internet'))).toBe(amenityNames.has('Wi-Fi in all areas'));
    expect(features.has(label('parking'))).toBe(amenityNames.has('Private parking'));
    expect(features.has(label('pets_allowed'))).toBe(amenityNames.has('Pets allowed'));
    expect(features.has(label('airport_shuttle'))).toBe(details.policies!.shuttle !== null);
    expect(features.has(label('pool'))).toBe(amenityNames.has('Swimming pool'));
    expect(details.policies!.pets === 'Pets are not allowed.').toBe(!features.has(label('pets_allowed')));
    expect(details.policies!.parking === 'Parking is not available at the property.').toBe(!features.has(label('parking')));
    expect(details.policies!.internet === 'Internet access is not available.').toBe(!features.has(label('internet')));
    expect(details.policies!.meals?.startsWith('Breakfast is served')).toBe(amenityNames.has('Breakfast'));
  });

  it('has nulls in all detail fields for a hotel without details, but a full location', () => {
    for (const hotel of [withoutDetails, world.hotel(900001)!]) {
      const details = hotelStatic(hotel, 'nl');
      expect(details).toMatchObject({
        id: hotel.id, name: hotel.name, type: hotel.kind, star_rating: hotel.starRating, is_closed: hotel.isClosed,
        hotel_chain: null, times: null, property: null, descriptions: null, images: null, amenities: null,
        quick_features: null, policies: null, important_notes: null,
      });
      expect(details.location).toMatchObject({ address: hotel.address, postal_code: hotel.postalCode, city: hotel.city });
    }
  });

  it('speaks Dutch for nl, and English for en and for unsupported languages', () => {
    const hotel = withDetails[3]!;
    const en = hotelStatic(hotel, 'en');
    const nl = hotelStatic(hotel, 'nl');
    expect(nl.descriptions).not.toEqual(en.descriptions);
    expect(nl.policies).not.toEqual(en.policies);
    expect(nl.descriptions![0]!.title).toBe('Ligging');
    expect(hotelStatic(hotel, 'de').descriptions![0]!.title).toBe('Lage');
    expect(hotelStatic(hotel, 'pt')).toEqual(en);
    expect(hotelStatic(hotel, 'NL')).toEqual(nl);
    expect(hotelStatic(hotel, 'nl-BE')).toEqual(nl);
    // Only texts change with the language.
    const texts = { descriptions: null, amenities: null, quick_features: null, policies: null, important_notes: null };
    expect({ ...nl, ...texts }).toEqual({ ...en, ...texts });
    expect(nl.amenities!.map((group) => group.included.length + group.paid.length)).toEqual(en.amenities!.map((group) => group.included.length + group.paid.length));
  });

  it('is deterministic', () => {
    for (const hotel of withDetails.slice(0, 20)) {
      expect(JSON.stringify(hotelStatic(hotel, 'en'))).toBe(JSON.stringify(hotelStatic({ ...hotel }, 'en')));
    }
  });

  it('uses every quick feature and amenity group somewhere, and only known note indices', () => {
    const features = new Set(withDetails.flatMap((hotel) => hotelStatic(hotel, 'en').quick_features ?? []));
    expect([...features].sort()).toEqual([...FEATURE_LABELS].sort());
    const groups = new Set(withDetails.flatMap((hotel) => (hotelStatic(hotel, 'en').amenities ?? []).map((group) => group.group)));
    expect([...groups].sort()).toEqual([...AMENITY_GROUPS].sort());
    const notes = withDetails.flatMap((hotel) => hotelFacts(hotel).noteIndices);
    expect(notes.every((index) => index >= 0 && index < IMPORTANT_NOTE_COUNT)).toBe(true);
    expect(withDetails.some((hotel) => hotelStatic(hotel, 'nl').important_notes !== null)).toBe(true);
  });
});

describe('hotelSummary', () => {
  it('gives the first image, amenity names and a short description', () => {
    for (const hotel of withDetails.slice(0, 50)) {
      const summary = hotelSummary(hotel, 'en');
      const details = hotelStatic(hotel, 'en');
      expect(summary.image).toBe(details.images![0]!.url);
      expect(hotelImagePath(hotel)).toBe(summary.image);
      const names = new Set(details.amenities!.flatMap((group) => [...group.included, ...group.paid]));
      expect(summary.amenities?.split(', ').every((name) => names.has(name))).toBe(true);
      expect(summary.short_description).toMatch(/^[A-Z].{20,300}\.$/);
      expect(hotelSummary(hotel, 'nl').short_description).not.toBe(summary.short_description);
    }
  });

  it('uses the placeholder and nulls for a hotel without details', () => {
    expect(hotelSummary(withoutDetails, 'en')).toEqual({ image: PLACEHOLDER_IMAGE_PATH, amenities: null, short_description: null });
    expect(hotelImagePath(withoutDetails)).toBe(PLACEHOLDER_IMAGE_PATH);
  });
});
