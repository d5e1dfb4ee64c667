/**
 * Districts as partners type them: the district's own name, with the city in English or in its own
 * language, each within 3 km of the district (the fidelity rule "Nørrebro, København").
 */
import { describe, expect, it } from 'vitest';
import { distanceM } from './geo.js';
import { defaultWorld } from './world.js';

const DISTRICTS: readonly [text: string, latitude: number, longitude: number][] = [
  ['Nørrebro, København', 55.6942, 12.5493],
  ['Norrebro, Copenhagen', 55.6942, 12.5493],
  ['Vesterbro, København', 55.6686, 12.5497],
  ['Østerbro', 55.7075, 12.577],
  ['Kreuzberg, Berlin', 52.4986, 13.403],
  ['Prenzlauer Berg, Berlin', 52.539, 13.424],
  ['Gràcia, Barcelona', 41.4026, 2.1567],
  ['Jordaan, Amsterdam', 52.3747, 4.8809],
  ['St. Pauli, Hamburg', 53.556, 9.964],
  ['Trastevere, Roma', 41.8867, 12.4692],
  ['Le Marais, Paris', 48.8575, 2.3595],
  ['Södermalm, Stockholm', 59.3151, 18.0716],
  ['Kazimierz, Kraków', 50.0514, 19.9447],
  ['Žižkov, Praha', 50.0847, 14.4514],
];

describe('districts', () => {
  const geocoder = defaultWorld().geocoder();
  it.each(DISTRICTS)('%s resolves within 3 km of the district', (text, latitude, longitude) => {
    const found = geocoder.resolve(text);
    expect(found, text).toBeDefined();
    expect(distanceM(found!.latitude, found!.longitude, latitude, longitude), text).toBeLessThan(3000);
  });
});
