import express from 'express';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createContractValidator } from '../../../contract/validator.js';
import { FakeClock } from '../../clock.js';
import { AccountClocks } from '../../domain/accountClocks.js';
import { AccountRegistry, demoAccounts } from '../../domain/accounts.js';
import type { JournalEntry } from '../../domain/journal/entry.js';
import { errorHandler } from '../transport/errorHandler.js';
import { requestValidation } from '../transport/requestValidation.js';
import { loadContract } from '../../../contract/document.js';
import { API_PATHS } from '../../../contract/apiPaths.js';
import { CLIENT_CLOSED_REQUEST, journalRecorder } from './journalRecorder.js';
import { authenticate } from '../transport/apiPipeline.js';
import { processStore } from '../../testing/processStore.js';
import { journalEntryOf, type JournalEntryBuilder } from '../../domain/ports/store.js';

const accounts = new AccountRegistry(undefined, demoAccounts(), new FakeClock());
const account = accounts.demoAccounts()[0]!;
const KEY = account.apikey;

/** A journal store in memory: what the recorder needs of the real one. */
class MemoryJournal {
  readonly byAccount = new Map<number, unknown[]>();
  readonly heldBytes: (number | undefined)[] = [];
  async appendRequestJournal(accountId: number, entry: JournalEntryBuilder) {
    this.heldBytes.push(entry.heldBytes);
    this.byAccount.set(accountId, [...(this.byAccount.get(accountId) ?? []), journalEntryOf(entry)]);
  }
  async requestJournal(accountId: number) {
    return this.byAccount.get(accountId) ?? [];
  }
  entries(): JournalEntry[] {
    return (this.byAccount.get(account.id) ?? []) as JournalEntry[];
  }
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function start(handler: express.RequestHandler, path = '/booking_overview.php', before: express.RequestHandler[] = [], store = new MemoryJournal()) {
  const base = new FakeClock('2026-12-01T10:00:00Z');
  const clocks = new AccountClocks(base, processStore());
  await clocks.setOffset(account.id, 3_600_000); // the account lives an hour ahead
  const errors: unknown[] = [];
  const app = express();
  app.post(
    path,
    journalRecorder({ store, accounts, clocks, validator: createContractValidator(), onError: (e) => errors.push(e) }),
    express.json(),
    authenticate(accounts, clocks),
    ...before,
    handler,
  );
  app.use(errorHandler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  close = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  /** Resolves once the next request's response has closed: the recorder's 'close' listener, added first, has run. */
  const nextClosed = () => new Promise<void>((resolve) => server.once('request', (_req, res: ServerResponse) => res.once('close', () => resolve())));
  /** Waits (boundedly) until the journal holds `count` entries. */
  const recorded = async (count: number) => {
    for (let i = 0; i < 100 && store.entries().length < count; i++) await new Promise((r) => setTimeout(r, 10));
    return store.entries();
  };
  return { store, url, recorded, errors, base, nextClosed };
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal });

describe('journalRecorder', () => {
  it('records each call once the answer is finished, judged against the contract, with increasing ids', async () => {
    const { url, recorded, errors } = await start((_req, res) => {
      res.json({ status: 'ok', count: 0, bookings: [] });
    });
    await post(url, { apikey: KEY });
    await post(url, { apikey: KEY, extra: true });
    const entries = await recorded(2);
    expect(entries.map((e) => e.id)).toEqual([1, 2]);
    expect(entries[0]).toMatchObject({
      endpoint: '/booking_overview.php',
      key_location: 'body',
      request: { method: 'POST', body: { apikey: '***' } },
      response: { status: 200, body: { status: 'ok', count: 0, bookings: [] } },
      conformance: { request_valid: true, response_valid: true, violations: [] },
      scenario: null,
    });
    expect(entries[0]!.at).toBe('2026-12-01T11:00:00.000Z'); // arrival on the account's clock
    expect(entries[1]!.conformance.request_valid).toBe(false);
    expect(JSON.stringify(entries)).not.toContain(KEY);
    expect(errors).toEqual([]);
  });

  it('says how many bytes each unbuilt entry holds: bodies, headers and URL too (finding 3 of issue 35)', async () => {
    const answer = { status: 'ok', count: 0, bookings: [], note: 'x'.repeat(1000) };
    const { store, url, recorded } = await start((_req, res) => {
      res.json(answer);
    });
    const request = JSON.stringify({ apikey: KEY });
    const bodies = JSON.stringify(answer).length + request.length;
    await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: request });
    await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', test: 'x'.repeat(14_000), 'user-agent': 'y'.repeat(1500) }, body: request });
    await recorded(2);
    const [plain, heavy] = store.heldBytes as [number, number];
    expect(plain).toBeGreaterThan(bodies);
    expect(plain).toBeLessThan(bodies + 2000);
    expect(heavy - plain).toBeGreaterThanOrEqual(15_500);
  });

