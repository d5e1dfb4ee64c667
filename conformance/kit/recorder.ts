/**
 * What one check did: its requests per endpoint, the exchanges it relied on (its own and the shared
 * fixtures'), and notes such as waits on Retry-After. The runner gives each check a fresh one.
 */
import type { Endpoint } from './types.js';

export interface Exchange<T = unknown> {
  endpoint: Endpoint;
  method: string;
  url: string;
  /** The request body as sent, parsed when it was JSON. */
  requestBody: unknown;
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON; undefined when empty or not JSON. */
  json: unknown;
  /** The body when the status is 200, typed for the operation. */
  data: T | undefined;
  ms: number;
  /** Contract violations of this response: one readable line each, naming the JSON path and rule. */
  schemaErrors: string[];
  /** What happened on the way (retried after a time-out, waited on Retry-After). */
  notes: string[];
}

export class Recorder {
  readonly requests: Partial<Record<Endpoint, number>> = {};
  readonly exchanges: Exchange[] = [];
  readonly notes: string[] = [];

  count(endpoint: Endpoint): void {
    this.requests[endpoint] = (this.requests[endpoint] ?? 0) + 1;
  }

  /** A response the check relies on; a shared fixture's is adopted without counting its requests again. */
  adopt(exchange: Exchange): void {
    if (!this.exchanges.includes(exchange)) this.exchanges.push(exchange);
  }

  note(text: string): void {
    if (!this.notes.includes(text)) this.notes.push(text);
  }

  /** Every contract violation among the responses this check relied on. */
  schemaErrors(): string[] {
    return this.exchanges.flatMap((e) =>
      e.schemaErrors.map((line) => `${e.method} ${e.endpoint} → ${e.status}: ${line}`),
    );
  }
}
