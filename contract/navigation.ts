/**
 * JSON pointers into the contract document: building them, resolving them, and following `$ref`
 * chains (shared by the validators, the tests and the conformance kit).
 */
import { isObject, type OpenApiDocument } from './document.js';

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

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
