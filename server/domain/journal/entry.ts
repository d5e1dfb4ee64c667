/**
 * One entry of an account's request journal: what a client sent, what it got, how long it took and
 * whether both sides conform to openapi.yaml, plus the facts certification reads (endpoint, where
 * the key travelled, the sandbox scenario). Built from plain data, so it knows nothing of Express.
 * The apikey never reaches an entry: wherever a client put it, it is replaced by REDACTED. Of the
 * request's headers only those of RECORDED_REQUEST_HEADERS keep their value (an allow-list: a
 * Cookie, a Proxy-Authorization or a cloud token a client sends by mistake is never kept), and each
 * body is kept up to a bound (JOURNAL_REQUEST_BODY_BYTES, JOURNAL_RESPONSE_BODY_BYTES), so no call
 * makes an entry larger than about 100 KB.
 */
import { cutText, redactText, REDACTED } from '../redaction.js';
import { deepFreeze } from '../../../contract/deepFreeze.js';

export { REDACTED };
/** A violation's message is kept to this many characters, and an entry keeps at most MAX_VIOLATIONS of them. */
export const MAX_VIOLATION_MESSAGE_CHARS = 300;
export const MAX_VIOLATIONS = 20;
/** A recorded request header's value is kept to this many characters. */
export const MAX_HEADER_VALUE_CHARS = 1024;
/** A scenario (the Test header's value) is kept to this many characters. */
const MAX_SCENARIO_CHARS = 200;
/** The value shown for a request header whose value the journal does not keep. */
export const NOT_RECORDED = '(not recorded)';

/**
 * Request headers whose values the journal keeps: what tells how a client called (content, caching,
 * the sandbox's Test header, the Idempotency-Key), nothing that authenticates anything anywhere.
 * Every other header is listed by name with NOT_RECORDED; key-like names (x-api-key,
 * authorization) with REDACTED, as certification's "key in a header" evidence.
 */
export const RECORDED_REQUEST_HEADERS: ReadonlySet<string> = new Set([
  'accept', 'accept-encoding', 'accept-language', 'cache-control', 'connection', 'content-encoding', 'content-length',
  'content-type', 'expect', 'host', 'idempotency-key', 'origin', 'pragma', 'test', 'traceparent', 'tracestate',
  'transfer-encoding', 'user-agent', 'x-request-id',
]);
/** A request body above this many bytes (of JSON) is kept as its first this many characters, marked cut. */
export const JOURNAL_REQUEST_BODY_BYTES = 8 * 1024;
/** Likewise a response body (a search answers 15–30 KB). */
export const JOURNAL_RESPONSE_BODY_BYTES = 64 * 1024;

/** Where the request carried its API key. With several places, the one that breaks the rule wins. */
export type KeyLocation = 'body' | 'header' | 'query' | 'missing';

export type Headers = Record<string, string>;
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface Violation {
  where: 'request' | 'response';
  /** JSON pointer-ish location, e.g. "/body/checkin" or "/headers/retry-after". */
  path: string;
  message: string;
}

export interface Conformance {
  request_valid: boolean;
  response_valid: boolean;
  violations: Violation[];
}

export interface JournalEntry {
  /** Increasing per account. */
  id: number;
  /** ISO 8601 instant on the account's clock when the request arrived. */
  at: string;
  client_address: string;
  /** The request path without its query string, e.g. "/search.php". */
  endpoint: string;
  key_location: KeyLocation;
  request: {
    method: string;
    path: string;
    headers: Headers;
    query: Record<string, string | string[]>;
    /** The parsed JSON body (with apikey REDACTED), or the raw text when it was not JSON, or null. */
    body: JsonValue | null;
  };
  response: { status: number; headers: Headers; body: JsonValue | null };
  duration_ms: number;
  conformance: Conformance;
  /** The sandbox scenario the server played for this call (its `Test` header), or null. */
  scenario: string | null;
  /** The public id of the key the call was made with (`key_…`); absent in entries recorded before keys had ids. */
  key_id?: string | null;
  /** The account's stub that answered this call (its scenario is then `stub`); absent otherwise. */
  stub?: StubPlayed;
}

/** A stub's answer as the journal names it; `nonconforming`: outside the contract on purpose. */
export interface StubPlayed {
  id: string;
  name: string | null;
  nonconforming: boolean;
  fault: string | null;
}

