/**
 * Curated named places for geocoding: famous landmarks (fixtures/landmarks.json) and the
 * squares, neighbourhoods and streets people type for the 100 largest cities and the
 * sandbox's own cities (fixtures/places.json). Both files share one shape.
 */
import { readFileSync } from 'node:fs';

/** 'station' is given by loadStations (fixtures/stations.json), never written in a file. */
export type LandmarkKind = 'landmark' | 'square' | 'neighbourhood' | 'street' | 'station';

export interface Landmark {
  name: string;
  /** Other names people type, e.g. "Tour Eiffel". */
  aliases: string[];
  city: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  latitude: number;
  longitude: number;
  /** What the name denotes; absent means 'landmark'. A street's point is a central spot on it. */
  kind?: LandmarkKind;
}

const LANDMARKS_FILE = new URL('../../../fixtures/landmarks.json', import.meta.url);
export const PLACES_FILE = new URL('../../../fixtures/places.json', import.meta.url);
/** Main stations of major cities (fixtures/stations.json); loadStations gives them kind 'station'. */
export const STATIONS_FILE = new URL('../../../fixtures/stations.json', import.meta.url);
const KINDS: ReadonlySet<string> = new Set(['landmark', 'square', 'neighbourhood', 'street']);

export function loadLandmarks(file: URL | string = LANDMARKS_FILE): Landmark[] {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const name = String(file).split('/').pop();
  if (!Array.isArray(parsed)) throw new Error(`${name} must hold an array`);
  return parsed.map((entry: Landmark, index) => {
    const valid = typeof entry?.name === 'string' && Array.isArray(entry.aliases) && typeof entry.city === 'string'
      && typeof entry.countryCode === 'string' && Number.isFinite(entry.latitude) && Number.isFinite(entry.longitude)
      && (entry.kind === undefined || KINDS.has(entry.kind));
    if (!valid) throw new Error(`${name} entry ${index} is malformed`);
    return entry;
  });
}

/** Landmarks first (they win a shared name), then the places. */
export function loadNamedPlaces(): Landmark[] {
  return [...loadLandmarks(), ...loadLandmarks(PLACES_FILE)];
}

/** Main stations; the first station of a city in the file is its main one. */
export function loadStations(): Landmark[] {
  return loadLandmarks(STATIONS_FILE).map((station) => ({ ...station, kind: 'station' as const }));
}
