/**
 * Request validation against openapi.yaml: step (5) of the "Order of checks". One check per API
 * operation, compiled once when the app is built, so a request costs one look at its query string
 * and one ajv call.
 *
 * It replaces express-openapi-validator (EOV 5.6), which matched the path against every operation
 * and copied the request on every call, and gives the same answers as it did with the options the
 * server used (`allowUnknownQueryParameters: false`, `removeAdditional: false`, formats in ajv-formats
 * "full" mode); requestValidation.test.ts compares the two on thousands of requests. What EOV did,
 * and so what this does:
 * - any query parameter is refused (the contract declares none), after EOV's rewrite of bracket keys;
 * - the body is checked with allErrors off (the first error only) and `useDefaults`, which writes the
 *   schema defaults into req.body (search: residency, language, currency, radius, …): the domain and
 *   the request journal see them;
 * - the error names the field and the rule: `request/body/<field> <ajv message>`, and for a query
 *   parameter `request/query/<name> Unknown query parameter '<name>'` (EOV's path `/query/<name>`
 *   came out as `request/body//query/<name>`, which read as nonsense).
 * The operations' header parameters (`Test`, `Idempotency-Key`) are enforced by their own middlewares
 * (scenarioHeader.ts, which matches the `Test` enum exactly, and domain/bookings/
 * idempotency.ts), at their own place in the order of checks and with their own error texts.
 *
 * It fails closed: before compiling anything, `unenforcedContractRules` walks every operation of the
 * contract, and anything in it that no check of the server enforces — an operation other than the
 * POSTs of the served paths, a path, query or cookie parameter, a header parameter other than `Test`
 * and `Idempotency-Key` (or one whose schema differs from what its middleware enforces: the scenario
 * catalogue's values for the endpoint, idempotency.ts's bounds), a security scheme or requirement, a
 * request content type other than application/json — is a startup error naming the operation and
 * the parameter. docs/architecture.md ("Request validation") tells why this and not EOV.
 * One difference, on purpose: EOV looked the operation up in the raw request target, so a target with
 * a fragment (`/search.php#x`, which Express routes to /search.php) was not checked at all.
 */
import type { RequestHandler } from 'express';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import qs from 'qs';
import { FREE_TEXT_PATTERN, freeTextProblem } from '../../domain/freeText.js';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_SCHEMA } from '../../domain/bookings/idempotency.js';
import { parseServiceHash } from '../../domain/rates/serviceHash.js';
import { SCENARIOS, SLOW_DELAY_HEADER, SLOW_DELAY_SCHEMA } from '../../domain/scenarios/catalogue.js';
import { badRequest } from '../../errors.js';
import { isObject, type OpenApiDocument } from '../../../contract/document.js';
import { deref, pointer, resolvePointer } from '../../../contract/navigation.js';
import { CONTRACT_SCHEMA_ID, addFormats, contractSchemaRef } from '../../../contract/schema.js';
import { compiledSchemas, type SchemaProfile } from '../../../contract/schemaCache.js';
import { keptReceivedBody } from './jsonBody.js';

/** `res.locals` key of the request body as received, before the defaults are filled in (keptReceivedBody: read it with receivedValue). */
export const RECEIVED_BODY = 'receivedBody';

/**
 * The request check of each given path's POST operation, by path. Throws when one has no JSON body
 * schema, or when the contract has a rule no check of the server enforces (unenforcedContractRules).
 */
