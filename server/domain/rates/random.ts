/**
 * Seeded, stateless randomness for the rate engine. Every draw is a pure
 * function of a seed and a few integers, so the same hotel, room, date and
 * stay always give the same answer. Nothing here touches Math.random.
 */

/** FNV-1a 32-bit hash of a string (UTF-16 code units), with a final avalanche. */
export function hashString(text: string, basis = 0x811c9dc5): number {
  let hash = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return avalanche(hash);
}

/** Murmur3-style finaliser: spreads every input bit over the whole word. */
function avalanche(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Combines a seed with one integer (order matters): mix(mix(seed, day), SALT). */
export function mix(seed: number, value: number): number {
  return avalanche((seed ^ Math.imul(value | 0, 0x9e3779b1)) + 0x7f4a7c15);
}

/** Uniform float in [0, 1) from a seed and one integer. */
export function unit(seed: number, value: number): number {
  return mix(seed, value) / 4294967296;
}

/** Uniform integer in [min, max] (inclusive) from a seed and one integer. */
export function intBetween(seed: number, value: number, min: number, max: number): number {
  return min + Math.floor(unit(seed, value) * (max - min + 1));
}

/** 16 lower-case hex characters (64 bits) derived from a string. */
export function hex64(text: string): string {
  const high = hashString(text, 0x811c9dc5);
  const low = hashString(text, 0x050c5d1f ^ high);
  return high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0');
}

/**
 * A small sequential generator for building static things (room types,
 * hotel profiles): each call of next() is unit(seed, counter++).
 */
export class Draws {
  private counter = 0;

  constructor(private readonly seed: number) {}

  next(): number {
    return unit(this.seed, this.counter++);
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('Draws.pick on an empty list');
    return item;
  }
}

/** Salts that keep independent draws of the same seed apart. */
export const SALT = {
  roomNightSoldOut: 1,
  roomNightCount: 2,
  roomNightNoise: 3,
  hotelNightSoldOut: 4,
  hotelNightDemand: 5,
  combos: 6,
  combosSubset: 7,
  anyResidency: 8,
  packageRate: 9,
} as const;
