/**
 * Which stub answers a call: the account's stubs of the call's operation whose body subset and
 * headers the call holds and whose state is the account's, the lowest priority number first and,
 * among equals, the newest (as WireMock chooses). Also the field-by-field differences between a
 * pattern and a call, which verify.ts shows for the closest calls when none matched. Pure.
 */
import type { Stub, StubOperation, StubSet } from './stub.js';

/** One difference between what was expected and what a call held, at a JSON pointer. */
export interface FieldDifference {
  path: string;
  expected: unknown;
  actual: unknown;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const segment = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Where `actual` does not hold `expected`: an object holds the pattern's keys (extra keys are
 * ignored), an array holds as many elements, each holding the pattern's, and any other value is
 * equal. At most `limit` differences, in the pattern's order.
 */
export function subsetDifferences(expected: unknown, actual: unknown, at = '', limit = 20): FieldDifference[] {
  const found: FieldDifference[] = [];
  const walk = (pattern: unknown, value: unknown, path: string) => {
    if (found.length >= limit) return;
    if (isPlainObject(pattern)) {
      if (!isPlainObject(value)) return void found.push({ path: path || '/', expected: pattern, actual: value ?? null });
      for (const [key, inner] of Object.entries(pattern)) {
        const innerPath = `${path}/${segment(key)}`;
        if (!(key in value)) found.push({ path: innerPath, expected: inner, actual: undefined });
        else walk(inner, value[key], innerPath);
        if (found.length >= limit) return;
      }
      return;
    }
    if (Array.isArray(pattern)) {
      if (!Array.isArray(value) || value.length !== pattern.length) return void found.push({ path: path || '/', expected: pattern, actual: value ?? null });
      pattern.forEach((inner, index) => walk(inner, value[index], `${path}/${index}`));
      return;
    }
    if (pattern !== value) found.push({ path: path || '/', expected: pattern, actual: value === undefined ? undefined : value });
  };
  walk(expected, actual, at);
  return found;
}

/** The header differences: names in any case, values exact. */
export function headerDifferences(expected: Record<string, string>, headers: Record<string, string | string[] | undefined>): FieldDifference[] {
  const found: FieldDifference[] = [];
  for (const [name, value] of Object.entries(expected)) {
    const raw = headers[name.toLowerCase()];
    const actual = Array.isArray(raw) ? raw.join(', ') : raw;
    if (actual !== value) found.push({ path: `header:${name}`, expected: value, actual });
  }
  return found;
}

export interface CallToMatch {
  operation: StubOperation;
  /** The JSON body as received, read only when a stub matches on it. */
  body(): unknown;
  /** As Node gives them: names in lower case. */
  headers: Record<string, string | string[] | undefined>;
}

function matches(stub: Stub, call: CallToMatch, state: string): boolean {
  if (stub.operation !== call.operation) return false;
  if (stub.state?.when !== undefined && stub.state.when !== state) return false;
  if (stub.remaining !== null && stub.remaining <= 0) return false;
  if (stub.match.headers && headerDifferences(stub.match.headers, call.headers).length > 0) return false;
  return !stub.match.body || subsetDifferences(stub.match.body, call.body(), '', 1).length === 0;
}

/** The stub that answers the call, if any (see the top of this file for the order). */
export function chooseStub(set: StubSet, call: CallToMatch): Stub | undefined {
  let chosen: Stub | undefined;
  // Stubs are kept oldest first: a later one of equal priority wins.
  for (const stub of set.stubs) {
    if (!matches(stub, call, set.state)) continue;
    if (!chosen || stub.priority <= chosen.priority) chosen = stub;
  }
  return chosen;
}

/**
 * The set after `stub` answered once: its count taken, a spent one gone (`times` reached), and the
 * account's state moved when the stub names a next one.
 */
export function afterAnswer(set: StubSet, stubId: string): StubSet {
  const stub = set.stubs.find((candidate) => candidate.id === stubId);
  if (!stub) return set;
  const used: Stub = { ...stub, answered: stub.answered + 1, remaining: stub.remaining === null ? null : stub.remaining - 1 };
  return {
    ...set,
    state: stub.state?.next ?? set.state,
    stubs: set.stubs.flatMap((candidate) => (candidate.id !== stubId ? [candidate] : used.remaining === 0 ? [] : [used])),
  };
}
