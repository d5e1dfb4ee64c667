/**
 * Generators of hostile and unlucky requests, shared by `npm run fuzz` (scripts/fuzz.ts) and the
 * seeded subset in `npm test` (server/http/api/fuzz.test.ts): every spelling of every API path, bodies
 * built from the contract's fields with wrong types, edge values and unknown keys, and transport
 * oddities (content types, charsets, truncated JSON, deep nesting, huge numbers, duplicate keys,
 * unicode), plus raw-socket requests that Node's own HTTP parser must refuse.
 */
import fc from 'fast-check';
import { API_PATHS, type ApiPath } from '../../http/transport/apiPipeline.js';

export { API_PATHS, type ApiPath };

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** Every non-canonical spelling of a path that a client, a proxy or an attacker might send. */
export function pathSpellings(path: string): string[] {
  const name = path.slice(1);
  const encodedDot = path.replace('.', '%2E');
  const encodedFirst = `/%${name.charCodeAt(0).toString(16)}${name.slice(1)}`;
  const fullyEncoded = `/${[...name].map((c) => (c === '/' ? c : `%${c.charCodeAt(0).toString(16).toUpperCase()}`)).join('')}`;
  return [
    path.toUpperCase(),
    path.replace(/[a-z]/, (c) => c.toUpperCase()),
    path.replace(/\.php$/, '.PHP'),
    `${path}/`,
    `${path}//`,
    `/${path}`,
    path.replace(/\/(?=[^/]*$)/, '//'),
    `${path};jsessionid=1`,
    `${path};`,
    encodedDot,
    encodedDot.toLowerCase(),
    encodedFirst,
    fullyEncoded,
    `${path}%00`,
    `${path}%20`,
    `${path}.`,
    `/.${path}`,
  ];
}

const KEYS = ['demo-key-1', 'demo-key-2', 'demo-key-3'];
const BASE_DATE = Date.parse('2026-12-15T00:00:00Z');

const weirdString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', 'null', '<script>alert(1)</script>', "' OR 1=1 --", '../../etc/passwd', '\u0000', '\uD800', '𝔘𝔫𝔦', 'x'.repeat(2000)),
);
const weirdNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, 1e308, -1e308, 2 ** 53, -(2 ** 53), 0.1, 1e-300, 999999999999),
);
const anyJson = fc.jsonValue({ maxDepth: 3 });
/** Mostly a value of the field's type, sometimes anything at all. */
const mostly = <T>(good: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: good }, weirdString, weirdNumber, anyJson);

const date = mostly(
  fc.oneof(
    fc.integer({ min: -400, max: 800 }).map((days) => new Date(BASE_DATE + days * 86_400_000).toISOString().slice(0, 10)),
    fc.constantFrom('2026-02-30', '2026-13-01', '20261215', '+275760-09-13', '-000500-01-01', '2026-12-15T10:00:00Z', '15/12/2026'),
  ),
);
const apikey = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...KEYS) }, weirdString, weirdNumber);
const code = mostly(fc.constantFrom('nl', 'NL', 'us', 'en', 'de', 'EUR', 'usd', 'GBP', 'xx', 'zzz'));
const latitude = mostly(fc.double({ min: -100, max: 100, noNaN: true }));
const longitude = mostly(fc.double({ min: -200, max: 200, noNaN: true }));
const token = mostly(fc.oneof(fc.string({ unit: fc.constantFrom(...'ABCDEFabcdef0123456789'), minLength: 30, maxLength: 30 }), fc.string()));

const FIELDS: Record<ApiPath, Record<string, fc.Arbitrary<unknown>>> = {
  '/search.php': {
    checkin: date,
    checkout: date,
    location: mostly(fc.constantFrom('Amsterdam', 'Paris', 'Sandbox Scenario Park', 'AMS', 'Nowhere', 'Zürich')),
    latitude,
    longitude,
    residency: code,
    language: code,
    currency: code,
    radius: mostly(fc.integer({ min: -10, max: 20_000 })),
    persons: mostly(fc.integer({ min: -1, max: 8 })),
    star_rating: mostly(fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 6 })),
    kind: mostly(fc.constantFrom('hotel', 'apartment', 'hostel')),
    meal_type: mostly(fc.constantFrom('nomeal', 'breakfast', 'halfboard')),
    price_from: weirdNumber,
    price_to: weirdNumber,
    include_description: mostly(fc.boolean()),
    include_amenities: mostly(fc.boolean()),
  },
  '/hotel.php': {
    id: mostly(fc.integer({ min: -5, max: 200_000 })),
    search_id: token,
    checkin: date,
    checkout: date,
    persons: mostly(fc.integer({ min: -1, max: 8 })),
    currency: code,
    residency: code,
    language: code,
  },
  '/booking.php': { service_hash: mostly(fc.string({ maxLength: 80 })) },
  '/booking_overview.php': {},
  '/retrieve_booking.php': { bookhash: token },
  '/book/cancel.php': { bookhash: token },
};

