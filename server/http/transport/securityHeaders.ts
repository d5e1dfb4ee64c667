/**
 * Headers every answer carries (finding 9 of issue 35): `X-Content-Type-Options: nosniff`, so no
 * browser reads a JSON or YAML answer as a script or a page; and, when the sandbox is served over
 * HTTPS (PUBLIC_URL is `https:`), `Strict-Transport-Security`, so a browser that saw it once never
 * sends a console cookie or a key over plain HTTP to this host again. A year, without
 * includeSubDomains or preload: the sandbox's host says nothing for its parent's other hosts.
 */
import type { RequestHandler } from 'express';

export const HSTS_VALUE = 'max-age=31536000';

export function securityHeaders(publicUrl: string): RequestHandler {
  const https = new URL(publicUrl).protocol === 'https:';
  const headers: Record<string, string> = https ? { 'X-Content-Type-Options': 'nosniff', 'Strict-Transport-Security': HSTS_VALUE } : { 'X-Content-Type-Options': 'nosniff' };
  return (_req, res, next) => {
    res.set(headers);
    next();
  };
}
