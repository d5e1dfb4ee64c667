/**
 * The structured request log: one pino line per request with its id, method, path (never the
 * query string), status and duration. Bodies and headers are never logged, so neither is the
 * apikey (it only ever travels in the body). The id is returned as X-Request-Id; a sane incoming
 * X-Request-Id is kept, so a client can correlate its own logs with ours.
 */
import type { RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type Level, type Logger } from 'pino';
import pretty from 'pino-pretty';

declare module 'node:http' {
  interface IncomingMessage {
    /** The request's logger, bound to its request id (see requestLog). */
    log: Logger;
  }
}

export type LogLevel = Level | 'silent';
export const LOG_LEVELS: readonly LogLevel[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

export type { Logger };

/**
 * JSON lines on stdout (or `destination`), or colourised lines when `pretty` (bin.ts: when stdout
 * is a terminal). Writes are synchronous: an async write still in flight at exit could land after
 * the shutdown lines, or be lost.
 */
export function createLogger(
  level: LogLevel,
  options: { pretty?: boolean; destination?: NodeJS.WritableStream } = {},
): Logger {
  if (options.pretty) {
    // One line per request on a terminal: "GET /healthz 200 · 3 ms · <request id>".
    const stream = pretty({
      sync: true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,request_id,method,path,status,duration_ms',
      messageFormat: '{msg}{if duration_ms} · {duration_ms} ms · {request_id}{end}',
    });
    return pino({ level }, stream);
  }
  return pino({ level }, options.destination ?? pino.destination({ dest: 1, sync: true }));
}

export const silentLogger = (): Logger => pino({ level: 'silent' });

/** Letters, digits and . _ : - up to 128 characters; anything else is replaced by our own id. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

const pathOf = (req: IncomingMessage): string => {
  const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

function line(req: IncomingMessage, res: ServerResponse, durationMs: number) {
  return {
    method: req.method,
    path: pathOf(req),
    status: res.statusCode,
    duration_ms: durationMs,
    // The client went away before the answer was complete.
    ...(res.writableFinished ? {} : { aborted: true }),
  };
}

/**
 * Express middleware; also gives every request `req.log`, bound to its request id. One line per
 * request once it is over (answered, or the client went away): `error` for a 5xx, `info` otherwise.
 * Written here on pino rather than with pino-http, which built two child loggers (serialising their
 * bindings) for every request, logged or not: a tenth of the hot path's time. The child logger is
 * made only when something logs through `req.log`, and a line only when its level is enabled.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const startedAt = Date.now();
    const id = requestId(req, res);
    let bound: Logger | undefined;
    Object.defineProperty(req, 'log', { configurable: true, enumerable: false, get: () => (bound ??= logger.child({ request_id: id })) });
    res.once('close', () => {
      const level = res.statusCode >= 500 ? 'error' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      req.log[level](line(req, res, Date.now() - startedAt), `${req.method} ${pathOf(req)} ${res.statusCode}`);
    });
    next();
  };
}
