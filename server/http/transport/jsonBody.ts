/**
 * Reads a JSON request body with bounded work, replacing express.json for the API and the control
 * API. express.json drains the whole body before it answers an oversized one (1 GB was read before
 * the error) and parses any depth; here:
 * - a declared Content-Length over the limit is answered 413 at once, without reading the body;
 * - a chunked body is cut off (413) as soon as it passes the limit;
 * - both close the connection, so the rest of the body is never read;
 * - nesting deeper than MAX_JSON_DEPTH is refused (400) by a linear scan of the text, before parsing.
 * An empty body counts as `{}` (as with express.json), so it is answered "missing API key".
 * It parses whatever comes: callers check the content type first (requireJson, controlGuard).
 */
import contentType from 'content-type';
import getRawBody from 'raw-body';
import type { Request, RequestHandler, Response } from 'express';
import { ApiError, badRequest } from '../../errors.js';

/** The deepest legitimate body (search: guests → children) is 3 levels; 32 leaves room for any client. */
export const MAX_JSON_DEPTH = 32;

export const bodyTooLarge = (limitBytes: number) =>
  new ApiError(413, `The request body is too large (limit ${limitBytes} bytes)`);

const RECEIVED_TEXT = Symbol('receivedJsonText');

/**
 * A fresh copy of the body as this parser read it (the request checks fill schema defaults into
 * req.body; the request journal shows what was sent): the text parsed again, which costs a third
 * of a structuredClone. A structured clone of req.body when another parser read it.
 */
export function receivedBody(req: Request): unknown {
  const kept = keptReceivedBody(req);
  return kept instanceof ReceivedText ? kept.parse() : kept;
}

/**
 * The body as received, kept until someone looks at it: the text this parser read (parsed only
 * then: the request journal builds its entries when they are read, and most never are), or a
 * structured clone of req.body when another parser read it.
 */
export function keptReceivedBody(req: Request): unknown {
  const text = (req as { [RECEIVED_TEXT]?: string })[RECEIVED_TEXT];
  return text === undefined ? structuredClone(req.body as unknown) : new ReceivedText(text);
}

/** A JSON body's text, as received. */
export class ReceivedText {
  constructor(readonly text: string) {}

  /** A fresh copy of the body ({} for an empty one). */
  parse(): unknown {
    return this.text.length === 0 ? {} : JSON.parse(this.text);
  }
}

/** The body a value kept by keptReceivedBody (or any other body) stands for. */
export function receivedValue(kept: unknown): unknown {
  return kept instanceof ReceivedText ? kept.parse() : kept;
}

/** Parses `application/json` bodies into req.body; errors go to the error handler as ApiError. */
export const jsonBody =
  (limitBytes: number): RequestHandler =>
  (req, res, next) => {
    // Another parser read the body already (an app mounted behind express.json(), as an embedding or
    // a mutant of the kit does): Express 4's body-parser said so with _body, Express 5's only by having
    // read the stream to its end. Reading it again would wait for bytes that never come.
    if ((req as { _body?: boolean })._body || req.readableEnded) return next();
    const encoding = req.headers['content-encoding'];
    if (encoding !== undefined && encoding.toLowerCase() !== 'identity') {
      return next(badRequest('Unsupported request body encoding; send UTF-8 JSON'));
    }
    const charset = charsetOf(req.headers['content-type']);
    if (charset !== 'utf-8') return next(badRequest('Unsupported request body encoding; send UTF-8 JSON'));
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > limitBytes) return refuseAndClose(res, next, limitBytes);

    getRawBody(req, { length: declared, limit: limitBytes }, (error, bytes) => {
      if (error) {
        const type = (error as { type?: string }).type;
        if (type === 'entity.too.large') return refuseAndClose(res, next, limitBytes);
        if (type === 'request.aborted') return; // the client left; nobody to answer
        return next(badRequest('The request body could not be read'));
      }
      const text = utf8Text(bytes);
      const depthError = nestingError(text);
      if (depthError) return next(badRequest(depthError));
      try {
        req.body = text.length === 0 ? {} : JSON.parse(text);
      } catch {
        return next(badRequest('Malformed JSON in the request body'));
      }
      (req as { _body?: boolean })._body = true;
      (req as { [RECEIVED_TEXT]?: string })[RECEIVED_TEXT] = text;
      next();
    });
  };

/** The body as text, as iconv-lite's UTF-8 decoder gave it: invalid bytes become U+FFFD, a leading BOM goes. */
function utf8Text(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function refuseAndClose(res: Response, next: (error: unknown) => void, limitBytes: number): void {
  // Connection: close makes Node end the socket after the answer instead of reading the rest.
  res.set('Connection', 'close');
  next(bodyTooLarge(limitBytes));
}

/** 'utf-8' when the declared charset is UTF-8 or absent; the lower-cased charset otherwise. */
function charsetOf(header: string | undefined): string {
  if (!header || header === 'application/json') return 'utf-8';
  try {
    const charset = (contentType.parse(header).parameters.charset ?? 'utf-8').toLowerCase();
    return charset === 'utf8' ? 'utf-8' : charset;
  } catch {
    return 'invalid';
  }
}

/**
 * The error message when brackets nest deeper than MAX_JSON_DEPTH outside strings, else undefined.
 * One pass, constant memory: no recursion that a hostile body could blow up.
 */
export function nestingError(text: string): string | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c /* \ */) i++;
      else if (code === 0x22 /* " */) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      if (++depth > MAX_JSON_DEPTH) return `JSON nesting deeper than ${MAX_JSON_DEPTH} levels is not accepted`;
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
      depth--;
    }
  }
  return undefined;
}
