import type { ErrorRequestHandler, Request, Response } from 'express';
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
 * as 400/413, and anything unexpected as 500 (logged; tests treat any 500 as a bug). What failed
 * underneath (a stack, a file path, a database address: ApiError.logDetail) goes to the log only.
 */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const { status, body, headers } = toHttp(error);
  if (error instanceof ApiError && error.simulated) res.locals.simulatedFault = true;
  logFailure(error, status, req, res);
  res.status(status).set(headers).json(body);
};

/**
 * A 5xx of the service is logged at `error` with what the client was not told; a fault a scenario
 * played (res.locals.simulatedFault) is a partner's test, and its request line says so (requestLog.ts).
 */
function logFailure(error: unknown, status: number, req: Request, res: Response): void {
  if (status < 500 || res.locals.simulatedFault === true) return;
  if (error instanceof ApiError) {
    if (error.logDetail !== undefined) req.log.error({ detail: error.logDetail }, `${req.method} ${req.path} answered ${status}`);
    return;
  }
  req.log.error({ err: error }, `${req.method} ${req.path} failed`);
}

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
