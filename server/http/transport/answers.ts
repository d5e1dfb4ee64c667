/**
 * JSON answers over HTTP, cheap when they repeat. The domain hands out a cached answer as one frozen
 * object for as long as it lives (SearchService, HotelDetailsService), so what is derived from it
 * can be kept per object:
 * - `serialiseFrozenAnswersOnce(app)`: res.json keeps the bytes and the ETag of each frozen body
 *   and sends them again without JSON.stringify or hashing, with exactly res.json's headers;
 * - `validateResponses(validator, path)`: every JSON answer of an API path is checked against
 *   openapi.yaml before it is sent (a mismatch is a 500 and a log line, as a server bug should be);
 *   the contract validator keeps its verdict on a frozen body, so a cached answer is judged once.
 * Anything that wraps res.json (the conformance kit's mutants, the validator) still sees every call.
 */
import contentType from 'content-type';
import express, { type Express, type RequestHandler, type Response } from 'express';
import type { ContractValidator } from '../../../contract/validator.js';
import type { ApiPath } from '../../apiPaths.js';

interface Serialised {
  bytes: Buffer;
  etag: string | undefined;
}

/** Frozen bodies sent so far → their bytes; bytes → body, so the request journal need not parse them. */
const bodiesOfBytes = new WeakMap<Buffer, object>();

/** The frozen body whose kept bytes these are (what res.json sent), if they are such bytes. */
export function frozenBodyOf(sent: unknown): object | undefined {
  return Buffer.isBuffer(sent) ? bodiesOfBytes.get(sent) : undefined;
}

const isFrozenObject = (value: unknown): value is object => value !== null && typeof value === 'object' && Object.isFrozen(value);

/** Replaces the app's res.json by one that serialises each frozen body once (per app: its JSON settings). */
export function serialiseFrozenAnswersOnce(app: Express): void {
  const expressJson = express.response.json;
  const kept = new WeakMap<object, Serialised>();
  app.response.json = function json(this: Response, body: unknown): Response {
    if (arguments.length !== 1 || !isFrozenObject(body)) return expressJson.call(this, body);
    let serialised = kept.get(body);
    if (!serialised) {
      const { app: owner } = this;
      const text = JSON.stringify(body, owner.get('json replacer') as undefined, owner.get('json spaces') as undefined);
      if (text === undefined || owner.get('json escape')) return expressJson.call(this, body);
      const bytes = Buffer.from(text, 'utf8');
      const etagOf = owner.get('etag fn') as ((body: Buffer, encoding?: string) => string | undefined) | undefined;
      serialised = { bytes, etag: typeof etagOf === 'function' ? etagOf(bytes) : undefined };
      kept.set(body, serialised);
      bodiesOfBytes.set(bytes, body);
    }
    // What res.json and res.send(string) set: the JSON type (or the type set before) with charset=utf-8.
    const declared = this.get('Content-Type');
    this.set('Content-Type', declared === undefined ? 'application/json' : withUtf8(declared));
    if (serialised.etag !== undefined && this.get('ETag') === undefined) this.set('ETag', serialised.etag);
    return this.send(serialised.bytes);
  };
}

/** `res.locals` key of the first body res.send was given (keepFirstBodySent). */
const FIRST_SENT = Symbol('firstBodySent');

const keeping = new WeakSet<object>();

/**
 * Makes the app's res.send remember the first body it is given in each response (what the request
 * journal shows as the answer): one wrapper for the app, instead of one per request. Idempotent.
 */
export function keepFirstBodySent(app: Express): void {
  if (keeping.has(app.response)) return;
  keeping.add(app.response);
  const send = app.response.send;
  app.response.send = function sendKept(this: Response, body?: unknown): Response {
    const locals = this.locals as Record<symbol, unknown>;
    if (!(FIRST_SENT in locals)) locals[FIRST_SENT] = body;
    return send.call(this, body);
  };
}

/** The first body res.send was given in this response (undefined when none yet). */
export function firstBodySent(res: Response): unknown {
  return (res.locals as Record<symbol, unknown>)[FIRST_SENT];
}

function withUtf8(type: string): string {
  try {
    const parsed = contentType.parse(type);
    parsed.parameters.charset = 'utf-8';
    return contentType.format(parsed);
  } catch {
    return type;
  }
}

/**
 * Checks each JSON answer of `path` against the contract before it goes out. Like
 * express-openapi-validator's response validation, which it replaces: 5xx answers and simulated
 * faults (the `Test` header's, which leave the contract on purpose) are let through.
 */
export const validateResponses =
  (validator: ContractValidator, path: ApiPath): RequestHandler =>
  (_req, res, next) => {
    const json = res.json;
    res.json = function validated(this: Response, body: unknown): Response {
      res.json = json;
      if (res.statusCode < 500 && res.locals.simulatedFault !== true) {
        const verdict = validator.validateResponse(path, 'post', res.statusCode, body);
        if (!verdict.ok) {
          const problems = verdict.errors.map((error) => `${error.path || '/'} ${error.message}`).join('; ');
          next(new Error(`The ${res.statusCode} answer of ${path} does not match openapi.yaml: ${problems}`));
          return res;
        }
      }
      return json.call(this, body);
    };
    next();
  };
