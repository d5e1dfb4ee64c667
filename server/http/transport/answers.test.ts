/** answers.ts: frozen answers serialised once with res.json's exact headers, and response validation. */
import express, { type RequestHandler } from 'express';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createContractValidator } from '../../../contract/validator.js';
import { deepFreeze } from '../../../contract/deepFreeze.js';
import { demoAccounts } from '../../domain/accounts.js';
import { startTestServer, type TestServer } from '../../testing/testServer.js';
import { errorHandler } from './errorHandler.js';
import { requestLog, silentLogger } from './requestLog.js';
import { frozenBodyOf, serialiseFrozenAnswersOnce, validateResponses } from './answers.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function serve(app: express.Express): Promise<string> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const headersOf = (response: Response) => ({
  type: response.headers.get('content-type'),
  length: response.headers.get('content-length'),
  etag: response.headers.get('etag'),
});

describe('serialiseFrozenAnswersOnce', () => {
  const body = { search_id: 'abc', hotels: [{ id: 1, name: 'Ünïcode “quotes”', rate: { total: '12.50' } }], total: 1 };

  it('sends a frozen body with the same bytes and headers as plain res.json, however often', async () => {
    const plain = express();
    plain.post('/', (_req, res) => res.json(body));
    const fast = express();
    serialiseFrozenAnswersOnce(fast);
    const frozen = deepFreeze(structuredClone(body));
    const stringify = vi.spyOn(JSON, 'stringify');
    fast.post('/', (_req, res) => res.json(frozen));
    const [plainUrl, fastUrl] = [await serve(plain), await serve(fast)];
    const expected = await fetch(plainUrl, { method: 'POST' });
    const expectedText = await expected.text();
    stringify.mockClear();
    for (let call = 0; call < 3; call++) {
      const response = await fetch(fastUrl, { method: 'POST' });
      expect(headersOf(response)).toEqual(headersOf(expected));
      expect(await response.text()).toBe(expectedText);
    }
    expect(stringify.mock.calls.filter(([value]) => value === frozen)).toHaveLength(1);
    stringify.mockRestore();
  });

  it('leaves unfrozen bodies, a status set before and a Content-Type set before to res.json as usual', async () => {
    const app = express();
    serialiseFrozenAnswersOnce(app);
    const frozen = deepFreeze({ error: 'nope' });
    app.post('/unfrozen', (_req, res) => res.json({ ...body }));
    app.post('/status', (_req, res) => res.status(404).json(frozen));
    app.post('/typed', (_req, res) => res.type('application/problem+json').json(frozen));
    const base = await serve(app);
    expect(await (await fetch(`${base}/unfrozen`, { method: 'POST' })).json()).toEqual(body);
    const notFound = await fetch(`${base}/status`, { method: 'POST' });
    expect([notFound.status, await notFound.json()]).toEqual([404, { error: 'nope' }]);
    const typed = await fetch(`${base}/typed`, { method: 'POST' });
    expect(typed.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
  });

  it('still lets a wrapper of res.json (the kit mutants) rewrite what is sent', async () => {
    const inner = express();
    serialiseFrozenAnswersOnce(inner);
    const frozen = deepFreeze({ value: 1 });
    inner.post('/', (_req, res) => res.json(frozen));
    const rewrite: RequestHandler = (_req, res, next) => {
      const json = res.json.bind(res);
      res.json = (sent: { value: number }) => json({ value: sent.value + 1 });
      next();
    };
    const base = await serve(express().use(rewrite, inner));
    for (let call = 0; call < 2; call++) expect(await (await fetch(base, { method: 'POST' })).json()).toEqual({ value: 2 });
  });

  it('tells the journal which frozen body kept bytes belong to', async () => {
    const app = express();
    serialiseFrozenAnswersOnce(app);
    const frozen = deepFreeze({ value: 'x' });
    let sent: unknown;
    app.post('/', (_req, res) => {
      const send = res.send.bind(res);
      res.send = (chunk?: unknown) => ((sent = chunk), send(chunk));
      res.json(frozen);
    });
    const base = await serve(app);
    await fetch(base, { method: 'POST' });
    expect(frozenBodyOf(sent)).toBe(frozen);
    expect(frozenBodyOf(Buffer.from('{"value":"x"}'))).toBeUndefined();
  });
});

describe('validateResponses', () => {
  const validator = createContractValidator();
  const appAnswering = (status: number, body: unknown, simulated = false) => {
    const app = express();
    app.use(requestLog(silentLogger())); // the error handler logs a 500 through req.log
    app.post('/search.php', validateResponses(validator, '/search.php'), (_req, res) => {
      if (simulated) res.locals.simulatedFault = true;
      res.status(status).json(body);
    });
    app.use(errorHandler);
    return app;
  };

  it('turns an answer that breaks the contract into a logged 500', async () => {
    const base = await serve(appAnswering(200, { hotels: 'not a list' }));
    const response = await fetch(`${base}/search.php`, { method: 'POST' });
    expect([response.status, await response.json()]).toEqual([500, { error: 'Internal server error' }]);
  });

  it('lets contract answers, 5xx answers and simulated faults through', async () => {
    for (const [status, body, simulated] of [
      [400, { error: 'checkin is required' }, false],
      [503, { whatever: true }, false],
      [429, { error: 'Simulated' }, true],
    ] as const) {
      const base = await serve(appAnswering(status, body, simulated));
      const response = await fetch(`${base}/search.php`, { method: 'POST' });
      expect([response.status, await response.json()]).toEqual([status, body]);
    }
  });
});

describe('cached answers in the app', () => {
  let server: TestServer;
  afterEach(async () => {
    await server?.close();
  });

  it('answers a repeated search and hotel.php with the same bytes and ETag, validated and journalled each time', async () => {
    server = await startTestServer();
    const search = { apikey: 'demo-key-1', checkin: '2026-12-15', checkout: '2026-12-18', location: 'Amsterdam' };
    const first = await server.post('/search.php', search);
    const again = await server.post('/search.php', search);
    expect(again.body).toEqual(first.body);
    const hotel = { apikey: 'demo-key-1', id: first.body.hotels[0].id, search_id: first.body.search_id };
    const answers = [await server.post('/hotel.php', hotel), await server.post('/hotel.php', hotel), await server.post('/hotel.php', hotel)];
    expect(new Set(answers.map((answer) => answer.headers.get('etag'))).size).toBe(1);
    expect(answers[2]?.body).toEqual(answers[0]?.body);
    const accountId = demoAccounts().find((account) => account.apikey === 'demo-key-1')!.id;
    type Entry = { endpoint: string; response: { body: unknown }; conformance: { response_valid: boolean } };
    let hotelEntries: Entry[] = [];
    // Entries are written after each answer: wait for them, boundedly.
    for (let attempt = 0; attempt < 100 && hotelEntries.length < 3; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      hotelEntries = ((await server.store.requestJournal(accountId)) as Entry[]).filter((entry) => entry.endpoint === '/hotel.php');
    }
    expect(hotelEntries).toHaveLength(3);
    for (const entry of hotelEntries) {
      expect(entry.response.body).toEqual(answers[0]?.body);
      expect(entry.conformance.response_valid).toBe(true);
    }
  });
});
