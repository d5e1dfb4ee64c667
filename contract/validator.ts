/**
 * The contract's validator: openapi.yaml (or another contract document) with every schema compiled
 * once (schema.ts), judging responses (status, body, headers), request bodies and any schema node.
 *
 * Used by the contract tests, the Prism test, the conformance kit, the server and its tests, so that
 * every one of them judges bodies by the same compiled schemas of the same file.
 */
import { isObject, loadContract, type ContractPath, type HttpMethod, type JsonObject, type OpenApiDocument } from './document.js';
import { deref, pointer, pointerSegment } from './navigation.js';
import { findOperation, listOperations, matchStatusKey, requestBodyOf, responseOf, type OperationInfo } from './operations.js';
import { checkRequestHeaders, headerParameters } from './requestHeaders.js';
import { checkResponseHeaders, type HeaderBag } from './responseHeaders.js';
import { createSchemaChecker, type SchemaChecker } from './schema.js';
import { failure, validationResult, type ContractError, type ValidationResult } from './validationErrors.js';

type AnyCaseMethod = HttpMethod | Uppercase<HttpMethod>;

export interface ContractValidator {
  readonly document: OpenApiDocument;
  /**
   * Validates a response: the status must be declared for the operation (exact code, then `4XX`
   * ranges, then `default`); the body must match the declared JSON schema; when `headers` are given,
   * every declared required header must be present and valid (e.g. 429 `Retry-After` integer), every
   * declared optional header that is present must be valid, and a `content-type` that is given must
   * be a declared media type. Throws for an operation the contract does not have.
   */
  validateResponse(path: ContractPath, method: AnyCaseMethod, status: number, body: unknown, headers?: HeaderBag): ValidationResult;
  /** Validates a request body against the operation's request body schema. Throws for an unknown operation. */
  validateRequest(path: ContractPath, method: AnyCaseMethod, body: unknown): ValidationResult;
  /**
   * Validates a request's header parameters (`Test`, `Idempotency-Key`): required ones present, present
   * ones valid (names in any case, values exact). Throws for an unknown operation.
   */
  validateRequestHeaders(path: ContractPath, method: AnyCaseMethod, headers: HeaderBag): ValidationResult;
  /** Validates a value against `components.schemas[name]`. Throws for an unknown name. */
  validateSchema(name: string, value: unknown): ValidationResult;
  /**
   * Validates a value against any schema node of the document, by JSON pointer
   * (`#/components/schemas/Pricing/properties/taxes`). Throws when the pointer does not resolve.
   */
  validatePointer(pointer: string, value: unknown): ValidationResult;
  /** The declared status keys of an operation (`['200', '400', ...]`), in document order. */
  declaredStatuses(path: ContractPath, method: AnyCaseMethod): string[];
  /** The response key that a status matches (`'429'`, `'4XX'`, `'default'`), or undefined. */
  matchStatus(path: ContractPath, method: AnyCaseMethod, status: number): string | undefined;
}

/** A document with its compiled schemas and its operations. */
interface CompiledContract {
  doc: OpenApiDocument;
  schemas: SchemaChecker;
  operations: OperationInfo[];
}

const validators = new WeakMap<OpenApiDocument, ContractValidator>();

/**
 * Builds the validator of a contract (default: openapi.yaml): one ajv instance (strict, allErrors,
 * formats), every component schema and every operation's request/response schema compiled up front,
 * so a contract that strict ajv refuses fails here. Memoised per document.
 */