export function requestValidation<P extends string>(document: OpenApiDocument, paths: readonly P[]): Record<P, RequestHandler> {
  const problems = unenforcedContractRules(document, paths);
  if (problems.length > 0) {
    throw new Error(`openapi.yaml has rules the server does not enforce (request validation fails closed):\n- ${problems.join('\n- ')}`);
  }
  const checks = {} as Record<P, RequestHandler>;
  for (const path of paths) checks[path] = requestCheck(compiledBodyValidator(document, path, paths));
  return checks;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The header parameters enforced outside this module, each with the check that its contract schema is what is enforced. */
const HEADER_ENFORCERS: Record<string, (path: string, schema: unknown) => string | undefined> = {
  // scenarioHeader.ts: the catalogue's values that apply to the endpoint, exactly as spelt, 400 otherwise.
  test: (path, schema) => {
    const allowed = SCENARIOS.filter((scenario) => (scenario.appliesTo as readonly string[]).includes(path)).map((scenario) => scenario.name);
    if (allowed.length === 0) return 'scenarioHeader.ts has no scenario for this path';
    const declared = isObject(schema) && Array.isArray(schema.enum) ? schema.enum : undefined;
    const same = isObject(schema) && schema.type === 'string' && declared && declared.length === allowed.length && allowed.every((name) => declared.includes(name));
    const rest = isObject(schema) ? Object.keys(schema).filter((key) => key !== 'type' && key !== 'enum') : [];
    if (!same || rest.length > 0) return `scenarioHeader.ts enforces {type: string, enum: [${allowed.join(', ')}]} here`;
    return undefined;
  },
  // scenarioHeader.ts: the delay of `Test: slow` (catalogue.ts chooseSlowDelay), on every path the header applies to.
  [SLOW_DELAY_HEADER.toLowerCase()]: (_path, schema) => {
    const same = isObject(schema) && JSON.stringify(Object.entries(schema).sort()) === JSON.stringify(Object.entries(SLOW_DELAY_SCHEMA).sort());
    return same ? undefined : `scenarioHeader.ts enforces ${JSON.stringify(SLOW_DELAY_SCHEMA)}`;
  },
  // domain/bookings/idempotency.ts: read by booking start only.
  [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: (path, schema) => {
    if (path !== '/booking.php') return 'idempotency.ts reads it on /booking.php only';
    const same = isObject(schema) && JSON.stringify(Object.entries(schema).sort()) === JSON.stringify(Object.entries(IDEMPOTENCY_KEY_SCHEMA).sort());
    return same ? undefined : `idempotency.ts enforces ${JSON.stringify(IDEMPOTENCY_KEY_SCHEMA)}`;
  },
};

/**
 * Everything in the contract's operations that the server's request checks would not enforce, one
 * line each naming the operation (and parameter); empty when everything is enforced.
 */
export function unenforcedContractRules(document: OpenApiDocument, paths: readonly string[]): string[] {
  const problems: string[] = [];
  const resolved = (node: unknown, at: string) => deref(document, node, at).node;
  const components = isObject(document.components) ? document.components : {};
  if (isObject(components.securitySchemes) && Object.keys(components.securitySchemes).length > 0) {
    problems.push(`security schemes ${Object.keys(components.securitySchemes).join(', ')}: none is enforced (the API key is the body's apikey)`);
  }
  if (Array.isArray(document.security) && document.security.length > 0) problems.push('top-level security requirement: not enforced');
  const pathItems = isObject(document.paths) ? document.paths : {};
  for (const [path, rawItem] of Object.entries(pathItems)) {
    const item = resolved(rawItem, pointer('paths', path));
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = resolved(item[method], pointer('paths', path, method));
      if (!isObject(operation)) continue;
      const name = `${method.toUpperCase()} ${path}`;
      if (method !== 'post' || !paths.includes(path)) {
        problems.push(`${name}: the server has no request check for this operation (it checks POST on ${paths.join(', ')})`);
        continue;
      }
      if (Array.isArray(operation.security) && operation.security.length > 0) problems.push(`${name}: security requirement not enforced`);
      const parameters = [
        ...(Array.isArray(item.parameters) ? item.parameters.map((parameter, index) => resolved(parameter, pointer('paths', path, 'parameters', index))) : []),
        ...(Array.isArray(operation.parameters) ? operation.parameters.map((parameter, index) => resolved(parameter, pointer('paths', path, method, 'parameters', index))) : []),
      ];
      for (const parameter of parameters) {
        if (!isObject(parameter)) continue;
        const label = `${name}: parameter '${String(parameter.name)}' in ${String(parameter.in)}`;
        const enforcer = parameter.in === 'header' ? HEADER_ENFORCERS[String(parameter.name).toLowerCase()] : undefined;
        if (!enforcer) {
          problems.push(`${label} is not enforced (the server checks the JSON body and the headers Test, Test-Delay-Ms and Idempotency-Key only)`);
          continue;
        }
        const schema = resolved(parameter.schema, pointer('paths', path, method, 'parameters'));
        const mismatch = parameter.required === true ? 'required, but its middleware lets a request without it through' : enforcer(path, schema);
        if (mismatch) problems.push(`${label} is not enforced as declared: ${mismatch}`);
      }
      const body = resolved(operation.requestBody, pointer('paths', path, method, 'requestBody'));
      const types = isObject(body) && isObject(body.content) ? Object.keys(body.content) : [];
      for (const type of types) {
        if (type !== 'application/json') problems.push(`${name}: request content type ${type} is not accepted (apiPipeline.ts requireJson takes application/json only)`);
      }
    }
  }
  return problems;
}

/**
 * One ajv per contract document (loadContract memoises and freezes it), its body validators compiled
 * on first use: every app built in a process (tests build hundreds) shares them, as they hold no
 * state between calls. For a contract file, the validators of the served paths are read back from
 * the start-up cache (contract/schemaCache.ts) instead of compiled.
 */
const compiled = new WeakMap<OpenApiDocument, { ajv: Ajv | undefined; validators: Map<string, ValidateFunction> }>();

function compiledBodyValidator(document: OpenApiDocument, path: string, paths: readonly string[]): ValidateFunction {
  let entry = compiled.get(document);
  if (!entry) {
    const byPointer = compiledSchemas(document, paths.map((served) => bodySchemaPointer(document, served)), requestSchemaProfile(document));
    const validators = new Map<string, ValidateFunction>();
    if (byPointer) for (const served of paths) validators.set(served, byPointer.get(bodySchemaPointer(document, served)) as ValidateFunction);
    compiled.set(document, (entry = { ajv: undefined, validators }));
  }
  let validate = entry.validators.get(path);
  if (!validate) {
    entry.ajv ??= requestAjv(document);
    const at = bodySchemaPointer(document, path);
    const got = entry.ajv.getSchema(contractSchemaRef(at));
    if (!got) throw new Error(`${path}: ajv could not resolve ${at}`);
    entry.validators.set(path, (validate = got));
  }
  return validate;
}

/** How the start-up cache compiles the request checks' schemas: their own ajv (EOV's options). */
export function requestSchemaProfile(document: OpenApiDocument): SchemaProfile {
  return { name: 'requests', modules: [import.meta.url], createAjv: (source) => requestAjv(document, source), ref: contractSchemaRef };
}

function requestAjv(document: OpenApiDocument, source = false): Ajv {
  const ajv = new Ajv({
    // EOV's request options: defaults written into the body, no coercion, nothing removed, first error only.
    strict: false,
    strictNumbers: true,
    strictTuples: true,
    allowUnionTypes: false,
    validateSchema: false,
    coerceTypes: false,
    useDefaults: true,
    removeAdditional: false,
    allErrors: false,
    ...(source ? { code: { source: true } } : {}),
  });
  addFormats(ajv, { mode: 'full' });
  // The whole document as one schema, so the contract's own `#/components/...` references resolve.
  ajv.addSchema({ ...withPropertyDefaults(document), $id: CONTRACT_SCHEMA_ID });
  return ajv;
}

/**
 * The document as the request check compiles it: a property that is a `$ref` to a schema with a
 * `default` gets that default beside the `$ref`. The contract writes such defaults in the component
 * (`ResidencyCode`, `RequestCurrency`, …), where code generators keep them, but ajv's `useDefaults`
 * only applies a `default` written in the `properties` entry itself. The contract is not changed.
 */
export function withPropertyDefaults(document: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(document);
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    if (isObject(node.properties)) {
      for (const property of Object.values(node.properties)) {
        if (!isObject(property) || typeof property.$ref !== 'string' || 'default' in property) continue;
        const target = deref(copy, property, '#').node;
        if (isObject(target) && 'default' in target) property.default = structuredClone(target.default);
      }
    }
    Object.values(node).forEach(visit);
  };
  visit(copy);
  return copy;
}

