import type { ErrorRequestHandler } from 'express';
import { ApiError } from '../errors.js';

interface ValidatorError {
  status?: number;
  message?: string;
  errors?: Array<{ path?: string; message?: string }>;
  type?: string;
}

/**
 * The one place where errors become HTTP. Everything ends as `{ "error": "..." }`:
 * ApiError as it says, body-parser and request-validator errors as 400 naming the field and
 * rule, and anything unexpected as 500 (logged; tests treat any 500 as a bug).
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
  const failure = (error ?? {}) as ValidatorError;
  // body-parser (express.json)
  if (failure.type === 'entity.parse.failed') return plain(400, 'Malformed JSON in the request body');
  if (failure.type === 'entity.too.large') return plain(413, 'The request body is too large');
  if (failure.type === 'encoding.unsupported' || failure.type === 'charset.unsupported') {
    return plain(400, 'Unsupported request body encoding; send UTF-8 JSON');
  }
  // express-openapi-validator request errors carry a status below 500 and per-field errors.
  if (typeof failure.status === 'number' && failure.status >= 400 && failure.status < 500) {
    return plain(400, validatorMessage(failure));
  }
  return plain(500, 'Internal server error');
}

const plain = (status: number, message: string) => ({ status, body: { error: message }, headers: {} });

function validatorMessage(failure: ValidatorError): string {
  const parts = (failure.errors ?? []).map((item) => {
    const message = item.message ?? 'is invalid';
    let field = (item.path ?? '').replace(/^\.?/, '').replace(/^\/?body\/?/, '');
    // The validator points a missing property at the property itself; the object is what lacks it.
    if (message.startsWith('must have required property')) field = field.split('/').slice(0, -1).join('/');
    return `${field ? `request/body/${field}` : 'request/body'} ${message}`;
  });
  return parts.length > 0 ? parts.join('; ') : (failure.message ?? 'Invalid request');
}