  it('shows the body exactly as received, not with the defaults request validation filled in, the key masked', async () => {
    const seen: unknown[] = [];
    const check = requestValidation(loadContract(), API_PATHS)['/search.php'];
    const { url, recorded } = await start((req, res) => {
      seen.push(structuredClone(req.body));
      res.status(400).json({ error: 'stop here' });
    }, '/search.php', [check]);
    const sent = { apikey: KEY, checkin: '2026-12-10', checkout: '2026-12-12', latitude: 52.3, longitude: 4.9 };
    await post(url, sent);
    const [entry] = await recorded(1);
    expect(seen[0]).toMatchObject({ radius: 5000, currency: 'EUR' }); // the domain still gets the defaults
    expect(entry!.request.body).toEqual({ ...sent, apikey: '***' });
    expect(JSON.stringify(entry)).not.toContain(KEY);
  });

  it('stamps a call with its arrival, however far the clock moved while it ran', async () => {
    const { url, recorded, base } = await start((_req, res) => {
      base.advance(30); // a test's clock, or a slow answer: the call's own time must not move
      res.json({ status: 'ok', count: 0, bookings: [] });
    });
    await post(url, { apikey: KEY });
    await post(url, { apikey: KEY });
    expect((await recorded(2)).map((e) => e.at)).toEqual(['2026-12-01T11:00:00.000Z', '2026-12-01T11:00:30.000Z']);
  });

  it('files a call that put the key only in a header under that account', async () => {
    const { url, recorded } = await start((_req, res) => {
      res.json({ status: 'ok', count: 0, bookings: [] });
    });
    const answer = await post(url, {}, { 'X-Api-Key': KEY });
    expect(answer.status).toBe(401);
    const [entry] = await recorded(1);
    expect(entry).toMatchObject({ key_location: 'header', response: { status: 401 }, request: { headers: { 'x-api-key': '***' } } });
  });

  it('records the scenario the sandbox played, not a header it ignored', async () => {
    const { url, recorded } = await start((req, res) => {
      if (req.get('test') === 'slow') res.locals.scenario = 'slow';
      res.json({ status: 'ok', count: 0, bookings: [] });
    });
    await post(url, { apikey: KEY }, { Test: 'slow' });
    await post(url, { apikey: KEY }, { Test: 'no_such_scenario' });
    expect((await recorded(2)).map((e) => e.scenario)).toEqual(['slow', null]);
  });

  it('records nothing for a key no account has', async () => {
    const { store, url, recorded, nextClosed } = await start((_req, res) => {
      res.json({ status: 'ok', count: 0, bookings: [] });
    });
    const closed = nextClosed();
    expect((await post(url, { apikey: 'nobody-000000000000' })).status).toBe(403);
    await closed; // the recorder has decided about that call
    // A call of a known account after it is recorded (bounded wait); the unknown key's is nowhere.
    expect((await post(url, { apikey: KEY })).status).toBe(200);
    expect((await recorded(1)).map((e) => e.id)).toEqual([1]);
    expect([...store.byAccount.values()].flat()).toHaveLength(1);
  });

  it('records a call whose client went away before the answer as 499', async () => {
    let answer: (() => void) | undefined;
    const { url, recorded } = await start((_req, res) => {
      answer = () => res.json({ status: 'ok', count: 0, bookings: [] });
    });
    const controller = new AbortController();
    const call = post(url, { apikey: KEY }, {}, controller.signal).catch((e: Error) => e.name);
    for (let i = 0; i < 100 && !answer; i++) await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    expect(await call).toBe('AbortError');
    const [entry] = await recorded(1);
    expect(entry!.response).toEqual({ status: CLIENT_CLOSED_REQUEST, headers: {}, body: null });
    answer!();
  });

  it('numbers calls that end while the last stored id is still being read after it, in order, and goes on counting', async () => {
    /** A journal that already holds entry 41, and is slow to say so. */
    class SlowJournal extends MemoryJournal {
      reads = 0;
      override async requestJournal(accountId: number) {
        this.reads += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return super.requestJournal(accountId);
      }
    }
    const store = new SlowJournal();
    store.byAccount.set(account.id, [{ id: 41 }]);
    const { url, recorded, errors } = await start((_req, res) => {
      res.json({ status: 'ok', count: 0, bookings: [] });
    }, undefined, [], store);
    await Promise.all(Array.from({ length: 20 }, () => post(url, { apikey: KEY })));
    const ids = (await recorded(21)).map((entry) => entry.id);
    expect(ids).toEqual(Array.from({ length: 21 }, (_, index) => 41 + index)); // appended in the order of their ids
    // Then a call whose key is only in a header (its clock is looked up), and calls counted in memory.
    await post(url, {}, { 'x-api-key': KEY });
    for (let call = 0; call < 3; call++) await post(url, { apikey: KEY });
    expect((await recorded(25)).map((entry) => entry.id).slice(21)).toEqual([62, 63, 64, 65]);
    expect(store.reads).toBe(1);
    expect(errors).toEqual([]);
  });
});
