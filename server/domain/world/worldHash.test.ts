/**
 * Same seed, same world, byte for byte: the sha256 of every hotel (materialised through the public
 * API, in id order, as JSON) is pinned. However the world is stored, these hashes must not move;
 * a change of the generator that is meant to move them updates the pinned values on purpose.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Hotel } from '../hotel.js';
import { World, defaultWorld } from './world.js';

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
  });

  it('a small world of another seed is the pinned one too, and a different seed gives a different world', () => {
    const small = worldHash(World.create({ seed: 7, hotelCount: 3000 }));
    expect(small).toBe(PINNED_SEED_7_HASH);
    expect(worldHash(World.create({ seed: 7, hotelCount: 3000 }))).toBe(small);
    expect(worldHash(World.create({ seed: 8, hotelCount: 3000 }))).not.toBe(small);
  });
});

const PINNED_DEFAULT_SIZE = 105_653;
const PINNED_DEFAULT_HASH = 'f1da8aee5691650b43cd78e30c762cdecf9bc772c5ee5acd9389433a7df55905';
const PINNED_SEED_7_HASH = 'f62ed05bdcbae8e8ebaadef7bdf23333c1fe9e348458f4788d78cab82fbe9118';
