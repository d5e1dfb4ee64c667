/**
 * Word lists and small generators for hotel names, street addresses and postal
 * codes. Everything draws from the caller's Random so names are stable per seed.
 */
import type { PropertyKind } from '../hotel.js';
import type { Random } from '../random.js';

const ADJECTIVES = [
  'Grand', 'Royal', 'Golden', 'Silver', 'Blue', 'Green', 'Old', 'New', 'Little', 'Central', 'Quiet',
  'Sunny', 'Modern', 'Classic', 'Urban', 'Bright', 'Hidden', 'Cosy', 'Elegant', 'Happy', 'Lucky',
  'Noble', 'Crystal', 'Amber', 'Emerald', 'Scarlet', 'Northern', 'Southern', 'Eastern', 'Western',
  'Lakeside', 'Riverside', 'Hilltop', 'Parkside', 'Majestic', 'Imperial', 'Gentle', 'Wild', 'White',
] as const;

const NOUNS = [
  'Garden', 'Canal', 'River', 'Harbour', 'Bridge', 'Tower', 'Square', 'Park', 'Star', 'Crown', 'Lion',
  'Rose', 'Tulip', 'Oak', 'Maple', 'Willow', 'Lantern', 'Anchor', 'Compass', 'Mill', 'Market',
  'Station', 'Gate', 'Court', 'Palace', 'Plaza', 'Meadow', 'Orchard', 'Lighthouse', 'Fountain',
  'Horizon', 'Pearl', 'Falcon', 'Swan', 'Heron', 'Fox', 'Cedar', 'Linden', 'Harbourview', 'Sunrise',
] as const;

/** What a property of each kind tends to call itself. */
const KIND_WORDS: Readonly<Record<PropertyKind, readonly string[]>> = {
  Hotel: ['Hotel', 'Hotel', 'Inn', 'Suites', 'Residence', 'Lodge', 'House'],
  Apartment: ['Apartments', 'Flats', 'Residences', 'Studios'],
  Resort: ['Resort', 'Resort & Spa', 'Retreat'],
  BNB: ['B&B', 'Bed & Breakfast'],
  Hostel: ['Hostel', 'Backpackers'],
  Guesthouse: ['Guesthouse', 'Guest House', 'Pension'],
  'Apart-hotel': ['Aparthotel', 'Apart Hotel', 'Serviced Apartments'],
  Boutique_and_Design: ['Boutique Hotel', 'Design Hotel'],
  Camping: ['Camping', 'Campsite', 'Holiday Park'],
  Castle: ['Castle', 'Manor', 'Château'],
  Cottages_and_Houses: ['Cottages', 'Holiday Homes', 'Cottage'],
  Farm: ['Farm Stay', 'Farmhouse', 'Country Farm'],
  Glamping: ['Glamping', 'Eco Tents', 'Safari Tents'],
  'Mini-hotel': ['Mini Hotel', 'Rooms', 'Small Hotel'],
  Sanatorium: ['Sanatorium', 'Health Resort', 'Wellness Clinic'],
  Villas_and_Bungalows: ['Villas', 'Bungalows', 'Villa Park'],
};

/** A varied, plausible property name such as "Hotel Royal Garden" or "Canal Residence Amsterdam". */
export function hotelName(random: Random, kind: PropertyKind, city: string): string {
  const kindWord = random.pick(KIND_WORDS[kind]);
  const adjective = random.pick(ADJECTIVES);
  const noun = random.pick(NOUNS);
  switch (random.int(0, 5)) {
    case 0:
      return kindWord === 'Hotel' ? `Hotel ${adjective} ${noun}` : `${adjective} ${noun} ${kindWord}`;
    case 1:
      return `${adjective} ${noun} ${kindWord}`;
    case 2:
      return `${noun} ${kindWord} ${city}`;
    case 3:
      return `${city} ${adjective} ${kindWord}`;
    case 4:
      return `The ${adjective} ${noun}${kindWord === 'Hotel' ? '' : ` ${kindWord}`}`;
    default:
      return `${noun} & ${random.pick(NOUNS)} ${kindWord}`;
  }
}

