/**
 * The texts of the hotel details in any supported language: descriptions, short description,
 * policies, important notes, amenities and quick features, rendered from language-neutral
 * HotelFacts with the message catalogues of server/domain/i18n.
 */
import type { Hotel } from '../hotel.js';
import type { Language } from '../i18n/languages.js';
import { messagesFor, type MessageKey, type Messages } from '../i18n/messages.js';
import { formatNumber } from '../i18n/numbers.js';
import { approximateUnitsPerEuro } from './currencies.js';
import type { HotelFacts, QuickFeature } from './hotelFacts.js';

/** Facilities worth naming in texts, in the order they are mentioned. */
const FACILITIES = ['restaurant', 'bar', 'pool', 'spa', 'fitness'] as const satisfies readonly QuickFeature[];

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function formatDistance(metres: number, language: Language): string {
  if (metres < 1000) return `${Math.max(50, Math.round(metres / 50) * 50)} m`;
  return `${formatNumber(Math.round(metres / 100) / 10, 1, language)} km`;
}

/** A fee given in euro, shown in the hotel's local currency when we know a rough rate ("EUR 25.00", "JPY 4,100"). */
export function formatFee(amountEuro: number, localCurrency: string, language: Language): string {
  const rate = approximateUnitsPerEuro(localCurrency);
  const currency = rate === undefined ? 'EUR' : localCurrency;
  const raw = amountEuro * (rate ?? 1);
  // Round to a price a hotel would ask: 2 significant digits above 100, whole units below.
  const magnitude = raw >= 100 ? 10 ** (Math.floor(Math.log10(raw)) - 1) : 1;
  const amount = Math.max(1, Math.round(raw / magnitude) * magnitude);
  const digits = amount < 1000 && rate !== undefined && rate < 20 ? 2 : 0;
  return `${currency} ${formatNumber(amount, digits, language)}`;
}

/** "a 4-star hotel", "ein Hotel mit 4 Sternen", or just "an apartment" when unrated. */
function kindPhrase(hotel: Hotel, m: Messages): string {
  const kindA = m.t(`kindA.${hotel.kind}`);
  if (hotel.starRating === 0) return kindA;
  return m.plural('starred', hotel.starRating, { stars: hotel.starRating, kind: m.t(`kind.${hotel.kind}`), kindA });
}

function facilities(facts: HotelFacts, m: Messages, prefix: 'facility' | 'facilityWith'): string[] {
  return FACILITIES.filter((feature) => facts.features.includes(feature)).map((feature) => m.t(`${prefix}.${feature}`));
}

/** 2-4 paragraphs: location, rooms, facilities (if any), good to know (sometimes). */
export function descriptionParagraphs(hotel: Hotel, facts: HotelFacts, language: Language): Array<{ title: string; text: string }> {
  const m = messagesFor(language);
  const place = { name: hotel.name, city: hotel.city, distance: formatDistance(hotel.distanceToCenterM, language), kindPhrase: kindPhrase(hotel, m) };
  const paragraphs: Array<{ title: string; text: string }> = [];

  const where = m.t(facts.phrasing === 0 ? 'desc.where.0' : 'desc.where.1', place);
  const airport = facts.airportIata ? ` ${m.t('desc.airport', { iata: facts.airportIata })}` : '';
  paragraphs.push({ title: m.t('desc.title.location'), text: capitalise(where) + airport });

  const sentences: string[] = [];
  if (facts.totalRooms !== null) {
    const floors = facts.floors ? m.plural('desc.floors', facts.floors) : '';
    sentences.push(m.plural('desc.size', facts.totalRooms, { floors }));
  }
  if (facts.yearRenovated) sentences.push(m.t('desc.renovated', { year: facts.yearRenovated }));
  const comfort: string[] = [];
  if (facts.features.includes('air_conditioning')) comfort.push(m.t('comfort.air_conditioning'));
  if (facts.features.includes('kitchen')) comfort.push(m.t('comfort.kitchen'));
  if (facts.internet === 'free') comfort.push(m.t('comfort.wifi'));
  if (comfort.length > 0) sentences.push(m.t('desc.comfort', { list: m.list(comfort) }));
  paragraphs.push({ title: m.t('desc.title.rooms'), text: sentences.length > 0 ? sentences.join(' ') : m.t('desc.roomsFallback') });

  const offered = facilities(facts, m, 'facility');
  if (offered.length > 0) {
    paragraphs.push({ title: m.t('desc.title.facilities'), text: m.t('desc.facilities', { list: m.list(offered) }) });
  }
  if (facts.goodToKnow) {
    paragraphs.push({ title: m.t('desc.title.goodToKnow'), text: m.t('desc.goodToKnow', { checkIn: facts.checkIn, checkOut: facts.checkOut }) });
  }
  return paragraphs;
}

/** One or two sentences for search results. */
export function shortDescriptionText(hotel: Hotel, facts: HotelFacts, language: Language): string {
  const m = messagesFor(language);
  const offered = facilities(facts, m, 'facilityWith').slice(0, 2);
  const first = m.t('short.first', {
    kindPhrase: kindPhrase(hotel, m),
    distance: formatDistance(hotel.distanceToCenterM, language),
    city: hotel.city,
    extras: offered.length > 0 ? m.t('short.extras', { list: m.list(offered) }) : '',
  });
  return capitalise(first) + (facts.internet === 'free' ? ` ${m.t('short.wifi')}` : '');
}

export interface PolicyTexts {
  internet: string | null;
  parking: string | null;
  meals: string | null;
  pets: string | null;
  extra_beds: string | null;
  cots: string | null;
  shuttle: string | null;
  children_beds: string | null;
  additional_fees: string | null;
}

/** Human-readable policies, consistent with the amenities (null = not applicable). */
export function policyTexts(hotel: Hotel, facts: HotelFacts, language: Language): PolicyTexts {
  const m = messagesFor(language);
  const fee = (euro: number) => ({ fee: formatFee(euro, hotel.localCurrency, language), iata: facts.airportIata ?? '' });
  const { fees } = facts;
  const byOffer = (offer: HotelFacts['internet'], topic: 'internet' | 'parking' | 'pets' | 'shuttle', euro: number): string | null =>
    (offer === 'none' && topic === 'shuttle' ? null : m.t(`policy.${topic}.${offer}` as MessageKey, fee(euro)));
  return {
    internet: byOffer(facts.internet, 'internet', fees.internetPerDay),
    parking: byOffer(facts.parking, 'parking', fees.parkingPerDay),
    meals: facts.breakfastServed ? m.t('policy.meals.served', fee(fees.breakfast)) : m.t('policy.meals.none'),
    pets: byOffer(facts.pets, 'pets', fees.petPerNight),
    extra_beds: facts.extraBeds ? m.t('policy.extraBeds.yes', fee(fees.extraBedPerNight)) : m.t('policy.extraBeds.no'),
    cots: facts.cots ? m.t('policy.cots') : null,
    shuttle: byOffer(facts.shuttle, 'shuttle', fees.shuttle),
    children_beds: facts.childrenFreeUpToAge === null
      ? m.t('policy.children.adultsOnly')
      : m.t('policy.children.free', { age: facts.childrenFreeUpToAge }),
    additional_fees: facts.depositEuro === null ? null : m.t('policy.deposit', fee(facts.depositEuro)),
  };
}

export function importantNotesText(facts: HotelFacts, language: Language): string | null {
  const m = messagesFor(language);
  const notes = facts.noteIndices.map((index) => m.t(`note.${index}` as MessageKey));
  return notes.length > 0 ? notes.join(' ') : null;
}
