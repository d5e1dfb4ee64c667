/**
 * A stub: an answer an account asks the sandbox to give some of its own API calls instead of the
 * ordinary one, in the manner of WireMock's stub mappings (match, respond, delay, fault, scenario
 * state). This module holds what a stub is and reads one from a control call's JSON, with every
 * bound; whether its answer keeps the contract is contractCheck.ts's, choosing one for a call
 * match.ts's. Pure data, no HTTP.
 */
import { API_PATHS, type ApiPath } from '../../apiPaths.js';
import { badRequest } from '../../errors.js';

/** The contract's operationId of each API path: a stub names its operation by it. */
export const STUB_OPERATIONS = {
  searchHotels: '/search.php',
  getHotelDetails: '/hotel.php',
  startBooking: '/booking.php',
  getBookingOverview: '/booking_overview.php',
  retrieveBooking: '/retrieve_booking.php',
  cancelBooking: '/book/cancel.php',
} as const satisfies Record<string, ApiPath>;
export type StubOperation = keyof typeof STUB_OPERATIONS;
const OPERATION_NAMES = Object.keys(STUB_OPERATIONS) as StubOperation[];

/** Transport faults a stub may play instead of an answer (always allowed: they are not the contract's). */
export const STUB_FAULTS = ['connection_reset', 'empty_response', 'cut_body', 'malformed_json', 'trickle'] as const;
export type StubFault = (typeof STUB_FAULTS)[number];

/** Bounds: per stub, and per account (count and bytes), so one account's stubs never crowd another's. */
export const STUB_LIMITS = {
  perAccount: 50,
  /** The JSON of all an account's stubs together. */
  bytesPerAccount: 256 * 1024,
  maxDelayMs: 60_000,
  maxTimes: 10_000,
  maxPriority: 100,
  maxHeaders: 20,
  maxTextLength: 100,
  maxHeaderValueLength: 1_000,
  /** How long a trickled body may take in all. */
  maxTrickleMs: 60_000,
} as const;

/** WireMock's default priority: 1 wins over 5 wins over 10. */
export const DEFAULT_PRIORITY = 5;
/** The account's scenario state before any stub moves it (WireMock's name for it). */
export const INITIAL_STATE = 'Started';

export interface StubResponse {
  status: number;
  headers: Record<string, string>;
  /** Absent: no body (a JSON body is sent for anything else). */
  body?: unknown;
}

export type StubDelay = { fixed_ms: number } | { min_ms: number; max_ms: number };

export interface Stub {
  id: string;
  name: string | null;
  operation: StubOperation;
  priority: number;
  /** Only calls whose JSON body holds this (a subset: extra fields and keys are ignored) and these headers. */
  match: { body?: Record<string, unknown>; headers?: Record<string, string> };
  /** Calls it still answers; null: until removed. */
  remaining: number | null;
  /** Answers only while the account's scenario state is this; then moves it to `next_state`. */
  state: { when?: string; next?: string } | null;
  response: StubResponse | null;
  fault: StubFault | null;
  delay: StubDelay | null;
  /** For `trickle`: milliseconds between chunks of the body. */
  trickle_interval_ms: number | null;
  /** Added although its answer breaks the contract, on purpose: the journal says so for every answer. */
  nonconforming: boolean;
  /** ISO 8601, on the account's clock. */
  created_at: string;
  /** Calls it answered so far. */
  answered: number;
}

/** An account's stubs as the store keeps them: its scenario state, its stubs, and the next id. */
export interface StubSet {
  state: string;
  stubs: Stub[];
  nextId: number;
}

export const emptyStubSet = (): StubSet => ({ state: INITIAL_STATE, stubs: [], nextId: 1 });
/** A set that holds nothing worth keeping: no stubs, in the first state (its ids may start again). */
export const isEmptyStubSet = (set: StubSet): boolean => set.stubs.length === 0 && set.state === INITIAL_STATE;

