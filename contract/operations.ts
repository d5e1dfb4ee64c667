/**
 * The operations of the contract document: listing them, finding one, matching a status to its
 * declared response, and the resolved request and response bodies with their JSON schemas.
 */
import { HTTP_METHODS, isObject, type HttpMethod, type JsonObject, type OpenApiDocument } from './document.js';
import { deref, pointer, pointerSegment } from './navigation.js';

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

/** The operation of a path and method (any case) among `operations`; throws when the contract has none. */
export function findOperation(operations: readonly OperationInfo[], path: string, method: string): OperationInfo {
  const m = method.toLowerCase();
  const op = operations.find((o) => o.path === path && o.method === m);
  if (!op) throw new Error(`The contract has no operation ${method.toUpperCase()} ${path}`);
  return op;
}

/** The response key that a status matches: the exact code, then its range (`4XX`), then `default`; or undefined. */
export function matchStatusKey(op: OperationInfo, status: number): string | undefined {
  const code = String(status);
  if (op.statuses.includes(code)) return code;
  const range = `${code[0] ?? ''}XX`;
  const found = op.statuses.find((s) => s.toUpperCase() === range);
  if (found) return found;
  return op.statuses.includes('default') ? 'default' : undefined;
}

/** A response of an operation, `$ref`s followed, with its pointer and the pointer of its JSON body schema (if any). */
export interface ResolvedResponse {
  response: JsonObject;
  pointer: string;
  schemaPointer: string | undefined;
}

/** The resolved response object of a status key, and the pointer of its JSON body schema (if any). */
export function responseOf(doc: OpenApiDocument, op: OperationInfo, key: string): ResolvedResponse {
  const { node, pointer: at } = deref(doc, (op.operation.responses as JsonObject)[key], `${op.pointer}/responses/${pointerSegment(key)}`);
  if (!isObject(node)) throw new Error(`Response ${at} is not an object`);
  return { response: node, pointer: at, schemaPointer: jsonSchemaPointer(node.content, at) };
}

/** The resolved request body of an operation (if any), and the pointer of its JSON schema. */
export function requestBodyOf(doc: OpenApiDocument, op: OperationInfo): { requestBody: JsonObject; schemaPointer: string | undefined } | undefined {
  if (op.operation.requestBody === undefined) return undefined;
  const { node, pointer: at } = deref(doc, op.operation.requestBody, `${op.pointer}/requestBody`);
  if (!isObject(node)) throw new Error(`Request body ${at} is not an object`);
  return { requestBody: node, schemaPointer: jsonSchemaPointer(node.content, at) };
}

/** The pointer of the JSON media type's schema in a `content` map found at `${at}/content`, if there is one. */
function jsonSchemaPointer(content: unknown, at: string): string | undefined {
  const media = jsonMedia(content);
  const mediaObject = media === undefined ? undefined : (content as JsonObject)[media];
  return media !== undefined && isObject(mediaObject) && mediaObject.schema !== undefined ? `${at}/content/${pointerSegment(media)}/schema` : undefined;
}

/** The JSON media type of a `content` map: `application/json`, else a `+json` one, else the first. */
function jsonMedia(content: unknown): string | undefined {
  if (!isObject(content)) return undefined;
  const keys = Object.keys(content);
  return keys.find((k) => k === 'application/json') ?? keys.find((k) => /[/+]json\b/.test(k)) ?? keys[0];
}