export function createContractValidator(doc: OpenApiDocument = loadContract()): ContractValidator {
  const cached = validators.get(doc);
  if (cached) return cached;
  const operations = listOperations(doc);
  const c: CompiledContract = { doc, schemas: createSchemaChecker(doc, schemaPointers(doc, operations)), operations };
  const operation = (path: string, method: string): OperationInfo => findOperation(c.operations, path, method);
  const validator: ContractValidator = {
    document: doc,
    validateResponse: (path, method, status, body, headers) => validateResponse(c, operation(path, method), status, body, headers),
    validateRequest: (path, method, body) => validateRequest(c, operation(path, method), body),
    validateRequestHeaders: (path, method, headers) => validationResult(checkRequestHeaders(doc, operation(path, method), headers, c.schemas)),
    validateSchema: (name, value) => {
      if (!isObject(doc.components?.schemas?.[name])) throw new Error(`The contract has no schema components.schemas.${name}`);
      return validationResult(c.schemas.check(pointer('components', 'schemas', name), value));
    },
    validatePointer: (schemaPointer, value) => validationResult(c.schemas.check(schemaPointer, value)),
    declaredStatuses: (path, method) => [...operation(path, method).statuses],
    matchStatus: (path, method, status) => matchStatusKey(operation(path, method), status),
  };
  // Compile everything now: strict-mode problems surface when the validator is created.
  compileAll(c);
  validators.set(doc, validator);
  return validator;
}

function validateResponse(c: CompiledContract, op: OperationInfo, status: number, body: unknown, headers: HeaderBag | undefined): ValidationResult {
  const key = matchStatusKey(op, status);
  if (key === undefined) {
    return failure([{
      path: 'status',
      rule: 'status',
      message: `status ${status} is not declared for ${op.method.toUpperCase()} ${op.path} (declared: ${op.statuses.join(', ')})`,
    }]);
  }
  const declared = responseOf(c.doc, op, key);
  const errors: ContractError[] = [];
  if (declared.schemaPointer !== undefined) {
    if (body === undefined) {
      errors.push({ path: '', rule: 'body', message: `status ${status} declares a JSON body, but there is none` });
    } else {
      errors.push(...c.schemas.check(declared.schemaPointer, body));
    }
  }
  if (headers !== undefined) errors.push(...checkResponseHeaders(c.doc, declared, headers, c.schemas));
  return validationResult(errors);
}

function validateRequest(c: CompiledContract, op: OperationInfo, body: unknown): ValidationResult {
  const request = requestBodyOf(c.doc, op);
  if (request === undefined) {
    return body === undefined ? { ok: true } : failure([{ path: '', rule: 'requestBody', message: `${op.method.toUpperCase()} ${op.path} declares no request body` }]);
  }
  if (body === undefined) {
    return request.requestBody.required === true ? failure([{ path: '', rule: 'required', message: 'the request body is required' }]) : { ok: true };
  }
  if (request.schemaPointer === undefined) return { ok: true };
  return validationResult(c.schemas.check(request.schemaPointer, body));
}

/** Compiles every schema the validator judges by (schemaPointers). */
function compileAll({ doc, schemas, operations }: CompiledContract): void {
  for (const schemaPointer of schemaPointers(doc, operations)) schemas.compile(schemaPointer);
}

/** Every component schema, then every operation's request, response and response header schema, once each, in that order. */
export function schemaPointers(doc: OpenApiDocument, operations: readonly OperationInfo[] = listOperations(doc)): string[] {
  const pointers = new Set<string>();
  for (const name of Object.keys(doc.components?.schemas ?? {})) pointers.add(pointer('components', 'schemas', name));
  for (const op of operations) {
    const requestSchema = requestBodyOf(doc, op)?.schemaPointer;
    if (requestSchema !== undefined) pointers.add(requestSchema);
    for (const { schemaPointer } of headerParameters(doc, op)) if (schemaPointer !== undefined) pointers.add(schemaPointer);
    for (const key of op.statuses) {
      const { response, pointer: at, schemaPointer } = responseOf(doc, op, key);
      if (schemaPointer !== undefined) pointers.add(schemaPointer);
      for (const name of Object.keys(isObject(response.headers) ? response.headers : {})) {
        const { node: header, pointer: headerPointer } = deref(doc, (response.headers as JsonObject)[name], `${at}/headers/${pointerSegment(name)}`);
        if (isObject(header) && header.schema !== undefined) pointers.add(`${headerPointer}/schema`);
      }
    }
  }
  return [...pointers];
}
