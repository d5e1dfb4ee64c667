/**
 * Seeded, stateless randomness for the rate engine. Every draw is a pure
 * function of a seed and a few integers, so the same hotel, room, date and
 * stay always give the same answer. Nothing here touches Math.random.
 */
import { avalanche, fnv1a, UniformDraws } from '../random.js';

/** FNV-1a 32-bit hash of a string with a final avalanche. */
export function hashString(text: string, basis = 0x811c9dc5): number {
  return avalanche(fnv1a(text, basis));
}

/** Combines a seed with one integer (order matters): mix(mix(seed, day), SALT). */
export function mix(seed: number, value: number): number {
  return avalanche((seed ^ Math.imul(value | 0, 0x9e3779b1)) + 0x7f4a7c15);
}

/** Uniform float in [0, 1) from a seed and one integer. */
export function unit(seed: number, value: number): number {
  return mix(seed, value) / 4294967296;
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
export class Draws extends UniformDraws {
  private counter = 0;

  constructor(private readonly seed: number) {
    super();
  }

  override next(): number {
    return unit(this.seed, this.counter++);
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
