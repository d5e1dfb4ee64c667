/**
 * Room texts in the response language: room names, views, floors and amenities of hotel
 * details and search results, and the room type and bedding on the finalization page.
 * Rooms are generated with English names (the language-neutral key, also stored in bookings);
 * each name maps to its translation once and is then looked up.
 */
import type { HotelRoom, SearchRate } from '../../contract.js';
import type { Language } from '../i18n/languages.js';
import { isMessageKey, messagesFor, type Messages } from '../i18n/messages.js';

const translatedNames: Readonly<Record<Language, Map<string, string>>> = {
  en: new Map(), nl: new Map(), de: new Map(), fr: new Map(), es: new Map(),
};

/** "{quality} {rest}" with a catalogue template keyed by `${prefix}.${rest}`, e.g. "Superior Double Room". */
function qualified(m: Messages, prefix: 'roomStem' | 'roomClass', englishName: string): string | undefined {
  const space = englishName.indexOf(' ');
  const quality = englishName.slice(0, space);
  const key = `${prefix}.${englishName.slice(space + 1)}`;
  const qualityKey = `quality.${quality}`;
  const feminineKey = `qualityF.${quality}`;
  if (space < 0 || !isMessageKey(key) || !isMessageKey(qualityKey) || !isMessageKey(feminineKey)) return undefined;
  return m.t(key, { quality: m.t(qualityKey), qualityF: m.t(feminineKey) });
}

/** A text keyed by its English form (`view.Canal view`), or undefined when the catalogue has none. */
function keyed(m: Messages, prefix: 'view' | 'floor' | 'bedding' | 'roomAmenity', english: string): string | undefined {
  const key = `${prefix}.${english}`;
  return isMessageKey(key) ? m.t(key) : undefined;
}

/**
 * "Superior Double Room, Canal view" → "Chambre double Supérieure, vue sur le canal".
 * A name not made from the catalogue (none today) stays as it is.
 */
export function roomNameIn(englishName: string, language: Language): string {
  if (language === 'en') return englishName;
  const memo = translatedNames[language];
  const hit = memo.get(englishName);
  if (hit !== undefined) return hit;
  const m = messagesFor(language);
  const comma = englishName.indexOf(', ');
  const name = qualified(m, 'roomStem', comma < 0 ? englishName : englishName.slice(0, comma));
  const view = comma < 0 ? '' : keyed(m, 'view', englishName.slice(comma + 2));
  if (name === undefined || view === undefined) return englishName;
  const translated = view === '' ? name : m.t('room.withView', { name, view });
  memo.set(englishName, translated); // bounded: qualities × stems × views
  return translated;
}

/** "Superior Room" → "Superior kamer"; unknown types stay as they are. */
export function roomTypeIn(englishType: string, language: Language): string {
  return qualified(messagesFor(language), 'roomClass', englishType) ?? englishType;
}

/** "Double Bed" → "Lit double". */
export function beddingIn(bedding: string, language: Language): string {
  return keyed(messagesFor(language), 'bedding', bedding) ?? bedding;
}

/** The human-readable texts of a room of the hotel details in the language. */
export function roomIn(room: HotelRoom, language: Language): HotelRoom {
  const m = messagesFor(language);
  const localised: HotelRoom = {
    ...room,
    room_name: roomNameIn(room.room_name, language),
    room_type: roomTypeIn(room.room_type, language),
    amenities: room.amenities.map((tag) => keyed(m, 'roomAmenity', tag) ?? tag),
  };
  if (room.view !== undefined) localised.view = keyed(m, 'view', room.view) ?? room.view;
  if (room.floor !== undefined) localised.floor = keyed(m, 'floor', room.floor) ?? room.floor;
  return localised;
}

/** The search rate with its room name in the language. */
export function searchRateIn(rate: SearchRate, language: Language): SearchRate {
  if (language === 'en') return rate;
  return { ...rate, room: { ...rate.room, room_name: roomNameIn(rate.room.room_name, language) } };
}
