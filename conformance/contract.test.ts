/**
 * The contract's "Done when" checks: openapi.yaml compiles under strict ajv, every example validates
 * and the examples tell one consistent story, and every field of the API description (sections 2
 * and 4) is in the contract with the stated type, nullability, optionality, enum, bounds and default.
 */
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { components } from '../contract/generated/openapi.js';
import { deepFreeze } from '../contract/deepFreeze.js';
import { isObject, loadContract, type JsonObject, type OpenApiDocument } from '../contract/document.js';
import { collectExamples, type ContractExample } from '../contract/examples.js';
import { deref, pointer, pointerSegment, resolvePointer } from '../contract/navigation.js';
import { listOperations } from '../contract/operations.js';
import { CONTRACT_SCHEMA_ID } from '../contract/schema.js';
import { formatErrors } from '../contract/validationErrors.js';
import { createContractValidator, type ContractValidator } from '../contract/validator.js';
import type { FieldExpectation, Scalar } from './contract/fieldExpectations.js';
import { FIELD_CHECKLIST, NESTED_SCHEMAS, REQUEST_SCHEMAS, RESPONSE_SCHEMAS, SECTION_7_STATUSES } from './contract/spec-checklist.js';

type S = components['schemas'];

const doc = loadContract();
/** Created on first use, so that a contract strict ajv refuses fails the tests that need it, not the whole file. */
const contract = (): ContractValidator => createContractValidator(doc);
const examples = collectExamples(doc);
const operations = listOperations(doc);

// ---------------------------------------------------------------------------------------------------
// helpers
// ---------------------------------------------------------------------------------------------------

/** The value of a request/response example by operation, status and name (throws when absent). */
function exampleValue<T>(path: string, kind: 'request' | 'response', status: string | undefined, name?: string): T {
  const found = examples.filter(
    (e) => e.path === path && e.kind === kind && e.status === status && (name === undefined || e.name === name),
  );
  if (found.length !== 1) throw new Error(`expected one ${kind} example ${path} ${status ?? ''} ${name ?? ''}, found ${found.length}`);
  return found[0]!.value as T;
}

function examplesOf<T>(path: string, kind: 'request' | 'response', status?: string): Array<{ name: string; value: T }> {
  return examples
    .filter((e) => e.path === path && e.kind === kind && e.status === status)
    .map((e) => ({ name: e.name ?? '(example)', value: e.value as T }));
}

/** Money text to integer cents. */
function cents(money: string): number {
  const m = /^([0-9]+)\.([0-9]{2})$/.exec(money);
  if (!m) throw new Error(`not a money amount: '${money}'`);
  return Number(m[1]) * 100 + Number(m[2]);
}

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

const compact = (isoDate: string): string => isoDate.replaceAll('-', '');

interface ParsedServiceHash {
  hotelId: number;
  roomCode: string;
  rateType: number;
  checkin: string;
  checkout: string;
  persons: number;
}

/** Section 2.8: `{hotel_id}-{room_code}-{rate_type}-{YYYYMMDD}-{YYYYMMDD}-{persons}`. */
const SERVICE_HASH = /^([0-9]+)-(.+)-([1-4])-([0-9]{8})-([0-9]{8})-([1-5])$/;

function parseServiceHash(hash: string): ParsedServiceHash {
  const m = SERVICE_HASH.exec(hash);
  if (!m) throw new Error(`service_hash '${hash}' does not have the 2.8 format`);
  return { hotelId: Number(m[1]), roomCode: m[2]!, rateType: Number(m[3]), checkin: m[4]!, checkout: m[5]!, persons: Number(m[6]) };
}

/** Section 2.8 rate types. */
function rateType(meal: string, refundable: boolean): number {
  return (refundable ? 3 : 1) + (meal === 'breakfast' ? 1 : 0);
}

/** Every value under a given key, anywhere in a JSON value, with its JSON pointer. */
function findKey(value: unknown, key: string, at = ''): Array<{ at: string; value: unknown }> {
  const out: Array<{ at: string; value: unknown }> = [];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...findKey(v, key, `${at}/${i}`)));
  else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (k === key) out.push({ at: `${at}/${pointerSegment(k)}`, value: v });
      out.push(...findKey(v, key, `${at}/${pointerSegment(k)}`));
    }
  }
  return out;
}

const exampleLabel = (e: ContractExample): string =>
  `${e.kind} ${e.method.toUpperCase()} ${e.path}${e.status ? ` ${e.status}` : ''} ${e.name ?? '(example)'}`;

// ---------------------------------------------------------------------------------------------------
// Schema navigation for the checklist
// ---------------------------------------------------------------------------------------------------

/** A schema node seen through `$ref` and `allOf`: the keywords that apply, merged. */
interface Effective {
  pointer: string;
  type: unknown;
  nullable: boolean;
  format: unknown;
  enum: unknown[] | undefined;
  minimum: unknown;
  maximum: unknown;
  default: unknown;
  properties: Map<string, { raw: unknown; pointer: string }>;
  required: Set<string>;
  items: { raw: unknown; pointer: string } | undefined;
}