/** The bytes an account's stubs take, as the bound counts them. */
export const stubSetBytes = (set: StubSet): number => Buffer.byteLength(JSON.stringify(set.stubs));

const STUB_FIELDS = ['operation', 'name', 'priority', 'match', 'times', 'state', 'response', 'fault', 'delay_ms', 'trickle_interval_ms', 'nonconforming'];

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function onlyFields(value: Record<string, unknown>, allowed: readonly string[], where: string): void {
  const unknown = Object.keys(value).find((field) => !allowed.includes(field));
  if (unknown !== undefined) throw badRequest(`Unknown field '${where}${unknown}'; allowed: ${allowed.join(', ')}`);
}

/** C0 controls and DEL (a header value may hold `allowed`, a tab). */
function hasControlCharacter(value: string, allowed = ''): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if ((code < 0x20 || code === 0x7f) && !allowed.includes(char)) return true;
  }
  return false;
}

function integer(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw badRequest(`'${field}' must be a whole number from ${min} to ${max}`);
  }
  return value;
}

function text(value: unknown, field: string, maxLength: number = STUB_LIMITS.maxTextLength): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > maxLength || hasControlCharacter(value)) {
    throw badRequest(`'${field}' must be a text of 1 to ${maxLength} characters without control characters`);
  }
  return value;
}

/** HTTP header names (RFC 9110 tokens), lower case; values as sent. Content-Length and the like are the server's. */
function headerMap(value: unknown, field: string): Record<string, string> {
  if (!isPlainObject(value)) throw badRequest(`'${field}' must be an object of header names to text values`);
  const entries = Object.entries(value);
  if (entries.length > STUB_LIMITS.maxHeaders) throw badRequest(`'${field}' may name at most ${STUB_LIMITS.maxHeaders} headers`);
  const headers: Record<string, string> = {};
  for (const [name, raw] of entries) {
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/.test(name)) throw badRequest(`'${field}' has a header name that is not an HTTP token: '${name.slice(0, 100)}'`);
    if (typeof raw !== 'string' || raw.length > STUB_LIMITS.maxHeaderValueLength || hasControlCharacter(raw, '\t')) {
      throw badRequest(`'${field}.${name}' must be a text of at most ${STUB_LIMITS.maxHeaderValueLength} characters without control characters`);
    }
    headers[name.toLowerCase()] = raw;
  }
  return headers;
}

