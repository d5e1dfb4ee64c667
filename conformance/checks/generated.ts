/**
 * The generated cases: invalid and valid requests derived from the contract's request schemas
 * (generatedChecks.ts sends them).
 *
 * The schemas are those of the spec-level contract (contract/specLevel.ts: openapi.yaml minus every
 * `x-reference-constraint`), so a generated case never demands more than the API description. For
 * each operation and each kind of break (a required field left out, a value of the wrong JSON type,
 * a wrong type a lenient server would coerce, a number outside its range, a string over its
 * maxLength, a value outside every enum member, a date that does not exist, a broken cross-field
 * rule) there is a list of cases; valid cases are built from the schemas (the required fields
 * valid, optional ones sometimes, and every stated bound exactly). Every field but the one broken
 * keeps a valid value.
 */
import { RATE_LIMITED_PATHS, type ApiPath } from '../kit/types.js';
import { isObject, loadContract, type JsonObject } from '../../contract/document.js';
import { specLevelContract } from '../contract/specLevel.js';
import { coercibleCases, impossibleDateCases, type RuntimeCase } from './coercibleCases.js';
import type { Body } from './support.js';

export type NegativeKind =
  | 'missing-required' | 'wrong-type' | 'coercible-type' | 'out-of-range' | 'too-long' | 'outside-enum' | 'impossible-date' | 'cross-field';
export const NEGATIVE_KINDS: readonly NegativeKind[] = [
  'missing-required', 'wrong-type', 'coercible-type', 'out-of-range', 'too-long', 'outside-enum', 'impossible-date', 'cross-field',
];

/** Default of `--negative` without a harness: cases per operation and kind (rate-limited operations: a third of it, at least 1). */
export const DEFAULT_NEGATIVE = 3;
/** Valid generated requests per operation when every case runs (`--negative all`, or a harness). */
export const VALID_CASES_WHEN_ALL = 6;

/** One generated change of a valid body. */
export interface GeneratedCase {
  /** Readable: what is broken, e.g. `radius = 10001 (maximum 10000)`. */
  what: string;
  changes: Body;
  /** A whole request body instead of changes to the base (a cross-field rule's example in the contract). */
  body?: Body;
  /** Changes that depend on the run's base body (its hotel id, its dates): they replace `what` and `changes`. */
  build?: RuntimeCase['build'];
}

/** A cross-field rule as the contract names it (`x-cross-field-rules` on the operation). */
export interface CrossFieldRule {
  name: string;
  rule: string;
  example: Body;
}

/** Fields the base body provides and the generator leaves alone (they anchor the request to real data). */
export const ANCHORS: Readonly<Record<ApiPath, readonly string[]>> = {
  '/search.php': ['apikey', 'checkin', 'checkout', 'location', 'latitude', 'longitude'],
  '/hotel.php': ['apikey', 'id', 'search_id', 'checkin', 'checkout'],
  '/booking.php': ['apikey', 'service_hash'],
  '/booking_overview.php': ['apikey'],
  '/retrieve_booking.php': ['apikey', 'bookhash'],
  '/book/cancel.php': ['apikey', 'bookhash'],
};

// ------------------------------------------------------------------ schemas

type Schema = JsonObject;

function deref(doc: JsonObject, node: unknown): Schema {
  if (!isObject(node)) return {};
  if (typeof node.$ref === 'string') {
    const target = node.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, segment) => (isObject(at) ? at[segment.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc);
    return deref(doc, target);
  }
  if (Array.isArray(node.allOf)) {
    const { allOf, ...own } = node;
    return Object.assign({}, ...allOf.map((part) => deref(doc, part)), own) as Schema;
  }
  return node;
}

export interface RequestSchema {
  required: readonly string[];
  properties: Readonly<Record<string, Schema>>;
  /** Cross-field rules named in the contract (`x-cross-field-rules`), if it has them. */
  crossFieldRules: readonly CrossFieldRule[];
}

/** The request body schema of an operation in a document (default: the spec-level contract). */
export function requestSchema(path: ApiPath, doc: JsonObject = specLevelContract(loadContract())): RequestSchema {
  const operation = (doc.paths as Record<string, Record<string, JsonObject>>)[path]?.post;
  const content = (operation?.requestBody as JsonObject | undefined)?.content as Record<string, JsonObject> | undefined;
  const schema = deref(doc, content?.['application/json']?.schema);
  const property = (node: unknown): Schema => {
    const resolved = deref(doc, node);
    return resolved.items === undefined ? resolved : { ...resolved, items: deref(doc, resolved.items) };
  };
  const properties = Object.fromEntries(Object.entries((schema.properties ?? {}) as Record<string, unknown>).map(([k, v]) => [k, property(v)]));
  const rules = schema['x-cross-field-rules'] ?? operation?.['x-cross-field-rules'];
  const crossFieldRules = (Array.isArray(rules) ? rules : []).filter(
    (r): r is CrossFieldRule => isObject(r) && typeof r.name === 'string' && typeof r.rule === 'string' && isObject(r.example),
  );
  return { required: (schema.required ?? []) as string[], properties, crossFieldRules };
}

