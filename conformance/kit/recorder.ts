/**
 * What one check did: its requests per endpoint, the exchanges it relied on (its own and the shared
 * fixtures'), and notes such as waits on Retry-After. The runner gives each check a fresh one.
 */
import type { CaseRecord, Endpoint, ExchangeRecord, ReproductionStep } from './vocabulary.js';

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
  /** Generated cases sent, with their verdicts, and the exchange of each one that failed. */
  readonly cases: CaseRecord[] = [];
  readonly failedCases = new Map<CaseRecord, Exchange>();
  /** The exchanges that belong to a shared fixture, and the fixture's id (`fixture.search`). */
  readonly fixtureOf = new Map<Exchange, string>();

  count(endpoint: Endpoint): void {
    this.requests[endpoint] = (this.requests[endpoint] ?? 0) + 1;
  }

  /** A response the check relies on; a shared fixture's is adopted without counting its requests again. */
  adopt(exchange: Exchange): void {
    if (!this.exchanges.includes(exchange)) this.exchanges.push(exchange);
  }

  /** A shared fixture's responses: their violations are the fixture's, reported once on it. */
  adoptFixture(fixture: string, exchanges: readonly Exchange[]): void {
    for (const exchange of exchanges) {
      this.adopt(exchange);
      if (!this.fixtureOf.has(exchange)) this.fixtureOf.set(exchange, fixture);
    }
  }

  /** A reproduction the check built itself (a shrunk sequence), instead of the one the runner derives. */
  reproduction?: ReproductionStep[];

  recordCase(record: CaseRecord, exchange?: Exchange): void {
    this.cases.push(record);
    if (!record.passed && exchange) this.failedCases.set(record, exchange);
  }

  reproduceWith(steps: ReproductionStep[]): void {
    this.reproduction = steps;
  }

  note(text: string): void {
    if (!this.notes.includes(text)) this.notes.push(text);
  }

  /** Every contract violation among the check's own responses (not the shared fixtures'). */
  schemaErrors(): string[] {
    return this.exchanges.filter((e) => !this.fixtureOf.has(e)).flatMap(violationLines);
  }

  /** The fixtures this check relied on whose responses violate the contract. */
  brokenFixtures(): string[] {
    return [...new Set(this.exchanges.filter((e) => this.fixtureOf.has(e) && e.schemaErrors.length > 0).map((e) => this.fixtureOf.get(e) ?? ''))];
  }
}

/** `POST /search.php → 200: <violation>`, one line per contract violation of a response. */
export function violationLines(e: Exchange): string[] {
  return e.schemaErrors.map((line) => `${e.method} ${e.endpoint} → ${e.status}: ${line}`);
}

/** An exchange as a report keeps it: bodies cut at `length` characters. */
export function exchangeRecord(e: Exchange, length = 2000): ExchangeRecord {
  const cut = (value: string) => (value.length > length ? `${value.slice(0, length)}… (${value.length} characters)` : value);
  return {
    method: e.method,
    url: e.url,
    ...(e.requestBody === undefined
      ? {}
      : { requestBody: cut(typeof e.requestBody === 'string' ? e.requestBody : JSON.stringify(withoutApiKey(e.requestBody))) }),
    status: e.status,
    responseBody: cut(e.text),
  };
}

/** The request and the response of an exchange, as two lines of text. */
export function exchangeText(record: ExchangeRecord): string {
  return `request:  ${record.method} ${record.url}${record.requestBody === undefined ? '' : ` ${record.requestBody}`}\nresponse: ${record.status} ${record.responseBody}`;
}

/**
 * Reports are shared (CI artefacts, HTML pages), so a real key never goes into them: a non-empty
 * string `apikey` is shown as `***`; an empty, missing or non-string one is shown as sent, because
 * that is what the auth checks are about.
 */
export function withoutApiKey(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const { apikey } = body as { apikey?: unknown };
  return typeof apikey === 'string' && apikey !== '' ? { ...body, apikey: '***' } : body;
}