/** Headers the server frames the answer with itself: a stub setting them would break the framing. */
const FRAMING_HEADERS = ['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'trailer'];

function response(value: unknown): StubResponse {
  if (!isPlainObject(value)) throw badRequest("'response' must be an object { status, headers?, body? }");
  onlyFields(value, ['status', 'headers', 'body'], 'response.');
  const headers = value.headers === undefined ? {} : headerMap(value.headers, 'response.headers');
  const framing = Object.keys(headers).find((name) => FRAMING_HEADERS.includes(name));
  if (framing) throw badRequest(`'response.headers' may not set ${framing}: the server frames the answer`);
  return { status: integer(value.status, 'response.status', 200, 599), headers, ...('body' in value ? { body: value.body } : {}) };
}

function delay(value: unknown): StubDelay {
  if (typeof value === 'number') return { fixed_ms: integer(value, 'delay_ms', 0, STUB_LIMITS.maxDelayMs) };
  if (!isPlainObject(value)) throw badRequest("'delay_ms' must be milliseconds, or { min, max } for a random delay in that range");
  onlyFields(value, ['min', 'max'], 'delay_ms.');
  const min = integer(value.min, 'delay_ms.min', 0, STUB_LIMITS.maxDelayMs);
  const max = integer(value.max, 'delay_ms.max', 0, STUB_LIMITS.maxDelayMs);
  if (max < min) throw badRequest("'delay_ms.max' must be at least 'delay_ms.min'");
  return { min_ms: min, max_ms: max };
}

function stubState(value: unknown): Stub['state'] {
  if (!isPlainObject(value)) throw badRequest("'state' must be an object { when?, next? } of state names");
  onlyFields(value, ['when', 'next'], 'state.');
  if (value.when === undefined && value.next === undefined) throw badRequest("'state' needs 'when', 'next' or both");
  return {
    ...(value.when === undefined ? {} : { when: text(value.when, 'state.when') }),
    ...(value.next === undefined ? {} : { next: text(value.next, 'state.next') }),
  };
}

/** What an add call gives, read and bounded; the id, the time and the counts are the store's. */
export type StubInput = Omit<Stub, 'id' | 'created_at' | 'answered'>;

/** Reads a stub from a control call's body (its `apikey` already taken off); 400 naming the field otherwise. */
export function parseStub(body: Record<string, unknown>): StubInput {
  onlyFields(body, STUB_FIELDS, '');
  const operation = body.operation;
  if (typeof operation !== 'string' || !OPERATION_NAMES.includes(operation as StubOperation)) {
    throw badRequest(`'operation' must be one of the contract's operationIds: ${OPERATION_NAMES.join(', ')}`);
  }
  if (body.response === undefined && body.fault === undefined) {
    throw badRequest("Give 'response' (status, headers, body) or 'fault' (" + STUB_FAULTS.join(', ') + ')');
  }
  const fault = body.fault === undefined ? null : body.fault;
  if (fault !== null && !STUB_FAULTS.includes(fault as StubFault)) throw badRequest(`'fault' must be one of ${STUB_FAULTS.join(', ')}`);
  if ((fault === 'cut_body' || fault === 'trickle') && body.response === undefined) {
    throw badRequest(`The fault '${String(fault)}' needs a 'response' whose body it cuts or trickles`);
  }
  if (body.trickle_interval_ms !== undefined && fault !== 'trickle') throw badRequest("'trickle_interval_ms' applies only to the fault 'trickle'");
  if (body.nonconforming !== undefined && typeof body.nonconforming !== 'boolean') throw badRequest("'nonconforming' must be true or false");
  const match = body.match === undefined ? {} : body.match;
  if (!isPlainObject(match)) throw badRequest("'match' must be an object { body?, headers? }");
  onlyFields(match, ['body', 'headers'], 'match.');
  if (match.body !== undefined && !isPlainObject(match.body)) throw badRequest("'match.body' must be a JSON object: the fields a call's body must hold");
  return {
    operation: operation as StubOperation,
    name: body.name === undefined ? null : text(body.name, 'name'),
    priority: body.priority === undefined ? DEFAULT_PRIORITY : integer(body.priority, 'priority', 1, STUB_LIMITS.maxPriority),
    match: {
      ...(match.body === undefined ? {} : { body: match.body }),
      ...(match.headers === undefined ? {} : { headers: headerMap(match.headers, 'match.headers') }),
    },
    remaining: body.times === undefined ? null : integer(body.times, 'times', 1, STUB_LIMITS.maxTimes),
    state: body.state === undefined ? null : stubState(body.state),
    response: body.response === undefined ? null : response(body.response),
    fault: fault as StubFault | null,
    delay: body.delay_ms === undefined ? null : delay(body.delay_ms),
    trickle_interval_ms: body.trickle_interval_ms === undefined ? (fault === 'trickle' ? 100 : null) : integer(body.trickle_interval_ms, 'trickle_interval_ms', 1, 5_000),
    nonconforming: body.nonconforming === true,
  };
}

export const pathOfOperation = (operation: StubOperation): ApiPath => STUB_OPERATIONS[operation];

/** The operation of an API path (every API path has one). */
export function operationOfPath(path: string): StubOperation | undefined {
  return OPERATION_NAMES.find((name) => STUB_OPERATIONS[name] === path);
}

// Every API path has an operation a stub can name (checked once, at load).
for (const path of API_PATHS) if (!operationOfPath(path)) throw new Error(`stub.ts: no operation for ${path}`);