/** Street name stems that read naturally in most languages (people and places). */
const STREET_STEMS = [
  'Mozart', 'Rembrandt', 'Victoria', 'Lincoln', 'Columbus', 'Marconi', 'Curie', 'Darwin', 'Newton',
  'Vermeer', 'Goethe', 'Verdi', 'Chopin', 'Rubens', 'Erasmus', 'Galilei', 'Franklin', 'Nelson',
  'Garibaldi', 'Humboldt', 'Pasteur', 'Schubert', 'Einstein', 'Dante', 'Cervantes', 'Shakespeare',
  'Wilhelmina', 'Juliana', 'Albert', 'Elizabeth', 'Washington', 'Madison', 'Kepler', 'Bach',
  'Haydn', 'Vivaldi', 'Monet', 'Tesla', 'Nobel', 'Copernicus', 'Magellan', 'Linnaeus', 'Mercator',
] as const;

const ENGLISH_STREET_COUNTRIES = new Set(['GB', 'IE', 'US', 'CA', 'AU', 'NZ', 'ZA', 'IN', 'SG', 'PH', 'NG', 'KE']);
const SPANISH_STREET_COUNTRIES = new Set(['ES', 'MX', 'AR', 'CO', 'CL', 'PE', 'VE', 'EC', 'UY', 'PY', 'BO', 'CR', 'GT', 'CU', 'DO']);

/** A street address line in the local style, e.g. "Rembrandtstraat 12", "12 Rue Pasteur", "Via Verdi 8". */
export function streetAddress(random: Random, countryCode: string, maxNumber: number): string {
  const stem = random.pick(STREET_STEMS);
  const number = random.int(1, maxNumber);
  switch (countryCode) {
    case 'NL':
      return `${stem}${random.pick(['straat', 'laan', 'weg', 'plein', 'kade', 'gracht'])} ${number}`;
    case 'DE':
    case 'AT':
      return `${stem}${random.pick(['straße', 'allee', 'platz', 'weg', 'gasse'])} ${number}`;
    case 'CH':
      return `${stem}strasse ${number}`;
    case 'FR':
    case 'BE':
    case 'LU':
    case 'MC':
      return `${number} ${random.pick(['Rue', 'Avenue', 'Boulevard', 'Place', 'Quai'])} ${stem}`;
    case 'IT':
      return `${random.pick(['Via', 'Viale', 'Piazza', 'Corso'])} ${stem} ${number}`;
    case 'PT':
    case 'BR':
      return `${random.pick(['Rua', 'Avenida', 'Praça', 'Travessa'])} ${stem} ${number}`;
    case 'SE':
      return `${stem}gatan ${number}`;
    case 'DK':
    case 'NO':
      return `${stem}${random.pick(['vej', 'gade'])} ${number}`;
    default:
      if (SPANISH_STREET_COUNTRIES.has(countryCode)) {
        return `${random.pick(['Calle', 'Avenida', 'Paseo', 'Plaza'])} ${stem} ${number}`;
      }
      if (ENGLISH_STREET_COUNTRIES.has(countryCode)) {
        return `${number} ${stem} ${random.pick(['Street', 'Road', 'Avenue', 'Lane', 'Place', 'Drive'])}`;
      }
      return `${stem} Street ${number}`;
  }
}

const POSTAL_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXZ';

function letters(random: Random, count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) text += POSTAL_LETTERS.charAt(random.int(0, POSTAL_LETTERS.length - 1));
  return text;
}

function digits(random: Random, count: number): string {
  return String(random.int(0, 10 ** count - 1)).padStart(count, '0');
}

