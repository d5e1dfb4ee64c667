/** What the geocoder answers, and how each kind of match becomes an answer. */
import type { Airport } from './airports.js';
import { cityLatitude, cityLongitude, type CityRecord } from './cities.js';
import { countryNameOf } from './countryNames.js';
import type { Landmark } from './landmarks.js';
import type { PostcodeArea } from './postcodes.js';

/**
 * What was matched, which is also the precision: a landmark, place or address is a point
 * (a street is a central spot on it), a postcode its area's centroid, a city its centre.
 */
export type GeocodeSource = 'city' | 'airport' | 'station' | 'landmark' | 'place' | 'postcode' | 'address';

export interface GeocodeResult {
  latitude: number;
  longitude: number;
  /** Human-readable name of what was found, e.g. "Paris, France" or "John F Kennedy International Airport (JFK)". */
  label: string;
  source: GeocodeSource;
}

export function cityResult(city: CityRecord): GeocodeResult {
  return { latitude: cityLatitude(city), longitude: cityLongitude(city), label: `${city.name}, ${countryNameOf(city.country)}`, source: 'city' };
}

export function airportResult(airport: Airport): GeocodeResult {
  return { latitude: airport.latitude, longitude: airport.longitude, label: `${airport.name} (${airport.iata})`, source: 'airport' };
}

/** Curated landmarks answer 'landmark', main stations 'station'; squares, neighbourhoods and streets answer 'place'. */
export function landmarkResult(landmark: Landmark): GeocodeResult {
  const kind = landmark.kind ?? 'landmark';
  const source = kind === 'landmark' || kind === 'station' ? kind : 'place';
  return { latitude: landmark.latitude, longitude: landmark.longitude, label: `${landmark.name}, ${landmark.city}`, source };
}

export function postcodeResult(area: PostcodeArea): GeocodeResult {
  return { latitude: area.latitude, longitude: area.longitude, label: area.label, source: 'postcode' };
}
