/**
 * Bytes from the system's CSPRNG, drawn a block at a time, as crypto.randomUUID caches its entropy:
 * a booking start asks for a few dozen bytes at a time, and one randomFillSync per 4 KiB costs a
 * fraction of one per call. Every byte is handed out once; a block is never refilled, a new one
 * replaces it, so bytes already handed out never change.
 */
import { randomBytes, randomFillSync } from 'node:crypto';

const BLOCK_BYTES = 4096;

let block = Buffer.alloc(0);
let used = 0;

/** `count` random bytes (a view of the current block; a larger request is drawn on its own). */
export function secureRandomBytes(count: number): Buffer {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
  if (count > BLOCK_BYTES / 4) return randomBytes(count);
  if (used + count > block.length) {
    block = randomFillSync(Buffer.allocUnsafeSlow(BLOCK_BYTES));
    used = 0;
  }
  const bytes = block.subarray(used, used + count);
  used += count;
  return bytes;
}
