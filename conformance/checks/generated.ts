/**
 * Generated checks: invalid and valid requests derived from the contract's request schemas.
 *
 * The schemas are those of the spec-level contract (contract/specLevel.ts: openapi.yaml minus every
 * `x-reference-constraint`), so a generated case never demands more than the API description. For
 * each operation and each kind of break (a required field left out, a value of the wrong JSON type,
 * a number outside its range, a string over its maxLength, a value outside every enum member, a
 * broken cross-field rule) the catalogue holds one check `generated.<operation>.<kind>`; it sends
 * up to `--negative N` cases (a seeded, so repeatable, pick among every case the schema allows;
 * search and hotel details, which are rate limited, get ceil(N/3)) and each must get a 4xx with
 * `{ "error": string }`, never a 5xx or a 2xx. `generated.<operation>.valid` sends requests built
 * from the schemas (the required fields valid, optional ones sometimes) that must not get 400.
 * Every field but the one broken keeps a valid value, and the key is always the run's own key.
 */
import { errorText, fail } from '../kit/assert.js';
import type { CheckContext } from '../kit/context.js';
import type { Exchange } from '../kit/recorder.js';
import { API_PATHS, RATE_LIMITED_PATHS, type ApiPath, type Check, type Endpoint } from '../kit/types.js';
import { isObject, loadContract, type JsonObject } from '../../contract/document.js';
import { specLevelContract } from '../contract/specLevel.js';
import { SHORT_NAMES, UNKNOWN_BOOKHASH, defineCheck, withChanges, type Body } from './support.js';

export type NegativeKind = 'missing-required' | 'wrong-type' | 'out-of-range' | 'too-long' | 'outside-enum' | 'cross-field';
export const NEGATIVE_KINDS: readonly NegativeKind[] = ['missing-required', 'wrong-type', 'out-of-range', 'too-long', 'outside-enum', 'cross-field'];

/** Default of `--negative`: cases per operation and kind (rate-limited operations: a third of it, at least 1). */
export const DEFAULT_NEGATIVE = 3;

/** One generated change of a valid body. */
export interface GeneratedCase {
  /** Readable: what is broken, e.g. `radius = 10001 (maximum 10000)`. */
  what: string;
  changes: Body;
  /** A whole request body instead of changes to the base (a cross-field rule's example in the contract). */
  body?: Body;
}

/** A cross-field rule as the contract names it (`x-cross-field-rules` on the operation). */
export interface CrossFieldRule {
  name: string;
  rule: string;
  example: Body;
}