/** The pointer of the application/json request body schema of a path's POST (throws when there is none). */
export function bodySchemaPointer(document: OpenApiDocument, path: string): string {
  const at = pointer('paths', path, 'post', 'requestBody');
  const { node: requestBody, pointer: bodyAt } = deref(document, resolvePointer(document, at), at);
  const content = isObject(requestBody) && isObject(requestBody.content) ? requestBody.content['application/json'] : undefined;
  if (!isObject(content) || !isObject(content.schema)) throw new Error(`${path}: no application/json request body schema in the contract`);
  return `${bodyAt}/content/application~1json/schema`;
}

function requestCheck(validate: ValidateFunction): RequestHandler {
  return (req, res, next) => {
    // The body as the client sent it, before useDefaults fills the schema defaults in: the request
    // journal shows this (journalRecorder.ts), not what the server made of it.
    res.locals[RECEIVED_BODY] = keptReceivedBody(req);
    const query = req.query;
    // Express 5 parses req.query anew at every read: the journal must see the rewritten one.
    if (Object.keys(query).length > 0) Object.defineProperty(req, 'query', { value: query, writable: true, enumerable: true, configurable: true });
    const unknown = firstQueryParameter(query);
    if (unknown !== undefined) return next(badRequest(`request/query/${unknown} Unknown query parameter '${unknown}'`));
    if (validate(req.body)) return next();
    next(badRequest(withoutAnyOfBranches(validate.errors ?? []).map((error) => errorText(error, req.body)).join('; ') || 'Invalid request'));
  };
}

/**
 * An `anyOf` that no branch matched reads as its last branch's error, the broadest one (`currency`:
 * `must match pattern "^[A-Za-z]{3}$"`), not as every branch's error and ajv's "must match a schema in anyOf".
 */