const CA_LETTERS = [...'ABCEGHJKLMNPRSTVWXYZ'];
const CA_FIRST = [...'ABCEGHJKLMNPRSTVXY'];
const EIRCODE_LETTERS = [...'ACDEFHKNPRTVWXY'];
const AR_PROVINCES = [...'ABCDEFGHJKLMNPQRSTUVWXYZ'];
const CO_DEPARTMENTS = ['05', '08', '11', '13', '15', '17', '18', '19', '20', '23', '25', '27', '41', '44', '47', '50', '52', '54', '63', '66', '68', '70', '73', '76', '81', '85', '86', '88', '94', '95', '97', '99'];
const THREE_DIGIT_COUNTRIES = new Set(['IS', 'OM', 'MG', 'PG', 'BH']);
const FOUR_DIGIT_COUNTRIES = new Set(['VE', 'BD', 'AF', 'AM', 'CY', 'MK', 'MZ', 'NE', 'PY', 'GW', 'LR', 'TN', 'AL', 'ET', 'AT', 'BE', 'CH', 'DK', 'NO', 'AU', 'NZ', 'ZA', 'HU', 'LU', 'SI', 'BG', 'GE', 'PH', 'AR']);
const SIX_DIGIT_COUNTRIES = new Set(['KG', 'TM', 'TJ', 'UZ', 'EC', 'IN', 'CN', 'RU', 'SG', 'KZ', 'BY', 'VN', 'NG', 'RO']);

/** A postal code in the country's usual shape, e.g. "1017 AB" (NL), "SW4 7QX" (GB), "10115" (DE). */
export function postalCode(random: Random, countryCode: string): string {
  switch (countryCode) {
    case 'NL':
      return `${random.int(1000, 9999)} ${letters(random, 2)}`;
    case 'GB':
      return `${letters(random, random.int(1, 2))}${random.int(1, 20)} ${random.int(1, 9)}${letters(random, 2)}`;
    case 'CA': // no D, F, I, O, Q, U; no W or Z first
      return `${random.pick(CA_FIRST)}${digits(random, 1)}${random.pick(CA_LETTERS)} ${digits(random, 1)}${random.pick(CA_LETTERS)}${digits(random, 1)}`;
    case 'IE': // Eircode: routing key and unique identifier, letters without B, G, I, J, L, M, O, Q, S, U, Z
      return `${random.pick(EIRCODE_LETTERS)}${digits(random, 2)} ${random.pick(EIRCODE_LETTERS)}${digits(random, 3)}`;
    case 'ES': // the first two digits are the province, 01–52
      return `${String(random.int(1, 52)).padStart(2, '0')}${digits(random, 3)}`;
    case 'AR': // CPA: province letter, 4 digits, 3 letters
      return `${random.pick(AR_PROVINCES)}${random.int(1000, 9999)}${letters(random, 3)}`;
    case 'CO': // 6 digits, the first two a department
      return `${random.pick(CO_DEPARTMENTS)}${digits(random, 4)}`;
    case 'CL':
      return String(random.int(1000000, 9999999));
    case 'IR':
      return `${random.int(10000, 99999)}-${digits(random, 5)}`;
    case 'PE':
      return `${random.int(0, 2)}${digits(random, 4)}`;
    case 'LV':
      return `LV-${random.int(1000, 9999)}`;
    case 'JP':
      return `${digits(random, 3)}-${digits(random, 4)}`;
    case 'BR':
      return `${digits(random, 5)}-${digits(random, 3)}`;
    case 'PL':
      return `${digits(random, 2)}-${digits(random, 3)}`;
    case 'PT':
      return `${random.int(1000, 9999)}-${digits(random, 3)}`;
    case 'SE':
    case 'CZ':
    case 'SK':
    case 'GR':
      return `${random.int(100, 999)} ${digits(random, 2)}`;
    default:
      if (THREE_DIGIT_COUNTRIES.has(countryCode)) return String(random.int(101, 999));
      if (FOUR_DIGIT_COUNTRIES.has(countryCode)) return String(random.int(1000, 9999));
      if (SIX_DIGIT_COUNTRIES.has(countryCode)) return String(random.int(100000, 999999));
      return String(random.int(10000, 99999));
  }
}
