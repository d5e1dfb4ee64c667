/**
 * The headers of a response against the operation's declared response: its content type and every
 * declared header (required ones present, present ones valid against their schema).
 */
import { isObject, type JsonObject, type OpenApiDocument } from './document.js';
import { deref, pointerSegment } from './navigation.js';
import type { ResolvedResponse } from './operations.js';
import type { SchemaChecker } from './schema.js';
import type { ContractError } from './validationErrors.js';

export type HeaderBag = Headers | Record<string, string | string[] | undefined>;

/**
 * The errors of the given headers: a `content-type` that is given must be a declared media type,
 * every declared required header must be present, and every declared header that is present must
 * be valid (e.g. 429 `Retry-After` integer). `Content-Type` as a declared header is ignored (OpenAPI 3.0).
 */
export function checkResponseHeaders(doc: OpenApiDocument, declared: ResolvedResponse, headers: HeaderBag, schemas: SchemaChecker): ContractError[] {
  const get = headerGetter(headers);
  const errors = contentTypeErrors(declared.response, get('content-type'));
  const declaredHeaders = isObject(declared.response.headers) ? declared.response.headers : {};
  for (const [name, raw] of Object.entries(declaredHeaders)) {
    if (name.toLowerCase() === 'content-type') continue; // ignored by OpenAPI 3.0
    const { node: header, pointer: headerPointer } = deref(doc, raw, `${declared.pointer}/headers/${pointerSegment(name)}`);
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
    const headerErrors = schemas.check(schemaPointer, coerced).map((e) => ({
      ...e,
      path: `header:${name}`,
      message: `header ${name} '${value}' ${e.message}`,
    }));
    errors.push(...headerErrors);
  }
  return errors;
}

function contentTypeErrors(response: JsonObject, contentType: string | undefined): ContractError[] {
  if (contentType === undefined || !isObject(response.content)) return [];
  const declared = Object.keys(response.content);
  const actual = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (declared.length === 0 || declared.some((d) => d.toLowerCase() === actual)) return [];
  return [{ path: 'header:Content-Type', rule: `content-type ${JSON.stringify(declared.join(', '))}`, message: `content-type '${contentType}' is not declared (declared: ${declared.join(', ')})` }];
}

export function headerGetter(headers: HeaderBag): (name: string) => string | undefined {
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
export function coerceHeader(value: string, type: unknown): unknown {
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
