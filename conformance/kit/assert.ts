/** Small assertions that throw CheckFailure with a message a partner team can act on. */
import { CheckFailure } from './failures.js';
import type { Exchange } from './recorder.js';

export function fail(message: string): never {
  throw new CheckFailure(message);
}

export function expect(condition: unknown, message: string): asserts condition {
  if (!condition) fail(message);
}

export function expectEqual<T>(actual: T, expected: T, what: string): void {
  if (actual !== expected) fail(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

/** The response's status must be one of `expected`; the message shows the request and the answer. */
export function expectStatus(exchange: Exchange, expected: number | readonly number[], what: string): void {
  const allowed = typeof expected === 'number' ? [expected] : expected;
  if (!allowed.includes(exchange.status)) {
    fail(`${what}: expected HTTP ${allowed.join(' or ')}, got ${exchange.status} (${exchange.method} ${exchange.endpoint}) — ${excerpt(exchange)}`);
  }
}

/** Expects 200 and returns the typed body. */
export function ok<T>(exchange: Exchange<T>, what: string): T {
  expectStatus(exchange, 200, what);
  if (exchange.data === undefined) fail(`${what}: HTTP 200 without a JSON body`);
  return exchange.data;
}

/** The `error` text of an error body ('' when there is none). */
export function errorText(exchange: Exchange): string {
  const body = exchange.json as { error?: unknown } | undefined;
  return typeof body?.error === 'string' ? body.error : '';
}

/** The start of the body, for messages. */
export function excerpt(exchange: Exchange, length = 200): string {
  const text = exchange.text.replace(/\s+/g, ' ').trim();
  if (text === '') return 'empty body';
  return text.length > length ? `${text.slice(0, length)}…` : text;
}
