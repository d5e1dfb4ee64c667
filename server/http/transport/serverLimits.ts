/**
 * Transport limits of the HTTP server, set on purpose in one place (bin.ts and the test servers
 * use createApiServer). Node's defaults let a slow body hold a socket for 5 minutes and answer its
 * own parser errors with empty, non-JSON bodies. README "Limits and time-outs" explains the values.
 */
import { createServer, STATUS_CODES, type RequestListener, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { setFlagsFromString } from 'node:v8';

export interface ServerLimits {
  /** Time for the request line and headers to arrive. */
  headersTimeoutMs: number;
  /** Time for the whole request (headers and body) to arrive. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** How often Node checks the two time-outs above (they fire up to this much late). */
  checkIntervalMs: number;
  /** Largest request line plus headers; more gets 431. */
  maxHeaderSizeBytes: number;
}

export const SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
  maxHeaderSizeBytes: 16 * 1024,
};

/** An HTTP server with the limits applied and JSON answers to Node's own parser errors. */
export function createApiServer(handler?: RequestListener, overrides: Partial<ServerLimits> = {}): Server {
  const limits = { ...SERVER_LIMITS, ...overrides };
  const server = createServer({
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: limits.checkIntervalMs,
    maxHeaderSize: limits.maxHeaderSizeBytes,
  });
  if (handler) server.on('request', handler);
  server.on('clientError', answerClientError);
  return server;
}

/** Status and message for an error of Node's HTTP parser or its time-outs. */
export function clientErrorStatus(code: string | undefined): { status: number; message: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: 'Request headers are too large' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return { status: 408, message: 'The request took too long to arrive' };
    case 'HPE_INVALID_CHUNK_SIZE':
    case 'HPE_INVALID_TRANSFER_ENCODING':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
    case 'HPE_INVALID_CONTENT_LENGTH':
      return { status: 400, message: 'Malformed request body framing (Content-Length or chunked encoding)' };
    default:
      return { status: 400, message: 'Malformed HTTP request' };
  }
}

function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  const response = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  // A reset, a closed socket or an answer already under way: nothing sensible can be written.
  if (error.code === 'ECONNRESET' || !socket.writable || response?.headersSent) {
    socket.destroy();
    return;
  }
  const { status, message } = clientErrorStatus(error.code);
  const body = JSON.stringify({ error: message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
}

/**
 * How far V8 lets the heap grow past the live data before the next full collection, in percent.
 * V8's default adapts up to 300 %: over the ~240 MB the world takes, a 10,000-request fuzz run
 * reached 1.1 GB RSS of pure garbage (the heap after a collection stayed at 240 MB). 50 % kept the
 * same run under 530 MB. 100 % gave the cached paths a few per cent more throughput
 * (npm run bench -- http) but let RSS pass 1.6 GB under the bench's uncached load, so 50 % stays.
 * Called by bin.ts and scripts/fuzz.ts before any traffic. (`npm start` also gives V8 a 32 MB
 * young generation, so fewer short-lived objects of a request are promoted at all.)
 */
export const HEAP_GROWING_PERCENT = 50;

export function limitHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
