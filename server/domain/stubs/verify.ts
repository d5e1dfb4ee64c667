/**
 * WireMock's `verify(count, postRequestedFor(…))`, answered from the account's request journal:
 * how many of its calls of an operation held a JSON body subset and headers, against the count the
 * partner expected, and, when none matched, the closest calls with a field-by-field difference. Pure.
 */
import type { JournalEntry } from '../journal/entry.js';
import { badRequest } from '../../errors.js';
import { headerDifferences, subsetDifferences, type FieldDifference } from './match.js';
import { STUB_OPERATIONS, pathOfOperation, type StubOperation } from './stub.js';

export interface VerifyQuery {
  operation: StubOperation;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Exactly this many calls; absent: at least one. */
  count?: number;
}

export interface ClosestCall {
  id: number;
  at: string;
  differences: FieldDifference[];
}

export interface Verification {
  ok: boolean;
  operation: StubOperation;
  matched: number;
  expected: number | 'at least 1';
  /** The ids of the matching calls, oldest first (at most 100). */
  calls: number[];
  /** When none matched: the calls of the operation that came nearest, fewest differences first (at most 3). */
  closest: ClosestCall[];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const VERIFY_FIELDS = ['operation', 'body', 'headers', 'count'];

/** Reads a verify call's body (its `apikey` taken off); 400 naming the field otherwise. */
export function parseVerifyQuery(body: Record<string, unknown>): VerifyQuery {
  const unknown = Object.keys(body).find((field) => !VERIFY_FIELDS.includes(field));
  if (unknown !== undefined) throw badRequest(`Unknown field '${unknown}'; allowed: ${VERIFY_FIELDS.join(', ')}`);
  if (typeof body.operation !== 'string' || !(body.operation in STUB_OPERATIONS)) {
    throw badRequest(`'operation' must be one of the contract's operationIds: ${Object.keys(STUB_OPERATIONS).join(', ')}`);
  }
  if (body.body !== undefined && !isPlainObject(body.body)) throw badRequest("'body' must be a JSON object: the fields the calls' bodies must hold");
  if (body.headers !== undefined && (!isPlainObject(body.headers) || !Object.values(body.headers).every((value) => typeof value === 'string'))) {
    throw badRequest("'headers' must be an object of header names to text values");
  }
  if (body.count !== undefined && (typeof body.count !== 'number' || !Number.isInteger(body.count) || body.count < 0 || body.count > 1000)) {
    throw badRequest("'count' must be a whole number from 0 to 1000");
  }
  return {
    operation: body.operation as StubOperation,
    ...(body.body === undefined ? {} : { body: body.body }),
    ...(body.headers === undefined ? {} : { headers: body.headers as Record<string, string> }),
    ...(body.count === undefined ? {} : { count: body.count }),
  };
}

/** The key a call's body shows (REDACTED in the journal) is no field a partner verifies. */
const withoutKey = (body: unknown) => (isPlainObject(body) ? Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'apikey')) : body);

/** Verifies `query` over the journal's entries (oldest first). */
export function verifyCalls(entries: readonly JournalEntry[], query: VerifyQuery): Verification {
  const endpoint = pathOfOperation(query.operation);
  const ofOperation = entries.filter((entry) => entry.endpoint === endpoint);
  const judged = ofOperation.map((entry) => ({
    entry,
    differences: [
      ...(query.body ? subsetDifferences(query.body, withoutKey(entry.request.body), '/body') : []),
      ...(query.headers ? headerDifferences(query.headers, entry.request.headers) : []),
    ],
  }));
  const matching = judged.filter((call) => call.differences.length === 0).map((call) => call.entry.id);
  const ok = query.count === undefined ? matching.length > 0 : matching.length === query.count;
  const closest =
    matching.length > 0
      ? []
      : judged
          .map((call, index) => ({ ...call, index }))
          // Fewest differences first; among equals, the newest call.
          .sort((a, b) => a.differences.length - b.differences.length || b.index - a.index)
          .slice(0, 3)
          .map(({ entry, differences }) => ({ id: entry.id, at: entry.at, differences }));
  return { ok, operation: query.operation, matched: matching.length, expected: query.count ?? 'at least 1', calls: matching.slice(0, 100), closest };
}
