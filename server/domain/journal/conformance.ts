/**
 * Whether one recorded exchange conforms to openapi.yaml, judged by the contract's own compiled
 * validators (contract/validator.ts) so the journal, the tests and the conformance kit
 * agree. The request is judged on its body as sent (before redaction) and its header parameters
 * (a `Test: SLOW` is as non-conforming as the server's 400 says). Pure, given a validator.
 */
import type { ContractError, ValidationResult } from '../../../contract/validationErrors.js';
import type { ContractValidator } from '../../../contract/validator.js';
import type { Conformance, StubPlayed, Violation } from './entry.js';

/** Every API operation is a POST. */
const METHOD = 'post';
/** A long list helps nobody; the first few say what is wrong. */
const MAX_VIOLATIONS = 20;

export interface ExchangeToJudge {
  endpoint: string;
  method: string;
  requestBody: unknown;
  /** The request's headers as received (the `Test` header is judged against the operation's parameter). */
  requestHeaders?: Record<string, string | string[] | undefined>;
  /** Undefined when the client went away before an answer (nothing to judge). */
  response?: { status: number; body: unknown; headers: Record<string, string> };
  /** The sandbox scenario played for the call (`Test` header), if any. */
  scenario?: string | null;
  /** The account's stub that answered, if any: a nonconforming one's violations are named as on purpose. */
  stub?: Pick<StubPlayed, 'id' | 'nonconforming' | 'fault'> | null;
}

/**
 * The answers of the scenarios that fail a call on purpose (domain/scenarios/catalogue.ts), which
 * the contract does not list for every operation: such a call is judged against the scenario's
 * documented answer instead (the status, a JSON `{ "error": string }`, and the headers named).
 */
export const SCENARIO_ANSWERS: Readonly<Record<string, { status: number; headers: readonly string[] }>> = {
  server_error: { status: 500, headers: [] },
  rate_limited: { status: 429, headers: ['retry-after'] },
};

export function judgeExchange(validator: ContractValidator, exchange: ExchangeToJudge): Conformance {
  const request: Violation[] =
    exchange.method.toLowerCase() === METHOD
      ? [
          ...as('request', guarded(() => validator.validateRequest(exchange.endpoint, METHOD, exchange.requestBody))),
          ...as('request', guarded(() => validator.validateRequestHeaders(exchange.endpoint, METHOD, exchange.requestHeaders ?? {}))),
        ]
      : [{ where: 'request', path: '/method', message: `${exchange.method} is not an operation of the contract; use POST` }];
  const { response } = exchange;
  const scenario = exchange.scenario ? SCENARIO_ANSWERS[exchange.scenario] : undefined;
  const answer: Violation[] = !response
    ? []
    : scenario
      ? scenarioViolations(exchange.scenario as string, scenario, response)
      : as('response', guarded(() => validator.validateResponse(exchange.endpoint, METHOD, response.status, response.body, response.headers)));
  const stub = exchange.stub;
  // The partner asked for this answer outside the contract: each violation says so.
  const marked = stub?.nonconforming ? answer.map((violation) => ({ ...violation, message: `deliberately outside the contract (nonconforming ${stub.id}): ${violation.message}` })) : answer;
  return {
    request_valid: request.length === 0,
    response_valid: answer.length === 0,
    violations: [...request, ...marked].slice(0, MAX_VIOLATIONS),
  };
}

function scenarioViolations(name: string, expected: (typeof SCENARIO_ANSWERS)[string], response: NonNullable<ExchangeToJudge['response']>): Violation[] {
  const found: Violation[] = [];
  const at = (path: string, message: string) => found.push({ where: 'response', path, message: `scenario ${name}: ${message}` });
  if (response.status !== expected.status) at('status', `its documented answer is ${expected.status}, got ${response.status}`);
  const body = response.body as { error?: unknown } | null;
  if (typeof body !== 'object' || body === null || typeof body.error !== 'string' || body.error === '') at('/error', 'the answer must be JSON { "error": string }');
  const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]));
  for (const header of expected.headers) {
    const value = headers[header];
    if (value === undefined || (header === 'retry-after' && !/^\d+$/.test(String(value).trim()))) at(`header:${header}`, `${header} must be whole seconds`);
  }
  return found;
}

/** An endpoint the contract does not have is not judged (the journal only records API paths). */
function guarded(validate: () => ValidationResult): readonly ContractError[] {
  try {
    const result = validate();
    return result.ok ? [] : result.errors;
  } catch {
    return [];
  }
}

function as(where: Violation['where'], errors: readonly ContractError[]): Violation[] {
  return errors.map((error) => ({ where, path: error.path === '' ? '/' : error.path, message: `${error.rule}: ${error.message}` }));
}
