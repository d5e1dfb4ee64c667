/**
 * Bounded work per request at the transport: 413 before reading an oversized body, a chunked body
 * cut off at the limit, JSON answers to Node's own parser errors and time-outs (raw sockets, since
 * fetch cannot send broken HTTP), and the server limits set on purpose.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_LIMITS, createApiServer } from './serverLimits.js';
import { startTestServer, type TestServer } from '../../testing/testServer.js';

let server: TestServer;
let port: number;
beforeAll(async () => {
  // Short time-outs so that the 408 case takes a second, not 30.
  server = await startTestServer({ serverLimits: { headersTimeoutMs: 600, requestTimeoutMs: 1_000, checkIntervalMs: 100 } });
  port = Number(new URL(server.baseUrl).port);
  // The first request pays one-off start-up work (up to a second on a loaded machine), which
  // would race the 1 s request time-out of these tests.
  await server.post('/booking_overview.php', { apikey: 'demo-key-1' });
});
afterAll(async () => {
  await server.close();
});

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
  /** Bytes the client managed to write before the server closed the connection. */
  written: number;
}

/** Writes `head`, then `body` in pieces (if any), and reads until the server closes the socket. */
function rawExchange(head: string, body: { chunk: string; times: number } | undefined = undefined): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let written = 0;
    const timer = setTimeout(() => socket.destroy(), 15_000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      resolve({ status: Number(text.slice(9, 12)), headers: text.slice(0, split), body: text.slice(split + 4), written });
    });
    socket.write(head);
    if (!body) return;
    let left = body.times;
    const pump = () => {
      while (left > 0 && !socket.destroyed) {
        left--;
        written += body.chunk.length;
        if (!socket.write(body.chunk)) return void socket.once('drain', pump);
      }
    };
    pump();
  });
}

const post = (path: string, headers: string) => `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${headers}\r\n`;

describe('body size', () => {
  it('answers a declared Content-Length over the limit with 413 at once, without reading the body, and closes', async () => {
    // Only 10 bytes of the declared gigabyte ever come: a server that waited for the body would
    // answer 408 when the request time-out (1 s here) ends, not 413.
    const answer = await rawExchange(post('/search.php', 'Content-Length: 1000000000\r\n'), { chunk: '{"apikey":', times: 1 });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error).toMatch(/too large \(limit 65536 bytes\)/);
    expect(answer.headers).toMatch(/connection: close/i);
  });

  it('cuts a chunked body off at the limit with 413 and closes, however much more is coming', async () => {
    const piece = 'x'.repeat(0x4000);
    const answer = await rawExchange(post('/booking_overview.php', 'Transfer-Encoding: chunked\r\n'), {
      chunk: `4000\r\n${piece}\r\n`,
      times: 20_000, // 320 MB if the server kept reading
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error).toMatch(/too large/);
    expect(answer.headers).toMatch(/connection: close/i);
    expect(answer.written).toBeLessThan(20_000 * piece.length);
  });

  it('accepts a body at the limit and refuses one byte more', async () => {
    const body = (size: number) => {
      const head = '{"apikey":"demo-key-1","x":"';
      return `${head}${'a'.repeat(size - head.length - 2)}"}`;
    };
    const atLimit = await server.request('/booking_overview.php', { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(65_536) });
    expect(atLimit.status).toBe(400); // read and parsed: the schema refuses the unknown field
    expect(atLimit.body.error).toMatch(/additional properties|x/);
    const over = await server.request('/booking_overview.php', { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(65_537) });
    expect(over.status).toBe(413);
  });
});

describe("Node's parser errors get JSON answers (clientError)", () => {
  const cases: Array<[string, string, number, RegExp]> = [
    ['a bad request line', 'GARBAGE\r\n\r\n', 400, /Malformed HTTP request/],
    ['bad chunking', `${post('/search.php', 'Transfer-Encoding: chunked\r\n')}ZZ\r\n{}\r\n0\r\n\r\n`, 400, /chunked/],
    ['Content-Length with chunked', `${post('/search.php', 'Content-Length: 2\r\nTransfer-Encoding: chunked\r\n')}2\r\n{}\r\n0\r\n\r\n`, 400, /Malformed/],
    ['huge headers', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(SERVER_LIMITS.maxHeaderSizeBytes + 1000)}\r\n\r\n`, 431, /headers are too large/],
  ];
  for (const [name, bytes, status, message] of cases) {
    it(`${name}: ${status}`, async () => {
      const answer = await rawExchange(bytes);
      expect(answer.status).toBe(status);
      expect(answer.headers).toMatch(/content-type: application\/json/i);
      expect(answer.headers).toMatch(/cache-control: no-store/i);
      expect(JSON.parse(answer.body).error).toMatch(message);
    });
  }

  it('a request that does not arrive in time: 408', async () => {
    const slowHeaders = await rawExchange('POST /search.php HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    expect(slowHeaders.status).toBe(408);
    expect(JSON.parse(slowHeaders.body).error).toMatch(/took too long/);
    const slowBody = await rawExchange(post('/search.php', 'Content-Length: 100\r\n'), { chunk: '{"apikey":', times: 1 });
    expect(slowBody.status).toBe(408);
  });
});

describe('server limits', () => {
  it('are set on purpose on every server createApiServer makes', () => {
    const apiServer = createApiServer();
    expect(apiServer.headersTimeout).toBe(SERVER_LIMITS.headersTimeoutMs);
    expect(apiServer.requestTimeout).toBe(SERVER_LIMITS.requestTimeoutMs);
    expect(apiServer.keepAliveTimeout).toBe(SERVER_LIMITS.keepAliveTimeoutMs);
    expect((apiServer as unknown as { maxHeaderSize: number }).maxHeaderSize).toBe(SERVER_LIMITS.maxHeaderSizeBytes);
    expect(apiServer.listenerCount('clientError')).toBe(1);
    expect(SERVER_LIMITS.requestTimeoutMs).toBeLessThan(300_000); // Node's default let slow bodies hold a socket 5 minutes
  });
});
