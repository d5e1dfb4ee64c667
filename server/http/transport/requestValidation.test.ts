/**
 * Differential test of the request checks (requestValidation.ts) against express-openapi-validator
 * (EOV) with the options the server used until it was replaced: two apps with the same pipeline up
 * to the check, each ending in an endpoint that echoes the body and the query it was given, are fed
 * the same requests and must give the same status and the same JSON (error text, or the body with
 * the defaults filled in). Corpus: for every operation every field of its request schema with each
 * value of a list of edge values, missing and extra fields, the contract's request examples, query
 * strings and headers, then a seeded random part (server/testing/fuzz/corpus.ts) — bounded loops.
 */
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import fc from 'fast-check';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_PATH, isObject, loadContract, type JsonObject } from '../../../contract/document.js';
import { collectExamples } from '../../../contract/examples.js';
import { deref, pointer, resolvePointer } from '../../../contract/navigation.js';
import { API_PATHS, type ApiPath, apiRequest, bodyObject, oneFieldWrong } from '../../testing/fuzz/corpus.js';
import { expressOpenApiValidator } from '../../testing/expressOpenApiValidator.js';
import { errorHandler } from './errorHandler.js';
import { jsonBody, onlyPost, requireJson, requireObjectBody } from './apiPipeline.js';
import { requestLog, silentLogger } from './requestLog.js';
import { requestValidation, withPropertyDefaults } from './requestValidation.js';

const SEED = 20261123;
const RANDOM_PER_PATH = 250;
/** Bodies, one-field-wrong bodies, a fifth of that with query strings, half as many whole fuzz requests. */
const RANDOM_CALLS_PER_PATH = RANDOM_PER_PATH * 2 + RANDOM_PER_PATH / 5 + RANDOM_PER_PATH / 2;
const document = loadContract(CONTRACT_PATH);

interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}
interface Answer {
  status: number;
  text: string;
}

/** The API pipeline up to the request check (app.ts), then `checks(path)`, then an echo. */
function echoApp(checks: (path: ApiPath) => RequestHandler[], onError: ErrorRequestHandler): Express {
  const app = express();
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  app.set('query parser', 'extended');
  app.use(requestLog(silentLogger()));
  for (const path of API_PATHS) {
    app.all(path, onlyPost, requireJson, jsonBody(64 * 1024), requireObjectBody, ...checks(path), (req, res) => {
      res.json({ body: req.body as unknown, query: req.query });
    });
  }
  app.use((req, res) => res.status(404).json({ error: `No such endpoint: ${req.path}` }));
  app.use(onError);
  return app;
}

/**
 * The error handler as it was with EOV (errorHandler.ts before requestValidation.ts): EOV's errors
 * (a 4xx status and per-field `errors`) as 400 `request/body/<field> <message>`, joined by "; ".
 */
const oracleErrorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  const failure = error as { status?: unknown; errors?: Array<{ path?: string; message?: string }>; message?: string };
  if (typeof failure.status !== 'number' || failure.status < 400 || failure.status >= 500 || !Array.isArray(failure.errors)) {
    return errorHandler(error, req, res, next);
  }
  const parts = failure.errors.map((item) => {
    const message = item.message ?? 'is invalid';
    let field = (item.path ?? '').replace(/^\.?/, '').replace(/^\/?body\/?/, '');
    // A query parameter reads like a body field (EOV's '/query/x' gave 'request/body//query/x').
    if (field.startsWith('/query/')) return `request${field} ${message}`;
    if (message.startsWith('must have required property')) field = field.split('/').slice(0, -1).join('/');
    return `${field ? `request/body/${field}` : 'request/body'} ${message}`;
  });
  res.status(400).json({ error: parts.length > 0 ? parts.join('; ') : (failure.message ?? 'Invalid request') });
};

/**
 * The contract as EOV saw it: header parameters as plain strings. The contract now states their values
 * (the `Test` enum per operation, the Idempotency-Key bounds), which their own middlewares check
 * (scenarioHeader.ts, idempotency.ts), not the request check.
 */
