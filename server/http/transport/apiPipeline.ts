/**
 * The checks every API request passes, in the documented order (openapi.yaml, "Order of checks"):
 * method → content type and JSON body (size, depth) → apikey → rate limit → request schema → the
 * sandbox's `Test` header (scenarioHeader.ts) → endpoint.
 * Routing is strict and case-sensitive (app.ts), so only these exact spellings reach them.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Account, AccountRegistry, KeyCheck } from '../../domain/accounts.js';
import type { AccountClocks, ShiftedClock } from '../../domain/accountClocks.js';
import { countRequest, windowsOf, type RequestLimits } from '../../domain/requestLimits.js';
import type { WindowState } from '../../domain/slidingWindows.js';
import { ApiError, badRequest, forbidden, unauthorized } from '../../errors.js';
import { tooManyFailedAuthentications, waitTurn, type AuthSurface, type AuthThrottle } from './authThrottle.js';

import { API_PATHS, RATE_LIMITED_PATHS, type ApiPath } from '../../apiPaths.js';

export { API_PATHS, RATE_LIMITED_PATHS, type ApiPath };

export const noSuchEndpoint: RequestHandler = (req, res) => {
  res.status(404).json({ error: `No such endpoint: ${req.method} ${req.path}` });
};

/**
 * An absolute-form target (`POST http://host/search.php HTTP/1.1`) is legal HTTP and Express routes
 * it by its path. Rewritten to the origin form here, everything after (request checks, rate-limit
 * keys, the journal) sees the same path as for `POST /search.php`. (It was written when the request
 * validator, since replaced by requestValidation.ts, looked paths up in the raw target.)
 */
export const originForm: RequestHandler = (req, res, next) => {
  if (req.url.startsWith('/')) return next();
  let url: URL | undefined;
  try {
    url = new URL(req.url);
  } catch {
    // not a URL at all (e.g. `*`)
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return noSuchEndpoint(req, res, next);
  req.url = req.originalUrl = url.pathname + url.search;
  next();
};

/**
 * A mounted router (app.use('/book', …)) swallows one slash after its mount path, so
 * /book//finalize would reach /finalize; a path with an empty segment is not a spelling we serve.
 */
export const noEmptySegments: RequestHandler = (req, res, next) => {
  if (req.path.includes('//')) return noSuchEndpoint(req, res, next);
  next();
};

/** 405 with `Allow: POST` for anything but POST on an API path. */
export const onlyPost: RequestHandler = (req, _res, next) => {
  if (req.method === 'POST') return next();
  next(new ApiError(405, `Method ${req.method} not allowed; use POST`, {}, { Allow: 'POST' }));
};

/** 400 unless the body is declared as JSON (the parser below only reads JSON). */
export const requireJson: RequestHandler = (req, _res, next) => {
  // The usual header, exactly, on a request with a body: what req.is would accept, without parsing it.
  if (req.headers['content-type'] === 'application/json' && hasBody(req)) return next();
  if (req.is('application/json')) return next();
  const declared = req.headers['content-type'];
  next(
    badRequest(
      declared
        ? `Content-Type must be application/json (got ${declared})`
        : 'Content-Type must be application/json and the body a JSON object',
    ),
  );
};

/** type-is's test (req.is answers null without a body): a Transfer-Encoding, or a Content-Length that is a number. */
function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || !isNaN(req.headers['content-length'] as unknown as number);
}

/** Bounded JSON body reader (size 413, depth 400): see jsonBody.ts. */
export { jsonBody } from './jsonBody.js';

/** API responses and the finalization page carry guest data: no cache may keep them. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

export const requireObjectBody: RequestHandler = (req, _res, next) => {
  const body: unknown = req.body;
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) return next();
  next(badRequest('The request body must be a JSON object'));
};

/** The account behind the key, set by `authenticate`. */
export function accountOf(res: Response): Account {
  return res.locals.account as Account;
}

/** The public id of the key that authenticated the request (`key_…`), set by `authenticate`: logs and metrics name keys by it. */
export function keyIdOf(res: Response): string {
  return res.locals.keyId as string;
}

/** The clock of that account, set by `authenticate`: every time rule of the request reads it. */
export function clockOf(res: Response): ShiftedClock {
  return res.locals.clock as ShiftedClock;
}

/**
 * 401 without a key, 403 with one that does not authenticate (unknown or revoked: "Invalid API key";
 * a rolled key past its grace period, or a key of a disabled account: a 403 that says so); both
 * before any other rule of the body. Sets the account, the key's public id and the account's clock
 * (API and control API alike). With a throttle, keys that do not authenticate count as failed
 * authentications of the client IP: past its budget their answers are slowed, then 429 (see
 * authThrottle.ts); a right key is never slowed or refused.
 */
