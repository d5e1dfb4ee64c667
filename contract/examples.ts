/**
 * The examples of the contract: every request and response example of every operation, with the
 * pointer of the schema each must match (used by the contract tests, the Prism test and the kit).
 */
import { isObject, type HttpMethod, type OpenApiDocument } from './document.js';
import { deref, pointerSegment } from './navigation.js';
import { listOperations } from './operations.js';

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
