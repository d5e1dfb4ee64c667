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
 * The operations' header parameters (`Test`, `Idempotency-Key`) are left to their own middlewares
 * (scenarioHeader.ts, which matches the `Test` enum case-insensitively, and domain/bookings/
 * idempotency.ts), as when they were plain strings for EOV; the contract has no security schemes.
 * One difference, on purpose: EOV looked the operation up in the raw request target, so a target with
 * a fragment (`/search.php#x`, which Express routes to /search.php) was not checked at all.
 */
import type { RequestHandler } from 'express';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import qs from 'qs';
import { FREE_TEXT_PATTERN, freeTextProblem } from '../domain/freeText.js';
import { badRequest } from '../errors.js';
import { CONTRACT_SCHEMA_ID, addFormats, deref, isObject, pointer, resolvePointer, type OpenApiDocument } from '../../conformance/contract/schema.js';

/** `res.locals` key of the request body as received, before the defaults are filled in. */
export const RECEIVED_BODY = 'receivedBody';

/** The request check of each given path's POST operation, by path. Throws when one has no JSON body schema. */
export function requestValidation<P extends string>(document: OpenApiDocument, paths: readonly P[]): Record<P, RequestHandler> {
  const checks = {} as Record<P, RequestHandler>;
  for (const path of paths) checks[path] = requestCheck(compiledBodyValidator(document, path));
  return checks;
}

/**
 * One ajv per contract document (loadContract memoises and freezes it), its body validators compiled
 * on first use: every app built in a process (tests build hundreds) shares them, as they hold no
 * state between calls.
 */
const compiled = new WeakMap<OpenApiDocument, { ajv: Ajv; validators: Map<string, ValidateFunction> }>();

function compiledBodyValidator(document: OpenApiDocument, path: string): ValidateFunction {
  let entry = compiled.get(document);
  if (!entry) compiled.set(document, (entry = { ajv: requestAjv(document), validators: new Map() }));
  let validate = entry.validators.get(path);
  if (!validate) entry.validators.set(path, (validate = bodyValidator(entry.ajv, document, path)));
  return validate;
}

function requestAjv(document: OpenApiDocument): Ajv {
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
  });
  addFormats(ajv, { mode: 'full' });
  // The whole document as one schema, so the contract's own `#/components/...` references resolve.
  ajv.addSchema({ ...document, $id: CONTRACT_SCHEMA_ID });
  return ajv;
}

function bodyValidator(ajv: Ajv, document: OpenApiDocument, path: string): ValidateFunction {
  const at = pointer('paths', path, 'post', 'requestBody');
  const { node: requestBody, pointer: bodyAt } = deref(document, resolvePointer(document, at), at);
  const content = isObject(requestBody) && isObject(requestBody.content) ? requestBody.content['application/json'] : undefined;
  if (!isObject(content) || !isObject(content.schema)) throw new Error(`${path}: no application/json request body schema in the contract`);
  const schemaAt = `${bodyAt}/content/application~1json/schema`;
  const validate = ajv.getSchema(CONTRACT_SCHEMA_ID + schemaAt);
  if (!validate) throw new Error(`${path}: ajv could not resolve ${schemaAt}`);
  return validate;
}

function requestCheck(validate: ValidateFunction): RequestHandler {
  return (req, res, next) => {
    // The body as the client sent it, before useDefaults fills the schema defaults in: the request
    // journal shows this (journalRecorder.ts), not what the server made of it.
    res.locals[RECEIVED_BODY] = structuredClone(req.body as unknown);
    const unknown = firstQueryParameter(req.query);
    if (unknown !== undefined) return next(badRequest(`request/query/${unknown} Unknown query parameter '${unknown}'`));
    if (validate(req.body)) return next();
    next(badRequest((validate.errors ?? []).map((error) => errorText(error, req.body)).join('; ') || 'Invalid request'));
  };
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
  if (error.keyword === 'enum' && params.allowedValues) message = `${message}: ${params.allowedValues.join(', ')}`;
  const instancePath = `/body${error.instancePath}`;
  // The free-text rule (domain/freeText.ts) names the field and the character rather than the pattern.
  if (error.keyword === 'pattern' && (error.params as { pattern?: string }).pattern === FREE_TEXT_PATTERN) {
    const field = error.instancePath.replace(/^\//, '');
    const value = error.instancePath.split('/').slice(1).reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], body);
    const problem = typeof value === 'string' ? freeTextProblem(field, value, false) : undefined;
    if (problem) return `request/body/${field} ${problem}`;
  }
  // `&&` and `??` as EOV combined them: an empty property name gives an empty path.
  const required = params.missingProperty && `${instancePath}/${params.missingProperty}`;
  const additional = params.additionalProperty && `${instancePath}/${params.additionalProperty}`;
  let field = (required ?? additional ?? instancePath).replace(/^\/?body\/?/, '');
  if (message.startsWith('must have required property')) field = field.split('/').slice(0, -1).join('/');
  return `${field ? `request/body/${field}` : 'request/body'} ${message}`;
}