function oracleDocument(): JsonObject {
  // Defaults beside the property, where EOV's ajv applies them (the contract now writes them in the component).
  const copy = withPropertyDefaults(document) as JsonObject;
  const plain = (parameter: unknown) => {
    if (isObject(parameter) && parameter.in === 'header') parameter.schema = { type: 'string' };
  };
  const components = copy.components as JsonObject;
  for (const parameter of Object.values((components.parameters ?? {}) as JsonObject)) plain(parameter);
  for (const item of Object.values(copy.paths as JsonObject)) {
    for (const operation of Object.values(item as JsonObject)) {
      if (isObject(operation) && Array.isArray(operation.parameters)) operation.parameters.forEach(plain);
    }
  }
  return copy;
}

/** EOV as app.ts built it before requestValidation.ts. */
function oracleChecks(): RequestHandler[] {
  return expressOpenApiValidator(oracleDocument());
}

async function listen(app: Express): Promise<{ port: number; close: () => Promise<void> }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/** Methods whose body Node's client does not frame by itself (no chunked encoding by default). */
const UNFRAMED_BY_DEFAULT = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT']);

function send(port: number, call: Call): Promise<Answer> {
  // A body on such a method goes out with its length, as any client sends it: unframed, Node 24
  // writes it raw after the headers and the server rightly reads it as the next request.
  const framed = call.body && UNFRAMED_BY_DEFAULT.has(call.method) && !Object.keys(call.headers).some((h) => /^(content-length|transfer-encoding)$/i.test(h));
  const headers = framed ? { ...call.headers, 'content-length': String(Buffer.byteLength(call.body ?? '')) } : call.headers;
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, agent, method: call.method, path: call.path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(call.body);
  });
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}): Call => ({
  method: 'POST',
  path,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

// ---------------------------------------------------------------------------------------------------
// The corpus
// ---------------------------------------------------------------------------------------------------

/** The request body schema of an operation, `$ref`s followed. */
function requestSchema(path: ApiPath): JsonObject {
  const at = pointer('paths', path, 'post', 'requestBody', 'content', 'application/json', 'schema');
  const { node } = deref(document, resolvePointer(document, at), at);
  if (!isObject(node) || !isObject(node.properties)) throw new Error(`${path}: no object request schema`);
  return node;
}

const VALID: Record<ApiPath, JsonObject> = {
  '/search.php': { apikey: 'demo-key-1', checkin: '2026-07-15', checkout: '2026-07-18', location: 'Amsterdam' },
  '/hotel.php': { apikey: 'demo-key-1', id: 72863, search_id: 'abc' },
  '/booking.php': { apikey: 'demo-key-1', service_hash: '72863-CMFDBL-3-20260715-20260718-2' },
  '/booking_overview.php': { apikey: 'demo-key-1' },
  '/retrieve_booking.php': { apikey: 'demo-key-1', bookhash: 'tQoM15cfJXeYh2yBOH7Wn3T4jpqYrK' },
  '/book/cancel.php': { apikey: 'demo-key-1', bookhash: 'tQoM15cfJXeYh2yBOH7Wn3T4jpqYrK' },
};

/** Values for every field: every type, null, bounds of every rule in the contract, formats, lengths, unicode. */
const EDGE_VALUES: unknown[] = [
  null, true, false, 0, -1, 1, 1.5, 2, 5, 6, -90, 90, 90.0001, -180.5, 180, 10_000, 10_001, 1e308, -0,
  '', ' ', 'x', 'ü', '😀', '\u0000', 'null', '0', '1',
  'nl', 'NL', 'n', 'nld', 'de-DE', 'es-419', 'pt_BR', 'en-' + 'a'.repeat(40), 'EUR', 'eur', 'EU', 'EURO', 'E1R',
  '2026-07-15', '2026-02-29', '2028-02-29', '2026-02-30', '2026-13-01', '2026-7-15', '20260715', '2026-07-15T10:00:00Z', '15/07/2026',
  'Hotel', 'hotel', 'Apart-hotel', 'nomeal', 'breakfast', 'halfboard',
  'tQoM15cfJXeYh2yBOH7Wn3T4jpqYrK', 'tQoM15cfJXeYh2yBOH7Wn3T4jpqYr', 'tQoM15cfJXeYh2yBOH7Wn3T4jpqYrK1', 'tQoM15cfJXeYh2yBOH7Wn3T4jpqY-K', 'ü'.repeat(30),
  '72863-CMFDBL-3-20260715-20260718-2', 'x'.repeat(100), 'x'.repeat(101), 'x'.repeat(200), 'x'.repeat(201), '😀'.repeat(101),
  [], [0], [5], [6], [-1], [1.5], ['1'], [null], [0, 1, 2, 3, 4, 5], [0, 1, 2, 3, 4, 5, 5],
  ['Hotel'], ['hotel'], ['Hotel', 'Resort', 'BNB', 'Hostel', 'Camping', 'Castle', 'Farm', 'Glamping', 'Hotel', 'Apartment', 'Resort', 'BNB', 'Hostel', 'Guesthouse', 'Farm', 'Castle', 'Hotel'],
  ['nomeal'], ['nomeal', 'breakfast'], ['nomeal', 'breakfast', 'nomeal'], ['allinclusive'],
  {}, { a: 1 }, [[]],
];

/** Object keys that stress the error path: empty, a slash, a tilde, a prototype name, unicode. */
const ODD_KEYS = ['', 'a/b', '~0', '__proto__', 'constructor', 'toString', 'Apikey', 'apikey ', 'ünïcode', '😀'];

function handPicked(path: ApiPath): Call[] {
  const schema = requestSchema(path);
  const properties = Object.keys(schema.properties as JsonObject);
  const required = (schema.required as string[] | undefined) ?? [];
  const valid = VALID[path];
  const calls: Call[] = [post(path, valid), post(path, {}), post(path, { apikey: 'demo-key-1' })];
  for (const name of properties) {
    for (const value of EDGE_VALUES) calls.push(post(path, { ...valid, [name]: value }));
    const { [name]: _left, ...without } = valid;
    calls.push(post(path, without));
  }
  for (const name of required) {
    // Missing together with other faults: which one is named first.
    const { [name]: _left, ...without } = valid;
    calls.push(post(path, { ...without, zzz: 1 }), post(path, { zzz: 1, ...without, [properties.at(-1)!]: null }));
  }
  for (const key of ODD_KEYS) calls.push({ ...post(path, valid), body: JSON.stringify(valid).replace(/^\{/, `{${JSON.stringify(key)}:1,`) });
  // Several faults at once, in both key orders.
  const broken = Object.fromEntries(properties.map((name) => [name, null]));
  calls.push(post(path, broken), post(path, Object.fromEntries(Object.entries(broken).reverse())), post(path, { extra: 1, ...broken }));
  return calls;
}

/** Query strings: plain, repeated, empty, bracketed (Express's qs and EOV's rewrite of `[` keys), encoded. */
const QUERIES = [
  '?', '?foo=1', '?foo', '?foo=', '?=1', '?&', '?a=1&b=2', '?b=2&a=1', '?a=1&a=2', '?apikey=demo-key-1', '?Test=slow',
  '?a[b]=1', '?a[]=1&a[]=2', '?a[=1', '?[=1', '?[a]=1', '?a]=1', '?a[b=1', '?x[%255D=1', '?a[=%26a%3D1', '?a[=%26b%3D1',
  '?a[b][c][d][e][f][g]=1', '?%5Ba%5D=1', '?%E2%82%AC=1', '?%FF=1', '?toString=1', '?__proto__[x]=1', '?a=1#frag',
  '?toString[=1', '?constructor[x=1', '?hasOwnProperty[=1&b=2', '?a[=1&a=2', '?b=1&a[=%26a%3D2',
];

function queryCalls(path: ApiPath): Call[] {
  const valid = post(path, VALID[path]);
  const invalid = post(path, {});
  return QUERIES.flatMap((query) => [{ ...valid, path: path + query }, { ...invalid, path: path + query }]);
}

/** Header variants EOV looked at: content types it re-parsed, the operations' header parameters. */
function headerCalls(path: ApiPath): Call[] {
  const headers: Array<Record<string, string>> = [
    { 'content-type': 'application/json; charset=utf-8' },
    { 'content-type': 'application/json; charset=UTF-8' },
    { 'content-type': 'APPLICATION/JSON' },
    { 'content-type': 'application/json; foo=bar' },
    { 'content-type': 'application/json;charset=utf-8;x=y' },
    { Test: 'slow' },
    { Test: '' },
    { 'Idempotency-Key': 'k'.repeat(300) },
    { 'Idempotency-Key': '' },
    { cookie: 'a=1' },
  ];
  return headers.flatMap((extra) => [post(path, VALID[path], extra), post(path, { ...VALID[path], extra: 1 }, extra)]);
}

function exampleCalls(): Call[] {
  return collectExamples(document)
    .filter((example) => example.kind === 'request' && (API_PATHS as readonly string[]).includes(example.path))
    .map((example) => post(example.path, example.value));
}

function randomCalls(path: ApiPath, seed: number): Call[] {
  const numRuns = RANDOM_PER_PATH;
  const query = fc.oneof(
    { weight: 5, arbitrary: fc.constant('') },
    fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }).map((pairs) => `?${new URLSearchParams(pairs).toString()}`),
  );
  return [
    ...fc.sample(bodyObject(path), { seed, numRuns }).map((body) => post(path, body)),
    ...fc.sample(oneFieldWrong(path), { seed: seed + 1, numRuns }).map((body) => post(path, body)),
    ...fc.sample(fc.tuple(fc.oneof(bodyObject(path), oneFieldWrong(path)), query), { seed: seed + 2, numRuns: numRuns / 5 }).map(([body, q]) => ({
      ...post(path, body),
      path: path + q,
    })),
    // Whole requests as the fuzz suite makes them (odd content types, methods, truncated JSON), GET/HEAD without a body.
    ...fc.sample(apiRequest(path), { seed: seed + 3, numRuns: numRuns / 2 }).map((call) =>
      call.method === 'GET' || call.method === 'HEAD' ? { ...call, body: '' } : call,
    ),
  ];
}

// ---------------------------------------------------------------------------------------------------

let oracle: { port: number; close: () => Promise<void> };
let subject: { port: number; close: () => Promise<void> };

beforeAll(async () => {
  const checks = requestValidation(document, API_PATHS);
  oracle = await listen(echoApp(() => oracleChecks(), oracleErrorHandler));
  subject = await listen(echoApp((path) => [checks[path]], errorHandler));
});
afterAll(async () => {
  agent.destroy();
  await Promise.all([oracle.close(), subject.close()]);
});

interface Outcome {
  mismatches: Array<{ call: Call; oracle: Answer; subject: Answer }>;
  statuses: Map<number, number>;
}

/** The `error` of an answer's JSON text ('' when it has none). */
function errorOf(text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) && typeof parsed.error === 'string' ? parsed.error : '';
  } catch {
    return '';
  }
}