export const authenticate = (accounts: AccountRegistry, clocks: AccountClocks, throttle?: AuthThrottle, surface: AuthSurface = 'api'): RequestHandler =>
  async (req, res, next) => {
    const apikey: unknown = (req.body as Record<string, unknown>).apikey;
    if (apikey === undefined || apikey === null || apikey === '') {
      return next(unauthorized("Missing API key (field 'apikey' in the JSON body)"));
    }
    await accounts.ready();
    const checked: KeyCheck = typeof apikey === 'string' ? accounts.check(apikey) : { kind: 'unknown' };
    const verdict = throttle?.judge(req.ip ?? 'unknown', surface, checked.kind === 'ok' ? checked.account.id : undefined);
    if (verdict?.kind === 'refused') return next(tooManyFailedAuthentications(throttle!.limitPerMinute, verdict.retryAfterSeconds));
    if (checked.kind !== 'ok') {
      if (verdict) await waitTurn(verdict);
      return next(keyRefused(checked));
    }
    res.locals.account = checked.account;
    res.locals.keyId = checked.key.id;
    res.locals.clock = await clocks.clockOf(checked.account.id);
    next();
  };

/** The 403 of a key that does not authenticate. */
function keyRefused(checked: Exclude<KeyCheck, { kind: 'ok' }>): ApiError {
  switch (checked.kind) {
    case 'expired':
      return forbidden(`Invalid API key: key ${checked.key.id} was rolled and expired at ${checked.key.expires_at ?? ''}; use the key that replaced it (${checked.key.rolled_to ?? 'see the console'})`);
    case 'disabled':
      return forbidden(`Invalid API key: the account of key ${checked.key.id} is disabled`);
    default:
      return forbidden('Invalid API key');
  }
}

/**
 * 429 with Retry-After once the account used up a window of the client IP on this endpoint (judged
 * on the account's clock; its reset gives its requests back), or the address its ceiling over all
 * accounts (real time; see requestLimits.ts). The windows are counted in the store, atomically, so
 * replicas sharing a database count one client's requests together.
 */
export const rateLimit = (limits: RequestLimits, endpoint: string, supportEmail: string, raiseHint?: string) =>
  async (req: Request, res: Response, next: NextFunction) => {
    const accountId = accountOf(res).id;
    const verdict = await countRequest(limits, req.ip ?? 'unknown', endpoint, accountId);
    const headers = verdict.states ? rateLimitHeaders(verdict.states) : {};
    if (verdict.allowed) {
      res.set(headers);
      return next();
    }
    if (verdict.scope === 'address') return next(addressCeilingExceeded(verdict.limit, endpoint, verdict.retryAfterSeconds));
    const raised = windowsOf(limits, accountId, limits.clocks.base.now().getTime()) !== limits.windows;
    const howToRaise = raiseHint ?? `For a quota increase, write to ${supportEmail} with this key's id (${keyIdOf(res)}) and your use case.`;
    const howToAsk = `${raised ? "This account's quota increase sets that limit. " : ''}${howToRaise}`;
    next(rateLimitExceeded(verdict.limit, verdict.window, endpoint, verdict.retryAfterSeconds, howToAsk, headers));
  };

/**
 * The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers-10) of the account's windows
 * on this endpoint: `RateLimit-Policy: "minute";q=5;w=60, "day";q=200;w=86400` and
 * `RateLimit: "minute";r=4;t=60, "day";r=199;t=86400` (requests left, seconds until the oldest
 * counted one leaves the window).
 */
export function rateLimitHeaders(states: readonly WindowState[]): Record<string, string> {
  // A lifted limit (a quota increase) is stated as the largest integer a Structured Field holds.
  const integer = (value: number) => Math.min(value, SF_INTEGER_MAX);
  return {
    'RateLimit-Policy': states.map((state) => `"${state.name}";q=${integer(state.limit)};w=${state.seconds}`).join(', '),
    RateLimit: states.map((state) => `"${state.name}";r=${integer(state.remaining)};t=${state.resetSeconds}`).join(', '),
  };
}

/** The largest Integer of HTTP Structured Fields (RFC 9651): 15 decimal digits. */
const SF_INTEGER_MAX = 999_999_999_999_999;

/** The 429 of an address over the shared sandbox's ceiling (reference behaviour, see requestLimits.ts). */
export function addressCeilingExceeded(limit: number, endpoint: string, retryAfterSeconds: number): ApiError {
  return new ApiError(
    429,
    `Rate limit exceeded: ${limit} requests per minute from your address on ${endpoint.slice(1)}, over all accounts (the shared sandbox's ceiling). Retry after ${retryAfterSeconds} seconds.`,
    {},
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/** The 429 of a full window (also the shape of the `Test: rate_limited` one), then how to ask for more (`howToAsk`), with the RateLimit fields (`headers`). */
export function rateLimitExceeded(limit: number, window: 'minute' | 'day', endpoint: string, retryAfterSeconds: number, howToAsk?: string, headers: Record<string, string> = {}): ApiError {
  return new ApiError(
    429,
    `Rate limit exceeded: ${limit} requests per ${window} on ${endpoint.slice(1)}. Retry after ${retryAfterSeconds} seconds.${howToAsk ? ` ${howToAsk}` : ''}`,
    {},
    { ...headers, 'Retry-After': String(retryAfterSeconds) },
  );
}