function effective(raw: unknown, at: string): Effective {
  const { node, pointer: target } = deref(doc, raw, at);
  if (!isObject(node)) throw new Error(`${at} is not a schema`);
  const out: Effective = {
    pointer: target,
    type: node.type,
    nullable: node.nullable === true,
    format: node.format,
    enum: Array.isArray(node.enum) ? [...node.enum] : undefined,
    minimum: node.minimum,
    maximum: node.maximum,
    default: node.default,
    properties: new Map(),
    required: new Set(Array.isArray(node.required) ? (node.required as string[]) : []),
    items: node.items === undefined ? undefined : { raw: node.items, pointer: `${target}/items` },
  };
  if (isObject(node.properties)) {
    for (const [name, prop] of Object.entries(node.properties)) {
      out.properties.set(name, { raw: prop, pointer: `${target}/properties/${pointerSegment(name)}` });
    }
  }
  if (Array.isArray(node.allOf)) {
    node.allOf.forEach((member, i) => {
      const m = effective(member, `${target}/allOf/${i}`);
      out.type ??= m.type;
      out.nullable ||= m.nullable;
      out.format ??= m.format;
      out.enum ??= m.enum;
      out.minimum ??= m.minimum;
      out.maximum ??= m.maximum;
      out.default ??= m.default;
      out.items ??= m.items;
      for (const [k, v] of m.properties) if (!out.properties.has(k)) out.properties.set(k, v);
      for (const r of m.required) out.required.add(r);
    });
  }
  return out;
}

interface Located {
  /** The field's own schema (merged). */
  field: Effective;
  /** Pointer of the property as written (before following its $ref), for ajv. */
  pointer: string;
  /** The object schema that declares the field. */
  parent: Effective;
  name: string;
}

/** Finds `a.b[].c` from a component schema. */
function locate(schema: string, fieldPath: string): Located {
  let current = effective(resolvePointer(doc, pointer('components', 'schemas', schema)), pointer('components', 'schemas', schema));
  let result: Located | undefined;
  const segments = fieldPath.split('.');
  segments.forEach((segment, index) => {
    const isArray = segment.endsWith('[]');
    const name = isArray ? segment.slice(0, -2) : segment;
    const prop = current.properties.get(name);
    if (!prop) throw new Error(`${schema}.${segments.slice(0, index + 1).join('.')}: no property '${name}' in ${current.pointer}`);
    let field = effective(prop.raw, prop.pointer);
    let fieldPointer = prop.pointer;
    const parent = current;
    if (isArray) {
      if (!field.items) throw new Error(`${schema}.${fieldPath}: '${name}' has no items`);
      fieldPointer = field.items.pointer;
      field = effective(field.items.raw, field.items.pointer);
    }
    result = { field, pointer: fieldPointer, parent, name };
    current = field;
  });
  if (!result) throw new Error(`empty field path for ${schema}`);
  return result;
}

const sorted = (values: readonly Scalar[] | unknown[] | undefined): string[] => (values ?? []).map((v) => JSON.stringify(v)).sort();

// ---------------------------------------------------------------------------------------------------
// 1. Strict compilation
// ---------------------------------------------------------------------------------------------------

describe('strict ajv compilation', () => {
  const schemaNames = Object.keys(doc.components?.schemas ?? {});

  it('the shared validator compiled (strict, allErrors, formats) every component and operation schema', () => {
    expect(schemaNames.length).toBeGreaterThan(40);
    expect(() => createContractValidator(doc)).not.toThrow();
  });

  it.each(schemaNames)('components.schemas.%s compiles in a fresh strict ajv with every strict option as an error', (name) => {
    // A separate instance with every strict option set to "throw", and a logger that fails on any warning.
    const warnings: string[] = [];
    const ajv = new Ajv({
      strict: true,
      strictSchema: true,
      strictNumbers: true,
      strictTypes: true,
      strictTuples: true,
      strictRequired: true,
      allErrors: true,
      logger: { log: () => undefined, warn: (...a: unknown[]) => warnings.push(a.join(' ')), error: (...a: unknown[]) => warnings.push(a.join(' ')) },
    });
    // Same registration as the shared module: OpenAPI annotations only.
    for (const k of ['openapi', 'info', 'servers', 'paths', 'components', 'security', 'tags', 'externalDocs', 'example', 'xml']) ajv.addKeyword({ keyword: k });
    for (const k of new Set(findAllExtensionKeys(doc))) ajv.addKeyword({ keyword: k });
    ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
    ajv.addFormat('uri', /^[a-z][a-z0-9+.-]*:/i);
    ajv.addFormat('email', /@/);
    ajv.addSchema({ ...doc, $id: CONTRACT_SCHEMA_ID });
    expect(() => ajv.getSchema(`${CONTRACT_SCHEMA_ID}#/components/schemas/${encodeURIComponent(name)}`)).not.toThrow();
    expect(warnings).toEqual([]);
  });

  it('uses only keywords that JSON Schema or OpenAPI 3.0 define (no typos that strict mode would reject)', () => {
    const ajv = new Ajv({ strict: true });
    expect(() => ajv.compile({ type: 'object', nullable: true, exampel: 1 })).toThrow(/unknown keyword: "exampel"/);
  });
});

function findAllExtensionKeys(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(findAllExtensionKeys);
  if (!isObject(node)) return [];
  return Object.entries(node).flatMap(([k, v]) => [...(k.startsWith('x-') ? [k] : []), ...findAllExtensionKeys(v)]);
}

// ---------------------------------------------------------------------------------------------------
// 2. Every example validates
// ---------------------------------------------------------------------------------------------------

describe('frozen values', () => {
  it('are judged once per schema (cached answers are sent again and again) with the same verdict', () => {
    const validator = createContractValidator();
    let reads = 0;
    const body = new Proxy(deepFreeze({ error: 42 }), {
      get(target, name, receiver) {
        reads++;
        return Reflect.get(target, name, receiver);
      },
    });
    const first = validator.validateResponse('/search.php', 'post', 400, body);
    const readsOnce = reads;
    const second = validator.validateResponse('/search.php', 'post', 400, body);
    expect(first.ok).toBe(false);
    expect(second).toEqual(first);
    expect(readsOnce).toBeGreaterThan(0);
    expect(reads).toBe(readsOnce);
    // A value that is not frozen is judged every time.
    const open = { error: 42 };
    expect(validator.validateResponse('/search.php', 'post', 400, open).ok).toBe(false);
    open.error = 'fixed' as unknown as number;
    expect(validator.validateResponse('/search.php', 'post', 400, open).ok).toBe(true);
  });
});

