/**
 * Whether one recorded exchange conforms to openapi.yaml, judged by the contract's own compiled
 * validators (conformance/contract/schema.ts) so the journal, the tests and the conformance kit
 * agree. The request is judged on its body as sent (before redaction). Pure, given a validator.
 */
import type { ContractError, ContractValidator, ValidationResult } from '../../../conformance/contract/schema.js';
import type { Conformance, Violation } from './entry.js';

/** Every API operation is a POST. */
const METHOD = 'post';
/** A long list helps nobody; the first few say what is wrong. */
const MAX_VIOLATIONS = 20;

export interface ExchangeToJudge {
  endpoint: string;
  method: string;
  requestBody: unknown;
  /** Undefined when the client went away before an answer (nothing to judge). */
  response?: { status: number; body: unknown; headers: Record<string, string> };
}

export function judgeExchange(validator: ContractValidator, exchange: ExchangeToJudge): Conformance {
  const request: Violation[] =
    exchange.method.toLowerCase() === METHOD
      ? as('request', guarded(() => validator.validateRequest(exchange.endpoint, METHOD, exchange.requestBody)))
      : [{ where: 'request', path: '/method', message: `${exchange.method} is not an operation of the contract; use POST` }];
  const { response } = exchange;
  const answer: Violation[] = response
    ? as('response', guarded(() => validator.validateResponse(exchange.endpoint, METHOD, response.status, response.body, response.headers)))
    : [];
  return {
    request_valid: request.length === 0,
    response_valid: answer.length === 0,
    violations: [...request, ...answer].slice(0, MAX_VIOLATIONS),
  };
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
