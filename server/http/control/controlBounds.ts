/**
 * The bounds server/control-api.yaml states on its request bodies, enforced: a string longer than its
 * `maxLength` (counted in characters, as JSON Schema counts) or a number outside its `minimum`/
 * `maximum` gets 400 naming the field and the bound, before the key is judged, so no handler and no
 * key comparison ever sees an unbounded value. Derived from the contract once, when the router is
 * built, so the file and the server cannot drift. Types, enums and the rest stay with the handlers,
 * which name them in their own words.
 */
import type { RequestHandler } from 'express';
import { CONTROL_CONTRACT_PATH, isObject, loadContract, type OpenApiDocument } from '../../../contract/document.js';
import { deref, pointer } from '../../../contract/navigation.js';
import { badRequest } from '../../errors.js';

interface Bound {
  field: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

const numberOr = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** The bounds of each POST path's JSON body properties, by path (`/pay`). */
export function controlBodyBoundsOf(document: OpenApiDocument): Map<string, Bound[]> {
  const byPath = new Map<string, Bound[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    const at = pointer('paths', path, 'post', 'requestBody');
    const operation = isObject(item) ? item.post : undefined;
    if (!isObject(operation) || operation.requestBody === undefined) continue;
    const body = deref(document, operation.requestBody, at).node;
    const media = isObject(body) && isObject(body.content) ? body.content['application/json'] : undefined;
    const schema = isObject(media) ? deref(document, media.schema, `${at}/content`).node : undefined;
    if (!isObject(schema) || !isObject(schema.properties)) continue;
    const bounds: Bound[] = [];
    for (const [field, raw] of Object.entries(schema.properties)) {
      const property = deref(document, raw, `${at}/properties`).node;
      if (!isObject(property)) continue;
      const bound = { field, maxLength: numberOr(property.maxLength), minimum: numberOr(property.minimum), maximum: numberOr(property.maximum) };
      if (bound.maxLength !== undefined || bound.minimum !== undefined || bound.maximum !== undefined) bounds.push(bound);
    }
    byPath.set(path, bounds);
  }
  return byPath;
}

/** What is wrong with `value` under `bound`, or undefined. */
function broken(bound: Bound, value: unknown): string | undefined {
  if (typeof value === 'string' && bound.maxLength !== undefined && Array.from(value).length > bound.maxLength) {
    return `'${bound.field}' must be at most ${bound.maxLength} characters`;
  }
  if (typeof value === 'number' && bound.minimum !== undefined && value < bound.minimum) return `'${bound.field}' must be at least ${bound.minimum}`;
  if (typeof value === 'number' && bound.maximum !== undefined && value > bound.maximum) return `'${bound.field}' must be at most ${bound.maximum}`;
  return undefined;
}

/** 400 for a body property outside its control-api.yaml bound; runs after requireObjectBody. */
export function controlBodyBounds(document: OpenApiDocument = loadContract(CONTROL_CONTRACT_PATH)): RequestHandler {
  const byPath = controlBodyBoundsOf(document);
  return (req, _res, next) => {
    const body = req.body as unknown;
    if (!isObject(body)) return next();
    for (const bound of byPath.get(req.path) ?? []) {
      const problem = broken(bound, body[bound.field]);
      if (problem) return next(badRequest(problem));
    }
    next();
  };
}