// ------------------------------------------------------------------ negative cases

const num = (v: unknown): v is number => typeof v === 'number';

function wrongTypeValue(schema: Schema): unknown {
  switch (schema.type) {
    case 'string':
      return 12345;
    case 'integer':
      return 'not-a-number';
    case 'number':
      return 'north';
    case 'boolean':
      return 'maybe';
    case 'array':
      return { not: 'a list' };
    case 'object':
      return 'not-an-object';
    default:
      return undefined;
  }
}

/** Every negative case of one kind the schema allows for an operation (before the seeded pick). */
export function negativeCases(path: ApiPath, kind: NegativeKind, schema: RequestSchema = requestSchema(path)): GeneratedCase[] {
  const fields = Object.entries(schema.properties).filter(([name]) => name !== 'apikey');
  const out: GeneratedCase[] = [];
  switch (kind) {
    case 'missing-required':
      for (const name of schema.required) if (name !== 'apikey') out.push({ what: `without required ${name}`, changes: { [name]: undefined } });
      break;
    case 'wrong-type':
      for (const [name, s] of fields) {
        const value = wrongTypeValue(s);
        if (value !== undefined) out.push({ what: `${name} = ${JSON.stringify(value)} (${String(s.type)} expected)`, changes: { [name]: value } });
      }
      break;
    case 'out-of-range':
      for (const [name, s] of fields) {
        const target = s.type === 'array' && isObject(s.items) ? s.items : s;
        if (target.type !== 'integer' && target.type !== 'number') continue;
        const wrap = (v: number) => (s.type === 'array' ? [v] : v);
        if (num(target.minimum)) out.push({ what: `${name} = ${JSON.stringify(wrap(target.minimum - 1))} (minimum ${target.minimum})`, changes: { [name]: wrap(target.minimum - 1) } });
        if (num(target.maximum)) out.push({ what: `${name} = ${JSON.stringify(wrap(target.maximum + 1))} (maximum ${target.maximum})`, changes: { [name]: wrap(target.maximum + 1) } });
      }
      break;
    case 'too-long':
      for (const [name, s] of fields) {
        if (s.type === 'string' && num(s.maxLength)) out.push({ what: `${name} of ${s.maxLength + 1} characters (maxLength ${s.maxLength})`, changes: { [name]: 'a'.repeat(s.maxLength + 1) } });
      }
      break;
    case 'outside-enum':
      for (const [name, s] of fields) {
        const target = s.type === 'array' && isObject(s.items) ? s.items : s;
        if (!Array.isArray(target.enum)) continue;
        const value = target.type === 'integer' || target.type === 'number' ? Math.max(...(target.enum as number[])) + 100 : `not_${String(target.enum[0])}_zz`;
        const sent = s.type === 'array' ? [value] : value;
        out.push({ what: `${name} = ${JSON.stringify(sent)} (not one of ${(target.enum as unknown[]).join(', ')})`, changes: { [name]: sent } });
      }
      break;
    case 'coercible-type':
      out.push(...coercibleCases(schema).map((c) => ({ ...c, changes: {} })));
      break;
    case 'impossible-date':
      out.push(...impossibleDateCases(path, schema).map((c) => ({ ...c, changes: {} })));
      break;
    case 'cross-field':
      out.push(...crossFieldCases(path, schema));
      break;
  }
  return out;
}

/**
 * The cross-field rules: each one the contract names (`x-cross-field-rules`: its example, with the
 * run's key, dates and hotel), then the rules the API description states (sections 4.1, 4.2) that
 * the contract does not name, for the operations whose schema has the fields. `$checkin` is filled
 * in at run time from the base body.
 */
function crossFieldCases(path: ApiPath, schema: RequestSchema): GeneratedCase[] {
  const has = (...names: string[]) => names.every((n) => n in schema.properties);
  const named: Array<[string, GeneratedCase]> = [];
  if (path === '/search.php') {
    if (has('checkin', 'checkout')) {
      named.push(['checkout-after-checkin', { what: 'checkout equal to checkin (must be after it)', changes: { checkout: '$checkin' } }]);
      named.push(['checkout-after-checkin', { what: 'checkout before checkin', changes: { checkout: '$checkin-1' } }]);
    }
    if (has('location', 'latitude', 'longitude')) {
      named.push(['location-or-coordinates', { what: 'neither location nor latitude and longitude', changes: { location: undefined, latitude: undefined, longitude: undefined } }]);
      named.push(['coordinates-together', { what: 'latitude without longitude (and no location)', changes: { location: undefined, longitude: undefined } }]);
    }
    if (has('price_from', 'price_to')) named.push(['price-range', { what: 'price_from 500 above price_to 100', changes: { price_from: 500, price_to: 100 } }]);
  }
  if (path === '/hotel.php' && has('search_id', 'checkin', 'checkout')) {
    named.push(['search-or-dates', { what: 'neither search_id nor checkin and checkout', changes: { search_id: undefined, checkin: undefined, checkout: undefined } }]);
    named.push(['dates-together', { what: 'checkin without checkout (and no search_id)', changes: { search_id: undefined, checkin: '$checkin', checkout: undefined } }]);
    named.push(['checkout-after-checkin', { what: 'checkout before checkin (and no search_id)', changes: { search_id: undefined, checkin: '$checkin', checkout: '$checkin-1' } }]);
  }
  const inContract = new Set(schema.crossFieldRules.map((r) => r.name));
  return [
    ...schema.crossFieldRules.map((r) => ({ what: `${r.name}: ${r.rule} (x-cross-field-rules example)`, changes: {}, body: r.example })),
    ...named.filter(([name]) => !inContract.has(name)).map(([, c]) => c),
  ];
}

