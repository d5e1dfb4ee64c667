/**
 * The generated hotels of a world, packed: one typed array per numeric field, small string pools
 * for the values many hotels share (city, country, currency, time zone) and one UTF-8 buffer for
 * the per-hotel texts (name, address, postal code). About 60 bytes of typed arrays and 50 of text
 * per hotel instead of a JS object of ~500 bytes on the V8 heap; `hotel(index)` builds the
 * object (the same fields in the same order as the generator's) when a request needs it.
 */
import { PROPERTY_KINDS, type Hotel, type PropertyKind } from '../hotel.js';

const KIND_INDEX: ReadonlyMap<string, number> = new Map(PROPERTY_KINDS.map((kind, index) => [kind, index]));
const CLOSED = 1;
const HAS_DETAILS = 2;
/** Per hotel: name, address, postal code. */
const TEXTS = 3;

/** Distinct strings by number, in first-seen order. */
class StringPool {
  readonly values: string[] = [];
  private readonly numbers = new Map<string, number>();

  numberOf(value: string): number {
    let number = this.numbers.get(value);
    if (number === undefined) {
      number = this.values.length;
      this.values.push(value);
      this.numbers.set(value, number);
    }
    return number;
  }
}

function grown<T extends Float64Array | Uint32Array | Uint16Array | Uint8Array>(array: T, length: number): T {
  const bigger = new (array.constructor as new (length: number) => T)(length);
  bigger.set(array);
  return bigger;
}

/** Packs hotels one by one (ids 1, 2, 3, ... in order), then `finish()`. */
export class PackedHotelsBuilder {
  private count = 0;
  private capacity: number;
  private latitude: Float64Array;
  private longitude: Float64Array;
  private distanceToCenterM: Float64Array;
  private cityPriceLevel: Float64Array;
  private city: Uint32Array;
  private country: Uint16Array;
  private currency: Uint16Array;
  private timeZone: Uint16Array;
  private starRating: Uint8Array;
  private kind: Uint8Array;
  private flags: Uint8Array;
  private textEnds: Uint32Array;
  private text: Buffer;
  private textLength = 0;
  private readonly cities = new StringPool();
  private readonly countries = new StringPool();
  private readonly currencies = new StringPool();
  private readonly timeZones = new StringPool();

  constructor(expectedCount = 1024) {
    this.capacity = Math.max(16, expectedCount);
    this.latitude = new Float64Array(this.capacity);
    this.longitude = new Float64Array(this.capacity);
    this.distanceToCenterM = new Float64Array(this.capacity);
    this.cityPriceLevel = new Float64Array(this.capacity);
    this.city = new Uint32Array(this.capacity);
    this.country = new Uint16Array(this.capacity);
    this.currency = new Uint16Array(this.capacity);
    this.timeZone = new Uint16Array(this.capacity);
    this.starRating = new Uint8Array(this.capacity);
    this.kind = new Uint8Array(this.capacity);
    this.flags = new Uint8Array(this.capacity);
    this.textEnds = new Uint32Array(this.capacity * TEXTS);
    this.text = Buffer.allocUnsafe(this.capacity * 64);
  }

  add(hotel: Hotel): void {
    const index = this.count;
    if (hotel.id !== index + 1) throw new Error(`packed hotels must come in id order 1, 2, 3, ...: got ${hotel.id} at ${index + 1}`);
    if (hotel.scenario.length > 0) throw new Error(`hotel ${hotel.id} has scenario effects: those hotels are kept as objects`);
    const kind = KIND_INDEX.get(hotel.kind);
    if (kind === undefined) throw new Error(`hotel ${hotel.id}: unknown kind ${hotel.kind}`);
    if (index === this.capacity) this.grow();
    this.latitude[index] = hotel.latitude;
    this.longitude[index] = hotel.longitude;
    this.distanceToCenterM[index] = hotel.distanceToCenterM;
    this.cityPriceLevel[index] = hotel.cityPriceLevel;
    this.city[index] = this.cities.numberOf(hotel.city);
    this.country[index] = this.countries.numberOf(hotel.countryCode);
    this.currency[index] = this.currencies.numberOf(hotel.localCurrency);
    this.timeZone[index] = this.timeZones.numberOf(hotel.timeZone);
    if (this.timeZones.values.length > 0xffff || this.countries.values.length > 0xffff || this.currencies.values.length > 0xffff) {
      throw new Error('more than 65,535 distinct countries, currencies or time zones');
    }
    this.starRating[index] = hotel.starRating;
    this.kind[index] = kind;
    this.flags[index] = (hotel.isClosed ? CLOSED : 0) | (hotel.hasDetails ? HAS_DETAILS : 0);
    this.addText(index * TEXTS, hotel.name);
    this.addText(index * TEXTS + 1, hotel.address);
    this.addText(index * TEXTS + 2, hotel.postalCode);
    this.count++;
  }

  private addText(slot: number, value: string): void {
    const most = value.length * 3;
    if (this.textLength + most > this.text.length) {
      const bigger = Buffer.allocUnsafe(Math.max(this.text.length * 2, this.textLength + most));
      this.text.copy(bigger, 0, 0, this.textLength);
      this.text = bigger;
    }
    this.textLength += this.text.write(value, this.textLength, 'utf8');
    this.textEnds[slot] = this.textLength;
  }

