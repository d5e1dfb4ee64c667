/**
 * The structured request log: one pino line per request with its id, method, path (never the
 * query string), status and duration. Bodies and headers are never logged, so neither is the
 * apikey (it only ever travels in the body). The id is returned as X-Request-Id; a sane incoming
 * X-Request-Id is kept, so a client can correlate its own logs with ours.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type Level, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import pretty from 'pino-pretty';

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

/** Express middleware; also gives every request `req.log`, bound to its request id. */
export function requestLog(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: requestId,
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: 'request_id' },
    // Only what `line` picks; the default serializers would copy every header.
    wrapSerializers: false,
    serializers: { req: (req: IncomingMessage) => ({ method: req.method }) },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessObject: (req, res, value: { responseTime: number }) => line(req, res, value.responseTime),
    customErrorObject: (req, res, _error, value: { responseTime: number }) => line(req, res, value.responseTime),
    customSuccessMessage: (req, res) => `${req.method} ${pathOf(req)} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${pathOf(req)} ${res.statusCode}`,
  });
}
