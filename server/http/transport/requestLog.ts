/**
 * The structured request log: one pino line per request with its id, method, path (never the
 * query string), status, duration, client IP, account id and key id. Bodies and headers are never
 * logged, so neither is the apikey (it only ever travels in the body; the key id is its public name). The id is returned as X-Request-Id; a sane incoming
 * X-Request-Id is kept, so a client can correlate its own logs with ours.
 */
import { redactText } from '../../domain/redaction.js';
import type { Request, RequestHandler, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type Level, type Logger } from 'pino';

declare module 'node:http' {
  interface IncomingMessage {
    /** The request's logger, bound to its request id (see requestLog). */
    log: RequestLogger;
  }
}

/**
 * `req.log`: logs through pino with the request id bound. The child logger is made on first use
 * (most requests log nothing but their line), and `req.log` is a plain property: a getter defined
 * on every request object slowed every other property access of Express on it.
 */
export class RequestLogger {
  private bound: Logger | undefined;

  constructor(
    private readonly logger: Logger,
    readonly requestId: string,
  ) {}

  isLevelEnabled(level: Level): boolean {
    return this.logger.isLevelEnabled(level);
  }
  error(fields: object, message: string): void {
    this.child().error(fields, message);
  }
  info(fields: object, message: string): void {
    this.child().info(fields, message);
  }
  debug(fields: object, message: string): void {
    this.child().debug(fields, message);
  }
  private child(): Logger {
    return (this.bound ??= this.logger.child({ request_id: this.requestId }));
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
    // One line per request on a terminal: "POST /search.php 200 · 3 ms · account 1 · <request id>".
    // pino-pretty is loaded only here (~25 ms a start otherwise).
    const pretty = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');
    const stream = pretty({
      sync: true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,request_id,method,path,status,duration_ms,client_ip,account_id,key_id',
      messageFormat: '{msg}{if duration_ms} · {duration_ms} ms{if account_id} · account {account_id}{end} · {request_id}{end}',
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
  // A key sent as the request id would be logged and echoed: a new id instead.
  const id = typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) && redactText(incoming) === incoming ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

const pathOf = (req: IncomingMessage): string => {
  const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '';
  const query = url.indexOf('?');
  // A key sent as a path segment is hidden like everywhere else (domain/redaction.ts).
  return redactText(query === -1 ? url : url.slice(0, query));
};

/**
 * Who made the request, as far as the app learned: the client address (behind TRUST_PROXY, the one
 * the proxy forwarded), and once a key authenticated, the account id and the key's public id
 * (res.locals.keyId; never the key itself). null when not known (no key, a page).
 */
function caller(req: Request, res: Response) {
  const account = (res.locals.account as { id?: unknown } | undefined)?.id;
  const keyId = res.locals.keyId as unknown;
  return {
    client_ip: req.ip ?? req.socket.remoteAddress ?? null,
    account_id: typeof account === 'number' ? account : null,
    key_id: typeof keyId === 'string' ? keyId : null,
  };
}

/** The scenario a request played (metrics.ts playedScenario): its name, or true for a scenario hotel's or a marked booking's. */
function scenarioOf(res: Response): string | true | undefined {
  if (typeof res.locals.scenario === 'string') return res.locals.scenario;
  return res.locals.simulatedFault === true ? true : undefined;
}

function line(req: Request, res: Response, durationMs: number, scenario: string | true | undefined) {
  return {
    method: req.method,
    path: pathOf(req),
    status: res.statusCode,
    duration_ms: durationMs,
    ...caller(req, res),
    ...(scenario === undefined ? {} : { scenario }),
    // The client went away before the answer was complete.
    ...(res.writableFinished ? {} : { aborted: true }),
  };
}

/**
 * The balancer's probes, every second per replica: their lines are `debug`, so the log at `info`
 * holds requests, and a lost readiness is the one `not ready:` line of readiness.ts, not a 503
 * line per probe.
 */
const PROBES = new Set(['/healthz', '/readyz']);

/**
 * Express middleware; also gives every request `req.log`, bound to its request id. One line per
 * request once it is over (answered, or the client went away): `error` for a 5xx of the service,
 * `info` otherwise (a 5xx a sandbox scenario played is a partner's test: `info`, with `scenario`).
 * Written here on pino rather than with pino-http, which built two child loggers (serialising their
 * bindings) for every request, logged or not: a tenth of the hot path's time. The child logger is
 * made only when something logs through `req.log` (RequestLogger), and a line only when its level
 * is enabled.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const startedAt = Date.now();
    const log = new RequestLogger(logger, requestId(req, res));
    req.log = log;
    // No line at any level (LOG_LEVEL=silent, as the benchmarks run): no listener to call either.
    if (!logger.isLevelEnabled('error')) return next();
    // Read now: a probe that closes its connection (HAProxy's checks) has no socket address left
    // when its line is written, and node keeps the address it read once.
    void req.socket.remoteAddress;
    res.once('close', () => {
      const scenario = scenarioOf(res);
      const level = PROBES.has(pathOf(req)) ? 'debug' : res.statusCode >= 500 && scenario === undefined ? 'error' : 'info';
      if (!log.isLevelEnabled(level)) return;
      log[level](line(req, res, Date.now() - startedAt, scenario), `${req.method} ${pathOf(req)} ${res.statusCode}`);
    });
    next();
  };
}
