/**
 * The header parameters of a request against its operation (openapi.yaml declares `Test` and
 * `Idempotency-Key`): a required one must be present, and one that is present must be valid against
 * its schema. Names are case-insensitive (HTTP); values are exact, as the schema spells them, so the
 * journal's verdict on a `Test: SLOW` is the server's 400 and a validating proxy's refusal.
 */
import { isObject, type OpenApiDocument } from './document.js';
import { deref } from './navigation.js';
import type { OperationInfo } from './operations.js';
import { coerceHeader, headerGetter, type HeaderBag } from './responseHeaders.js';
import type { SchemaChecker } from './schema.js';
import type { ContractError } from './validationErrors.js';

/** The header parameters of an operation, `$ref`s followed: name and the pointer of its schema. */
export function headerParameters(doc: OpenApiDocument, op: OperationInfo): Array<{ name: string; required: boolean; schemaPointer: string | undefined }> {
  const parameters = Array.isArray(op.operation.parameters) ? op.operation.parameters : [];
  return parameters.flatMap((raw, index) => {
    const { node, pointer } = deref(doc, raw, `${op.pointer}/parameters/${index}`);
    if (!isObject(node) || node.in !== 'header' || typeof node.name !== 'string') return [];
    return [{ name: node.name, required: node.required === true, schemaPointer: node.schema === undefined ? undefined : `${pointer}/schema` }];
  });
}

/**
 * The example an example-driven tool sends for a header parameter (Dredd, Portman, Prism, Schemathesis'
 * example phase): the parameter's `example`, else the first of its `examples`, else the schema's
 * `example`, `default` or first `enum` value; undefined when there is none.
 */
export function defaultHeaderExample(doc: OpenApiDocument, op: OperationInfo, name: string): unknown {
  const parameters = Array.isArray(op.operation.parameters) ? op.operation.parameters : [];
  for (const [index, raw] of parameters.entries()) {
    const { node } = deref(doc, raw, `${op.pointer}/parameters/${index}`);
    if (!isObject(node) || node.in !== 'header' || String(node.name).toLowerCase() !== name.toLowerCase()) continue;
    if ('example' in node) return node.example;
    const named = isObject(node.examples) ? Object.values(node.examples)[0] : undefined;
    if (named !== undefined) {
      const example = deref(doc, named, `${op.pointer}/parameters/${index}/examples`).node;
      return isObject(example) ? example.value : undefined;
    }
    const schema = deref(doc, node.schema, `${op.pointer}/parameters/${index}/schema`).node;
    if (!isObject(schema)) return undefined;
    return schema.example ?? schema.default ?? (Array.isArray(schema.enum) ? schema.enum[0] : undefined);
  }
  return undefined;
}

export function checkRequestHeaders(doc: OpenApiDocument, op: OperationInfo, headers: HeaderBag, schemas: SchemaChecker): ContractError[] {
  const get = headerGetter(headers);
  const errors: ContractError[] = [];
  for (const parameter of headerParameters(doc, op)) {
    const value = get(parameter.name);
    if (value === undefined) {
      if (parameter.required) errors.push({ path: `header:${parameter.name}`, rule: 'required', message: `required header ${parameter.name} is missing` });
      continue;
    }
    if (parameter.schemaPointer === undefined) continue;
    const { node: schema } = deref(doc, { $ref: parameter.schemaPointer }, parameter.schemaPointer);
    // Surrounding spaces are not part of a header value (RFC 9110); the case is.
    const coerced = coerceHeader(value.trim(), isObject(schema) ? schema.type : undefined);
    for (const error of schemas.check(parameter.schemaPointer, coerced)) {
      errors.push({ ...error, path: `header:${parameter.name}`, message: `header ${parameter.name} '${value}' ${error.message}` });
    }
  }
  return errors;
}
