/** The building blocks of mutants: rewrite a JSON request or response, or rate-limit on our own. */
import express, { type Request, type RequestHandler, type Response } from 'express';
import type { Clock } from '../../../server/clock.js';
import { API_PATHS } from '../../kit/types.js';
import type { Loose } from './types.js';

export { BOOKING, CANCEL, HOTEL, OVERVIEW, RETRIEVE, SEARCH } from '../../kit/types.js';
export const ALL_PATHS: readonly string[] = API_PATHS;

/** Rewrites the JSON body (and, through `res`, the status or headers) of responses on `paths`. */
export function rewriteResponse(paths: readonly string[], rewrite: (body: Loose, req: Request, res: Response) => Loose): RequestHandler {
  return (req, res, next) => {
    if (!paths.includes(req.path)) return next();
    const send = res.json.bind(res);
    res.json = (body: unknown) => send(rewrite(structuredClone(body) as Loose, req, res));
    next();
  };
}

const parseJson = express.json({ limit: '64kb' });

/** Rewrites the parsed JSON body of POST requests on `paths` before the real app sees it. */
export function rewriteRequest(paths: readonly string[], rewrite: (body: Loose, req: Request) => Loose): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'POST' || !paths.includes(req.path) || !req.is('application/json')) return next();
    parseJson(req, res, (error?: unknown) => {
      if (error) return void res.status(400).json({ error: 'Malformed JSON in the request body' });
      if (req.body !== null && typeof req.body === 'object') req.body = rewrite(req.body, req);
      next();
    });
  };
}

/** A minute limiter of its own: `keyOf` decides which paths share a window. */
export function minuteLimiter(clock: Clock, paths: readonly string[], keyOf: (path: string) => string, limit = 5): RequestHandler {
  const windows = new Map<string, number[]>();
  return (req, res, next) => {
    if (req.method !== 'POST' || !paths.includes(req.path)) return next();
    const now = clock.now().getTime();
    const key = keyOf(req.path);
    const inside = (windows.get(key) ?? []).filter((t) => t > now - 60_000);
    if (inside.length >= limit) {
      const seconds = Math.max(1, Math.ceil(((inside[0] ?? now) + 60_000 - now) / 1000));
      res.status(429).set('Retry-After', String(seconds)).json({ error: `Rate limit exceeded: ${limit} requests per minute on ${key}. Retry after ${seconds} seconds.` });
      return;
    }
    windows.set(key, [...inside, now]);
    next();
  };
}

/** `YYYY-MM-DD` plus days. */
export function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
