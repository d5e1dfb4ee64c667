/**
 * Judges every API response by openapi.yaml through the shared validator (conformance/contract):
 * the body against the schema of its status, the declared headers (e.g. an integer Retry-After),
 * and Content-Type application/json. Returns one readable line per violation. The `spec` profile
 * judges by the spec-level contract (the reference's own choices dropped, contract/specLevel.ts),
 * the `reference` profile by the full one.
 */
import { loadContract } from '../../contract/document.js';
import { formatErrors, type ContractError } from '../../contract/validationErrors.js';
import { createContractValidator } from '../../contract/validator.js';
import { specLevelContract } from '../contract/specLevel.js';
import type { Profile } from './vocabulary.js';
import type { ApiPath } from './vocabulary.js';

export interface JudgeOptions {
  /**
   * The check expects a status the contract does not declare for this path (e.g. 405 on
   * booking.php, a reference behaviour): the status itself is then not a violation, but an error
   * body must still be an ErrorResponse.
   */
  undeclaredOk?: boolean;
}

export function judgeResponse(
  path: ApiPath,
  status: number,
  headers: Headers,
  text: string,
  json: unknown,
  options: JudgeOptions = {},
  profile: Profile = 'reference',
): string[] {
  const validator = createContractValidator(profile === 'spec' ? specLevelContract() : loadContract());
  const problems: string[] = [];

  const contentType = headers.get('content-type');
  const media = contentType?.split(';')[0]?.trim().toLowerCase();
  if (media !== 'application/json') {
    problems.push(`header:Content-Type: application/json — got ${contentType === null ? 'none' : `'${contentType}'`}`);
  }
  if (text.trim() !== '' && json === undefined) {
    problems.push(`(body): JSON — the body is not JSON: ${text.slice(0, 80)}`);
    return problems;
  }

  const declared = validator.matchStatus(path, 'post', status) !== undefined;
  let errors: ContractError[];
  if (!declared && options.undeclaredOk) {
    const result = status >= 400 ? validator.validateSchema('ErrorResponse', json) : { ok: true as const };
    errors = result.ok ? [] : result.errors;
  } else {
    const result = validator.validateResponse(path, 'post', status, json, headers);
    // Content-Type is judged above, with a clearer message.
    errors = result.ok ? [] : result.errors.filter((e) => e.path !== 'header:Content-Type');
  }
  if (errors.length > 0) problems.push(...formatErrors(errors).split('\n'));
  return problems;
}
