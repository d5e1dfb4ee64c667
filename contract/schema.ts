/**
 * The shared contract module: openapi.yaml, parsed once, and validators compiled once with ajv.
 *
 * Used by the contract tests, the Prism test, the conformance kit and the server tests, so that every
 * one of them judges bodies by the same compiled schemas of the same file.
 *
 * How the OpenAPI 3.0 document becomes something ajv can compile (strict mode, all errors, formats):
 * - The whole document is added to ajv as ONE schema with the `$id` {@link CONTRACT_SCHEMA_ID}; every
 *   schema is then reached by JSON pointer (`<id>#/components/schemas/Pricing`,
 *   `<id>#/paths/~1search.php/post/responses/200/content/application~1json/schema`), so the
 *   contract's own `$ref: '#/components/...'` resolve against the document, unchanged.
 * - The top-level OpenAPI fields (`openapi`, `info`, `paths`, ...) and the OpenAPI-only schema
 *   annotations (`example`, `xml`, `externalDocs`, `x-*`) are registered as annotation keywords, so
 *   strict mode accepts them and still rejects every other unknown keyword.
 * - `nullable: true` is ajv's native OpenAPI keyword (it needs `type` next to it, which strict
 *   compilation enforces).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { deepFreeze } from './deepFreeze.js';
import type { paths } from './generated/openapi.js';

// ---------------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------------

export type JsonObject = { [key: string]: unknown };

/** The OpenAPI document, typed loosely: only what this module and its users navigate. */
export interface OpenApiDocument extends JsonObject {
  openapi: string;
  info: { title: string; version: string; [key: string]: unknown };
  servers?: Array<{
    url: string;
    description?: string;
    variables?: Record<string, { default: string; enum?: string[]; description?: string }>;
  }>;
  paths: Record<string, Record<string, unknown>>;
  components?: {
    schemas?: Record<string, JsonObject>;
    responses?: Record<string, JsonObject>;
    examples?: Record<string, JsonObject>;
    headers?: Record<string, JsonObject>;
    [key: string]: unknown;
  };
}

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
export const HTTP_METHODS: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** A path of the contract (autocompleted), or any string (unknown paths throw). */
export type ContractPath = keyof paths | (string & {});

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

export type HeaderBag = Headers | Record<string, string | string[] | undefined>;

export interface ContractValidator {
  readonly document: OpenApiDocument;
  /**
   * Validates a response: the status must be declared for the operation (exact code, then `4XX`
   * ranges, then `default`); the body must match the declared JSON schema; when `headers` are given,
   * every declared required header must be present and valid (e.g. 429 `Retry-After` integer), every
   * declared optional header that is present must be valid, and a `content-type` that is given must
   * be a declared media type. Throws for an operation the contract does not have.
   */
  validateResponse(
    path: ContractPath,
    method: HttpMethod | Uppercase<HttpMethod>,
    status: number,
    body: unknown,
    headers?: HeaderBag,
  ): ValidationResult;
  /** Validates a request body against the operation's request body schema. Throws for an unknown operation. */
  validateRequest(path: ContractPath, method: HttpMethod | Uppercase<HttpMethod>, body: unknown): ValidationResult;
  /** Validates a value against `components.schemas[name]`. Throws for an unknown name. */
  validateSchema(name: string, value: unknown): ValidationResult;
  /**
   * Validates a value against any schema node of the document, by JSON pointer
   * (`#/components/schemas/Pricing/properties/taxes`). Throws when the pointer does not resolve.
   */
  validatePointer(pointer: string, value: unknown): ValidationResult;
  /** The declared status keys of an operation (`['200', '400', ...]`), in document order. */
  declaredStatuses(path: ContractPath, method: HttpMethod | Uppercase<HttpMethod>): string[];
  /** The response key that a status matches (`'429'`, `'4XX'`, `'default'`), or undefined. */
  matchStatus(path: ContractPath, method: HttpMethod | Uppercase<HttpMethod>, status: number): string | undefined;
}

