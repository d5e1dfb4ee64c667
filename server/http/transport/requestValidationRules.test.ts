/**
 * Request validation fails closed, seen from the outside: from openapi.yaml alone, one request per
 * rule of each operation that breaks only that rule — each body property's type, enum, length,
 * bounds and required-ness, an unknown property, each header parameter's enum, pattern and length,
 * a content type other than application/json — must get 400 with `{error}` from the real app.
 * The base of each operation is its first request example in the contract; the `apikey` rules are
 * authentication's (401/403, apiPipeline.ts) and are checked as such.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_PATH, isObject, loadContract, type JsonObject } from '../../../contract/document.js';
import { deref, pointer } from '../../../contract/navigation.js';
import { startTestServer, type TestServer } from '../../testing/testServer.js';
import { API_PATHS } from './apiPipeline.js';

const document = loadContract(CONTRACT_PATH);
const resolved = (node: unknown, at = '#') => deref(document, node, at).node;

interface Violation {
  path: string;
  rule: string;
  body: unknown;
  headers?: Record<string, string>;
  contentType?: string;
  /** A word the error must name (the field or header), when it names one. */
  names?: string;
}

function operation(path: string): JsonObject {
  const item = resolved((document.paths as JsonObject)[path], pointer('paths', path));
  const post = isObject(item) ? resolved(item.post, pointer('paths', path, 'post')) : undefined;
  if (!isObject(post)) throw new Error(`${path}: no POST operation in the contract`);
  return post;
}

function jsonContent(path: string): JsonObject {
  const body = resolved(operation(path).requestBody);
  const content = isObject(body) && isObject(body.content) ? body.content['application/json'] : undefined;
  if (!isObject(content)) throw new Error(`${path}: no application/json request body`);
  return content;
}

function baseBody(path: string): JsonObject {
  const content = jsonContent(path);
  const example = content.example ?? (isObject(content.examples) ? Object.values(content.examples).map((entry) => resolved(entry))[0] : undefined);
  const value = isObject(example) && 'value' in example ? example.value : example;
  if (!isObject(value)) throw new Error(`${path}: no request example in the contract`);
  return value;
}

/** A value of another JSON type than `type`. */
function wrongType(type: unknown): unknown {
  return type === 'string' ? 12345 : type === 'object' || type === 'array' ? 'text' : 'text';
}

/** One violation per rule of the object schema `schema`, at `prefix` in `body` (recursing into objects the base holds). */
function bodyViolations(path: string, body: JsonObject, schema: unknown, prefix: string[] = []): Violation[] {
  const object = resolved(schema);
  if (!isObject(object)) return [];
  const at = (value: unknown, key: string, remove = false) => {
    const copy = structuredClone<JsonObject>(body);
    let node = copy;
    for (const segment of prefix) node = node[segment] as JsonObject;
    if (remove) delete node[key];
    else node[key] = value;
    return copy;
  };
  const out: Violation[] = [];
  const field = (key: string) => [...prefix, key].join('/');
  const properties = isObject(object.properties) ? object.properties : {};
  for (const [key, raw] of Object.entries(properties)) {
    if (prefix.length === 0 && key === 'apikey') continue;
    const property = resolved(raw);
    if (!isObject(property)) continue;
    const rule = (name: string, value: unknown) => out.push({ path, rule: `${field(key)} ${name}`, body: at(value, key), names: field(key) });
    if (typeof property.type === 'string') rule(`type ${property.type}`, wrongType(property.type));
    if (property.type === 'integer') rule('type integer (a fraction)', 1.5);
    if (Array.isArray(property.enum)) rule('enum', 'not-one-of-the-values');
    if (typeof property.maxLength === 'number') rule(`maxLength ${property.maxLength}`, 'a'.repeat(property.maxLength + 1));
    if (typeof property.minLength === 'number' && property.minLength > 0) rule(`minLength ${property.minLength}`, '');
    if (typeof property.maximum === 'number') rule(`maximum ${property.maximum}`, property.maximum + 1);
    if (typeof property.minimum === 'number') rule(`minimum ${property.minimum}`, property.minimum - 1);
    if (typeof property.maxItems === 'number') rule(`maxItems ${property.maxItems}`, Array.from({ length: property.maxItems + 1 }, () => null));
    const nested = prefix.reduce<unknown>((node, segment) => (node as JsonObject)[segment], body);
    if (property.type === 'object' && isObject((nested as JsonObject)[key])) out.push(...bodyViolations(path, body, property, [...prefix, key]));
  }
  for (const key of Array.isArray(object.required) ? object.required : []) {
    if (prefix.length === 0 && key === 'apikey') continue;
    out.push({ path, rule: `${field(String(key))} required`, body: at(undefined, String(key), true), names: String(key) });
  }
  if (object.additionalProperties === false) {
    out.push({ path, rule: `${prefix.join('/') || 'body'} additionalProperties`, body: at(1, 'not_a_contract_field'), names: 'not_a_contract_field' });
  }
  return out;
}

function headerViolations(path: string): Violation[] {
  const body = baseBody(path);
  const out: Violation[] = [];
  const parameters = operation(path).parameters;
  for (const raw of Array.isArray(parameters) ? parameters : []) {
    const parameter = resolved(raw);
    if (!isObject(parameter) || parameter.in !== 'header') continue;
    const name = String(parameter.name);
    const schema = resolved(parameter.schema);
    if (!isObject(schema)) continue;
    const send = (rule: string, value: string) => out.push({ path, rule: `header ${name} ${rule}`, body, headers: { [name]: value } });
    if (Array.isArray(schema.enum)) send('enum', 'not-one-of-the-values');
    if (typeof schema.pattern === 'string') send(`pattern ${schema.pattern}`, 'caf\u00e9');
    if (typeof schema.maxLength === 'number') send(`maxLength ${schema.maxLength}`, 'a'.repeat(schema.maxLength + 1));
    if (typeof schema.minLength === 'number' && schema.minLength > 0) send(`minLength ${schema.minLength}`, '');
  }
  return out;
}

const violations: Violation[] = API_PATHS.flatMap((path) => [
  ...bodyViolations(path, baseBody(path), jsonContent(path).schema),
  ...headerViolations(path),
  { path, rule: 'content type text/plain', body: baseBody(path), contentType: 'text/plain' },
]);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { rateLimits: { perMinute: 1e9, perDay: 1e9 } } });
});
afterAll(() => server.close());

describe('every rule of the contract is enforced (a violating request gets 400 with {error})', () => {
  it('derives rules for every operation, body and header', () => {
    for (const path of API_PATHS) expect(violations.filter((violation) => violation.path === path).length, path).toBeGreaterThanOrEqual(3);
    expect(violations.some((violation) => violation.rule.startsWith('header Test enum'))).toBe(true);
    expect(violations.some((violation) => violation.rule.startsWith('header Idempotency-Key maxLength'))).toBe(true);
  });

  it.each(violations.map((violation) => [`${violation.path} ${violation.rule}`, violation] as const))('%s', async (_name, violation) => {
    const response = await server.post(violation.path, violation.body, {
      headers: { 'content-type': violation.contentType ?? 'application/json', ...violation.headers },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(typeof response.body.error).toBe('string');
    if (violation.names) expect(response.body.error).toContain(violation.names);
  });

  it.each(API_PATHS)('%s: the apikey rules are authentication (401 without, 403 with a wrong one)', async (path) => {
    const { apikey: _apikey, ...withoutKey } = baseBody(path);
    expect((await server.post(path, withoutKey)).status).toBe(401);
    expect((await server.post(path, { ...baseBody(path), apikey: 12345 })).status).toBe(403);
  });
});