describe('every example in openapi.yaml validates against its schema', () => {
  it('finds request and response examples for all six operations', () => {
    for (const op of operations) {
      expect(examples.some((e) => e.path === op.path && e.kind === 'request'), `${op.path} request example`).toBe(true);
      expect(examples.some((e) => e.path === op.path && e.kind === 'response' && e.status === '200'), `${op.path} 200 example`).toBe(true);
    }
  });

  it.each(examples.map((e) => [exampleLabel(e), e] as const))('%s', (_label, e) => {
    const result =
      e.kind === 'request'
        ? contract().validateRequest(e.path, e.method, e.value)
        : contract().validateResponse(e.path, e.method, Number(e.status), e.value);
    expect(result.ok, formatErrors(result)).toBe(true);
  });

  it('every components.examples entry is used by an operation (so it is validated above)', () => {
    const used = new Set(examples.map((e) => e.pointer));
    for (const name of Object.keys(doc.components?.examples ?? {})) {
      expect(used.has(`${pointer('components', 'examples', name)}/value`), `components.examples.${name} is not referenced`).toBe(true);
    }
  });

  it('every components.responses entry is used by an operation', () => {
    const refs = new Set(findKey(doc.paths, '$ref').map((r) => r.value));
    for (const name of Object.keys(doc.components?.responses ?? {})) {
      expect(refs.has(pointer('components', 'responses', name)), `components.responses.${name} is not referenced`).toBe(true);
    }
  });

  it('every schema-level `example` validates against the schema that carries it', () => {
    const checked: string[] = [];
    for (const { node, at } of schemaNodes(doc)) {
      if (!('example' in node)) continue;
      const result = contract().validatePointer(at, node.example);
      expect(result.ok, `${at}: ${formatErrors(result)}`).toBe(true);
      checked.push(at);
    }
    expect(checked).toContain('#/components/schemas/Money');
    expect(checked).toContain('#/components/schemas/ServiceHash');
  });
});

/** Every schema object of the document (components, headers, media types), walked through its subschemas. */
function schemaNodes(document: OpenApiDocument): Array<{ node: JsonObject; at: string }> {
  const out = new Map<string, JsonObject>();
  const walk = (node: unknown, at: string): void => {
    if (!isObject(node) || out.has(at)) return;
    out.set(at, node);
    if (isObject(node.properties)) for (const [k, v] of Object.entries(node.properties)) walk(v, `${at}/properties/${pointerSegment(k)}`);
    if (isObject(node.items)) walk(node.items, `${at}/items`);
    if (isObject(node.additionalProperties)) walk(node.additionalProperties, `${at}/additionalProperties`);
    if (isObject(node.not)) walk(node.not, `${at}/not`);
    for (const k of ['allOf', 'anyOf', 'oneOf'] as const) {
      const list = node[k];
      if (Array.isArray(list)) list.forEach((s, i) => walk(s, `${at}/${k}/${i}`));
    }
  };
  for (const [name, s] of Object.entries(document.components?.schemas ?? {})) walk(s, pointer('components', 'schemas', name));
  // `schema` members of media types, headers and parameters anywhere in paths and components.
  const findSchemas = (node: unknown, at: string): void => {
    if (Array.isArray(node)) node.forEach((v, i) => findSchemas(v, `${at}/${i}`));
    else if (isObject(node)) {
      for (const [k, v] of Object.entries(node)) {
        if (k === 'schema' && isObject(v)) walk(v, `${at}/schema`);
        else if (k !== 'examples' && k !== 'example' && k !== 'schemas') findSchemas(v, `${at}/${pointerSegment(k)}`);
      }
    }
  };
  findSchemas(document.paths, '#/paths');
  findSchemas(document.components, '#/components');
  return [...out].map(([at, node]) => ({ at, node }));
}

// ---------------------------------------------------------------------------------------------------
// 3. The examples are consistent with each other
// ---------------------------------------------------------------------------------------------------

