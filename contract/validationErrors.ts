/**
 * What a failed validation says: one error per broken rule, with the JSON path and the rule, made
 * from ajv's errors, and printed one readable line each.
 */
import type { ErrorObject } from 'ajv';
import { pointerSegment } from './navigation.js';

/** One validation failure. */
export interface ContractError {
  /**
   * Where: a JSON pointer into the body (`/hotels/0/rate/pricing/total_price`; `''` is the whole
   * body; for `required`/`additionalProperties` it points at the missing/extra property), or
   * `header:<Name>` for a response header, or `status` for an undeclared status.
   */
  path: string;
  /** The rule broken, with its parameter: `pattern "^[0-9]+\\.[0-9]{2}$"`, `required`, `minimum 1`, `status`. */
  rule: string;
  /** Human-readable explanation. */
  message: string;
  /** Where the rule sits in openapi.yaml (a JSON pointer), when it comes from a schema. */
  schemaPath?: string;
}

export type ValidationResult = { ok: true } | { ok: false; errors: ContractError[] };

/** The result of a list of errors: ok when there is none. */
export function validationResult(errors: ContractError[]): ValidationResult {
  return errors.length === 0 ? { ok: true } : failure(errors);
}

export function failure(errors: ContractError[]): ValidationResult {
  return { ok: false, errors };
}

/**
 * One readable line per error, naming the JSON path and the rule:
 * `/hotels/0/rate/pricing/total_price: pattern "^[0-9]+\\.[0-9]{2}$" — must match pattern "…"`.
 * Accepts an error list or a result; an ok result gives ''.
 */
export function formatErrors(errors: readonly ContractError[] | ValidationResult): string {
  const list: readonly ContractError[] = isErrorList(errors) ? errors : errors.ok ? [] : errors.errors;
  return list.map((e) => `${e.path === '' ? '(body)' : e.path}: ${e.rule} — ${e.message}`).join('\n');
}

function isErrorList(value: readonly ContractError[] | ValidationResult): value is readonly ContractError[] {
  return Array.isArray(value);
}

/** One ajv error as a contract error: the JSON path of the failing value (of the property, for `required`/`additionalProperties`) and the rule with its parameter. */
export function toContractError(e: ErrorObject): ContractError {
  const params = e.params as Record<string, unknown>;
  const schemaPath = e.schemaPath;
  let path = e.instancePath;
  let rule: string;
  let message = e.message ?? e.keyword;
  switch (e.keyword) {
    case 'required':
      path += '/' + pointerSegment(String(params.missingProperty));
      rule = 'required';
      break;
    case 'additionalProperties':
      path += '/' + pointerSegment(String(params.additionalProperty));
      rule = 'additionalProperties false';
      message = 'is not a declared property (additionalProperties: false)';
      break;
    case 'type': {
      const parent = e.parentSchema;
      rule = `type ${JSON.stringify(params.type)}${parent?.nullable === true ? ' nullable' : ''}`;
      message = `${message}, got ${describe(e.data)}`;
      break;
    }
    case 'enum':
      rule = `enum ${JSON.stringify(params.allowedValues)}`;
      message = `${message} ${JSON.stringify(params.allowedValues)}, got ${describe(e.data)}`;
      break;
    case 'pattern':
      rule = `pattern ${JSON.stringify(params.pattern)}`;
      message = `${message}, got ${describe(e.data)}`;
      break;
    case 'format':
      rule = `format ${JSON.stringify(params.format)}`;
      message = `${message}, got ${describe(e.data)}`;
      break;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      rule = `${e.keyword} ${String(params.limit)}`;
      message = `${message}, got ${describe(e.data)}`;
      break;
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
    case 'minProperties':
    case 'maxProperties':
      rule = `${e.keyword} ${String(params.limit)}`;
      break;
    case 'const':
      rule = `const ${JSON.stringify(params.allowedValue)}`;
      break;
    default: {
      const values = Object.values(params);
      rule = values.length === 1 ? `${e.keyword} ${JSON.stringify(values[0])}` : values.length === 0 ? e.keyword : `${e.keyword} ${JSON.stringify(params)}`;
    }
  }
  return { path, rule, message, schemaPath };
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