/**
 * A contract example made the run's own: its key, its stay moved to the base body's check-in (same
 * length), and the hotel id and search_id of the base body where the example has them.
 */
export function adaptExample(example: Body, base: Body, checkin: string): Body {
  const body: Body = { ...example, apikey: base.apikey };
  const day = (text: string) => Date.parse(`${text}T00:00:00Z`);
  const shift = (date: unknown) =>
    typeof date === 'string' && typeof example.checkin === 'string' && !Number.isNaN(day(date)) && !Number.isNaN(day(example.checkin))
      ? new Date(day(checkin) + day(date) - day(example.checkin)).toISOString().slice(0, 10)
      : date;
  if ('checkin' in body) body.checkin = shift(body.checkin);
  if ('checkout' in body) body.checkout = typeof example.checkin === 'string' ? shift(body.checkout) : body.checkout;
  for (const name of ['id', 'search_id', 'service_hash', 'bookhash']) if (name in body && name in base) body[name] = base[name];
  return body;
}

// ------------------------------------------------------------------ valid cases

/** A small seeded PRNG (mulberry32): the same seed gives the same cases on every run. */
export function prng(seedText: string): () => number {
  let seed = 2166136261;
  for (const ch of seedText) seed = Math.imul(seed ^ ch.charCodeAt(0), 16777619) >>> 0;
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` items of `items`, picked by the PRNG without repetition, in a stable order. */
export function pick<T>(items: readonly T[], count: number, random: () => number): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0] as T);
  return chosen;
}

/** A valid value of a schema, or undefined when the schema gives no safe one (free text without an example). */
function validValue(s: Schema, random: () => number): unknown {
  if (Array.isArray(s.enum)) return s.enum[Math.floor(random() * s.enum.length)];
  switch (s.type) {
    case 'boolean':
      return random() < 0.5;
    case 'integer': {
      const min = num(s.minimum) ? s.minimum : 0;
      const max = num(s.maximum) ? s.maximum : min + 1000;
      return min + Math.floor(random() * (max - min + 1));
    }
    case 'number': {
      const min = num(s.minimum) ? s.minimum : 0;
      const max = num(s.maximum) ? s.maximum : min + 1000;
      return Math.round((min + random() * (max - min)) * 1000) / 1000;
    }
    case 'array': {
      const items = isObject(s.items) ? s.items : {};
      const size = 1 + Math.floor(random() * Math.min(num(s.maxItems) ? s.maxItems : 3, 3));
      const values = new Map<string, unknown>();
      for (let i = 0; i < size * 4 && values.size < size; i++) {
        const v = validValue(items, random);
        if (v === undefined) return undefined;
        values.set(JSON.stringify(v), v);
      }
      return [...values.values()];
    }
    case 'string':
      return s.default ?? s.example;
    default:
      return undefined;
  }
}

/** Valid optional fields for an operation: each one sometimes, each with a valid value. */
export function validCase(path: ApiPath, random: () => number, schema: RequestSchema = requestSchema(path)): GeneratedCase {
  const changes: Body = {};
  for (const [name, s] of Object.entries(schema.properties)) {
    if (ANCHORS[path].includes(name) || random() < 0.5) continue;
    const value = validValue(s, random);
    if (value !== undefined) changes[name] = value;
  }
  // The cross-field rule on prices holds in a valid request.
  if (typeof changes.price_from === 'number' && typeof changes.price_to === 'number' && changes.price_from > changes.price_to) {
    [changes.price_from, changes.price_to] = [changes.price_to, changes.price_from];
  }
  const what = Object.keys(changes).length === 0 ? 'required fields only' : `with ${Object.entries(changes).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(', ')}`;
  return { what, changes };
}

// ------------------------------------------------------------------ how many

/** How many cases a check of this operation sends for `--negative N` (`all`: every one). */
export function casesFor(path: ApiPath, n: number | 'all'): number {
  if (n === 'all') return Number.POSITIVE_INFINITY;
  return (RATE_LIMITED_PATHS as readonly string[]).includes(path) ? Math.ceil(n / 3) : n;
}