describe('examples are consistent with each other', () => {
  const search = exampleValue<S['SearchResponse']>('/search.php', 'response', '200', 'byLocation');
  const hotelWithRooms = exampleValue<S['HotelResponse']>('/hotel.php', 'response', '200', 'live');
  const hotelNoRooms = exampleValue<S['HotelResponse']>('/hotel.php', 'response', '200', 'noRooms');
  const hotelResponses = examplesOf<S['HotelResponse']>('/hotel.php', 'response', '200');
  const bookingRequest = exampleValue<S['BookingRequest']>('/booking.php', 'request', undefined);
  const bookingResponse = exampleValue<S['BookingResponse']>('/booking.php', 'response', '200');
  const overviews = examplesOf<S['BookingOverviewResponse']>('/booking_overview.php', 'response', '200');
  const overview = exampleValue<S['BookingOverviewResponse']>('/booking_overview.php', 'response', '200', 'twoBookings');
  const retrieved = exampleValue<S['RetrieveBookingResponse']>('/retrieve_booking.php', 'response', '200').booking;
  const cancelled = exampleValue<S['CancelResponse']>('/book/cancel.php', 'response', '200');
  const allValues = examples.map((e) => ({ label: exampleLabel(e), value: e.value }));

  /** Persons of the search (the hotel examples come from the same search / the same live parameters). */
  const persons = search.search.persons;

  it('every service_hash in every example has the 2.8 format', () => {
    const hashes = allValues.flatMap(({ label, value }) => findKey(value, 'service_hash').map((h) => ({ label, ...h })));
    expect(hashes.length).toBeGreaterThanOrEqual(7);
    for (const h of hashes) {
      expect(typeof h.value, `${h.label} ${h.at}`).toBe('string');
      expect(h.value, `${h.label} ${h.at}`).toMatch(SERVICE_HASH);
      // Reference behaviour: room_code is 1-24 upper-case letters and digits.
      expect(parseServiceHash(h.value as string).roomCode, `${h.label} ${h.at}`).toMatch(/^[A-Z0-9]{1,24}$/);
    }
  });

  it('search: service_hash hotel id, dates and persons match the hotel and the search; rate_type matches meal and refundability', () => {
    for (const [i, hotel] of search.hotels.entries()) {
      const label = `hotels/${i}`;
      const hash = parseServiceHash(hotel.rate.service_hash);
      expect(hash.hotelId, label).toBe(hotel.id);
      expect(hash.checkin, label).toBe(compact(search.search.checkin));
      expect(hash.checkout, label).toBe(compact(search.search.checkout));
      expect(hash.persons, label).toBe(search.search.persons);
      const refundable = hotel.rate.cancellation.free_cancellation_before !== null;
      expect(hash.rateType, label).toBe(rateType(hotel.rate.meal, refundable));
    }
  });

  it('hotel details: every rate hash names the hotel, the availability dates and the persons; rate_type matches meal+refundable', () => {
    let rates = 0;
    for (const { name, value } of hotelResponses) {
      for (const [r, room] of (value.rooms ?? []).entries()) {
        for (const [k, rate] of room.rates.entries()) {
          const label = `${name} rooms/${r}/rates/${k}`;
          const hash = parseServiceHash(rate.service_hash);
          expect(hash.hotelId, label).toBe(value.id);
          expect(hash.checkin, label).toBe(compact(value.availability!.checkin));
          expect(hash.checkout, label).toBe(compact(value.availability!.checkout));
          expect(hash.persons, label).toBe(persons);
          expect(hash.rateType, label).toBe(rateType(rate.meal, rate.refundable));
          expect(rate.refundable, `${label}: refundable ⇔ free_cancellation_before set`).toBe(rate.cancellation.free_cancellation_before !== null);
          rates += 1;
        }
      }
    }
    // The examples are real sandbox answers (npm run examples), so the number of rates follows the sandbox.
    expect(rates).toBeGreaterThan(0);
  });

  it('hotel details: rates of a room are ordered nomeal/non-ref, nomeal/ref, breakfast/non-ref, breakfast/ref, one per combination', () => {
    for (const room of hotelWithRooms.rooms ?? []) {
      const order = [1, 3, 2, 4]; // section 2.5.2, by rate_type
      const positions = room.rates.map((r) => order.indexOf(rateType(r.meal, r.refundable)));
      // Strictly increasing: in order, and at most one rate per combination.
      positions.slice(1).forEach((p, i) => expect(p, room.room_name).toBeGreaterThan(positions[i]!));
      expect(positions, 'the example shows all four combinations').toEqual([0, 1, 2, 3]);
      // All rates of one room share the room code.
      expect(new Set(room.rates.map((r) => parseServiceHash(r.service_hash).roomCode)).size).toBe(1);
    }
  });

  it('the booking request uses a service_hash offered by the hotel-details example', () => {
    const offered = (hotelWithRooms.rooms ?? []).flatMap((room) => room.rates.map((r) => r.service_hash));
    expect(offered).toContain(bookingRequest.service_hash);
  });

  it('the hotel-details request examples refer to the search example (search_id, hotel id, dates, persons)', () => {
    const fromSearch = exampleValue<S['HotelRequest']>('/hotel.php', 'request', undefined, 'fromSearch');
    const live = exampleValue<S['HotelRequest']>('/hotel.php', 'request', undefined, 'live');
    expect(fromSearch.search_id).toBe(search.search_id);
    expect(search.hotels.map((h) => h.id)).toContain(fromSearch.id);
    expect(live.id).toBe(hotelWithRooms.id);
    expect(live.checkin).toBe(hotelWithRooms.availability!.checkin);
    expect(live.checkout).toBe(hotelWithRooms.availability!.checkout);
    expect(live.persons ?? 2).toBe(persons);
    expect(hotelWithRooms.availability!.source).toBe('live');
  });

  it("(reference) the search's cheapest rate of a hotel is among that hotel's detail rates, same prices", () => {
    const inSearch = search.hotels.find((h) => h.id === hotelWithRooms.id);
    expect(inSearch).toBeDefined();
    const same = (hotelWithRooms.rooms ?? []).flatMap((room) => room.rates).find((r) => r.service_hash === inSearch!.rate.service_hash);
    expect(same).toBeDefined();
    expect(same!.pricing.total_price).toBe(inSearch!.rate.pricing.total_price);
    expect(same!.pricing.price_per_night).toEqual(inSearch!.rate.pricing.price_per_night);
    expect(same!.cancellation).toEqual(inSearch!.rate.cancellation);
    const cheapest = Math.min(...(hotelWithRooms.rooms ?? []).flatMap((room) => room.rates.map((r) => cents(r.pricing.total_price))));
    expect(cents(inSearch!.rate.pricing.total_price)).toBe(cheapest);
  });

  it('bookhash values are 30 characters wherever they appear', () => {
    const found = allValues.flatMap(({ label, value }) => findKey(value, 'bookhash').map((h) => ({ label, ...h })));
    expect(found.length).toBeGreaterThanOrEqual(6);
    for (const h of found) {
      expect(h.value, `${h.label} ${h.at}`).toEqual(expect.any(String));
      expect((h.value as string).length, `${h.label} ${h.at}`).toBe(30);
      expect(h.value, `${h.label} ${h.at}`).toMatch(/^[A-Za-z0-9]{30}$/);
    }
  });

  it('booking_url contains the bookhash, which is the booking retrieved and cancelled in the other examples', () => {
    const url = new URL(bookingResponse.booking_url);
    const bookhash = url.searchParams.get('bookhash');
    expect(bookhash).toHaveLength(30);
    expect(bookingResponse.booking_url).toContain(bookhash!);
    // Reference behaviour: {public_url}/book/finalize?bookhash={bookhash}.
    expect(url.pathname).toBe('/book/finalize');
    expect(retrieved.bookhash).toBe(bookhash);
    expect(exampleValue<S['BookhashRequest']>('/retrieve_booking.php', 'request', undefined).bookhash).toBe(bookhash);
    expect(exampleValue<S['BookhashRequest']>('/book/cancel.php', 'request', undefined).bookhash).toBe(bookhash);
    expect(cancelled.bookhash).toBe(bookhash);
    expect(cancelled.booking_id).toBe(retrieved.id);
  });

  it('prices add up in every pricing object: sum of nights = total, one price per night, average = total/nights to the cent', () => {
    const contexts: Array<{ label: string; pricing: S['Pricing']; nights: number; currency: string; details: boolean }> = [
      ...search.hotels.map((h, i) => ({ label: `search hotels/${i}`, pricing: h.rate.pricing, nights: search.search.nights, currency: search.search.currency, details: false })),
      ...hotelResponses.flatMap(({ name, value }) =>
        (value.rooms ?? []).flatMap((room, r) =>
          room.rates.map((rate, k) => ({ label: `${name} rooms/${r}/rates/${k}`, pricing: rate.pricing, nights: value.availability!.nights, currency: value.availability!.currency, details: true })),
        ),
      ),
    ];
    const detailRates = hotelResponses.reduce((sum, { value }) => sum + (value.rooms ?? []).reduce((n, room) => n + room.rates.length, 0), 0);
    expect(contexts).toHaveLength(search.hotels.length + detailRates);
    for (const { label, pricing, nights, currency, details } of contexts) {
      expect(pricing.price_per_night, label).toHaveLength(nights);
      const sum = pricing.price_per_night.reduce((acc, p) => acc + cents(p), 0);
      expect(sum, label).toBe(cents(pricing.total_price));
      expect(pricing.currency, label).toBe(currency);
      if (details) {
        expect(pricing.average_per_night, `${label}: average_per_night is present in hotel details`).toEqual(expect.any(String));
        expect(cents(pricing.average_per_night!), label).toBe(Math.round(cents(pricing.total_price) / nights));
      } else {
        // Reference behaviour: omitted in search.
        expect(pricing.average_per_night, label).toBeUndefined();
      }
      // Reference behaviour: no conversion when the display currency is EUR.
      if (pricing.currency === 'EUR') {
        expect(pricing.charge_amount ?? null, label).toBeNull();
        expect(pricing.charge_currency ?? null, label).toBeNull();
      }
      for (const tax of pricing.taxes ?? []) {
        expect(cents(tax.amount), `${label}: taxes are shown only when amount > 0`).toBeGreaterThan(0);
        expect(tax.currency, label).toBe(pricing.currency);
      }
    }
  });

  it('(reference) penalty periods: refundable from the deadline for the first night, non-refundable for the total, both to check-out 12:00', () => {
    const rates = [
      ...search.hotels.map((h) => ({ rate: h.rate, checkout: search.search.checkout })),
      ...(hotelWithRooms.rooms ?? []).flatMap((room) => room.rates.map((rate) => ({ rate, checkout: hotelWithRooms.availability!.checkout }))),
    ];
    for (const { rate, checkout } of rates) {
      const label = rate.service_hash;
      expect(rate.cancellation.policies, label).toHaveLength(1);
      const [policy] = rate.cancellation.policies;
      expect(policy!.ends_at, label).toBe(`${checkout}T12:00:00`);
      expect(policy!.penalty_charge, label).toBe(policy!.penalty_amount);
      if (rate.cancellation.free_cancellation_before !== null) {
        expect(policy!.starts_at, label).toBe(rate.cancellation.free_cancellation_before);
        expect(policy!.penalty_amount, label).toBe(rate.pricing.price_per_night[0]);
        expect(rate.cancellation.free_cancellation_before < `${checkout}T00:00:00`, label).toBe(true);
      } else {
        expect(policy!.penalty_amount, label).toBe(rate.pricing.total_price);
      }
    }
  });

  it('nights equal the difference of the dates (search metadata, availability), at most 30', () => {
    expect(search.search.nights).toBe(daysBetween(search.search.checkin, search.search.checkout));
    for (const { name, value } of hotelResponses) {
      const a = value.availability!;
      expect(a.nights, name).toBe(daysBetween(a.checkin, a.checkout));
      expect(a.nights, name).toBeLessThanOrEqual(30);
    }
    expect(search.search.nights).toBeLessThanOrEqual(30);
  });

  it('total_hotels equals the number of hotels, at most 15', () => {
    expect(search.total_hotels).toBe(search.hotels.length);
    expect(search.hotels.length).toBeLessThanOrEqual(15);
    expect(new Set(search.hotels.map((h) => h.id)).size).toBe(search.hotels.length);
  });

  it('no-rooms shape: source live, both dates, the message, rooms []; a hotel with rooms has no message', () => {
    expect(hotelNoRooms.rooms).toEqual([]);
    expect(hotelNoRooms.availability).toMatchObject({ source: 'live', message: 'No rooms are available for the requested dates.' });
    expect(hotelNoRooms.availability!.checkin).toEqual(expect.any(String));
    expect(hotelNoRooms.availability!.checkout).toEqual(expect.any(String));
    expect(hotelWithRooms.availability!.message).toBeUndefined();
    expect((hotelWithRooms.rooms ?? []).length).toBeGreaterThan(0);
    for (const room of hotelWithRooms.rooms ?? []) expect(room.rates.length).toBeLessThanOrEqual(4);
  });

  it('overview: count equals the number of bookings; newest first; only statuses past a payment attempt', () => {
    for (const { name, value } of overviews) {
      expect(value.count, name).toBe(value.bookings.length);
      const stamps = value.bookings.map((b) => b.booked_at);
      expect(stamps, `${name} newest first`).toEqual([...stamps].sort().reverse());
      for (const b of value.bookings) expect(['payment_failed', 'booking_failed', 'booking_confirmed', 'booking_cancelled']).toContain(b.status);
    }
    expect(overviews.some((o) => o.value.count === 0)).toBe(true);
  });

  it('the retrieved booking matches its overview entry and the rate it was booked from', () => {
    const entry = overview.bookings.find((b) => b.bookhash === retrieved.bookhash);
    expect(entry).toBeDefined();
    expect(entry!.booking_id).toBe(retrieved.id);
    expect(entry!.booked_at).toBe(retrieved.created_at);
    expect(entry!.arrival).toBe(retrieved.arrival);
    expect(entry!.departure).toBe(retrieved.departure);
    expect(entry!.guest_name).toBe(`${retrieved.first_name} ${retrieved.last_name}`);
    expect(entry!.hotel_name).toBe(retrieved.hotel_name);
    expect(entry!.room_name).toBe(retrieved.room_name);
    expect(entry!.status).toBe(retrieved.status);

    const hash = parseServiceHash(bookingRequest.service_hash);
    const room = (hotelWithRooms.rooms ?? []).find((r) => r.rates.some((rate) => rate.service_hash === bookingRequest.service_hash))!;
    const rate = room.rates.find((r) => r.service_hash === bookingRequest.service_hash)!;
    expect(compact(retrieved.arrival)).toBe(hash.checkin);
    expect(compact(retrieved.departure)).toBe(hash.checkout);
    expect(retrieved.persons).toBe(hash.persons);
    expect(retrieved.meal).toBe(rate.meal);
    expect(retrieved.refundable).toBe(rate.refundable);
    expect(retrieved.free_cancellation_before).toBe(rate.cancellation.free_cancellation_before);
    expect(retrieved.total_price).toBe(rate.pricing.total_price);
    expect(retrieved.currency).toBe(rate.pricing.currency);
    expect(retrieved.room_name).toBe(room.room_name);
    expect(retrieved.bedding).toBe(room.bedding);
    expect(retrieved.hotel_name).toBe(hotelWithRooms.name);
    expect(retrieved.hotel_stars).toBe(hotelWithRooms.star_rating);
    expect(retrieved.hotel_address).toBe(hotelWithRooms.location.address);
    expect(retrieved.hotel_city).toBe(hotelWithRooms.location.city);
    expect(retrieved.hotel_country).toBe(hotelWithRooms.location.country_code);
    expect(retrieved.refundable).toBe(retrieved.free_cancellation_before !== null);
    expect(retrieved.status).toBe('booking_confirmed');
  });

  it('request examples keep the cross-field rules a schema cannot state', () => {
    for (const { name, value } of examplesOf<S['SearchRequest']>('/search.php', 'request')) {
      const nights = daysBetween(value.checkin, value.checkout);
      expect(nights, name).toBeGreaterThan(0);
      expect(nights, name).toBeLessThanOrEqual(30);
      expect(value.location !== undefined || (value.latitude !== undefined && value.longitude !== undefined), name).toBe(true);
      expect(value.latitude === undefined, `${name}: latitude and longitude go together`).toBe(value.longitude === undefined);
      if (value.price_from !== undefined && value.price_to !== undefined) expect(value.price_from, name).toBeLessThanOrEqual(value.price_to);
    }
    for (const { name, value } of examplesOf<S['HotelRequest']>('/hotel.php', 'request')) {
      expect(value.search_id !== undefined || (value.checkin !== undefined && value.checkout !== undefined), name).toBe(true);
      expect(value.checkin === undefined, `${name}: checkin and checkout go together`).toBe(value.checkout === undefined);
      if (value.checkin && value.checkout) expect(daysBetween(value.checkin, value.checkout), name).toBeGreaterThan(0);
    }
  });

  it('error examples say what section 7 says', () => {
    const support = String((doc.info.contact as JsonObject | undefined)?.email);
    for (const { name, value } of examplesOf<S['ErrorResponse']>('/search.php', 'response', '429')) {
      expect(value.error, name).toMatch(/^Rate limit exceeded: (5 requests per minute|200 requests per day)/);
    }
    const conflicts = examplesOf<S['CancelConflictResponse']>('/book/cancel.php', 'response', '409');
    expect(conflicts.find((c) => c.name === 'alreadyCancelled')?.value.status).toBe('already_cancelled');
    expect(conflicts.find((c) => c.name === 'alreadyCancelled')?.value.error).toMatch(/already cancelled/i);
    const forbidden = examplesOf<S['ErrorResponse']>('/book/cancel.php', 'response', '403');
    const deadline = forbidden.find((f) => f.name === 'deadlinePassed')!.value.error;
    expect(deadline).toContain(retrieved.free_cancellation_before!);
    expect(deadline).toContain(support);
    expect(forbidden.find((f) => f.name === 'nonRefundable')!.value.error).toMatch(/non-refundable.*support@/);
    expect(exampleValue<S['ErrorResponse']>('/hotel.php', 'response', '404').error).toMatch(/not found/i);
  });
});