/** What the HTTP layer observed, as plain data. */
export interface ObservedExchange {
  id: number;
  at: Date | string;
  clientAddress: string;
  request: {
    method: string;
    /** Path, optionally with its query string. */
    url: string;
    headers: Record<string, string | string[] | undefined>;
    query?: Record<string, unknown>;
    body: unknown;
  };
  response: { status: number; headers: Record<string, string | number | string[] | undefined>; body: unknown };
  durationMs: number;
  conformance?: Conformance;
  scenario?: string | null;
  /** Keys to hide wherever they appear (the account's key, when the caller knows it). */
  secrets?: readonly string[];
  /** The public id of the key the call was made with. */
  keyId?: string | null;
  /** The stub that answered, if one did. */
  stub?: StubPlayed | null;
}

/** Header and query names under which clients tend to send a key. */
const KEY_NAME = /^(x-)?api[-_]?key$|^authorization$|^x-auth-token$/i;

/**
 * Values a client may have meant as its key outside the body (key-like header or query names,
 * with a "Bearer " prefix removed), so a journal can be found for a call that never authenticated.
 */
export function keysOutsideBody(
  headers: Record<string, string | string[] | undefined>,
  query: Record<string, unknown>,
): string[] {
  const named = [...Object.entries(headers), ...Object.entries(query)].filter(([name]) => KEY_NAME.test(name));
  return named
    .flatMap(([, value]) => [value].flat())
    .filter((value): value is string => typeof value === 'string')
    .map((value) => value.replace(/^bearer\s+/i, '').trim())
    .filter((value) => value !== '');
}

/** Builds the entry; every trace of the apikey is redacted. Pure. */
export function buildEntry(observed: ObservedExchange): JournalEntry {
  const { request, response } = observed;
  const queryStart = request.url.indexOf('?');
  const path = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
  const query = normaliseQuery(request.query ?? queryOf(request.url));
  const headers = normaliseHeaders(request.headers);
  const body = jsonOrText(request.body);
  const key = bodyKey(body);
  const secrets = [...(observed.secrets ?? []), ...(key === undefined ? [] : [key])].filter((s) => s !== '');

  const inHeader = Object.entries(headers).some(([name, value]) => KEY_NAME.test(name) || containsSecret(value, secrets));
  const inQuery = Object.entries(query).some(
    ([name, value]) => KEY_NAME.test(name) || [value].flat().some((v) => containsSecret(v, secrets)),
  );
  const keyLocation: KeyLocation = inHeader ? 'header' : inQuery ? 'query' : key !== undefined ? 'body' : 'missing';

  return {
    id: observed.id,
    at: new Date(observed.at).toISOString(),
    client_address: observed.clientAddress,
    endpoint: hide(path, secrets),
    key_location: keyLocation,
    request: {
      method: request.method.toUpperCase(),
      path: hide(path, secrets),
      headers: redactNamed(recordedHeaders(headers), secrets),
      query: redactNamed(query, secrets),
      body: cappedBody(redactJson(body, secrets), JOURNAL_REQUEST_BODY_BYTES),
    },
    response: {
      status: response.status,
      headers: redactNamed(normaliseHeaders(response.headers), secrets),
      body: journalBody(response.body, secrets),
    },
    duration_ms: Math.max(0, Math.round(observed.durationMs)),
    conformance: keptConformance(observed.conformance, secrets),
    scenario: observed.scenario == null ? null : cutText(hide(observed.scenario, secrets), MAX_SCENARIO_CHARS),
    key_id: observed.keyId ?? null,
    ...(observed.stub ? { stub: observed.stub } : {}),
  };
}

/** The request's headers as kept: allow-listed values, every other name with NOT_RECORDED (key-like ones are redacted after). */
function recordedHeaders(headers: Headers): Headers {
  const out: Headers = {};
  // A value is kept to MAX_HEADER_VALUE_CHARS: a 14,000-character Test header is no evidence worth 14 KB in every copy of the entry.
  for (const [name, value] of Object.entries(headers)) out[name] = RECORDED_REQUEST_HEADERS.has(name) || KEY_NAME.test(name) ? cutText(value, MAX_HEADER_VALUE_CHARS) : NOT_RECORDED;
  return out;
}

/**
 * A body of more than `limit` bytes of JSON (or text) kept as its first `limit` characters and a
 * note of its size, as text: no call holds more than the bound in a journal, however large it was.
 */
export function cappedBody(body: JsonValue | null, limit: number): JsonValue | null {
  if (body === null) return null;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  if (text.length <= limit / 4) return body; // at most 4 bytes a character: certainly within
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes <= limit) return body;
  return `${text.slice(0, limit)}… [cut by the journal: ${bytes} bytes, the first ${limit} characters kept]`;
}