  private grow(): void {
    this.capacity *= 2;
    this.latitude = grown(this.latitude, this.capacity);
    this.longitude = grown(this.longitude, this.capacity);
    this.distanceToCenterM = grown(this.distanceToCenterM, this.capacity);
    this.cityPriceLevel = grown(this.cityPriceLevel, this.capacity);
    this.city = grown(this.city, this.capacity);
    this.country = grown(this.country, this.capacity);
    this.currency = grown(this.currency, this.capacity);
    this.timeZone = grown(this.timeZone, this.capacity);
    this.starRating = grown(this.starRating, this.capacity);
    this.kind = grown(this.kind, this.capacity);
    this.flags = grown(this.flags, this.capacity);
    this.textEnds = grown(this.textEnds, this.capacity * TEXTS);
  }

  /** The packed hotels, trimmed to size (the builder is not to be used afterwards). */
  finish(): PackedHotels {
    const n = this.count;
    const text = Buffer.alloc(this.textLength);
    this.text.copy(text, 0, 0, this.textLength);
    return new PackedHotels(n, {
      latitude: this.latitude.slice(0, n),
      longitude: this.longitude.slice(0, n),
      distanceToCenterM: this.distanceToCenterM.slice(0, n),
      cityPriceLevel: this.cityPriceLevel.slice(0, n),
      city: this.city.slice(0, n),
      country: this.country.slice(0, n),
      currency: this.currency.slice(0, n),
      timeZone: this.timeZone.slice(0, n),
      starRating: this.starRating.slice(0, n),
      kind: this.kind.slice(0, n),
      flags: this.flags.slice(0, n),
      textEnds: this.textEnds.slice(0, n * TEXTS),
      text,
      cities: this.cities.values,
      countries: this.countries.values,
      currencies: this.currencies.values,
      timeZones: this.timeZones.values,
    });
  }
}

/** The packed hotels as columns (kept in the start-up cache). */
export interface PackedHotelsState {
  length: number;
  columns: Columns;
}

interface Columns {
  latitude: Float64Array;
  longitude: Float64Array;
  distanceToCenterM: Float64Array;
  cityPriceLevel: Float64Array;
  city: Uint32Array;
  country: Uint16Array;
  currency: Uint16Array;
  timeZone: Uint16Array;
  starRating: Uint8Array;
  kind: Uint8Array;
  flags: Uint8Array;
  textEnds: Uint32Array;
  text: Buffer;
  cities: readonly string[];
  countries: readonly string[];
  currencies: readonly string[];
  timeZones: readonly string[];
}

/** Hotels with ids 1..length at indices 0..length-1. */
export class PackedHotels {
  constructor(
    readonly length: number,
    private readonly columns: Columns,
  ) {}

  state(): PackedHotelsState {
    return { length: this.length, columns: this.columns };
  }

  static fromState(state: PackedHotelsState): PackedHotels {
    return new PackedHotels(state.length, state.columns);
  }

  /** Memory held, in bytes (typed arrays and text; the string pools are not counted). */
  get byteLength(): number {
    let bytes = 0;
    for (const value of Object.values(this.columns)) if (ArrayBuffer.isView(value)) bytes += value.byteLength;
    return bytes;
  }

  latitude(index: number): number {
    return this.columns.latitude[index] as number;
  }

  longitude(index: number): number {
    return this.columns.longitude[index] as number;
  }

  city(index: number): string {
    return this.columns.cities[this.columns.city[index] as number] as string;
  }

  address(index: number): string {
    return this.textAt(index * TEXTS + 1);
  }

  postalCode(index: number): string {
    return this.textAt(index * TEXTS + 2);
  }

  private textAt(slot: number): string {
    const start = slot === 0 ? 0 : (this.columns.textEnds[slot - 1] as number);
    return this.columns.text.toString('utf8', start, this.columns.textEnds[slot]);
  }

  /** A new object for the hotel at this index: the generator's fields, in the generator's order. */
  hotel(index: number): Hotel {
    const c = this.columns;
    const flags = c.flags[index] as number;
    return {
      id: index + 1,
      name: this.textAt(index * TEXTS),
      address: this.textAt(index * TEXTS + 1),
      postalCode: this.textAt(index * TEXTS + 2),
      city: c.cities[c.city[index] as number] as string,
      countryCode: c.countries[c.country[index] as number] as string,
      localCurrency: c.currencies[c.currency[index] as number] as string,
      latitude: c.latitude[index] as number,
      longitude: c.longitude[index] as number,
      starRating: c.starRating[index] as number,
      kind: PROPERTY_KINDS[c.kind[index] as number] as PropertyKind,
      isClosed: (flags & CLOSED) !== 0,
      hasDetails: (flags & HAS_DETAILS) !== 0,
      distanceToCenterM: c.distanceToCenterM[index] as number,
      cityPriceLevel: c.cityPriceLevel[index] as number,
      timeZone: c.timeZones[c.timeZone[index] as number] as string,
      scenario: [],
    };
  }
}
