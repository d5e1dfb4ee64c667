/**
 * The contract as one ajv schema: how the OpenAPI 3.0 document becomes something ajv can compile
 * (strict mode, all errors, formats), and its schema nodes compiled by JSON pointer.
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
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { isObject, type OpenApiDocument } from './document.js';
import { resolvePointer } from './navigation.js';
import { compiledSchemas } from './schemaCache.js';
import { toContractError, type ContractError } from './validationErrors.js';

/** The `$id` under which the whole document is registered with ajv. */
export const CONTRACT_SCHEMA_ID = 'https://hotel-booking.reference-kit/openapi.yaml';

/** Top-level OpenAPI 3.0 document fields: annotations for ajv, so the document can be a schema root. */
const OPENAPI_ROOT_FIELDS = ['openapi', 'info', 'servers', 'paths', 'components', 'security', 'tags', 'externalDocs'];
/** OpenAPI 3.0 Schema Object fields that JSON Schema (draft-07) does not have. `nullable` is native to ajv. */
const OPENAPI_SCHEMA_ANNOTATIONS = ['example', 'xml', 'externalDocs'];

/** ajv-formats' plugin (its CommonJS default export, however the loader presents it). */
export const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv,
  options?: { mode: 'full' | 'fast' },
) => Ajv;

/** The schema nodes of one document, each compiled once (by one strict ajv instance) when first used. */
export interface SchemaChecker {
  /** The compiled schema at a JSON pointer; throws when there is none, or when strict ajv refuses it. */
  compile(schemaPointer: string): ValidateFunction;
  /** The errors of a value against the schema at a JSON pointer (none: valid). */
  check(schemaPointer: string, value: unknown): ContractError[];
}

/** The reference of a schema node of the document in ajv: its `$id` and the pointer, each segment URI-encoded. */
export function contractSchemaRef(schemaPointer: string): string {
  return CONTRACT_SCHEMA_ID + schemaPointer.split('/').map((s, i) => (i === 0 ? s : encodeURIComponent(s))).join('/');
}

/**
 * One ajv instance (strict, allErrors, formats) holding the whole document, and its schemas by
 * pointer. The `precompiled` pointers are read back from the start-up cache when the document is
 * a contract file's (schemaCache.ts); ajv itself is made only for a schema compiled here.
 */
export function createSchemaChecker(doc: OpenApiDocument, precompiled: readonly string[] = []): SchemaChecker {
  let ajv: Ajv | undefined;
  const compiled = (precompiled.length > 0 && compiledSchemas(doc, precompiled, {
    name: 'contract',
    modules: [import.meta.url],
    createAjv: (source) => contractAjv(doc, source),
    ref: contractSchemaRef,
  })) || new Map<string, ValidateFunction>();
  const compile = (schemaPointer: string): ValidateFunction => {
    let fn = compiled.get(schemaPointer);
    if (!fn) {
      if (resolvePointer(doc, schemaPointer) === undefined) throw new Error(`No schema at ${schemaPointer}`);
      let got: ValidateFunction | undefined;
      try {
        ajv ??= contractAjv(doc);
        got = ajv.getSchema(contractSchemaRef(schemaPointer));
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
  return { compile, check: run };
}

/** A strict ajv instance with the formats, the OpenAPI annotation keywords and the document under {@link CONTRACT_SCHEMA_ID}. */
function contractAjv(doc: OpenApiDocument, source = false): Ajv {
  const ajv = new Ajv({ strict: true, allErrors: true, verbose: true, ...(source ? { code: { source: true } } : {}) });
  addFormats(ajv);
  const extensionKeywords = new Set<string>();
  collectExtensionKeys(doc, extensionKeywords);
  for (const keyword of new Set([...OPENAPI_ROOT_FIELDS, ...OPENAPI_SCHEMA_ANNOTATIONS, ...extensionKeywords])) {
    ajv.addKeyword({ keyword });
  }
  ajv.addSchema({ ...doc, $id: CONTRACT_SCHEMA_ID });
  return ajv;
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