/** Sends every call to both apps, a few at a time, and collects where they differ. */
async function compare(calls: Call[]): Promise<Outcome> {
  const outcome: Outcome = { mismatches: [], statuses: new Map() };
  const CONCURRENCY = 8;
  for (let start = 0; start < calls.length; start += CONCURRENCY) {
    await Promise.all(
      calls.slice(start, start + CONCURRENCY).map(async (call) => {
        const [expected, actual] = await Promise.all([send(oracle.port, call), send(subject.port, call)]);
        outcome.statuses.set(expected.status, (outcome.statuses.get(expected.status) ?? 0) + 1);
        // The second intended difference: the free-text rule's 400 names the character, not the pattern.
        const freeText = expected.status === 400 && actual.status === 400 && /must match pattern|must NOT be valid/.test(expected.text) && actual.text.includes('must not contain control characters or bidirectional controls');
        // The third: a service_hash off its pattern gets booking start's own reason, not the pattern.
        const serviceHash = expected.status === 400 && actual.status === 400 && /service_hash must match pattern/.test(expected.text) && actual.text.includes('Invalid service_hash');
        // The fourth: an enum value in another case is told the right spelling after EOV's text.
        const caseHint = expected.status === 400 && actual.status === 400 && actual.text.startsWith(expected.text.replace(/"}$/, '')) && /\('[^']*' is spelt '[^']*'\)"}$/.test(actual.text);
        // The fifth: an `anyOf` no branch matched (the request currency) reads as its last branch's error alone.
        const anyOf = expected.status === 400 && actual.status === 400 && errorOf(expected.text).endsWith('must match a schema in anyOf') && errorOf(expected.text).includes(errorOf(actual.text));
        if (!freeText && !serviceHash && !caseHint && !anyOf && (expected.status !== actual.status || expected.text !== actual.text)) {
          outcome.mismatches.push({ call, oracle: expected, subject: actual });
        }
      }),
    );
  }
  return outcome;
}

describe('request validation: the same answers as express-openapi-validator', () => {
  it('every field of every operation with edge values, missing and extra fields, odd keys', async () => {
    const calls = API_PATHS.flatMap(handPicked);
    const { mismatches, statuses } = await compare(calls);
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(calls.length).toBeGreaterThan(1_000);
    expect(statuses.get(200)).toBeGreaterThan(200);
    expect(statuses.get(400)).toBeGreaterThan(500);
  }, 120_000);

  it('the request examples of openapi.yaml pass, with the same defaults filled in', async () => {
    const calls = exampleCalls();
    const { mismatches, statuses } = await compare(calls);
    expect(mismatches).toEqual([]);
    expect(calls.length).toBeGreaterThanOrEqual(API_PATHS.length);
    expect(statuses.get(200)).toBe(calls.length);
  });

  it('query strings and headers', async () => {
    const calls = API_PATHS.flatMap((path) => [...queryCalls(path), ...headerCalls(path)]);
    const { mismatches, statuses } = await compare(calls);
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(statuses.get(200)).toBeGreaterThan(50);
    expect(statuses.get(400)).toBeGreaterThan(200);
  }, 60_000);

  it(`seeded random requests (${RANDOM_CALLS_PER_PATH} per operation)`, async () => {
    const calls = API_PATHS.flatMap((path, index) => randomCalls(path, SEED + 10 * index));
    const { mismatches, statuses } = await compare(calls);
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(calls.length).toBe(API_PATHS.length * RANDOM_CALLS_PER_PATH);
    expect(statuses.get(200)).toBeGreaterThan(100);
    expect(statuses.get(400)).toBeGreaterThan(1_000);
  }, 120_000);
});

describe('requestValidation', () => {
  it('fills the defaults into the body it passes on and names the field and rule of a bad one', async () => {
    const ok = await send(subject.port, post('/search.php', VALID['/search.php']));
    expect(JSON.parse(ok.text)).toEqual({
      body: {
        ...VALID['/search.php'],
        residency: 'nl',
        language: 'nl',
        currency: 'EUR',
        radius: 5000,
        persons: 2,
        include_description: false,
        include_amenities: true,
      },
      query: {},
    });
    const bad = await send(subject.port, post('/search.php', { ...VALID['/search.php'], kind: ['hotel'] }));
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toEqual({ error: expect.stringMatching(/^request\/body\/kind\/0 must be equal to one of the allowed values: Hotel, Apartment, .* \('hotel' is spelt 'Hotel'\)$/) });
  });

  it('names a key (or any parameter) in the query string like a body field: request/query/<name>', async () => {
    const answer = await send(subject.port, post('/search.php?apikey=demo-key-1', VALID['/search.php']));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual({ error: "request/query/apikey Unknown query parameter 'apikey'" });
    expect(answer.text).not.toContain('body//');
  });

  it('checks a request whose target carries a fragment, which EOV let through unchecked (the one intended difference)', async () => {
    // EOV looked the operation up in the raw URL, where `#x` hid it; Express routes by the path alone.
    const call = { ...post('/search.php#x', { zzz: 1 }) };
    expect(await send(oracle.port, call)).toEqual({ status: 200, text: JSON.stringify({ body: { zzz: 1 }, query: {} }) });
    const answer = await send(subject.port, call);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual({ error: "request/body must have required property 'apikey'" });
  });

  it('refuses a contract operation without a JSON body schema when the app is built', () => {
    expect(() => requestValidation(document, ['/nope.php'])).toThrow(/nope\.php/);
  });
});
