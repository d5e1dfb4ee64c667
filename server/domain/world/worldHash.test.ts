/**
 * Same seed, same world, byte for byte: the sha256 of every hotel (materialised through the public
 * API, in id order, as JSON) is pinned. However the world is stored, these hashes must not move;
 * a change of the generator that is meant to move them updates the pinned values on purpose.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Hotel } from '../hotel.js';
import { DEFAULT_WORLD_SHA256, World, defaultWorld, worldContentHash } from './world.js';

function worldHash(world: World): string {
  const hash = createHash('sha256');
  const hotels: readonly Hotel[] = world.allHotels();
  let previousId = 0;
  for (const hotel of hotels) {
    // allHotels() and hotel(id) give the same hotel, in increasing id order.
    if (!(hotel.id > previousId)) throw new Error(`hotel ${hotel.id} out of id order`);
    previousId = hotel.id;
    const json = JSON.stringify(hotel);
    if (JSON.stringify(world.hotel(hotel.id)) !== json) throw new Error(`hotel(${hotel.id}) differs from allHotels()`);
    hash.update(json).update('\n');
  }
  return hash.digest('hex');
}

describe('world determinism', () => {
  it('the default world (default seed, 100,000 city hotels, airport and scenario hotels) is byte for byte the pinned one', () => {
    const world = defaultWorld();
    expect(world.size).toBe(PINNED_DEFAULT_SIZE);
    expect(worldHash(world)).toBe(PINNED_DEFAULT_HASH);
    // The start-up cache reads a world back only when it was made with the hash world.ts pins: this one.
    expect(DEFAULT_WORLD_SHA256).toBe(PINNED_DEFAULT_HASH);
    expect(worldContentHash(world)).toBe(PINNED_DEFAULT_HASH);
  });

  it('a small world of another seed is the pinned one too, and a different seed gives a different world', () => {
    const small = worldHash(World.create({ seed: 7, hotelCount: 3000 }));
    expect(small).toBe(PINNED_SEED_7_HASH);
    expect(worldHash(World.create({ seed: 7, hotelCount: 3000 }))).toBe(small);
    expect(worldHash(World.create({ seed: 8, hotelCount: 3000 }))).not.toBe(small);
  });
});

// Re-pinned when hotels were moved off the sea (coast mask): the object-per-hotel world of that commit
// gives these very hashes, so packing changed nothing.
const PINNED_DEFAULT_SIZE = 105_653;
const PINNED_DEFAULT_HASH = '43a363ab32a8b5679a3e6a5bc2967a5fd56bbfe63fd62acc952631e68989b7ba';
const PINNED_SEED_7_HASH = '2d96087bb33d67660158b75a73a1535ed9ba60582f8e6bc53ce2d2746e11e6e1';
