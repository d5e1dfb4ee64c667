/**
 * Binary search: the first index in [low, high) where `isBefore` is false, for a predicate that is
 * true on a prefix of the range and false on the rest (high when it is true throughout).
 */
export function partitionPoint(low: number, high: number, isBefore: (index: number) => boolean): number {
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (isBefore(mid)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Index of the first entry of sorted[low, high) strictly greater than `bound`. */
export function firstAfter(sorted: readonly number[], low: number, high: number, bound: number): number {
  return partitionPoint(low, high, (index) => (sorted[index] as number) <= bound);
}

