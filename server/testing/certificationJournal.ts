/**
 * Test support: writes journals call by call through the real entry builder, so rule tests read
 * the same shapes the server records.
 */
import { buildEntry, type JournalEntry } from '../domain/journal/entry.js';

export const TEST_KEY = 'test-key-0123456789';
const START = Date.parse('2026-12-01T10:00:00Z');

export interface TestCall {
  /** Seconds after the journal's start. */
  at: number;
  body?: Record<string, unknown>;
  status?: number;
  response?: unknown;
  responseHeaders?: Record<string, string>;
  headers?: Record<string, string>;
  url?: string;
  client?: string;
  durationMs?: number;
  scenario?: string;
}

export class TestJournal {
  readonly entries: JournalEntry[] = [];

  /** Records one call to `endpoint`; returns its entry id. */
  call(endpoint: string, call: TestCall): number {
    const id = this.entries.length + 1;
    this.entries.push(
      buildEntry({
        id,
        at: new Date(START + call.at * 1000),
        clientAddress: call.client ?? '127.0.0.1',
        request: {
          method: 'POST',
          url: call.url ?? endpoint,
          headers: { 'content-type': 'application/json', ...call.headers },
          body: { apikey: TEST_KEY, ...call.body },
        },
        response: {
          status: call.status ?? 200,
          headers: { 'content-type': 'application/json', ...call.responseHeaders },
          body: call.response ?? {},
        },
        durationMs: call.durationMs ?? 20,
        scenario: call.scenario ?? null,
      }),
    );
    return id;
  }
}
