/**
 * The lookup both sorted hash indexes share (addressIndex.ts, cityNameIndex.ts): entries are
 * `hash × 2^refBits + ref`, sorted, so the refs stored under one hash are one run found by a binary
 * search. A hash collision only costs a comparison: the caller checks each ref's real text.
 */
export function visitRefs(entries: ArrayLike<number>, hash: number, refBits: number, visit: (ref: number) => boolean | void): void {
  const scale = 2 ** refBits;
  const low = hash * scale;
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((entries[mid] as number) < low) lo = mid + 1;
    else hi = mid;
  }
  const high = low + scale;
  for (let i = lo; i < entries.length && (entries[i] as number) < high; i++) {
    if (visit((entries[i] as number) - low) === true) return;
  }
}

/** FNV-1a over the UTF-16 code units of `text`, 32 bits. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** What a HashedRefs holds (kept in the start-up cache). */
export interface HashedRefsState {
  entries: Float64Array;
  refBits: number;
  hashShift: number;
}

/**
 * Refs (0..maxRef) by string key, as one sorted Float64Array (see visitRefs) instead of a Map with
 * a key string and an array per key. `visit` gives the refs stored under the key's hash in
 * ascending order; the caller checks each against its real key (a collision is a false candidate).
 */
export class HashedRefs {
  private constructor(private readonly held: HashedRefsState) {}

  /** `fill` calls `add` for every (key, ref) pair; a pair added twice is stored once. */
  static build(maxRef: number, fill: (add: (key: string, ref: number) => void) => void): HashedRefs {
    const refBits = Math.max(1, Math.ceil(Math.log2(maxRef + 2)));
    const hashShift = 32 - Math.min(32, 53 - refBits);
    const scale = 2 ** refBits;
    const entries: number[] = [];
    fill((key, ref) => {
      if (!Number.isInteger(ref) || ref < 0 || ref > maxRef) throw new RangeError(`ref ${ref} is outside 0..${maxRef}`);
      entries.push((fnv1a(key) >>> hashShift) * scale + ref);
    });
    const sorted = Float64Array.from(entries).sort();
    let n = 0;
    for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[n++] = sorted[i] as number;
    return new HashedRefs({ entries: sorted.slice(0, n), refBits, hashShift });
  }

  /** The refs as state() gave them (read back from the start-up cache). */
  static fromState(state: HashedRefsState): HashedRefs {
    return new HashedRefs(state);
  }

  state(): HashedRefsState {
    return this.held;
  }

  /** Candidate refs of `key`, ascending; return true from `visit` to stop. */
  visit(key: string, visit: (ref: number) => boolean | void): void {
    visitRefs(this.held.entries, fnv1a(key) >>> this.held.hashShift, this.held.refBits, visit);
  }
}