// ---------------------------------------------------------------------------------------------------
// Loading
// ---------------------------------------------------------------------------------------------------

/**
 * Absolute path of openapi.yaml: the repository's, or in the packed kit (one bundled file,
 * scripts/pack-conformance.ts) the copy next to the bundle.
 */
export const CONTRACT_PATH = [new URL('./openapi.yaml', import.meta.url), new URL('../openapi.yaml', import.meta.url)]
  .map((url) => fileURLToPath(url))
  .find((file) => existsSync(file)) ?? fileURLToPath(new URL('../openapi.yaml', import.meta.url));

/** Absolute path of the sandbox's control API contract (server/control-api.yaml; the packed sandbox keeps the layout). */
export const CONTROL_CONTRACT_PATH = fileURLToPath(new URL('../server/control-api.yaml', import.meta.url));

/** The `$id` under which the whole document is registered with ajv. */
export const CONTRACT_SCHEMA_ID = 'https://hotel-booking.reference-kit/openapi.yaml';

const loaded = new Map<string, OpenApiDocument>();

/**
 * Parses openapi.yaml (or another contract file) once per absolute path and returns the document,
 * deep-frozen so that no user can change what the others see (clone before modifying).
 */
export function loadContract(path: string | URL = CONTRACT_PATH): OpenApiDocument {
  const file = typeof path === 'string' ? resolvePath(path) : fileURLToPath(path);
  let doc = loaded.get(file);
  if (!doc) {
    const parsed: unknown = parse(readFileSync(file, 'utf8'));
    if (!isObject(parsed) || typeof parsed.openapi !== 'string' || !isObject(parsed.paths)) {
      throw new Error(`${file} is not an OpenAPI document`);
    }
    doc = deepFreeze(parsed) as OpenApiDocument;
    loaded.set(file, doc);
  }
  return doc;
}

