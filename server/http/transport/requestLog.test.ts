/** The request log: one JSON line per request, its id returned as X-Request-Id, no body or query. */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KEY_ANNA, KEY_BEN, testWorld } from '../../testing/bookingServer.js';
import { LowdbStore } from '../../store/lowdbStore.js';
import { StoreUnavailableError } from '../../domain/ports/store.js';
import { startTestServer, type TestServer } from '../../testing/testServer.js';
import { createLogger, type LogLevel } from './requestLog.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A logger writing into an array of parsed lines. */
function capturingLogger(level: LogLevel) {
  const lines: Array<Record<string, unknown>> = [];
  let text = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger(level, { destination }), lines, text: () => text };
}

describe('request log', () => {
  let server: TestServer;
  let capture: ReturnType<typeof capturingLogger>;

  beforeAll(async () => {
    capture = capturingLogger('info');
    server = await startTestServer({ world: testWorld(), logger: capture.logger });
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    capture.lines.length = 0;
  });

  /** The log line is written when the response finishes, which may be just after fetch resolves. */
  async function linesFor(requestId: string) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const found = capture.lines.filter((line) => line.request_id === requestId);
      if (found.length > 0) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return [];
  }

  it('writes one line per request with id, method, path, status and duration; the id comes back as X-Request-Id', async () => {
    const response = await server.post('/booking_overview.php', { apikey: KEY_ANNA });
    expect(response.status).toBe(200);
    const id = response.headers.get('x-request-id')!;
    expect(id).toMatch(UUID);
    const lines = await linesFor(id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      request_id: id,
      method: 'POST',
      path: '/booking_overview.php',
      status: 200,
      duration_ms: expect.any(Number),
      msg: 'POST /booking_overview.php 200',
    });
  });

  it('names the caller on every line: client IP, account id and key id once a key authenticated, null before', async () => {
    const authenticated = await server.post('/booking_overview.php', { apikey: KEY_BEN });
    const [line] = await linesFor(authenticated.headers.get('x-request-id')!);
    expect(line).toMatchObject({ client_ip: expect.stringMatching(/127\.0\.0\.1$/), account_id: 2, key_id: 'key_demo2' });
    const anonymous = await server.post('/booking_overview.php', { apikey: 'not-a-key' });
    const [unknown] = await linesFor(anonymous.headers.get('x-request-id')!);
    expect(unknown).toMatchObject({ status: 403, client_ip: expect.stringMatching(/127\.0\.0\.1$/), account_id: null, key_id: null });
    expect(capture.text()).not.toContain('not-a-key');
  });

  it("logs a partner's simulated fault at info, with the scenario, not at error", async () => {
    const body = { apikey: KEY_ANNA, location: 'Amsterdam', checkin: '2026-12-15', checkout: '2026-12-17' };
    const response = await server.post('/search.php', body, { headers: { Test: 'server_error' } });
    expect(response.status).toBe(500);
    const lines = await linesFor(response.headers.get('x-request-id')!);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, status: 500, scenario: 'server_error', account_id: 1 });
  });

  it('gives every request its own id', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await server.request('/healthz')).headers.get('x-request-id')!);
    expect(ids.size).toBe(5);
  });

  it('keeps a sane incoming X-Request-Id and replaces anything else', async () => {
    const kept = await server.request('/openapi.json', { headers: { 'x-request-id': 'client-42.retry:1' } });
    expect(kept.headers.get('x-request-id')).toBe('client-42.retry:1');
    expect(await linesFor('client-42.retry:1')).toHaveLength(1);
    for (const insane of ['a b', 'x'.repeat(129), '<script>', '{"json":1}', '']) {
      const replaced = await server.request('/openapi.json', { headers: { 'x-request-id': insane } });
      expect(replaced.headers.get('x-request-id'), insane).toMatch(UUID);
    }
  });

  it('never logs the body (and so the apikey) or the query string', async () => {
    const search = await server.post('/search.php', { apikey: KEY_ANNA, location: 'Secret Street 1' });
    await linesFor(search.headers.get('x-request-id')!);
    const page = await server.request('/book/finalize?bookhash=SECRETHASH0123456789');
    const [line] = await linesFor(page.headers.get('x-request-id')!);
    expect(line).toMatchObject({ path: '/book/finalize', status: 400 });
    expect(capture.text()).not.toContain(KEY_ANNA);
    expect(capture.text()).not.toContain('Secret Street');
    expect(capture.text()).not.toContain('SECRETHASH');
  });

  it('logs a 500 at error level with the error, through the same logger', async () => {
    const lowdb = await LowdbStore.inMemory();
    const broken = Object.assign(Object.create(lowdb) as LowdbStore, {
      outboxOfAccount: () => {
        throw new Error('disk on fire');
      },
    });
    const failing = capturingLogger('info');
    const brokenServer = await startTestServer({ world: testWorld(), store: broken, logger: failing.logger });
    try {
      const response = await brokenServer.post('/_control/outbox', { apikey: KEY_ANNA });
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ error: 'Internal server error' });
      const id = response.headers.get('x-request-id')!;
      for (let attempt = 0; attempt < 50 && failing.lines.length < 2; attempt++) await new Promise((resolve) => setTimeout(resolve, 10));
      const lines = failing.lines.filter((line) => line.request_id === id);
      expect(lines.map((line) => line.level)).toEqual([50, 50]);
      expect(lines[0]).toMatchObject({ msg: 'POST /_control/outbox failed', err: { message: 'disk on fire' } });
      expect(lines[1]).toMatchObject({ path: '/_control/outbox', status: 500 });
    } finally {
      await brokenServer.close();
    }
  });
});

describe('storage unavailable', () => {
  it('tells the client 503 and nothing of the file or the system error; the log has them', async () => {
    const lowdb = await LowdbStore.inMemory();
    const full = Object.assign(Object.create(lowdb) as LowdbStore, {
      resetAccount: () => Promise.reject(new StoreUnavailableError('cannot write the journal /srv/sandbox/db.json.journal: ENOSPC: no space left on device, write')),
    });
    const capture = capturingLogger('info');
    const fullServer = await startTestServer({ world: testWorld(), store: full, logger: capture.logger });
    try {
      const response = await fullServer.post('/_control/reset', { apikey: KEY_ANNA });
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      expect(response.body).toEqual({ error: 'The service could not save or read data (storage unavailable); nothing was changed, please retry shortly.' });
      await fullServer.idle();
      const lines = capture.lines.filter((line) => line.request_id === response.headers.get('x-request-id'));
      expect(lines.map((line) => line.level)).toEqual([50, 50]);
      expect(lines[0]).toMatchObject({ detail: expect.stringContaining('/srv/sandbox/db.json.journal: ENOSPC') });
      expect(lines[1]).toMatchObject({ status: 503, account_id: 1 });
    } finally {
      await fullServer.close();
    }
  });
});

describe('LOG_LEVEL', () => {
  it('silent writes nothing, and the id is still returned', async () => {
    const capture = capturingLogger('silent');
    const server = await startTestServer({ world: testWorld(), logger: capture.logger });
    try {
      const response = await server.request('/healthz');
      expect(response.headers.get('x-request-id')).toMatch(UUID);
      await server.idle(); // the request is over: its line would have been written
      expect(capture.lines).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('warn leaves out requests that did not fail (a 404 is the client\'s)', async () => {
    const capture = capturingLogger('warn');
    const server = await startTestServer({ world: testWorld(), logger: capture.logger });
    try {
      await server.request('/healthz');
      await server.request('/nowhere');
      await server.idle(); // both requests are over: their lines would have been written
      expect(capture.lines).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
