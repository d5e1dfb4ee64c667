import { describe, expect, it } from 'vitest';
import { AddressIndex, type AddressParts } from './addressIndex.js';
import { CityNameIndex } from './cityNameIndex.js';
import { CityTable, type CityFields } from './cities.js';

const hotels: Array<AddressParts | undefined> = [
  { address: 'Keizersgracht 12', postalCode: '1015 CS', city: 'Amsterdam' },
  { address: 'Hauptstraße 5', postalCode: '10115', city: 'Berlin' },
  undefined,
  { address: 'Keizersgracht 12', postalCode: '1015 CS', city: 'Amsterdam' }, // same address, higher index
  { address: 'Main St 1', postalCode: '12345', city: 'Springfield' },
];

describe('AddressIndex', () => {
  const index = new AddressIndex(hotels.length, (i) => hotels[i]);

  it('finds a hotel by each of its three normalised keys', () => {
    expect(index.find('hauptstrasse 5')).toBe(1);
    expect(index.find('hauptstrasse 5 berlin')).toBe(1);
    expect(index.find('hauptstrasse 5 10115 berlin')).toBe(1);
    expect(index.find('main st 1 12345 springfield')).toBe(4);
  });

  it('gives the lowest index when hotels share a key, and nothing for unknown or partial keys', () => {
    expect(index.find('keizersgracht 12 1015 cs amsterdam')).toBe(0);
    expect(index.find('keizersgracht 12')).toBe(0);
    expect(index.find('keizersgracht 13')).toBeUndefined();
    expect(index.find('hauptstrasse 5 amsterdam')).toBeUndefined();
    expect(index.find('')).toBeUndefined();
  });
});

function city(cityId: number, name: string, population: number): CityFields {
  return { cityId, name, altName: '', country: 'XX', featureCode: 'PPL', adminCode: '', population, longitude: 0, latitude: 0 };
}

describe('CityNameIndex', () => {
  const cities = CityTable.of([city(1, 'Springfield', 100), city(2, 'Zürich', 400_000), city(3, 'springfield', 50), city(4, 'Paris', 2_000_000)]);
  const index = new CityNameIndex(cities);
  index.add('zurigo', 1);
  index.add('springfield', 3);
  index.add('', 0);

  it('lists the cities of a normalised name in data-set order, then the added ones', () => {
    expect(index.get('springfield')?.map((c) => c.cityId)).toEqual([1, 3, 4]);
    expect(index.get('zurich')?.map((c) => c.cityId)).toEqual([2]);
    expect(index.get('zurigo')?.map((c) => c.cityId)).toEqual([2]);
    expect(index.get('Zürich')).toBeUndefined();
    expect(index.get('london')).toBeUndefined();
  });

  it('gives the rows of a name in the same order', () => {
    expect(index.indicesOf('springfield')).toEqual([0, 2, 3]);
    expect(index.indicesOf('london')).toEqual([]);
  });

  it('lists keys as a Map filled in the same order would', () => {
    expect(index.keysOf([3, 2, 1], [])).toEqual(['springfield', 'zurich', 'paris', 'zurigo']);
  });

  it('answers the same once the added names are sealed, and takes no more', () => {
    const sealed = new CityNameIndex(cities);
    const added: Array<[string, number]> = [['zurigo', 1], ['springfield', 3], ['zurigo', 0], ['東京', 2], ['springfield', 3]];
    for (const [key, row] of added) sealed.add(key, row);
    const keys = ['springfield', 'zurich', 'zurigo', '東京', 'paris', 'london', 'zurig', ''];
    const before = keys.map((key) => sealed.indicesOf(key));
    expect(before).toEqual([[0, 2, 3, 3], [1], [1, 0], [2], [3], [], [], []]);
    sealed.seal();
    expect(keys.map((key) => sealed.indicesOf(key))).toEqual(before);
    expect(sealed.get('zurigo')?.map((city) => city.cityId)).toEqual([2, 1]);
    expect(() => sealed.add('bern', 0)).toThrow(/after seal/);
    expect(() => sealed.keysOf([], [])).toThrow(/after seal/);
  });
});
