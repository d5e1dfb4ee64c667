/**
 * CORS for browser clients of the six API paths, off unless CORS_ORIGINS lists origins.
 * Reference behaviour: only listed origins (exact match; `*` only when given explicitly) get CORS
 * headers. A preflight from any other origin is answered 403 with a JSON error and no CORS
 * headers, so the browser blocks the call and the developer sees why in the network panel; a
 * plain request from it is served without CORS headers (the browser hides the answer).
 * The control API and the pages never get CORS.
 */
import cors from 'cors';
import type { RequestHandler } from 'express';
import { ApiError } from '../../errors.js';

export const ANY_ORIGIN = '*';

/** Request headers a browser client may send: the JSON body, and the sandbox extensions. */
const ALLOWED_HEADERS = ['Content-Type', 'Idempotency-Key', 'Test', 'X-Request-Id'];
/** Response headers a browser client must be able to read (Retry-After on 429 above all). */
const EXPOSED_HEADERS = ['Retry-After', 'X-Request-Id', 'RateLimit', 'RateLimit-Policy'];
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * "https://a.example, http://localhost:5173" → exact origins (scheme://host[:port], no path).
 * Throws a one-line Error naming the bad entry.
 */
export function parseCorsOrigins(text: string): string[] {
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  if (entries.includes(ANY_ORIGIN)) {
    if (entries.length > 1) throw new Error(`'${ANY_ORIGIN}' allows every origin and cannot be combined with others`);
    return [ANY_ORIGIN];
  }
  for (const entry of entries) {
    let origin: string | undefined;
    try {
      origin = new URL(entry).origin;
    } catch {
      // reported below
    }
    if (origin !== entry || !/^https?:/.test(entry)) {
      throw new Error(`'${entry}' is not an origin (scheme://host[:port], no path or trailing slash)`);
    }
  }
  return entries;
}

/** The CORS middleware for API paths, or undefined when no origin is listed (CORS off). */
export function apiCors(origins: readonly string[]): RequestHandler | undefined {
  if (origins.length === 0) return undefined;
  const anyOrigin = origins.includes(ANY_ORIGIN);
  const listed = new Set(origins);
  const handle = cors({
    origin: anyOrigin ? ANY_ORIGIN : [...listed],
    methods: ['POST'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    optionsSuccessStatus: 204,
  });
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (origin === undefined) return next(); // not a cross-origin browser request
    if (anyOrigin || listed.has(origin)) return handle(req, res, next);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      return next(new ApiError(403, `Origin ${origin} is not allowed; list it in CORS_ORIGINS`));
    }
    next();
  };
}