// ---------------------------------------------------------------------------------------------------
// Document navigation (shared by the tests and the conformance kit)
// ---------------------------------------------------------------------------------------------------

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Escapes one JSON pointer segment (`/` → `~1`, `~` → `~0`). */
export function pointerSegment(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Builds a `#/...` JSON pointer from segments. */
export function pointer(...segments: Array<string | number>): string {
  return '#' + segments.map((s) => '/' + pointerSegment(s)).join('');
}

/** Resolves a local `#/...` JSON pointer (a `$ref` value) in the document; undefined when absent. */
export function resolvePointer(doc: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#')) throw new Error(`Only local references are supported, got '${ref}'`);
  const body = ref.slice(1);
  if (body === '') return doc;
  if (!body.startsWith('/')) throw new Error(`Not a JSON pointer: '${ref}'`);
  let node: unknown = doc;
  for (const raw of body.slice(1).split('/')) {
    const key = safeDecode(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isObject(node)) node = node[key];
    else return undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/**
 * Follows `$ref` chains from a node found at `at` and returns the final node and its pointer.
 * Throws on a dangling or circular reference.
 */
export function deref(doc: OpenApiDocument, node: unknown, at: string): { node: unknown; pointer: string } {
  let current = node;
  let where = at;
  const seen = new Set<string>();
  while (isObject(current) && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (seen.has(ref)) throw new Error(`Circular $ref '${ref}' (from ${at})`);
    seen.add(ref);
    const target = resolvePointer(doc, ref);
    if (target === undefined) throw new Error(`Dangling $ref '${ref}' (from ${where})`);
    current = target;
    where = ref;
  }
  return { node: current, pointer: where };
}

export interface OperationInfo {
  path: string;
  method: HttpMethod;
  operationId: string | undefined;
  /** Pointer of the operation object, e.g. `#/paths/~1search.php/post`. */
  pointer: string;
  operation: JsonObject;
  /** Declared response status keys in document order. */
  statuses: string[];
}

/** Every operation of the document, in document order. */
export function listOperations(doc: OpenApiDocument): OperationInfo[] {
  const out: OperationInfo[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const responses = isObject(operation.responses) ? operation.responses : {};
      out.push({
        path,
        method,
        operationId: typeof operation.operationId === 'string' ? operation.operationId : undefined,
        pointer: pointer('paths', path, method),
        operation,
        statuses: Object.keys(responses),
      });
    }
  }
  return out;
}

export interface ContractExample {
  kind: 'request' | 'response';
  path: string;
  method: HttpMethod;
  /** Response status key (`'200'`, `'429'`), for response examples. */
  status?: string;
  mediaType: string;
  /** Name in `examples`, or undefined for a single `example`. */
  name: string | undefined;
  summary: string | undefined;
  value: unknown;
  /** Where the example value is (after following `$ref`s). */
  pointer: string;
  /** Pointer of the schema this example must match. */
  schemaPointer: string | undefined;
}

/**
 * Every request and response example of every operation (single `example` and named `examples`,
 * `$ref`s to components/examples and components/responses followed), in document order.
 */
export function collectExamples(doc: OpenApiDocument): ContractExample[] {
  const out: ContractExample[] = [];
  const fromContent = (
    content: unknown,
    contentPointer: string,
    base: Omit<ContractExample, 'mediaType' | 'name' | 'summary' | 'value' | 'pointer' | 'schemaPointer'>,
  ): void => {
    if (!isObject(content)) return;
    for (const [mediaType, media] of Object.entries(content)) {
      if (!isObject(media)) continue;
      const mediaPointer = `${contentPointer}/${pointerSegment(mediaType)}`;
      const schemaPointer = media.schema === undefined ? undefined : `${mediaPointer}/schema`;
      if ('example' in media) {
        out.push({ ...base, mediaType, name: undefined, summary: undefined, value: media.example, pointer: `${mediaPointer}/example`, schemaPointer });
      }
      if (isObject(media.examples)) {
        for (const [name, raw] of Object.entries(media.examples)) {
          const { node, pointer: at } = deref(doc, raw, `${mediaPointer}/examples/${pointerSegment(name)}`);
          if (!isObject(node)) throw new Error(`Example ${at} is not an object`);
          if ('externalValue' in node && !('value' in node)) continue;
          out.push({
            ...base,
            mediaType,
            name,
            summary: typeof node.summary === 'string' ? node.summary : undefined,
            value: node.value,
            pointer: `${at}/value`,
            schemaPointer,
          });
        }
      }
    }
  };
  for (const op of listOperations(doc)) {
    const base = { path: op.path, method: op.method };
    if (op.operation.requestBody !== undefined) {
      const { node, pointer: at } = deref(doc, op.operation.requestBody, `${op.pointer}/requestBody`);
      if (isObject(node)) fromContent(node.content, `${at}/content`, { ...base, kind: 'request' });
    }
    const responses = isObject(op.operation.responses) ? op.operation.responses : {};
    for (const [status, raw] of Object.entries(responses)) {
      const { node, pointer: at } = deref(doc, raw, `${op.pointer}/responses/${pointerSegment(status)}`);
      if (isObject(node)) fromContent(node.content, `${at}/content`, { ...base, kind: 'response', status });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------------------------------

/** Top-level OpenAPI 3.0 document fields: annotations for ajv, so the document can be a schema root. */
const OPENAPI_ROOT_FIELDS = ['openapi', 'info', 'servers', 'paths', 'components', 'security', 'tags', 'externalDocs'];
/** OpenAPI 3.0 Schema Object fields that JSON Schema (draft-07) does not have. `nullable` is native to ajv. */
const OPENAPI_SCHEMA_ANNOTATIONS = ['example', 'xml', 'externalDocs'];

/** ajv-formats' plugin (its CommonJS default export, however the loader presents it). */
export const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv,
  options?: { mode: 'full' | 'fast' },
) => Ajv;

const validators = new WeakMap<OpenApiDocument, ContractValidator>();

/**
 * Builds the validator of a contract (default: openapi.yaml): one ajv instance (strict, allErrors,
 * formats), every component schema and every operation's request/response schema compiled up front,
 * so a contract that strict ajv refuses fails here. Memoised per document.
 */
export function createContractValidator(doc: OpenApiDocument = loadContract()): ContractValidator {
  const cached = validators.get(doc);
  if (cached) return cached;

  const ajv = new Ajv({ strict: true, allErrors: true, verbose: true });
  addFormats(ajv);
  const extensionKeywords = new Set<string>();
  collectExtensionKeys(doc, extensionKeywords);
  for (const keyword of new Set([...OPENAPI_ROOT_FIELDS, ...OPENAPI_SCHEMA_ANNOTATIONS, ...extensionKeywords])) {
    ajv.addKeyword({ keyword });
  }
  ajv.addSchema({ ...doc, $id: CONTRACT_SCHEMA_ID });

  const compiled = new Map<string, ValidateFunction>();
  const compile = (schemaPointer: string): ValidateFunction => {
    let fn = compiled.get(schemaPointer);
    if (!fn) {
      if (resolvePointer(doc, schemaPointer) === undefined) throw new Error(`No schema at ${schemaPointer}`);
      const encoded = schemaPointer.split('/').map((s, i) => (i === 0 ? s : encodeURIComponent(s))).join('/');
      let got: ValidateFunction | undefined;
      try {
        got = ajv.getSchema(CONTRACT_SCHEMA_ID + encoded);
      } catch (error) {
        throw new Error(`The contract schema at ${schemaPointer} does not compile (strict ajv): ${(error as Error).message}`, { cause: error });
      }
      if (!got) throw new Error(`ajv could not resolve ${schemaPointer}`);
      fn = got;
      compiled.set(schemaPointer, fn);
    }
    return fn;
  };
  const check = (schemaPointer: string, value: unknown): ContractError[] => {
    const fn = compile(schemaPointer);
    return fn(value) ? [] : (fn.errors ?? []).map(toContractError);
  };
  // A frozen value (taken as deeply frozen, see deepFreeze.ts) cannot change, so its verdict per
  // schema is kept: the server's cached answers are judged once, not on every send.
  const frozenVerdicts = new WeakMap<object, Map<string, ContractError[]>>();
  const run = (schemaPointer: string, value: unknown): ContractError[] => {
    if (value === null || typeof value !== 'object' || !Object.isFrozen(value)) return check(schemaPointer, value);
    let verdicts = frozenVerdicts.get(value);
    if (!verdicts) frozenVerdicts.set(value, (verdicts = new Map()));
    let errors = verdicts.get(schemaPointer);
    if (!errors) verdicts.set(schemaPointer, (errors = check(schemaPointer, value)));
    return [...errors];
  };

  const operations = listOperations(doc);
  const operation = (path: string, method: string): OperationInfo => {
    const m = method.toLowerCase();
    const op = operations.find((o) => o.path === path && o.method === m);
    if (!op) throw new Error(`The contract has no operation ${method.toUpperCase()} ${path}`);
    return op;
  };
  const matchStatusOf = (op: OperationInfo, status: number): string | undefined => {
    const code = String(status);
    if (op.statuses.includes(code)) return code;
    const range = `${code[0] ?? ''}XX`;
    const found = op.statuses.find((s) => s.toUpperCase() === range);
    if (found) return found;
    return op.statuses.includes('default') ? 'default' : undefined;
  };
  const jsonMedia = (content: unknown): string | undefined => {
    if (!isObject(content)) return undefined;
    const keys = Object.keys(content);
    return keys.find((k) => k === 'application/json') ?? keys.find((k) => /[/+]json\b/.test(k)) ?? keys[0];
  };
  /** The resolved response object of a status key, and the pointer of its JSON body schema (if any). */
  const responseOf = (op: OperationInfo, key: string): { response: JsonObject; pointer: string; schemaPointer: string | undefined } => {
    const { node, pointer: at } = deref(doc, (op.operation.responses as JsonObject)[key], `${op.pointer}/responses/${pointerSegment(key)}`);
    if (!isObject(node)) throw new Error(`Response ${at} is not an object`);
    const media = jsonMedia(node.content);
    const mediaObject = media === undefined ? undefined : (node.content as JsonObject)[media];
    const schemaPointer = media !== undefined && isObject(mediaObject) && mediaObject.schema !== undefined ? `${at}/content/${pointerSegment(media)}/schema` : undefined;
    return { response: node, pointer: at, schemaPointer };
  };
  /** The resolved request body of an operation (if any), and the pointer of its JSON schema. */
  const requestOf = (op: OperationInfo): { requestBody: JsonObject; schemaPointer: string | undefined } | undefined => {
    if (op.operation.requestBody === undefined) return undefined;
    const { node, pointer: at } = deref(doc, op.operation.requestBody, `${op.pointer}/requestBody`);
    if (!isObject(node)) throw new Error(`Request body ${at} is not an object`);
    const media = jsonMedia(node.content);
    const mediaObject = media === undefined ? undefined : (node.content as JsonObject)[media];
    const schemaPointer = media !== undefined && isObject(mediaObject) && mediaObject.schema !== undefined ? `${at}/content/${pointerSegment(media)}/schema` : undefined;
    return { requestBody: node, schemaPointer };
  };

  const validator: ContractValidator = {
    document: doc,

    validateResponse(path, method, status, body, headers) {
      const op = operation(path, method);
      const key = matchStatusOf(op, status);
      if (key === undefined) {
        return fail([{
          path: 'status',
          rule: 'status',
          message: `status ${status} is not declared for ${op.method.toUpperCase()} ${op.path} (declared: ${op.statuses.join(', ')})`,
        }]);
      }
      const { response, pointer: responsePointer, schemaPointer } = responseOf(op, key);
      const errors: ContractError[] = [];
      if (schemaPointer !== undefined) {
        if (body === undefined) {
          errors.push({ path: '', rule: 'body', message: `status ${status} declares a JSON body, but there is none` });
        } else {
          errors.push(...run(schemaPointer, body));
        }
      }

      if (headers !== undefined) {
        const get = headerGetter(headers);
        const contentType = get('content-type');
        if (contentType !== undefined && isObject(response.content)) {
          const declared = Object.keys(response.content);
          const actual = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
          if (declared.length > 0 && !declared.some((d) => d.toLowerCase() === actual)) {
            errors.push({ path: 'header:Content-Type', rule: `content-type ${JSON.stringify(declared.join(', '))}`, message: `content-type '${contentType}' is not declared (declared: ${declared.join(', ')})` });
          }
        }
        const declaredHeaders = isObject(response.headers) ? response.headers : {};
        for (const [name, raw] of Object.entries(declaredHeaders)) {
          if (name.toLowerCase() === 'content-type') continue; // ignored by OpenAPI 3.0
          const { node: header, pointer: headerPointer } = deref(doc, raw, `${responsePointer}/headers/${pointerSegment(name)}`);
          if (!isObject(header)) continue;
          const value = get(name);
          if (value === undefined) {
            if (header.required === true) {
              errors.push({ path: `header:${name}`, rule: 'required', message: `required header ${name} is missing` });
            }
            continue;
          }
          if (header.schema === undefined) continue;
          const schemaPointer = `${headerPointer}/schema`;
          const { node: schema } = deref(doc, header.schema, schemaPointer);
          const coerced = coerceHeader(value, isObject(schema) ? schema.type : undefined);
          const headerErrors = run(schemaPointer, coerced).map((e) => ({
            ...e,
            path: `header:${name}`,
            message: `header ${name} '${value}' ${e.message}`,
          }));
          errors.push(...headerErrors);
        }
      }
      return errors.length === 0 ? { ok: true } : fail(errors);
    },

    validateRequest(path, method, body) {
      const op = operation(path, method);
      const request = requestOf(op);
      if (request === undefined) {
        return body === undefined ? { ok: true } : fail([{ path: '', rule: 'requestBody', message: `${op.method.toUpperCase()} ${op.path} declares no request body` }]);
      }
      if (body === undefined) {
        return request.requestBody.required === true ? fail([{ path: '', rule: 'required', message: 'the request body is required' }]) : { ok: true };
      }
      if (request.schemaPointer === undefined) return { ok: true };
      const errors = run(request.schemaPointer, body);
      return errors.length === 0 ? { ok: true } : fail(errors);
    },

    validateSchema(name, value) {
      if (!isObject(doc.components?.schemas?.[name])) throw new Error(`The contract has no schema components.schemas.${name}`);
      const errors = run(pointer('components', 'schemas', name), value);
      return errors.length === 0 ? { ok: true } : fail(errors);
    },

    validatePointer(schemaPointer, value) {
      const errors = run(schemaPointer, value);
      return errors.length === 0 ? { ok: true } : fail(errors);
    },

    declaredStatuses(path, method) {
      return [...operation(path, method).statuses];
    },

    matchStatus(path, method, status) {
      return matchStatusOf(operation(path, method), status);
    },
  };

  // Compile everything now: strict-mode problems surface when the validator is created.
  for (const name of Object.keys(doc.components?.schemas ?? {})) compile(pointer('components', 'schemas', name));
  for (const op of operations) {
    const requestSchema = requestOf(op)?.schemaPointer;
    if (requestSchema !== undefined) compile(requestSchema);
    for (const key of op.statuses) {
      const { response, pointer: at, schemaPointer } = responseOf(op, key);
      if (schemaPointer !== undefined) compile(schemaPointer);
      for (const name of Object.keys(isObject(response.headers) ? response.headers : {})) {
        const { node: header, pointer: headerPointer } = deref(doc, (response.headers as JsonObject)[name], `${at}/headers/${pointerSegment(name)}`);
        if (isObject(header) && header.schema !== undefined) compile(`${headerPointer}/schema`);
      }
    }
  }

  validators.set(doc, validator);
  return validator;
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

// ---------------------------------------------------------------------------------------------------
// Internals
// ---------------------------------------------------------------------------------------------------

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function fail(errors: ContractError[]): ValidationResult {
  return { ok: false, errors };
}

function toContractError(e: ErrorObject): ContractError {
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

function headerGetter(headers: HeaderBag): (name: string) => string | undefined {
  if (typeof (headers as Headers).get === 'function' && typeof (headers as Headers).has === 'function') {
    const h = headers as Headers;
    return (name) => h.get(name) ?? undefined;
  }
  const lower = new Map<string, string>();
  for (const [k, v] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (v === undefined) continue;
    lower.set(k.toLowerCase(), Array.isArray(v) ? v.join(', ') : v);
  }
  return (name) => lower.get(name.toLowerCase());
}

/** Header values are text; turn them into the JSON type the header schema declares (simple style). */
function coerceHeader(value: string, type: unknown): unknown {
  const text = value.trim();
  switch (type) {
    case 'integer':
      return /^-?[0-9]+$/.test(text) ? Number(text) : text;
    case 'number':
      return text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : text;
    case 'array':
      return text.split(',').map((s) => s.trim());
    default:
      return value;
  }
}

function collectExtensionKeys(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) collectExtensionKeys(item, into);
  } else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-')) into.add(key);
      collectExtensionKeys(value, into);
    }
  }
}

export { deepFreeze };
