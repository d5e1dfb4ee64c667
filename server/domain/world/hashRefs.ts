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
