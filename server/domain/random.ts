/**
 * Small deterministic random helpers. The sandbox world must be byte-identical
 * for a given seed, so nothing here touches Math.random.
 */

/** FNV-1a 32-bit hash of a string (UTF-16 code units); stable across runs and platforms. */
export function fnv1a(text: string, basis = 0x811c9dc5): number {
  let hash = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Combines integers into one 32-bit seed (order matters), e.g. mixSeeds(worldSeed, hotelId). */
export function mixSeeds(...parts: number[]): number {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    // Feed the four bytes of each part through FNV-1a, then finalise with a murmur-style avalanche.
    let value = part >>> 0;
    for (let byte = 0; byte < 4; byte++) {
      hash ^= value & 0xff;
      hash = Math.imul(hash, 0x01000193);
      value >>>= 8;
    }
  }
  return avalanche(hash);
}

/** Murmur3-style finaliser: spreads every input bit over the whole word. */
export function avalanche(value: number): number {
  let hash = value >>> 0;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** Integer, chance and pick draws over any uniform source; subclasses supply next(). */
export abstract class UniformDraws {
  /** Uniform float in [0, 1). */
  abstract next(): number;

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick on an empty list');
    return item;
  }
}

/** A seeded pseudo-random generator (mulberry32) with a few convenience draws. */
export class Random extends UniformDraws {
  private state: number;

  constructor(seed: number) {
    super();
    this.state = seed >>> 0;
  }

  /** Uniform float in [0, 1). */
  override next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** One value drawn according to relative weights (weights need not sum to 1). */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, weight] of entries) total += weight;
    let remaining = this.next() * total;
    for (const [value, weight] of entries) {
      remaining -= weight;
      if (remaining < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (last === undefined) throw new Error('Random.weighted on an empty list');
    return last[0];
  }

  /** `count` distinct elements of `items` in random order (all of them when count >= length). */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = items.slice();
    const taken = Math.min(count, pool.length);
    // Partial Fisher-Yates: only the first `taken` positions are shuffled.
    for (let i = 0; i < taken; i++) {
      const j = i + Math.floor(this.next() * (pool.length - i));
      const swap = pool[i] as T;
      pool[i] = pool[j] as T;
      pool[j] = swap;
    }
    return pool.slice(0, taken);
  }
}
