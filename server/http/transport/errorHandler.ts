import type { ErrorRequestHandler } from 'express';
import { ApiError } from '../../errors.js';

/** What other middleware throws: body-parser (the finalization page's and the console's forms). */
interface MiddlewareError {
  status?: number;
  message?: string;
  type?: string;
}

/**
 * The one place where errors become HTTP. Everything ends as `{ "error": "..." }`:
 * ApiError as it says (request schema errors included: requestValidation.ts), body-parser errors
 * as 400/413, and anything unexpected as 500 (logged; tests treat any 500 as a bug).
 */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const { status, body, headers } = toHttp(error);
  if (status >= 500 && status !== 502) req.log.error({ err: error }, `${req.method} ${req.path} failed`);
  res.status(status).set(headers).json(body);
};

function toHttp(error: unknown): { status: number; body: Record<string, unknown>; headers: Record<string, string> } {
  if (error instanceof ApiError) {
    return { status: error.status, body: { error: error.message, ...error.extraBody }, headers: error.headers };
  }
  const failure = (error ?? {}) as MiddlewareError;
  // body-parser (express.json)
  if (failure.type === 'entity.parse.failed') return plain(400, 'Malformed JSON in the request body');
  if (failure.type === 'entity.too.large') return plain(413, 'The request body is too large');
  if (failure.type === 'encoding.unsupported' || failure.type === 'charset.unsupported') {
    return plain(400, 'Unsupported request body encoding; send UTF-8 JSON');
  }
  // Other client errors of body-parser (too many form fields, an aborted or mis-sized body).
  if (typeof failure.status === 'number' && failure.status >= 400 && failure.status < 500) {
    return plain(400, failure.message ?? 'Invalid request');
  }
  return plain(500, 'Internal server error');
}

const plain = (status: number, message: string) => ({ status, body: { error: message }, headers: {} });
