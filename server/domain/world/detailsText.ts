/**
 * English and Dutch texts of the hotel details: descriptions, short description,
 * policies and important notes, rendered from language-neutral HotelFacts.
 */
import type { Hotel, PropertyKind } from '../hotel.js';
import { approximateUnitsPerEuro } from './currencies.js';
import type { HotelFacts, QuickFeature } from './hotelFacts.js';

export type TextLanguage = 'en' | 'nl';

const KIND_LABELS: Readonly<Record<PropertyKind, Readonly<Record<TextLanguage, string>>>> = {
  Hotel: { en: 'hotel', nl: 'hotel' },
  Apartment: { en: 'apartment', nl: 'appartement' },
  Resort: { en: 'resort', nl: 'resort' },
  BNB: { en: 'bed and breakfast', nl: 'bed & breakfast' },
  Hostel: { en: 'hostel', nl: 'hostel' },
  Guesthouse: { en: 'guesthouse', nl: 'pension' },
  'Apart-hotel': { en: 'aparthotel', nl: 'aparthotel' },
  Boutique_and_Design: { en: 'boutique hotel', nl: 'boetiekhotel' },
  Camping: { en: 'campsite', nl: 'camping' },
  Castle: { en: 'castle hotel', nl: 'kasteelhotel' },
  Cottages_and_Houses: { en: 'holiday home', nl: 'vakantiehuis' },
  Farm: { en: 'farm stay', nl: 'boerderij' },
  Glamping: { en: 'glamping site', nl: 'glamping' },
  'Mini-hotel': { en: 'small hotel', nl: 'kleinschalig hotel' },
  Sanatorium: { en: 'health resort', nl: 'kuuroord' },
  Villas_and_Bungalows: { en: 'villa park', nl: 'villapark' },
};

