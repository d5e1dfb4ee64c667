/**
 * OpenAPI `links`, read from the contract and walked generically: every link of an operation's
 * 2xx responses names the operation it leads to (`operationId`) and how to fill its request from
 * the exchange at hand, with runtime expressions (`{$response.body#/hotels/0/id}`,
 * `$request.body#/apikey`, `$response.header.X`, `$statusCode`, ...). The walk starts from one
 * exchange, follows every link of every answer it gets (breadth first, each link once, so it ends
 * after at most as many calls as the contract has links) and reports what each linked call got.
 * Nothing here knows the API's operations: a new operation with links is walked as it stands in the
 * contract.
 */
import { isObject, type OpenApiDocument } from '../../contract/document.js';
import { listOperations, type OperationInfo } from '../../contract/operations.js';

/** One link of a response of an operation. */
export interface ContractLink {
  /** operationId of the operation whose response carries the link. */
  from: string;
  /** The response status key it is declared under (`200`, `2XX`, `default`). */
  status: string;
  name: string;
  /** operationId of the operation it leads to. */
  to: string;
  requestBody?: unknown;
  /** `parameters` of the link: name (or `header.Name`, `query.name`, …) → value or expression. */
  parameters: Readonly<Record<string, unknown>>;
  description?: string;
}

/** What runtime expressions are evaluated against: one request and its answer. */
export interface LinkSource {
  method: string;
  url: string;
  request: { headers: Readonly<Record<string, string>>; body: unknown };
  response: { status: number; headers: Headers | Readonly<Record<string, string>>; body: unknown };
}

/** A link's request, filled from a source; `missing` names each expression that reached no value. */
export interface FilledRequest {
  body: unknown;
  headers: Record<string, string>;
  query: Record<string, string>;
  missing: string[];
}

/** Every link of every 2xx (or `2XX`/`default`) response, in document order. */
export function contractLinks(doc: OpenApiDocument): ContractLink[] {
  const out: ContractLink[] = [];
  for (const op of listOperations(doc)) {
    if (!op.operationId) continue;
    const responses = isObject(op.operation.responses) ? op.operation.responses : {};
    for (const [status, response] of Object.entries(responses)) {
      if (!/^(2\d\d|2XX|default)$/.test(status)) continue;
      const resolved = resolveRef(doc, response);
      const links = isObject(resolved) && isObject(resolved.links) ? resolved.links : {};
      for (const [name, raw] of Object.entries(links)) {
        const link = resolveRef(doc, raw);
        if (!isObject(link) || typeof link.operationId !== 'string') continue;
        out.push({
          from: op.operationId,
          status,
          name,
          to: link.operationId,
          ...(link.requestBody === undefined ? {} : { requestBody: link.requestBody }),
          parameters: isObject(link.parameters) ? link.parameters : {},
          ...(typeof link.description === 'string' ? { description: link.description } : {}),
        });
      }
    }
  }
  return out;
}

/** The operation with this operationId. */
export function operationById(doc: OpenApiDocument, operationId: string): OperationInfo | undefined {
  return listOperations(doc).find((op) => op.operationId === operationId);
}

function resolveRef(doc: OpenApiDocument, node: unknown): unknown {
  let current = node;
  for (let depth = 0; depth < 16 && isObject(current) && typeof current.$ref === 'string'; depth++) {
    current = jsonPointer(doc, current.$ref.replace(/^#/, ''));
  }
  return current;
}

/** The value at a JSON pointer (`/hotels/0/id`; `~1` is `/`, `~0` is `~`), or undefined. */
export function jsonPointer(value: unknown, pointer: string): unknown {
  if (pointer === '') return value;
  if (!pointer.startsWith('/')) return undefined;
  let at: unknown = value;
  for (const raw of pointer.slice(1).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(at)) {
      if (!/^(0|[1-9]\d*)$/.test(key)) return undefined;
      at = at[Number(key)];
    } else if (isObject(at) && Object.prototype.hasOwnProperty.call(at, key)) {
      at = (at)[key];
    } else {
      return undefined;
    }
  }
  return at;
}

function headerOf(headers: Headers | Readonly<Record<string, string>>, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name.toLowerCase());
  return found?.[1];
}

/**
 * One runtime expression (OpenAPI 3.0 §Runtime Expressions): `$url`, `$method`, `$statusCode`,
 * `$request.body#/ptr`, `$request.header.X`, `$request.query.x`, `$response.body#/ptr`,
 * `$response.header.X`. Undefined when it reaches no value; throws for one it does not know.
 */
