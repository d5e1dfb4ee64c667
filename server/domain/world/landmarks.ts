/** Curated famous landmarks and points of interest (fixtures/landmarks.json) for geocoding. */
import { readFileSync } from 'node:fs';

export interface Landmark {
  name: string;
  /** Other names people type, e.g. "Tour Eiffel". */
  aliases: string[];
  city: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  latitude: number;
  longitude: number;
}

const LANDMARKS_FILE = new URL('../../../fixtures/landmarks.json', import.meta.url);

export function loadLandmarks(file: URL | string = LANDMARKS_FILE): Landmark[] {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error('landmarks.json must hold an array');
  return parsed.map((entry: Landmark, index) => {
    const valid = typeof entry?.name === 'string' && Array.isArray(entry.aliases) && typeof entry.city === 'string'
      && typeof entry.countryCode === 'string' && Number.isFinite(entry.latitude) && Number.isFinite(entry.longitude);
    if (!valid) throw new Error(`landmarks.json entry ${index} is malformed`);
    return entry;
  });
}
