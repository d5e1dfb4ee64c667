/**
 * The two layers of the contract. openapi.yaml is the reference server's full contract; where one of
 * its constraints is the reference's own choice (not something the API description guarantees), the
 * node carries a marker naming the keyword:
 *
 *     pattern: '^[0-9]+\.[0-9]{2}$'
 *     x-reference-constraint:
 *       pattern:                      # the keyword of this node that is a reference choice
 *         why: money is "decimal text"
 *         spec: '^[0-9]+(\.[0-9]+)?$' # optional: what the description does guarantee
 *
 * A marker value that is plain text drops the keyword; `{ why, spec }` replaces it by `spec`. The
 * spec-level contract is openapi.yaml with every marked constraint dropped or replaced: the `spec`
 * profile judges responses by it, the `reference` profile by the full contract.
 */
import { deepFreeze } from '../../contract/deepFreeze.js';
import { isObject, loadContract, type JsonObject, type OpenApiDocument } from '../../contract/document.js';
import { pointerSegment } from '../../contract/navigation.js';

export const REFERENCE_MARKER = 'x-reference-constraint';

/** One constraint the spec-level contract does not have (or has in a weaker form). */
export interface ReferenceConstraint {
  /** JSON pointer of the node that carries the marker, e.g. `#/components/schemas/Money`. */
  pointer: string;
  keyword: string;
  why: string;
  /** The full contract's value of the keyword. */
  reference: unknown;
  /** The spec-level value, or undefined when the keyword is dropped. */
  spec: unknown;
}

/** Every marked constraint of a document, in document order. Throws on a malformed marker. */
export function referenceConstraints(doc: OpenApiDocument): ReferenceConstraint[] {
  const found: ReferenceConstraint[] = [];
  walk(doc, '#', (node, at) => {
    const marker = node[REFERENCE_MARKER];
    if (marker === undefined) return;
    if (!isObject(marker)) throw new Error(`${at}/${REFERENCE_MARKER} must map keywords to reasons`);
    for (const [keyword, value] of Object.entries(marker)) {
      if (!(keyword in node)) throw new Error(`${at}/${REFERENCE_MARKER} marks '${keyword}', which the node does not have`);
      const replaced = isObject(value) && 'spec' in value;
      const why = typeof value === 'string' ? value : isObject(value) && typeof value.why === 'string' ? value.why : undefined;
      if (why === undefined || why.trim() === '') throw new Error(`${at}/${REFERENCE_MARKER}/${keyword} gives no reason`);
      found.push({ pointer: at, keyword, why, reference: node[keyword], spec: replaced ? value.spec : undefined });
    }
  });
  return found;
}

const derived = new WeakMap<OpenApiDocument, OpenApiDocument>();

/** The spec-level contract of a document (default: openapi.yaml): marked constraints dropped or replaced. Memoised, frozen. */
export function specLevelContract(doc: OpenApiDocument = loadContract()): OpenApiDocument {
  let spec = derived.get(doc);
  if (!spec) {
    const copy = structuredClone(doc);
    walk(copy, '#', (node) => {
      const marker = node[REFERENCE_MARKER];
      if (!isObject(marker)) return;
      for (const [keyword, value] of Object.entries(marker)) {
        if (isObject(value) && 'spec' in value) node[keyword] = structuredClone(value.spec);
        else delete node[keyword];
      }
    });
    spec = deepFreeze(copy);
    derived.set(doc, spec);
  }
  return spec;
}

function walk(node: unknown, at: string, visit: (node: JsonObject, at: string) => void): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => walk(item, `${at}/${i}`, visit));
  } else if (isObject(node)) {
    visit(node, at);
    for (const [key, value] of Object.entries(node)) {
      if (key !== REFERENCE_MARKER) walk(value, `${at}/${pointerSegment(key)}`, visit);
    }
  }
}
