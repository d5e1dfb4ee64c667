import { describe, expect, it } from 'vitest';
import type { Hotel } from '../hotel.js';
import { distanceM } from './geo.js';
import { Random } from '../random.js';
import { World, defaultWorld } from './world.js';

const world = defaultWorld();

/** Every hotel within the radius, nearest first, by scanning them all (the reference the index must match). */
function bruteForce(latitude: number, longitude: number, radiusM: number, accept: (hotel: Hotel) => boolean = () => true) {
  return world.allHotels()
    .filter(accept)
    .map((hotel) => ({ hotel, distanceM: distanceM(latitude, longitude, hotel.latitude, hotel.longitude) }))
    .filter((entry) => entry.distanceM <= radiusM)
    .sort((a, b) => a.distanceM - b.distanceM);
}

/** Query points: near a few big cities and at random hotels. */
function samplePoints(): Array<{ latitude: number; longitude: number }> {
  const random = new Random(99);
  const points = [
    { latitude: 52.37403, longitude: 4.88969 },
    { latitude: 51.50853, longitude: -0.12574 },
    { latitude: 40.71427, longitude: -74.00597 },
    { latitude: 0, longitude: -150 }, // middle of the Pacific: nothing around
  ];
  for (let i = 0; i < 8; i++) {
    const hotel = world.hotel(random.int(1, 100_000));
    if (hotel) points.push({ latitude: hotel.latitude + (random.next() - 0.5) * 0.02, longitude: hotel.longitude });
  }
  return points;
}

describe('World', () => {
  it('holds the generated and the scenario hotels', () => {
    // 100,000 city hotels, the airport hotels after them, and 10 scenario hotels.
    const airportHotels = world.size - 100_010;
    expect(airportHotels).toBeGreaterThan(1500);
    expect(world.hotel(100_001)?.name).toBeDefined();
    expect(world.hotel(100_000 + airportHotels)?.id).toBe(100_000 + airportHotels);
    expect(world.scenarioHotels().map((hotel) => hotel.id)).toEqual(Array.from({ length: 10 }, (_, i) => 900001 + i));
  });

  it('looks hotels up by id', () => {
    expect(world.hotel(1)?.id).toBe(1);
    expect(world.hotel(100_000)?.id).toBe(100_000);
    expect(world.hotel(900_003)?.name).toBe('Scenario: No Rooms Hotel');
    const last = world.size - 10;
    for (const missing of [0, -1, 1.5, last + 1, 900_011, Number.NaN]) expect(world.hotel(missing)).toBeUndefined();
  });

  it('is the same instance on every defaultWorld() call', () => {
    expect(defaultWorld()).toBe(world);
  });

  it('rejects scenario hotels whose ids collide with generated ones', () => {
    const clash = { ...world.scenarioHotels()[0]!, id: 5 };
    expect(() => World.create({ hotelCount: 100, scenarioHotels: [clash] })).toThrow(/collides/);
  });
});

describe('World.hotelsAround', () => {
  it.each(samplePoints())('agrees with a brute-force scan around %o', (point) => {
    const radiusM = 3000;
    const found = world.hotelsAround(point.latitude, point.longitude, radiusM);
    const expected = bruteForce(point.latitude, point.longitude, radiusM);
    expect(found.map((entry) => entry.hotel.id).sort()).toEqual(expected.map((entry) => entry.hotel.id).sort());
    found.forEach((entry, index) => {
      expect(entry.distanceM).toBeLessThanOrEqual(radiusM);
      expect(entry.distanceM).toBeCloseTo(expected[index]!.distanceM, 6);
      if (index > 0) expect(entry.distanceM).toBeGreaterThanOrEqual(found[index - 1]!.distanceM);
    });
  });

  it('returns the nearest accepted hotels up to the limit, calling accept lazily in distance order', () => {
    const centre = { latitude: 48.85341, longitude: 2.3488 };
    const isFiveStar = (hotel: Hotel): boolean => hotel.starRating === 5;
    const seen: number[] = [];
    const found = world.hotelsAround(centre.latitude, centre.longitude, 10_000, (hotel) => {
      seen.push(distanceM(centre.latitude, centre.longitude, hotel.latitude, hotel.longitude));
      return isFiveStar(hotel);
    }, 15);

    const expected = bruteForce(centre.latitude, centre.longitude, 10_000, isFiveStar).slice(0, 15);
    expect(found).toHaveLength(15);
    expect(found.every((entry) => isFiveStar(entry.hotel))).toBe(true);
    expect(found.map((entry) => entry.distanceM)).toEqual(expected.map((entry) => entry.distanceM));
    // Lazy: accept saw hotels in distance order and stopped at the 15th accepted one.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const lastAcceptedDistance = found[14]!.distanceM;
    expect(seen[seen.length - 1]).toBeCloseTo(lastAcceptedDistance, 6);
    expect(seen.length).toBeLessThan(bruteForce(centre.latitude, centre.longitude, 10_000).length);
  });

  it('stops at the radius when fewer hotels are accepted than the limit', () => {
    const found = world.hotelsAround(52.37403, 4.88969, 2000, (hotel) => hotel.kind === 'Castle', 15);
    expect(found.length).toBeLessThan(15);
    expect(found.every((entry) => entry.hotel.kind === 'Castle' && entry.distanceM <= 2000)).toBe(true);
  });

  it('honours a limit without a predicate and handles empty results', () => {
    expect(world.hotelsAround(51.50853, -0.12574, 10_000, undefined, 15)).toHaveLength(15);
    expect(world.hotelsAround(51.50853, -0.12574, 10_000, undefined, 0)).toEqual([]);
    expect(world.hotelsAround(0, -150, 10_000)).toEqual([]);
  });
});