// ---------------------------------------------------------------------------------------------------
// 4. Field checklist (sections 2 and 4)
// ---------------------------------------------------------------------------------------------------

/** Properties the contract adds to a spec table on purpose (reference behaviour), per schema (dotted path below it). */
const REFERENCE_ADDITIONS: Readonly<Record<string, readonly string[]>> = {
  BookingDetail: ['hotel_phone', 'hotel_image'], // 2.10: "their field names are not listed here"
  SearchResponse: ['search.location_resolved'], // what `location` was geocoded to
  HotelResponse: ['location.phone'], // the hotel's phone number, E.164
};

describe('field checklist: every field of sections 2 and 4 is in openapi.yaml as described', () => {
  it.each(FIELD_CHECKLIST.map((f) => [`${f.section} ${f.schema}.${f.field}`, f] as const))('%s', (_label, f: FieldExpectation) => {
    const { field, pointer: at, parent, name } = locate(f.schema, f.field);
    const where = `${f.schema}.${f.field} (${at})`;

    expect(field.type, `${where} type`).toBe(f.type);
    expect(field.nullable, `${where} nullable`).toBe(f.nullable === true);
    // The same through ajv: null is accepted exactly when the field is nullable.
    expect(contract().validatePointer(at, null).ok, `${where}: null accepted?`).toBe(f.nullable === true);
    if (f.required !== undefined) {
      expect(parent.required.has(name), `${where} ${f.required ? 'required' : 'optional'}`).toBe(f.required);
    }
    if (f.format !== undefined) expect(field.format, `${where} format`).toBe(f.format);
    if (f.enum !== undefined) expect(sorted(field.enum), `${where} enum`).toEqual(sorted(f.enum));
    if (f.minimum !== undefined) expect(field.minimum, `${where} minimum`).toBe(f.minimum);
    if (f.maximum !== undefined) expect(field.maximum, `${where} maximum`).toBe(f.maximum);
    if (f.default !== undefined) expect(field.default, `${where} default`).toEqual(f.default);
    if (f.items !== undefined) {
      expect(field.items, `${where} items`).toBeDefined();
      const items = effective(field.items!.raw, field.items!.pointer);
      expect(items.type, `${where} items type`).toBe(f.items.type);
      expect(items.nullable, `${where} items nullable`).toBe(false);
      if (f.items.enum !== undefined) expect(sorted(items.enum), `${where} items enum`).toEqual(sorted(f.items.enum));
      if (f.items.minimum !== undefined) expect(items.minimum, `${where} items minimum`).toBe(f.items.minimum);
      if (f.items.maximum !== undefined) expect(items.maximum, `${where} items maximum`).toBe(f.items.maximum);
      if (f.items.format !== undefined) expect(items.format, `${where} items format`).toBe(f.items.format);
      for (const key of f.items.requiredKeys ?? []) expect([...items.required], `${where} items required`).toContain(key);
    }
    for (const key of f.keys ?? []) expect([...field.properties.keys()], `${where} keys`).toContain(key);
    for (const value of f.accepts ?? []) {
      const result = contract().validatePointer(at, value);
      expect(result.ok, `${where} must accept ${JSON.stringify(value)}: ${formatErrors(result)}`).toBe(true);
    }
    for (const value of f.rejects ?? []) {
      expect(contract().validatePointer(at, value).ok, `${where} must refuse ${JSON.stringify(value)}`).toBe(false);
    }
  });

  it('no object of the checklist has fields the description does not name (except listed reference additions)', () => {
    // Group checklist fields by their parent object: `SearchResponse` + `search.` etc.
    const parents = new Map<string, { schema: string; prefix: string; names: Set<string> }>();
    for (const f of FIELD_CHECKLIST) {
      const cut = f.field.lastIndexOf('.');
      const prefix = cut < 0 ? '' : f.field.slice(0, cut);
      const key = `${f.schema}|${prefix}`;
      const entry = parents.get(key) ?? { schema: f.schema, prefix, names: new Set<string>() };
      entry.names.add(f.field.slice(cut + 1).replace(/\[\]$/, ''));
      parents.set(key, entry);
    }
    for (const { schema, prefix, names } of parents.values()) {
      const object = prefix === '' ? effective(resolvePointer(doc, pointer('components', 'schemas', schema)), pointer('components', 'schemas', schema)) : locate(schema, prefix).field;
      const extra = [...object.properties.keys()].filter((k) => !names.has(k));
      const allowed = REFERENCE_ADDITIONS[schema] ?? [];
      expect(extra.filter((k) => !allowed.includes(prefix ? `${prefix}.${k}` : k)), `${schema}${prefix ? '.' + prefix : ''} (${object.pointer}) has fields the description does not name`).toEqual([]);
    }
  });

  it.each(NESTED_SCHEMAS.map((n) => [`${n.schema}.${n.field} is ${n.target}`, n] as const))('%s', (_label, n) => {
    expect(locate(n.schema, n.field).field.pointer).toBe(pointer('components', 'schemas', n.target));
  });

  it('reference additions are described as reference behaviour', () => {
    for (const [schema, names] of Object.entries(REFERENCE_ADDITIONS)) {
      for (const name of names) {
        const prop = locate(schema, name);
        const node = resolvePointer(doc, prop.pointer) as JsonObject;
        const target = typeof node.$ref === 'string' ? (resolvePointer(doc, node.$ref) as JsonObject) : node;
        const description = typeof target.description === 'string' ? target.description : '';
        expect(description, `${schema}.${name}`).toMatch(/Reference behaviour/);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// 5. Operations, statuses, headers, info
// ---------------------------------------------------------------------------------------------------

describe('operations, statuses and headers', () => {
  const responseOf = (op: (typeof operations)[number], status: string): { node: JsonObject; pointer: string } => {
    const { node, pointer: at } = deref(doc, (op.operation.responses as JsonObject)[status], `${op.pointer}/responses/${status}`);
    return { node: node as JsonObject, pointer: at };
  };

  it('the paths are exactly the six .php endpoints of section 4, POST only, without a version segment', () => {
    expect(Object.keys(doc.paths).sort()).toEqual(Object.keys(SECTION_7_STATUSES).sort());
    expect(operations.map((o) => o.method)).toEqual(Array(6).fill('post'));
    for (const op of operations) expect(op.path).toMatch(/^\/[a-z_/]+\.php$/);
  });

  it.each(operations.map((o) => [o.path, o] as const))('%s: request body is required JSON of the section 4 schema, with apikey required', (path, op) => {
    const { node: body } = deref(doc, op.operation.requestBody, `${op.pointer}/requestBody`);
    expect(isObject(body) && body.required).toBe(true);
    const media = ((body as JsonObject).content as JsonObject)['application/json'] as JsonObject;
    expect(media.schema).toEqual({ $ref: pointer('components', 'schemas', REQUEST_SCHEMAS[path]!) });
    expect(locate(REQUEST_SCHEMAS[path]!, 'apikey').parent.required.has('apikey')).toBe(true);
    const ok = responseOf(op, '200').node;
    expect(((ok.content as JsonObject)['application/json'] as JsonObject).schema).toEqual({ $ref: pointer('components', 'schemas', RESPONSE_SCHEMAS[path]!) });
  });

  it.each(Object.entries(SECTION_7_STATUSES))('%s declares the section 7 statuses %j', (path, statuses) => {
    const declared = contract().declaredStatuses(path, 'post');
    for (const status of ['200', ...statuses.map(String)]) expect(declared, `${path} ${status}`).toContain(status);
  });

  it('(reference) every operation declares 400: the common order of checks refuses a malformed body or an unknown field with 400 on every path', () => {
    expect(String(doc.info.description)).toMatch(/\(2\) body — malformed JSON[^]*gives 400/);
    expect(String(doc.info.description)).toMatch(/Unknown request fields are refused with 400/);
    for (const op of operations) expect(op.statuses, op.path).toContain('400');
  });

  it('405 is declared on search and hotel details', () => {
    expect(contract().declaredStatuses('/search.php', 'post')).toContain('405');
    expect(contract().declaredStatuses('/hotel.php', 'post')).toContain('405');
  });

  it('every 429 response declares a required integer Retry-After header', () => {
    let count = 0;
    for (const op of operations) {
      if (!op.statuses.includes('429')) continue;
      count += 1;
      const { node, pointer: at } = responseOf(op, '429');
      const headers = (node.headers ?? {}) as JsonObject;
      expect(Object.keys(headers), `${op.path} 429 headers`).toContain('Retry-After');
      const { node: header } = deref(doc, headers['Retry-After'], `${at}/headers/Retry-After`);
      expect((header as JsonObject).required, `${op.path} Retry-After required`).toBe(true);
      const { node: schema } = deref(doc, (header as JsonObject).schema, `${at}/headers/Retry-After/schema`);
      expect((schema as JsonObject).type, `${op.path} Retry-After type`).toBe('integer');
    }
    // Every operation: failed authentications are throttled per client IP (reference behaviour)...
    expect(count).toBe(6);
    // ...but rate limited are exactly search and hotel details (section 8): the others' 429 is that throttle's.
    const rateLimited = operations.filter((o) => responseOf(o, '429').pointer === '#/components/responses/TooManyRequests');
    expect(rateLimited.map((o) => o.path)).toEqual(['/search.php', '/hotel.php']);
  });

  it('every error response is JSON with an `error` string (ErrorResponse, or CancelConflictResponse for the cancel 409)', () => {
    for (const op of operations) {
      for (const status of op.statuses.filter((s) => Number(s) >= 400)) {
        const { node } = responseOf(op, status);
        const schema = ((node.content as JsonObject)['application/json'] as JsonObject).schema;
        const expected = op.path === '/book/cancel.php' && status === '409' ? 'CancelConflictResponse' : 'ErrorResponse';
        expect(schema, `${op.path} ${status}`).toEqual({ $ref: pointer('components', 'schemas', expected) });
      }
    }
  });

  it('every response code of every operation has an example', () => {
    for (const op of operations) {
      for (const status of op.statuses) {
        const found = examples.filter((e) => e.path === op.path && e.kind === 'response' && e.status === status);
        expect(found.length, `${op.path} ${status} has no example`).toBeGreaterThan(0);
      }
    }
  });

  it('info.version is 1.0.0 and a server with a base_url variable exists', () => {
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.info.version).toBe('1.0.0');
    const server = (doc.servers ?? []).find((s) => s.url.includes('{base_url}'));
    expect(server).toBeDefined();
    expect(server!.variables?.base_url?.default).toMatch(/^https?:\/\//);
  });
});
