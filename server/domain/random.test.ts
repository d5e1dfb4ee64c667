import { describe, expect, it } from 'vitest';
import { Random, fnv1a, mixSeeds } from './random.js';

describe('fnv1a', () => {
  it('matches the reference FNV-1a 32-bit values', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });
});

describe('mixSeeds', () => {
  it('is stable and order-sensitive', () => {
    expect(mixSeeds(1, 2)).toBe(mixSeeds(1, 2));
    expect(mixSeeds(1, 2)).not.toBe(mixSeeds(2, 1));
  });
});

describe('Random', () => {
  it('repeats its sequence for the same seed and differs for another seed', () => {
    const draws = (seed: number): number[] => {
      const random = new Random(seed);
      return Array.from({ length: 20 }, () => random.next());
    };
    expect(draws(42)).toEqual(draws(42));
    expect(draws(42)).not.toEqual(draws(43));
  });

  it('keeps every draw in range', () => {
    const random = new Random(7);
    const outOfRange: number[] = [];
    for (let i = 0; i < 10_000; i++) {
      const unit = random.next();
      if (!(unit >= 0 && unit < 1)) outOfRange.push(unit);
      const value = random.int(3, 9);
      if (!(value >= 3 && value <= 9 && Number.isInteger(value))) outOfRange.push(value);
    }
    expect(outOfRange).toEqual([]);
  });

  it('samples distinct items and honours weights', () => {
    const random = new Random(11);
    const sample = random.sample([1, 2, 3, 4, 5, 6], 4);
    expect(new Set(sample).size).toBe(4);
    let heavy = 0;
    for (let i = 0; i < 2000; i++) if (random.weighted([['heavy', 9], ['light', 1]] as const) === 'heavy') heavy++;
    expect(heavy).toBeGreaterThan(1600);
    expect(heavy).toBeLessThan(1950);
  });
});