/**
 * A frozen body (a cached answer, sent again and again) has one journal form per set of secrets,
 * itself frozen and shared by the entries that show it.
 */
const journalForms = new WeakMap<object, Map<string, JsonValue | null>>();

/** The body as an entry shows it: JSON (or text), redacted. */
function journalBody(body: unknown, secrets: readonly string[]): JsonValue | null {
  if (body === null || typeof body !== 'object' || !Object.isFrozen(body)) return cappedBody(redactJson(jsonOrText(body), secrets), JOURNAL_RESPONSE_BODY_BYTES);
  let forms = journalForms.get(body);
  if (!forms) journalForms.set(body, (forms = new Map()));
  const secretsKey = JSON.stringify(secrets);
  let form = forms.get(secretsKey);
  if (form === undefined) forms.set(secretsKey, (form = deepFreeze(cappedBody(redactJson(jsonOrText(body), secrets), JOURNAL_RESPONSE_BODY_BYTES))));
  return form;
}

/** The key the body carried, when it carried a non-empty string. */
function bodyKey(body: JsonValue | null): string | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const key = body.apikey;
  return typeof key === 'string' && key !== '' ? key : undefined;
}

function containsSecret(value: string, secrets: readonly string[]): boolean {
  return secrets.some((secret) => value.includes(secret));
}

const hide = (value: string, secrets: readonly string[]): string => redactText(value, secrets);

/** The conformance verdict as kept: its messages redacted and cut, at most MAX_VIOLATIONS of them. */
function keptConformance(conformance: Conformance | undefined, secrets: readonly string[]): Conformance {
  if (!conformance) return { request_valid: true, response_valid: true, violations: [] };
  const kept = conformance.violations.slice(0, MAX_VIOLATIONS).map((violation) => ({
    where: violation.where,
    path: cutText(hide(violation.path, secrets), MAX_VIOLATION_MESSAGE_CHARS),
    message: cutText(hide(violation.message, secrets), MAX_VIOLATION_MESSAGE_CHARS),
  }));
  const more = conformance.violations.length - kept.length;
  if (more > 0) kept.push({ where: kept.at(-1)?.where ?? 'request', path: '', message: `${more} more violations not kept` });
  return { ...conformance, violations: kept };
}

/** Replaces key-like names' values by REDACTED and every occurrence of a secret inside the others. */
export function redactNamed<T extends string | string[]>(
  values: Record<string, T>,
  secrets: readonly string[],
): Record<string, T> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(values)) {
    out[hide(name, secrets)] = KEY_NAME.test(name)
      ? Array.isArray(value) ? value.map(() => REDACTED) : REDACTED
      : Array.isArray(value) ? value.map((v) => hide(v, secrets)) : hide(value, secrets);
  }
  return out as Record<string, T>;
}

/** Deep copy with `apikey` fields REDACTED and every secret hidden inside strings. */
export function redactJson(value: JsonValue | null, secrets: readonly string[]): JsonValue | null {
  if (typeof value === 'string') return hide(value, secrets);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactJson(item, secrets));
  const out: { [key: string]: JsonValue } = {};
  for (const [name, item] of Object.entries(value)) {
    out[hide(name, secrets)] = name === 'apikey' && item !== null && item !== '' ? REDACTED : redactJson(item, secrets);
  }
  return out;
}

/** Header names in lower case, each value one string. */
export function normaliseHeaders(headers: Record<string, string | number | string[] | undefined>): Headers {
  const out: Headers = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

function queryOf(url: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const start = url.indexOf('?');
  if (start === -1) return out;
  for (const [name, value] of new URLSearchParams(url.slice(start + 1))) {
    const previous = out[name];
    out[name] = previous === undefined ? value : [previous, value].flat();
  }
  return out;
}

function normaliseQuery(query: Record<string, unknown>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    out[name] = Array.isArray(value) ? value.map((v) => stringOf(v)) : stringOf(value);
  }
  return out;
}

const stringOf = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');

/** Bodies are stored as JSON when they are JSON, as text otherwise (a malformed body is evidence too). */
function jsonOrText(body: unknown): JsonValue | null {
  if (body === undefined || body === null) return null;
  if (Buffer.isBuffer(body)) body = body.toString('utf8');
  if (typeof body === 'string') {
    if (body === '') return null;
    try {
      return JSON.parse(body) as JsonValue;
    } catch {
      return body;
    }
  }
  return JSON.parse(JSON.stringify(body)) as JsonValue;
}