/** Facilities worth naming in texts, in the order they are mentioned. */
const FACILITY_WORDS: ReadonlyArray<readonly [QuickFeature, Readonly<Record<TextLanguage, string>>]> = [
  ['restaurant', { en: 'a restaurant', nl: 'een restaurant' }],
  ['bar', { en: 'a bar', nl: 'een bar' }],
  ['pool', { en: 'a swimming pool', nl: 'een zwembad' }],
  ['spa', { en: 'a spa', nl: 'een spa' }],
  ['fitness', { en: 'a fitness centre', nl: 'een fitnessruimte' }],
];

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "a, b and c" / "a, b en c". */
function listing(items: readonly string[], language: TextLanguage): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${language === 'nl' ? 'en' : 'and'} ${items[items.length - 1]}`;
}

function formatDistance(metres: number, language: TextLanguage): string {
  if (metres < 1000) return `${Math.max(50, Math.round(metres / 50) * 50)} m`;
  const km = (Math.round(metres / 100) / 10).toFixed(1);
  return `${language === 'nl' ? km.replace('.', ',') : km} km`;
}

/** A fee given in euro, shown in the hotel's local currency when we know a rough rate ("EUR 25.00", "JPY 4,100"). */
export function formatFee(amountEuro: number, localCurrency: string, language: TextLanguage): string {
  const rate = approximateUnitsPerEuro(localCurrency);
  const currency = rate === undefined ? 'EUR' : localCurrency;
  const raw = amountEuro * (rate ?? 1);
  // Round to a price a hotel would ask: 2 significant digits above 100, whole units below.
  const magnitude = raw >= 100 ? 10 ** (Math.floor(Math.log10(raw)) - 1) : 1;
  const amount = Math.max(1, Math.round(raw / magnitude) * magnitude);
  const digits = amount < 1000 && rate !== undefined && rate < 20 ? 2 : 0;
  // Hand-rolled grouping: building an Intl.NumberFormat per fee would dominate the cost of a details call.
  const [whole = '0', fraction] = amount.toFixed(digits).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, language === 'nl' ? '.' : ',');
  return `${currency} ${fraction === undefined ? grouped : `${grouped}${language === 'nl' ? ',' : '.'}${fraction}`}`;
}

function starPhrase(stars: number, language: TextLanguage): string {
  if (stars === 0) return '';
  return language === 'nl' ? `${stars}-sterren ` : `${stars}-star `;
}

function facilities(facts: HotelFacts, language: TextLanguage): string[] {
  return FACILITY_WORDS.filter(([feature]) => facts.features.includes(feature)).map(([, words]) => words[language]);
}

/** 2-4 paragraphs: location, rooms, facilities (if any), good to know (sometimes). */
export function descriptionParagraphs(hotel: Hotel, facts: HotelFacts, language: TextLanguage): Array<{ title: string; text: string }> {
  const kind = KIND_LABELS[hotel.kind][language];
  const distance = formatDistance(hotel.distanceToCenterM, language);
  const stars = starPhrase(hotel.starRating, language);
  const nl = language === 'nl';
  const paragraphs: Array<{ title: string; text: string }> = [];

  const where = facts.phrasing === 0
    ? (nl ? `${hotel.name} is een ${stars}${kind} in ${hotel.city}, op ${distance} van het centrum.` : `${hotel.name} is a ${stars}${kind} in ${hotel.city}, ${distance} from the city centre.`)
    : (nl ? `Op ${distance} van het centrum van ${hotel.city} ligt ${hotel.name}, een ${stars}${kind}.` : `Just ${distance} from the centre of ${hotel.city}, ${hotel.name} is a ${stars}${kind}.`);
  const airport = facts.airportIata ? (nl ? ` De dichtstbijzijnde luchthaven is ${facts.airportIata}.` : ` The nearest airport is ${facts.airportIata}.`) : '';
  paragraphs.push({ title: nl ? 'Ligging' : 'Location', text: where + airport });

  const size = facts.totalRooms === null ? '' : nl
    ? `De accommodatie telt ${facts.totalRooms} ${facts.totalRooms === 1 ? 'eenheid' : 'kamers'}${facts.floors ? ` verdeeld over ${facts.floors} ${facts.floors === 1 ? 'verdieping' : 'verdiepingen'}` : ''}.`
    : `The property has ${facts.totalRooms} ${facts.totalRooms === 1 ? 'unit' : 'rooms'}${facts.floors ? ` on ${facts.floors} ${facts.floors === 1 ? 'floor' : 'floors'}` : ''}.`;
  const renovated = facts.yearRenovated ? (nl ? ` In ${facts.yearRenovated} is alles gerenoveerd.` : ` It was renovated in ${facts.yearRenovated}.`) : '';
  const comfort = [
    facts.features.includes('air_conditioning') ? (nl ? 'airconditioning' : 'air conditioning') : undefined,
    facts.features.includes('kitchen') ? (nl ? 'een eigen keuken' : 'a private kitchen') : undefined,
    facts.internet === 'free' ? (nl ? 'gratis wifi' : 'free Wi-Fi') : undefined,
  ].filter((item): item is string => item !== undefined);
  const comfortText = comfort.length > 0 ? (nl ? ` Alle kamers hebben ${listing(comfort, language)}.` : ` All rooms have ${listing(comfort, language)}.`) : '';
  paragraphs.push({ title: nl ? 'Kamers' : 'Rooms', text: (size + renovated + comfortText).trim() || (nl ? 'Comfortabele kamers.' : 'Comfortable rooms.') });

  const offered = facilities(facts, language);
  if (offered.length > 0) {
    paragraphs.push({
      title: nl ? 'Faciliteiten' : 'Facilities',
      text: nl ? `Gasten kunnen gebruikmaken van ${listing(offered, language)}.` : `Guests can enjoy ${listing(offered, language)}.`,
    });
  }
  if (facts.goodToKnow) {
    paragraphs.push({
      title: nl ? 'Goed om te weten' : 'Good to know',
      text: nl ? `Inchecken kan vanaf ${facts.checkIn}, uitchecken tot ${facts.checkOut}.` : `Check-in is from ${facts.checkIn} and check-out is until ${facts.checkOut}.`,
    });
  }
  return paragraphs;
}

/** One or two sentences for search results. */
export function shortDescriptionText(hotel: Hotel, facts: HotelFacts, language: TextLanguage): string {
  const nl = language === 'nl';
  const kind = KIND_LABELS[hotel.kind][language];
  const distance = formatDistance(hotel.distanceToCenterM, language);
  const offered = facilities(facts, language).slice(0, 2);
  const extras = offered.length > 0 ? (nl ? `, met ${listing(offered, language)}` : `, with ${listing(offered, language)}`) : '';
  const first = nl
    ? `Een ${starPhrase(hotel.starRating, language)}${kind} op ${distance} van het centrum van ${hotel.city}${extras}.`
    : `A ${starPhrase(hotel.starRating, language)}${kind} ${distance} from the centre of ${hotel.city}${extras}.`;
  const second = facts.internet === 'free' ? (nl ? ' Gratis wifi in de hele accommodatie.' : ' Free Wi-Fi throughout the property.') : '';
  return capitalise(first) + second;
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
export function policyTexts(hotel: Hotel, facts: HotelFacts, language: TextLanguage): PolicyTexts {
  const nl = language === 'nl';
  const fee = (euro: number): string => formatFee(euro, hotel.localCurrency, language);
  const { fees } = facts;
  const byOffer = (offer: HotelFacts['internet'], free: string, paid: string, none: string | null): string | null =>
    (offer === 'free' ? free : offer === 'paid' ? paid : none);
  return {
    internet: byOffer(facts.internet,
      nl ? 'Gratis wifi in de hele accommodatie.' : 'Free Wi-Fi is available in all areas.',
      nl ? `Wifi is beschikbaar voor ${fee(fees.internetPerDay)} per dag.` : `Wi-Fi is available in all areas for ${fee(fees.internetPerDay)} per day.`,
      nl ? 'Er is geen internettoegang.' : 'Internet access is not available.'),
    parking: byOffer(facts.parking,
      nl ? 'Gratis privéparkeergelegenheid ter plaatse.' : 'Free private parking is available on site.',
      nl ? `Privéparkeergelegenheid ter plaatse voor ${fee(fees.parkingPerDay)} per dag.` : `Private parking is available on site for ${fee(fees.parkingPerDay)} per day.`,
      nl ? 'Er is geen parkeergelegenheid bij de accommodatie.' : 'Parking is not available at the property.'),
    meals: facts.breakfastServed
      ? (nl ? `Ontbijt wordt dagelijks geserveerd voor ${fee(fees.breakfast)} per persoon, tenzij het bij het tarief is inbegrepen.` : `Breakfast is served daily for ${fee(fees.breakfast)} per person unless the rate includes it.`)
      : (nl ? 'De accommodatie serveert geen ontbijt.' : 'The property does not serve breakfast.'),
    pets: byOffer(facts.pets,
      nl ? 'Huisdieren zijn op aanvraag gratis toegestaan.' : 'Pets are allowed on request at no extra charge.',
      nl ? `Huisdieren zijn op aanvraag toegestaan voor ${fee(fees.petPerNight)} per nacht.` : `Pets are allowed on request for ${fee(fees.petPerNight)} per night.`,
      nl ? 'Huisdieren zijn niet toegestaan.' : 'Pets are not allowed.'),
    extra_beds: facts.extraBeds
      ? (nl ? `Extra bedden zijn op aanvraag beschikbaar voor ${fee(fees.extraBedPerNight)} per nacht.` : `Extra beds are available on request for ${fee(fees.extraBedPerNight)} per night.`)
      : (nl ? 'Extra bedden zijn niet beschikbaar.' : 'Extra beds are not available.'),
    cots: facts.cots
      ? (nl ? 'Kinderbedjes zijn op aanvraag gratis beschikbaar.' : 'Cots are available free of charge on request.')
      : null,
    shuttle: byOffer(facts.shuttle,
      nl ? `Gratis pendelbus naar luchthaven ${facts.airportIata ?? ''} op aanvraag.` : `A free shuttle to ${facts.airportIata ?? 'the airport'} runs on request.`,
      nl ? `Pendelbus naar luchthaven ${facts.airportIata ?? ''} voor ${fee(fees.shuttle)} per persoon.` : `A shuttle to ${facts.airportIata ?? 'the airport'} is available for ${fee(fees.shuttle)} per person.`,
      null),
    children_beds: facts.childrenFreeUpToAge === null
      ? (nl ? 'Alleen gasten van 18 jaar en ouder.' : 'Only guests aged 18 and over can stay.')
      : (nl ? `Kinderen tot en met ${facts.childrenFreeUpToAge} jaar verblijven gratis in bestaande bedden.` : `Children up to ${facts.childrenFreeUpToAge} years stay free of charge in existing beds.`),
    additional_fees: facts.depositEuro === null
      ? null
      : (nl ? `Bij het inchecken wordt een borg van ${fee(facts.depositEuro)} gevraagd, die u bij vertrek terugkrijgt.` : `A refundable deposit of ${fee(facts.depositEuro)} is required at check-in.`),
  };
}

const IMPORTANT_NOTES: ReadonlyArray<Readonly<Record<TextLanguage, string>>> = [
  { en: 'Please inform the property of your expected arrival time in advance.', nl: 'Laat de accommodatie vooraf weten hoe laat u verwacht aan te komen.' },
  { en: 'Guests must show a valid photo ID and a credit card at check-in.', nl: 'Bij het inchecken moet u een geldig identiteitsbewijs en een creditcard tonen.' },
  { en: 'Quiet hours are between 22:00 and 07:00.', nl: 'Tussen 22:00 en 07:00 geldt nachtrust.' },
  { en: 'Parties and events are not allowed.', nl: 'Feesten en evenementen zijn niet toegestaan.' },
  { en: 'Renovation work takes place nearby on weekdays.', nl: 'Op werkdagen wordt er in de buurt verbouwd.' },
  { en: 'The property is in a pedestrian zone; cars cannot reach the entrance.', nl: 'De accommodatie ligt in een voetgangersgebied; auto’s kunnen de ingang niet bereiken.' },
];

export function importantNotesText(facts: HotelFacts, language: TextLanguage): string | null {
  const notes = facts.noteIndices.map((index) => IMPORTANT_NOTES[index]?.[language]).filter((note): note is string => note !== undefined);
  return notes.length > 0 ? notes.join(' ') : null;
}