const STAY = { checkin: '2026-12-15', checkout: '2026-12-18' };
/** A valid body per endpoint, the starting point of "one field wrong" bodies. */
const VALID_BODIES: Record<ApiPath, Record<string, unknown>> = {
  '/search.php': { apikey: 'demo-key-1', location: 'Amsterdam', ...STAY },
  '/hotel.php': { apikey: 'demo-key-1', id: 1, ...STAY },
  '/booking.php': { apikey: 'demo-key-1', service_hash: '1-ECOMUL-3-20261215-20261218-2' },
  '/booking_overview.php': { apikey: 'demo-key-1' },
  '/retrieve_booking.php': { apikey: 'demo-key-1', bookhash: 'A'.repeat(30) },
  '/book/cancel.php': { apikey: 'demo-key-1', bookhash: 'A'.repeat(30) },
};

/** A valid body with exactly one field set to a value of the wrong type or shape. */
export function oneFieldWrong(path: ApiPath): fc.Arbitrary<Record<string, unknown>> {
  const wrong = fc.oneof(weirdString, weirdNumber, anyJson, fc.constantFrom(null, true, [], {}, [[[]]], { $gt: '' }));
  return fc
    .tuple(fc.constantFrom(...Object.keys(FIELDS[path]), 'apikey'), wrong)
    .map(([field, value]) => ({ ...VALID_BODIES[path], [field]: value }));
}

/** An object body: some of the endpoint's fields (any of them wrong), sometimes unknown keys. */
export function bodyObject(path: ApiPath): fc.Arbitrary<Record<string, unknown>> {
  const known = fc.record({ apikey, ...FIELDS[path] }, { requiredKeys: [] });
  const unknownKeys = fc.dictionary(weirdString, anyJson, { maxKeys: 3 });
  return fc.tuple(known, fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, unknownKeys)).map(([fields, extra]) => ({ ...extra, ...fields }));
}

/** Body texts: mostly JSON of a body object, and every way a JSON text can go wrong. */
export function bodyText(path: ApiPath): fc.Arbitrary<string> {
  const object = bodyObject(path);
  const json = object.map((body) => JSON.stringify(body));
  return fc.oneof(
    { weight: 6, arbitrary: json },
    { weight: 6, arbitrary: oneFieldWrong(path).map((body) => JSON.stringify(body)) },
    fc.tuple(json, fc.nat()).map(([text, cut]) => text.slice(0, cut % Math.max(1, text.length))),
    fc.integer({ min: 1, max: 3000 }).map((depth) => `{"apikey":"demo-key-1","longitude":${'['.repeat(depth)}1${']'.repeat(depth)}}`),
    fc.integer({ min: 1, max: 3000 }).map((depth) => `{"apikey":"demo-key-1","latitude":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`),
    fc.tuple(object, fc.constantFrom(...Object.keys(FIELDS[path]), 'apikey'), anyJson).map(
      ([body, key, value]) => `${JSON.stringify(body).slice(0, -1)}${Object.keys(body).length ? ',' : ''}"${key}":${JSON.stringify(value)}}`,
    ),
    fc.constantFrom('1e400', '-1e400', '123456789012345678901234567890', '0.' + '0'.repeat(500) + '1', '1'.repeat(400)).map(
      (number) => `{"apikey":"demo-key-1","radius":${number},"id":${number},"latitude":${number}}`,
    ),
    anyJson.map((value) => JSON.stringify(value) ?? 'null'),
    fc.string({ unit: 'binary', maxLength: 200 }),
    json.map((text) => `\uFEFF${text}`),
    fc.constant(`{"apikey":"demo-key-1","location":"${'x'.repeat(70_000)}"}`),
    fc.constant(''),
  );
}

const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'application/json; charset=utf-16le',
  'application/json; charset="UTF-8"',
  'application/json;;;',
  'text/plain',
  'text/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/vnd.api+json',
  '*/*',
  '',
];

