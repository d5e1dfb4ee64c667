/**
 * The geocoder's hotel address index without a JS string per key: each hotel has three keys
 * ("{street}", "{street} {city}", "{street} {postal code} {city}", all normalised), and the index
 * keeps only a 32-bit hash of each key and the hotel's index, sorted, in one Float64Array
 * (~2.5 MB off the V8 heap for 100,000 hotels instead of ~35 MB of Map entries and strings).
 * A lookup hashes the text, and checks each hotel with that hash by rebuilding its keys, so hash
 * collisions cost a comparison, never a wrong answer. The same key of several hotels: the lowest
 * index wins (and of one hotel's keys, the first), as in a Map filled in index order.
 */
import { normalizePlaceText } from './text.js';
import { visitRefs } from './hashRefs.js';

export interface AddressParts {
  address: string;
  postalCode: string;
  city: string;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const KEYS_PER_HOTEL = 3;

/** FNV-1a over the UTF-16 code units of `text`, continuing from `hash`. */
function fnv(hash: number, text: string): number {
  let h = hash;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME);
  }
  return h >>> 0;
}

const SPACE = ' ';

/** What an AddressIndex holds (kept in the start-up cache for the default world). */
export interface AddressIndexState {
  /** Hotels indexed. */
  count: number;
  entries: Float64Array;
  refBits: number;
  hashShift: number;
}

export class AddressIndex {
  /** hash * 2^refBits + (hotel index * 3 + key number), ascending. */
  private readonly entries: Float64Array;
  private readonly refBits: number;
  private readonly hashShift: number;

  /**
   * `parts(i)`: the address of the hotel at index i, for i in 0..count-1 (called again by lookups).
   * With `state` (state() of an index over the same hotels), nothing is computed.
   */
  constructor(
    private readonly count: number,
    private readonly parts: (index: number) => AddressParts | undefined,
    state?: AddressIndexState,
  ) {
    if (state && state.count !== count) throw new Error(`address index of ${state.count} hotels given for ${count}`);
    const built = state ?? buildEntries(count, parts);
    this.entries = built.entries;
    this.refBits = built.refBits;
    this.hashShift = built.hashShift;
  }

  state(): AddressIndexState {
    return { count: this.count, entries: this.entries, refBits: this.refBits, hashShift: this.hashShift };
  }

  /** Index of the hotel one of whose keys is exactly `key`, or undefined. */
  find(key: string): number | undefined {
    let found: number | undefined;
    visitRefs(this.entries, fnv(FNV_OFFSET, key) >>> this.hashShift, this.refBits, (ref) => {
      const index = Math.floor(ref / KEYS_PER_HOTEL);
      if (index >= this.count) return false;
      const hotel = this.parts(index);
      if (!hotel || keyOf(hotel, ref % KEYS_PER_HOTEL) !== key) return false;
      found = index;
      return true;
    });
    return found;
  }
}

function keyOf(hotel: AddressParts, keyNumber: number): string {
  const street = normalizePlaceText(hotel.address);
  if (keyNumber === 0) return street;
  const city = normalizePlaceText(hotel.city);
  return keyNumber === 1 ? `${street} ${city}` : `${street} ${normalizePlaceText(hotel.postalCode)} ${city}`;
}

function buildEntries(count: number, parts: (index: number) => AddressParts | undefined): Omit<AddressIndexState, 'count'> {
  const refs = count * KEYS_PER_HOTEL;
  const refBits = Math.max(1, Math.ceil(Math.log2(refs + 1)));
  // A double holds 53 bits exactly: fewer hash bits for a (very) big world, collisions are checked anyway.
  const hashShift = 32 - Math.min(32, 53 - refBits);
  const scale = 2 ** refBits;
  const entries = new Float64Array(refs);
  const normalisedCities = new Map<string, string>();
  let n = 0;
  for (let index = 0; index < count; index++) {
    const hotel = parts(index);
    if (!hotel) continue;
    let city = normalisedCities.get(hotel.city);
    if (city === undefined) {
      city = normalizePlaceText(hotel.city);
      normalisedCities.set(hotel.city, city);
    }
    const street = fnv(FNV_OFFSET, normalizePlaceText(hotel.address));
    const withCity = fnv(fnv(street, SPACE), city);
    const withPostal = fnv(fnv(fnv(fnv(street, SPACE), normalizePlaceText(hotel.postalCode)), SPACE), city);
    const ref = index * KEYS_PER_HOTEL;
    entries[n++] = (street >>> hashShift) * scale + ref;
    entries[n++] = (withCity >>> hashShift) * scale + ref + 1;
    entries[n++] = (withPostal >>> hashShift) * scale + ref + 2;
  }
  return { entries: entries.slice(0, n).sort(), refBits, hashShift };
}
