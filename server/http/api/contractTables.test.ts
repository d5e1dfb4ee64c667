/**
 * The contract (openapi.yaml) against the server's own tables, so the two cannot drift: the `Test`
 * scenario values per operation (domain/scenarios/catalogue.ts), the supported currencies (the
 * exchange-rate table, domain/rates/currency.ts), the Idempotency-Key bounds (domain/bookings/
 * idempotency.ts) and the statuses every operation answers whatever its body (405, 413).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../contract/apiPaths.js';
import { isObject, loadContract, type JsonObject } from '../../../contract/document.js';
import { deref } from '../../../contract/navigation.js';
import { SCENARIOS, SCENARIO_NAMES, chooseScenario } from '../../domain/scenarios/catalogue.js';
import { isSupportedCurrency, supportedCurrencies } from '../../domain/rates/currency.js';
import { parseIdempotencyKey } from '../../domain/bookings/idempotency.js';
import { startTestServer, type TestServer } from '../../testing/testServer.js';

const contract = loadContract();

function operation(path: string): JsonObject {
  const item = (contract.paths as JsonObject)[path];
  if (!isObject(item) || !isObject(item.post)) throw new Error(`no POST operation for ${path}`);
  return item.post;
}

function headerParameter(path: string, name: string): JsonObject {
  const parameters = operation(path).parameters;
  if (!Array.isArray(parameters)) throw new Error(`${path} has no parameters`);
  const found = parameters
    .map((parameter, index) => deref(contract, parameter, `#/paths/${path}/post/parameters/${index}`).node)
    .filter((parameter): parameter is JsonObject => isObject(parameter) && parameter.in === 'header' && parameter.name === name);
  expect(found, `${path}: one ${name} header parameter`).toHaveLength(1);
  return found[0] as JsonObject;
}

function schemaOf(node: JsonObject): JsonObject {
  const schema = deref(contract, node.schema, '#').node;
  if (!isObject(schema)) throw new Error('parameter without a schema');
  return schema;
}

function componentSchema(name: string): JsonObject {
  const schema = ((contract.components as JsonObject).schemas as JsonObject)[name];
  if (!isObject(schema)) throw new Error(`no schema ${name}`);
  return schema;
}

describe('the Test header per operation', () => {
  it.each(API_PATHS)('%s lists exactly the scenarios that apply there; its example is the no-fault one', (path) => {
    const parameter = headerParameter(path, 'Test');
    const allowed = SCENARIOS.filter((info) => info.appliesTo.includes(path)).map((info) => info.name);
    expect(schemaOf(parameter).enum).toEqual(allowed);
    // What example-driven tools send (Dredd, Portman, Schemathesis' example phase): no fault.
    expect(parameter.example).toBe('standard');
    expect(SCENARIOS.find((info) => info.name === parameter.example)?.kind).toBe('none');
    expect(parameter.examples, 'fault scenarios stay out of `examples`, which Schemathesis sends').toBeUndefined();
    for (const name of SCENARIO_NAMES) {
      expect(chooseScenario(name, path).ok, `${name} on ${path}`).toBe(allowed.includes(name));
    }
  });
});

describe('the named fault examples', () => {
  it('x-scenario-examples on booking start names every scenario but the ordinary one, each by its own value', () => {
    const named = headerParameter('/booking.php', 'Test')['x-scenario-examples'] as Record<string, { value: unknown; summary: unknown }>;
    const faults = SCENARIOS.filter((info) => info.kind !== 'none').map((info) => info.name);
    expect(Object.keys(named)).toEqual(faults);
    for (const [name, example] of Object.entries(named)) {
      expect(example.value).toBe(name);
      expect(typeof example.summary).toBe('string');
    }
  });
});

describe('currencies', () => {
  const table = [...supportedCurrencies()].sort();

  it('the display currency enum is the exchange-rate table', () => {
    expect(table.length).toBeGreaterThan(1);
    expect(componentSchema('DisplayCurrency').enum).toEqual(table);
  });

  it('the request currency is the same enum or any three letters (contract 1.0.0), and the server refuses a code outside the table', () => {
    expect(componentSchema('RequestCurrency').anyOf).toEqual([{ $ref: '#/components/schemas/DisplayCurrency' }, { type: 'string', pattern: '^[A-Za-z]{3}$', maxLength: 3 }]);
    expect(componentSchema('DisplayCurrency').pattern, 'a pattern beside the enum breaks orval and openapi-zod-client').toBeUndefined();
    expect(isSupportedCurrency('ARS')).toBe(false);
    for (const code of table) expect(isSupportedCurrency(code), code).toBe(true);
  });
});

describe('request defaults survive code generators', () => {
  it('SearchLanguageCode is LanguageCode but for its default (nl on search, en on hotel details)', () => {
    const { default: searchDefault, description: _s, ...search } = componentSchema('SearchLanguageCode');
    const { default: hotelDefault, description: _h, ...hotel } = componentSchema('LanguageCode');
    expect({ ...search, example: undefined }).toEqual({ ...hotel, example: undefined });
    expect([searchDefault, hotelDefault]).toEqual(['nl', 'en']);
  });

  it('no request property puts a default (or any other keyword) beside a $ref or an allOf, where generators drop it', () => {
    for (const name of ['SearchRequest', 'HotelRequest', 'BookingRequest', 'ApiKeyRequest', 'BookhashRequest']) {
      for (const [property, schema] of Object.entries(componentSchema(name).properties as Record<string, JsonObject>)) {
        if (schema.$ref !== undefined || schema.allOf !== undefined) {
          expect(Object.keys(schema).filter((key) => key !== '$ref' && key !== 'allOf'), `${name}.${property}`).toEqual([]);
        }
      }
    }
  });
});

describe('the Idempotency-Key header', () => {
  const schema = schemaOf(headerParameter('/booking.php', 'Idempotency-Key'));
  const pattern = new RegExp(schema.pattern as string);
  const contractAccepts = (key: string) =>
    key.length >= (schema.minLength as number) && key.length <= (schema.maxLength as number) && pattern.test(key);
  const serverAccepts = (key: string) => {
    try {
      parseIdempotencyKey(key);
      return true;
    } catch {
      return false;
    }
  };

  it('states the bounds the server applies (length and characters)', () => {
    const max = schema.maxLength as number;
    const samples = ['', 'a', 'a'.repeat(max - 1), 'a'.repeat(max), 'a'.repeat(max + 1), ' x ', 'key-1'];
    for (let code = 0; code < 0x100; code++) samples.push(`k${String.fromCharCode(code)}k`);
    samples.push('k\u{1F600}k', 'k\u00e9k');
    for (const key of samples) expect(contractAccepts(key), JSON.stringify(key)).toBe(serverAccepts(key));
  });
});

describe('statuses every operation answers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it.each(API_PATHS)('%s lists the 405 and 413 the server gives it, and its body checks 400/401/403', async (path) => {
    const responses = operation(path).responses as JsonObject;
    const answered = new Set<number>();
    answered.add((await server.request(path, { method: 'GET' })).status);
    answered.add(
      (await server.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ apikey: 'x', pad: 'x'.repeat(70_000) }),
      })).status,
    );
    const post = (body: unknown) =>
      server.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    answered.add((await post({})).status);
    answered.add((await post({ apikey: 'no-such-key' })).status);
    answered.add((await server.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })).status);
    expect([...answered].sort()).toEqual([400, 401, 403, 405, 413]);
    for (const status of answered) expect(Object.keys(responses), `${path} ${status}`).toContain(String(status));
  });
});

describe('links between operations', () => {
  const operations = new Map(API_PATHS.map((path) => [operation(path).operationId as string, { path, op: operation(path) }]));

  /** The schema a JSON pointer into a body reaches (through $refs, allOf and array items), or undefined. */
  function schemaAt(schema: unknown, segments: string[]): JsonObject | undefined {
    let node = deref(contract, schema, '#').node;
    for (const segment of segments) {
      if (!isObject(node)) return undefined;
      if (Array.isArray(node.allOf)) node = Object.assign({}, ...node.allOf.map((part) => deref(contract, part, '#').node), node);
      const next = /^[0-9]+$/.test(segment) ? (node as JsonObject).items : ((node as JsonObject).properties as JsonObject | undefined)?.[segment];
      if (next === undefined) return undefined;
      node = deref(contract, next, '#').node;
    }
    return isObject(node) ? node : undefined;
  }
  const bodySchema = (content: unknown) => ((content as JsonObject)['application/json'] as JsonObject).schema;

  const links = API_PATHS.flatMap((path) => {
    const ok = deref(contract, (operation(path).responses as JsonObject)['200'], '#').node as JsonObject;
    return Object.entries((ok.links ?? {}) as JsonObject).map(([name, link]) => ({ path, name, link: link as JsonObject, ok }));
  });

  it('search → hotel details and booking start, booking start → overview, overview → retrieve and cancel', () => {
    expect(links.map(({ path, link }) => `${path} ${link.operationId as string}`).sort()).toEqual([
      '/booking.php getBookingOverview',
      '/booking_overview.php cancelBooking',
      '/booking_overview.php retrieveBooking',
      '/search.php getHotelDetails',
      '/search.php startBooking',
    ]);
  });

  it.each(links.map((entry) => [`${entry.path} ${entry.name}`, entry] as const))('%s fills fields of the target request from fields that exist', (_label, { path, link, ok }) => {
    const target = operations.get(link.operationId as string);
    expect(target, link.operationId as string).toBeDefined();
    const targetBody = bodySchema(((target!.op.requestBody as JsonObject).content));
    const sourceRequest = bodySchema((operation(path).requestBody as JsonObject).content);
    for (const [field, expression] of Object.entries(link.requestBody as JsonObject)) {
      expect(schemaAt(targetBody, [field]), `${field} in the target request`).toBeDefined();
      const match = /^\{\$(request|response)\.body#\/(.+)\}$/.exec(expression as string);
      expect(match, String(expression)).not.toBeNull();
      const source = match![1] === 'request' ? sourceRequest : bodySchema(ok.content);
      expect(schemaAt(source, match![2]!.split('/')), String(expression)).toBeDefined();
    }
  });
});

