/**
 * A journal answer holds at most MAX_JOURNAL_ANSWER_BYTES of entries, the newest that fit, and says
 * how many it left out; its bytes count on the account's read budget (finding 3 of issue 35).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEntry } from '../../domain/journal/entry.js';
import { startTestServer, type TestServer } from '../../testing/testServer.js';
import { MAX_JOURNAL_ANSWER_BYTES } from './journalControlApi.js';
import { READ_UNIT_BYTES } from './readBudget.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { readsPerMinute: 20 } });
});
afterAll(() => server.close());

const DEMO_ACCOUNT = 1;
const BIG = 'x'.repeat(60 * 1024);

describe('a journal answer', () => {
  it('holds at most 4 MB, the newest entries, saying how many it left out; its bytes spend the read budget', async () => {
    for (let id = 1; id <= 100; id++) {
      await server.store.appendRequestJournal(DEMO_ACCOUNT, buildEntry({
        id, at: new Date(Date.UTC(2026, 10, 21, 10, 0, id)), clientAddress: '127.0.0.1',
        request: { method: 'POST', url: '/search.php', headers: {}, body: { apikey: 'demo-key-1' } },
        response: { status: 200, headers: {}, body: { note: BIG } }, durationMs: 1,
      }));
    }
    const started = Date.now();
    const answer = await server.post('/_control/journal', { apikey: 'demo-key-1' });
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body).length).toBeLessThanOrEqual(MAX_JOURNAL_ANSWER_BYTES + 1024);
    expect(answer.body.omitted).toBe(100 - answer.body.count);
    expect(answer.body.count).toBeGreaterThan(50);
    expect(answer.body.entries.at(-1).id).toBe(100);
    expect(answer.body.entries.map((entry: { id: number }) => entry.id)).toEqual([...answer.body.entries.map((entry: { id: number }) => entry.id)].sort((a, b) => a - b));
    expect(Date.now() - started).toBeLessThan(10_000);
    // The answer cost about 4 MB / READ_UNIT_BYTES reads: the budget of 20 runs out within a few more of them.
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await server.post('/_control/journal', { apikey: 'demo-key-1', limit: 1 })).status);
    expect(Math.ceil(MAX_JOURNAL_ANSWER_BYTES / READ_UNIT_BYTES)).toBeGreaterThan(10);
    expect(statuses).toContain(429);
    const small = await server.post('/_control/journal', { apikey: 'demo-key-2', limit: 1 });
    expect(small.status).toBe(200); // another account's budget is its own
    expect(small.body.omitted).toBeUndefined();
  });
});