/** Fields the base body provides and the generator leaves alone (they anchor the request to real data). */
const ANCHORS: Readonly<Record<ApiPath, readonly string[]>> = {
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

// ------------------------------------------------------------------ running

/** How many cases a check of this operation sends for `--negative N`. */
export function casesFor(path: ApiPath, n: number): number {
  return (RATE_LIMITED_PATHS as readonly string[]).includes(path) ? Math.ceil(n / 3) : n;
}

/** A valid body for the operation: the run's key and real data (shared search, a booking reference no booking has). */
async function baseBody(ctx: CheckContext, path: ApiPath): Promise<Body> {
  switch (path) {
    case '/search.php':
      return { ...ctx.fixtures.baseSearchRequest() };
    case '/hotel.php': {
      const { response, hotel } = await ctx.fixtures.search();
      return { apikey: ctx.apikey, id: hotel.id, search_id: response.search_id };
    }
    case '/booking.php': {
      const { hotel } = await ctx.fixtures.search();
      return { apikey: ctx.apikey, service_hash: hotel.rate.service_hash };
    }
    case '/booking_overview.php':
      return { apikey: ctx.apikey };
    case '/retrieve_booking.php':
    case '/book/cancel.php':
      // Not a real booking: a valid request that must not change a booking other checks share.
      return { apikey: ctx.apikey, bookhash: UNKNOWN_BOOKHASH };
  }
}

const baseCheckin = (base: Body, ctx: CheckContext): string => (typeof base.checkin === 'string' ? base.checkin : ctx.stay(30, 3).checkin);

function resolveDates(changes: Body, base: Body, ctx: CheckContext): Body {
  const checkin = baseCheckin(base, ctx);
  const dayBefore = new Date(Date.parse(`${checkin}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v === '$checkin' ? checkin : v === '$checkin-1' ? dayBefore : v]));
}

const shown = (body: Body) => JSON.stringify({ ...body, ...(body.apikey === undefined ? {} : { apikey: '…' }) });
const answer = (e: Exchange) => `${e.status} ${e.text.replace(/\s+/g, ' ').slice(0, 160)}`;

/** What a generated check spends requests on: hotel details and booking start search first. */
const generatedEndpoints = (path: ApiPath): Endpoint[] => (path === '/hotel.php' || path === '/booking.php' ? ['/search.php', path] : [path]);

/** The run's number of generated cases for `path`; skips the check when `--negative 0` switched them off. */
function generatedCount(ctx: CheckContext, path: ApiPath): number {
  const count = casesFor(path, ctx.settings.negative);
  if (count === 0) ctx.skip('generated cases switched off (--negative 0)');
  return count;
}

function negativeCheck(path: ApiPath, kind: NegativeKind): Check {
  const op = SHORT_NAMES[path];
  const id = `generated.${op}.${kind}`;
  return defineCheck({
    id,
    title: `generated ${kind.replace(/-/g, ' ')} requests to ${path} each get a 4xx with an error text`,
    section: '4, 7 (generated from the request schema)',
    tag: 'spec',
    needs: [],
    endpoints: generatedEndpoints(path),
    async run(ctx) {
      const count = generatedCount(ctx, path);
      const cases = pick(negativeCases(path, kind), count, prng(id));
      const base = await baseBody(ctx, path);
      const problems: string[] = [];
      for (const c of cases) {
        const body = c.body ? adaptExample(c.body, base, baseCheckin(base, ctx)) : withChanges(base, resolveDates(c.changes, base, ctx));
        const response = await ctx.api.postUnchecked(path, body);
        const ok4xx = response.status >= 400 && response.status < 500;
        if (!ok4xx) problems.push(`${c.what}: expected a 4xx, got ${answer(response)} — request ${shown(body)}`);
        else if (errorText(response) === '') problems.push(`${c.what}: the ${response.status} has no { "error": string } — ${answer(response)}`);
      }
      if (problems.length > 0) fail(`${problems.length} of ${cases.length} generated invalid requests to ${path} not refused:\n${problems.join('\n')}`);
      ctx.note(`${cases.length} generated: ${cases.map((c) => c.what).join('; ')}`);
    },
  });
}

function validCheck(path: ApiPath): Check {
  const op = SHORT_NAMES[path];
  const id = `generated.${op}.valid`;
  return defineCheck({
    id,
    title: `generated valid requests to ${path} (schema values, optional fields sometimes) are not refused with 400`,
    section: '4 (generated from the request schema)',
    tag: 'spec',
    needs: [],
    endpoints: generatedEndpoints(path),
    async run(ctx) {
      const count = generatedCount(ctx, path);
      const random = prng(id);
      const seen = new Set<string>();
      const cases: GeneratedCase[] = [];
      for (let i = 0; i < count * 4 && cases.length < count; i++) {
        const c = validCase(path, random);
        const key = JSON.stringify(c.changes);
        if (seen.has(key)) continue;
        seen.add(key);
        cases.push(c);
      }
      const base = await baseBody(ctx, path);
      const problems: string[] = [];
      for (const c of cases) {
        const body = withChanges(base, c.changes);
        const response = await ctx.api.postUnchecked(path, body);
        if (response.status === 400 || response.status >= 500) problems.push(`${c.what}: got ${answer(response)} — request ${shown(body)}`);
      }
      if (problems.length > 0) fail(`${problems.length} of ${cases.length} generated valid requests to ${path} refused:\n${problems.join('\n')}`);
      ctx.note(`${cases.length} generated: ${cases.map((c) => c.what).join('; ')}`);
    },
  });
}

/** One check per operation and kind that the spec-level request schema gives cases for, and one valid check per operation. */
export const GENERATED_CHECKS: Check[] = API_PATHS.flatMap((path) => [
  ...NEGATIVE_KINDS.filter((kind) => negativeCases(path, kind).length > 0).map((kind) => negativeCheck(path, kind)),
  validCheck(path),
]);
