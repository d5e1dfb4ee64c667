/**
 * What Specmatic does for stub examples and WireMock cannot: a stub's answer is judged against
 * openapi.yaml for its operation and status when it is added (the body's shape and enums, the
 * status declared, required headers such as Retry-After on 429), and refused with the violations
 * unless the partner marks it `nonconforming` on purpose. Faults are transport, not contract, and
 * are not judged.
 */
import type { ContractValidator } from '../../../contract/validator.js';
import { pathOfOperation, type StubInput } from './stub.js';

export interface StubViolation {
  path: string;
  message: string;
}

/** The violations of the stub's answer (none for a fault, or an answer the contract allows). */
export function stubViolations(validator: ContractValidator, stub: StubInput): StubViolation[] {
  if (stub.fault !== null || stub.response === null) return [];
  const { status, headers, body } = stub.response;
  // Every answer is JSON: the server sends the body with this content type unless the stub names one.
  const sentHeaders = { 'content-type': 'application/json; charset=utf-8', ...headers };
  const result = validator.validateResponse(pathOfOperation(stub.operation), 'post', status, body === undefined ? null : body, sentHeaders);
  return result.ok ? [] : result.errors.map((error) => ({ path: error.path === '' ? '/' : error.path, message: `${error.rule}: ${error.message}` }));
}
