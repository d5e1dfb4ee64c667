import { describe, expect, it } from 'vitest';
import { secureRandomBytes } from './secureRandom.js';

describe('secureRandomBytes', () => {
  it('hands out each byte once: the views of many draws, across several blocks, never overlap', () => {
    const taken = new Map<ArrayBufferLike, Array<[number, number]>>();
    for (let draw = 0; draw < 2_000; draw++) {
      const count = 1 + (draw % 40);
      const bytes = secureRandomBytes(count);
      expect(bytes.length).toBe(count);
      const ranges = taken.get(bytes.buffer) ?? [];
      for (const [start, end] of ranges) expect(bytes.byteOffset >= end || bytes.byteOffset + count <= start).toBe(true);
      ranges.push([bytes.byteOffset, bytes.byteOffset + count]);
      taken.set(bytes.buffer, ranges);
    }
    expect(taken.size).toBeGreaterThan(5); // 41,000 bytes: the draws crossed several 4 KiB blocks
  });

  it('never changes bytes already handed out when it draws a new block', () => {
    const first = secureRandomBytes(32);
    const copy = Buffer.from(first);
    for (let draw = 0; draw < 1_000; draw++) secureRandomBytes(64);
    expect(first.equals(copy)).toBe(true);
  });

  it('looks uniform: every byte value turns up, none far more often than the others', () => {
    const counts = new Array<number>(256).fill(0);
    for (let draw = 0; draw < 2_000; draw++) for (const byte of secureRandomBytes(128)) counts[byte] = (counts[byte] as number) + 1;
    // 256,000 bytes: 1,000 of each value expected; a deviation of 250 is over 7 standard deviations.
    expect(Math.min(...counts)).toBeGreaterThan(750);
    expect(Math.max(...counts)).toBeLessThan(1_250);
  });

  it('draws a large request on its own, and refuses a count that is not a byte count', () => {
    expect(secureRandomBytes(10_000).length).toBe(10_000);
    expect(secureRandomBytes(0).length).toBe(0);
    expect(() => secureRandomBytes(-1)).toThrow(RangeError);
    expect(() => secureRandomBytes(1.5)).toThrow(RangeError);
  });
});