export function evaluateExpression(expression: string, source: LinkSource): unknown {
  if (expression === '$url') return source.url;
  if (expression === '$method') return source.method;
  if (expression === '$statusCode') return source.response.status;
  const match = /^\$(request|response)\.(body|header|query|path)(?:#(.*)|\.(.+))?$/.exec(expression);
  if (!match) throw new Error(`unsupported runtime expression ${expression}`);
  const [, side, part, bodyPointer, name] = match;
  if (part === 'body') {
    const body = side === 'request' ? source.request.body : source.response.body;
    return jsonPointer(body, bodyPointer ?? '');
  }
  if (part === 'header' && name) return headerOf(side === 'request' ? source.request.headers : source.response.headers, name);
  if (part === 'query' && name && side === 'request') return new URL(source.url).searchParams.get(name) ?? undefined;
  throw new Error(`unsupported runtime expression ${expression}`);
}

/**
 * A link value filled in: a string that is one expression (`{$…}` or a bare `$…`) gives the value
 * itself (a number stays a number); expressions embedded in a longer string are interpolated;
 * objects and arrays are filled member by member; anything else is a constant.
 */
export function fillValue(template: unknown, source: LinkSource, missing: string[]): unknown {
  if (typeof template === 'string') {
    const whole = /^\{(\$[^{}]+)\}$/.exec(template)?.[1] ?? (/^\$(url|method|statusCode|request\.|response\.)/.test(template) ? template : undefined);
    if (whole !== undefined) {
      const value = evaluateExpression(whole, source);
      if (value === undefined) missing.push(whole);
      return value;
    }
    return template.replace(/\{(\$[^{}]+)\}/g, (_all, expression: string) => {
      const value = evaluateExpression(expression, source);
      if (value === undefined) missing.push(expression);
      return value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
    });
  }
  if (Array.isArray(template)) return template.map((item) => fillValue(item, source, missing));
  if (isObject(template)) return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fillValue(value, source, missing)]));
  return template;
}

/** The request a link asks for: its body and parameters (header, query) filled from the source. */
export function fillLink(link: ContractLink, target: OperationInfo, source: LinkSource): FilledRequest {
  const missing: string[] = [];
  const headers: Record<string, string> = {};
  const query: Record<string, string> = {};
  const declared = Array.isArray(target.operation.parameters) ? target.operation.parameters.filter(isObject) : [];
  for (const [key, template] of Object.entries(link.parameters)) {
    const qualified = /^(header|query|path|cookie)\.(.+)$/.exec(key);
    const name = qualified?.[2] ?? key;
    const where = qualified?.[1] ?? declared.find((p) => p.name === name)?.in;
    const value = fillValue(template, source, missing);
    if (value === undefined) continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (where === 'header') headers[name] = text;
    else if (where === 'query') query[name] = text;
    else missing.push(`parameter ${key} (only header and query parameters can be sent)`);
  }
  const body = link.requestBody === undefined ? undefined : fillValue(link.requestBody, source, missing);
  return { body, headers, query, missing };
}

/** One linked call of a walk. */
export interface LinkStep {
  link: ContractLink;
  path: string;
  method: string;
  /** The filled request; undefined when the link could not be filled (see `notFollowed`). */
  request?: FilledRequest;
  status?: number;
  /** Why the link was not followed (an expression reached no value, an unknown operation). */
  notFollowed?: string;
  /** What is wrong with the answer (not 2xx, body against the contract). */
  problems: string[];
}

/** What the walker needs from its caller: a way to send a request, and a judge of the answer. */
export interface WalkIo {
  send(op: OperationInfo, request: FilledRequest): Promise<LinkSource>;
  /** Contract violations of an answer (empty when it conforms). */
  judge(op: OperationInfo, answer: LinkSource): string[];
}

/**
 * Follows every link reachable from `start` (an exchange of the operation `startOperationId`):
 * breadth first, each link (operation + name) at most once. A linked call must answer 2xx with a
 * body the contract accepts; its own links are then followed from its answer.
 */
export async function walkLinks(doc: OpenApiDocument, startOperationId: string, start: LinkSource, io: WalkIo): Promise<LinkStep[]> {
  const links = contractLinks(doc);
  const followed = new Set<string>();
  const steps: LinkStep[] = [];
  const queue: Array<{ operationId: string; source: LinkSource }> = [{ operationId: startOperationId, source: start }];
  while (queue.length > 0 && steps.length < links.length) {
    const { operationId, source } = queue.shift() as { operationId: string; source: LinkSource };
    for (const link of links) {
      if (link.from !== operationId || !statusMatches(link.status, source.response.status)) continue;
      const key = `${link.from} ${link.name}`;
      if (followed.has(key)) continue;
      followed.add(key);
      const target = operationById(doc, link.to);
      if (!target) {
        steps.push({ link, path: '?', method: '?', notFollowed: `the contract has no operation ${link.to}`, problems: [] });
        continue;
      }
      const request = fillLink(link, target, source);
      const step: LinkStep = { link, path: target.path, method: target.method.toUpperCase(), request, problems: [] };
      steps.push(step);
      if (request.missing.length > 0) {
        step.notFollowed = `${request.missing.join(', ')} reached no value in the answer of ${link.from}`;
        continue;
      }
      const answer = await io.send(target, request);
      step.status = answer.response.status;
      if (answer.response.status < 200 || answer.response.status > 299) step.problems.push(`expected a 2xx, got ${answer.response.status}`);
      step.problems.push(...io.judge(target, answer));
      if (step.problems.length === 0) queue.push({ operationId: link.to, source: answer });
    }
  }
  return steps;
}

function statusMatches(key: string, status: number): boolean {
  if (key === 'default') return status >= 200 && status <= 299;
  if (/^\dXX$/.test(key)) return Math.floor(status / 100) === Number(key[0]);
  return Number(key) === status;
}