describe('cross-field rules (x-cross-field-rules)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const rules = API_PATHS.flatMap((path) =>
    ((operation(path)['x-cross-field-rules'] ?? []) as JsonObject[]).map((rule) => [`${path} ${rule.name as string}`, path, rule] as const),
  );

  it('names the rules the API description states only in prose', () => {
    expect(rules.map(([label]) => label)).toEqual([
      '/search.php location-or-coordinates',
      '/search.php coordinates-together',
      '/search.php price-range',
      '/hotel.php search-or-dates',
    ]);
  });

  it.each(rules)('%s: its example breaks the rule, and the server answers the stated status and error', async (_label, path, rule) => {
    const response = await server.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(rule.example),
    });
    expect(response.status).toBe(rule.status);
    expect(response.body.error).toMatch(new RegExp(rule.error as string));
  });
});

describe('reference behaviour the contract states for apikey and bookhash', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });
  const post = (path: string, body: unknown) =>
    server.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('check-in today (the local date at the search point) is accepted, yesterday refused', async () => {
    // The test server's clock is 2026-11-21T10:00Z: the same date in Amsterdam.
    const stay = { apikey: 'demo-key-1', location: 'Amsterdam', checkout: '2026-11-23' };
    expect((await post('/search.php', { ...stay, checkin: '2026-11-21' })).status).toBe(200);
    const yesterday = await post('/search.php', { ...stay, checkin: '2026-11-20' });
    expect(yesterday.status).toBe(400);
    expect(yesterday.body.error).toMatch(/is in the past; it must be 2026-11-21 or later/);
  });

  it('an empty or null apikey is missing (401), a non-string one unknown (403)', async () => {
    expect((await post('/booking_overview.php', { apikey: '' })).status).toBe(401);
    expect((await post('/booking_overview.php', { apikey: null })).status).toBe(401);
    expect((await post('/booking_overview.php', { apikey: 12 })).status).toBe(403);
  });

  it.each(['/retrieve_booking.php', '/book/cancel.php'])('%s: a malformed bookhash gives 400, an unknown well-formed one 404', async (path) => {
    expect((await post(path, { apikey: 'demo-key-1', bookhash: 'x'.repeat(29) })).status).toBe(400);
    expect((await post(path, { apikey: 'demo-key-1', bookhash: 'x'.repeat(31) })).status).toBe(400);
    expect((await post(path, { apikey: 'demo-key-1', bookhash: 'x'.repeat(30) })).status).toBe(404);
  });
});
