/**
 * Keeps web pages from driving the control API. A page on another origin can make a browser send
 * a simple POST (an HTML form, text/plain, no preflight) to /_control/reset; so control requests
 * whose Origin is another site's are refused (403), and control POSTs with a body must be
 * application/json (415), which a browser only sends cross-origin after a CORS preflight that this
 * server never grants.
 */
import type { Request, RequestHandler } from 'express';
import { ApiError } from '../errors.js';

/** The origins a control request may come from: PUBLIC_URL's and the one the request was sent to. */
export function ownOrigins(publicUrl: string, req: Request): string[] {
  const origins = [new URL(publicUrl).origin];
  const host = req.headers.host;
  if (host) origins.push(`${req.protocol}://${host}`.toLowerCase());
  return origins;
}

export const controlGuard =
  (publicUrl: string): RequestHandler =>
  (req, _res, next) => {
    const origin = req.headers.origin;
    if (origin !== undefined && !ownOrigins(publicUrl, req).includes(origin.toLowerCase())) {
      return next(new ApiError(403, `Control requests from another origin (${origin}) are refused`));
    }
    // An empty POST has nothing to misread (the admin reset carries only its token).
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    if (req.method === 'POST' && hasBody && !req.is('application/json')) {
      const declared = req.headers['content-type'] ?? 'none';
      return next(new ApiError(415, `Control requests must be sent as application/json (got ${declared})`));
    }
    next();
  };
