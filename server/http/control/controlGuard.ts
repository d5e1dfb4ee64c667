/**
 * Keeps web pages from driving the control API. A page on another origin can make a browser send
 * a simple POST (an HTML form, text/plain, no preflight) to /_control/reset; so control requests
 * whose Origin is another site's are refused (403), and control POSTs with a body must be
 * application/json (415), which a browser only sends cross-origin after a CORS preflight that this
 * server never grants.
 */
import type { RequestHandler } from 'express';
import { ApiError } from '../../errors.js';

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * The origins a control request (and a console form) may come from: PUBLIC_URL's, and the origins
 * listed in CORS_ORIGINS (never `*`). Never the request's own Host header: a page on an attacker's
 * domain rebound by DNS to this server sends its own name as Host and as Origin (DNS rebinding).
 * When PUBLIC_URL names this machine (a loopback or unspecified address, the default
 * `http://HOST:PORT`), its other loopback spellings on the same scheme and port are allowed too:
 * no outside domain can use them.
 */
export function allowedOrigins(publicUrl: string, corsOrigins: readonly string[] = []): Set<string> {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin.toLowerCase()]);
  if ([...LOOPBACK_HOSTS, '0.0.0.0', '[::]'].includes(url.hostname)) {
    const port = url.port === '' ? '' : `:${url.port}`;
    for (const host of LOOPBACK_HOSTS) origins.add(`${url.protocol}//${host}${port}`);
  }
  for (const origin of corsOrigins) if (origin !== '*') origins.add(origin.toLowerCase());
  return origins;
}

export function controlGuard(publicUrl: string, corsOrigins: readonly string[] = []): RequestHandler {
  const allowed = allowedOrigins(publicUrl, corsOrigins);
  return (req, _res, next) => {
    const origin = req.headers.origin;
    if (origin !== undefined && !allowed.has(origin.toLowerCase())) {
      return next(new ApiError(403, `Control requests from another origin (${origin}) are refused`));
    }
    // An empty POST has nothing to misread (the admin reset carries only its token).
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(req.method) && hasBody && !req.is('application/json')) {
      const declared = req.headers['content-type'] ?? 'none';
      return next(new ApiError(415, `Control requests must be sent as application/json (got ${declared})`));
    }
    next();
  };
}