/** One request to an API path: any spelling, mostly POST, mostly JSON, with odd headers now and then. */
export function apiRequest(path: ApiPath): fc.Arbitrary<FuzzRequest> {
  const spelling = fc.oneof({ weight: 17, arbitrary: fc.constant(path) }, fc.constantFrom(...pathSpellings(path)));
  const method = fc.oneof({ weight: 20, arbitrary: fc.constant('POST') }, fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'));
  const contentType = fc.oneof({ weight: 12, arbitrary: fc.constant('application/json') }, fc.constantFrom(...CONTENT_TYPES));
  const extraHeaders = fc.oneof(
    { weight: 12, arbitrary: fc.constant({}) },
    fc.constantFrom<Record<string, string>>(
      { 'content-encoding': 'gzip' },
      { 'content-encoding': 'identity' },
      { 'x-forwarded-for': '203.0.113.9, 10.0.0.1' },
      { origin: 'https://evil.example' },
      { accept: 'text/html' },
    ),
  );
  return fc.record({ path: spelling, method, contentType, extraHeaders, body: bodyText(path) }).map((drawn) => ({
    method: drawn.method,
    path: drawn.path,
    headers: { ...(drawn.contentType ? { 'content-type': drawn.contentType } : {}), ...drawn.extraHeaders },
    body: drawn.body,
  }));
}

export interface RawCase {
  name: string;
  bytes: string;
  /** Statuses a correct server may answer. */
  expect: number[];
}

const json = 'Content-Type: application/json\r\n';
const INVALID_SEARCH = '{"apikey":"demo-key-1","checkin":20261215,"checkout":"2026-12-18","location":"Amsterdam"}';
const host = 'Host: 127.0.0.1\r\n';

/** Requests only a raw socket can send; each must get a JSON 4xx, never a hang or a silent close. */
export const RAW_CASES: RawCase[] = [
  { name: 'garbage request line', bytes: 'GARBAGE\r\n\r\n', expect: [400] },
  { name: 'lower-case method', bytes: `post /search.php HTTP/1.1\r\n${host}\r\n`, expect: [400] },
  { name: 'unknown HTTP version', bytes: `POST /search.php HTTP/9.9\r\n${host}\r\n`, expect: [400, 505] },
  { name: 'header overflow', bytes: `POST /search.php HTTP/1.1\r\n${host}X-Big: ${'a'.repeat(40_000)}\r\n\r\n`, expect: [431] },
  { name: 'control byte in a header', bytes: `POST /search.php HTTP/1.1\r\n${host}X-Bad: a\u0001b\r\n\r\n`, expect: [400] },
  { name: 'bad chunk size', bytes: `POST /search.php HTTP/1.1\r\n${host}${json}Transfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n`, expect: [400] },
  {
    name: 'Content-Length and chunked',
    bytes: `POST /search.php HTTP/1.1\r\n${host}${json}Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
    expect: [400],
  },
  { name: 'two Content-Lengths', bytes: `POST /search.php HTTP/1.1\r\n${host}${json}Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}`, expect: [400] },
  { name: 'huge declared Content-Length', bytes: `POST /search.php HTTP/1.1\r\n${host}${json}Content-Length: 1000000000000\r\n\r\n{"apikey"`, expect: [413] },
  {
    name: 'chunked body over the limit',
    bytes: `POST /search.php HTTP/1.1\r\n${host}${json}Transfer-Encoding: chunked\r\n\r\n${`4000\r\n${'x'.repeat(0x4000)}\r\n`.repeat(5)}0\r\n\r\n`,
    expect: [413],
  },
  {
    name: 'absolute-form target',
    bytes: `POST http://evil.example/search.php HTTP/1.1\r\n${host}${json}Content-Length: 2\r\nConnection: close\r\n\r\n{}`,
    expect: [401],
  },
  {
    // Validated like the origin form: the schema names the field.
    name: 'absolute-form target, invalid body',
    bytes: `POST http://evil.example/search.php HTTP/1.1\r\n${host}${json}Content-Length: ${INVALID_SEARCH.length}\r\nConnection: close\r\n\r\n${INVALID_SEARCH}`,
    expect: [400, 429], // 429 once the real limits are used up: the limit comes before the schema
  },
  { name: 'absolute-form, other spelling', bytes: `POST http://evil.example/SEARCH.PHP HTTP/1.1\r\n${host}${json}Content-Length: 2\r\nConnection: close\r\n\r\n{}`, expect: [404] },
  { name: 'asterisk-form target', bytes: `POST * HTTP/1.1\r\n${host}${json}Content-Length: 2\r\nConnection: close\r\n\r\n{}`, expect: [404] },
  { name: 'HTTP/1.0 without Host', bytes: `POST /booking_overview.php HTTP/1.0\r\n${json}Content-Length: 2\r\n\r\n{}`, expect: [401] },
  { name: 'query on an API path', bytes: `POST /booking_overview.php?apikey=demo-key-1 HTTP/1.1\r\n${host}${json}Content-Length: 2\r\nConnection: close\r\n\r\n{}`, expect: [400, 401] },
];