function withoutAnyOfBranches(errors: readonly ErrorObject[]): ErrorObject[] {
  // ajv lists an anyOf's branch errors (at its data path or below) just before the anyOf's own error.
  const within = (error: ErrorObject, anyOf: ErrorObject) => error.instancePath === anyOf.instancePath || error.instancePath.startsWith(`${anyOf.instancePath}/`);
  const kept: ErrorObject[] = [];
  for (const error of errors) {
    if (error.keyword !== 'anyOf') {
      kept.push(error);
      continue;
    }
    let branches = 0;
    while (kept.length > branches && within(kept[kept.length - 1 - branches]!, error)) branches += 1;
    const last = branches > 0 ? kept[kept.length - 1] : undefined;
    kept.splice(kept.length - branches, branches, last ?? error);
  }
  return kept;
}

/**
 * The first query parameter left after EOV's bracket rewrite (its BracketNotationHandler): a key that
 * still holds a `[` after Express's parse is parsed again on its own with qs, replaced by what that
 * gives under the name before the `[`, or dropped when it gives nothing there. EOV changed req.query
 * so, and the request journal records req.query, so this does too.
 */
function firstQueryParameter(query: Record<string, unknown>): string | undefined {
  const keys = Object.keys(query);
  if (keys.length === 0) return undefined;
  for (const key of keys) {
    if (!key.includes('[')) continue;
    const name = key.slice(0, key.indexOf('['));
    const parsed: Record<string, unknown> = qs.parse(`${key}=${String(query[key])}`);
    const value = parsed[name];
    if (value !== undefined) {
      const existing = query[name];
      const merge = existing && typeof existing === 'object' && typeof value === 'object' && !Array.isArray(value);
      query[name] = merge ? { ...existing, ...value } : value;
    }
    delete query[key];
  }
  return Object.keys(query)[0];
}

/**
 * EOV's wording of one ajv error, as the error handler turned it into text: the data path under
 * `request/body` (for a missing property the object that lacks it; for an extra one the property),
 * then ajv's message (for an enum with the allowed values).
 */
function errorText(error: ErrorObject, body: unknown): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string; allowedValues?: unknown[] };
  let message = error.message ?? 'is invalid';
  const instancePath = `/body${error.instancePath}`;
  if (error.keyword === 'enum' && params.allowedValues) message = `${message}: ${params.allowedValues.join(', ')}${caseHint(params.allowedValues, valueAt(body, error.instancePath))}`;
  // The free-text rule (domain/freeText.ts: `pattern` for control characters, `not` for bidi controls)
  // names the field and the character rather than the pattern.
  if ((error.keyword === 'pattern' && (error.params as { pattern?: string }).pattern === FREE_TEXT_PATTERN) || error.keyword === 'not') {
    const field = error.instancePath.replace(/^\//, '');
    const value = valueAt(body, error.instancePath);
    const problem = typeof value === 'string' ? freeTextProblem(field, value, false) : undefined;
    if (problem) return `request/body/${field} ${problem}`;
  }
  // A service_hash off the ServiceHash pattern gets booking start's own reason (domain/rates/serviceHash.ts).
  if (error.keyword === 'pattern' && error.instancePath === '/service_hash') {
    const value = (body as Record<string, unknown> | undefined)?.service_hash;
    const parsed = typeof value === 'string' ? parseServiceHash(value) : undefined;
    if (typeof value === 'string' && parsed && !parsed.ok) return `Invalid service_hash '${value}': ${parsed.reason}`;
  }
  // `&&` and `??` as EOV combined them: an empty property name gives an empty path.
  const required = params.missingProperty && `${instancePath}/${params.missingProperty}`;
  const additional = params.additionalProperty && `${instancePath}/${params.additionalProperty}`;
  let field = (required ?? additional ?? instancePath).replace(/^\/?body\/?/, '');
  if (message.startsWith('must have required property')) field = field.split('/').slice(0, -1).join('/');
  return `${field ? `request/body/${field}` : 'request/body'} ${message}`;
}

/** The value at an ajv instance path (`/star_rating/0`) of the body. */
function valueAt(body: unknown, instancePath: string): unknown {
  return instancePath.split('/').slice(1).reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], body);
}

/** Enums are exact (ISO 4217 codes upper case, the rest lower case): a value in another case is told the right spelling. */
function caseHint(allowed: readonly unknown[], value: unknown): string {
  if (typeof value !== 'string') return '';
  const spelling = allowed.find((candidate): candidate is string => typeof candidate === 'string' && candidate !== value && candidate.toLowerCase() === value.toLowerCase());
  return spelling === undefined ? '' : ` ('${value}' is spelt '${spelling}')`;
}
