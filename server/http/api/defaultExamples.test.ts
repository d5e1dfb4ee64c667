/**
 * Example-driven tools stay on the happy path (issue 28). Dredd, Portman, Prism's example mode and
 * Schemathesis' example phase send an operation's request examples with the default example of each
 * header parameter. For every operation of openapi.yaml, every request example is sent with those
 * defaults (the `Test` header's included), and each must get the answer the same request gets
 * without any header, with the journal recording the ordinary scenario: no injected fault.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../../contract/document.js';
import { collectExamples } from '../../../contract/examples.js';
import { listOperations } from '../../../contract/operations.js';
import { defaultHeaderExample, headerParameters } from '../../../contract/requestHeaders.js';
import { SCENARIOS } from '../../domain/scenarios/catalogue.js';
import { KEY_ANNA } from '../../testing/bookingServer.js';
import { startTestServer, type TestServer } from '../../testing/testServer.js';

const contract = loadContract();
const operations = listOperations(contract);
const requestExamples = collectExamples(contract).filter((example) => example.kind === 'request');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { rateLimits: { perMinute: 10_000, perDay: 100_000 } } });
});
afterAll(() => server.close());

/** The header defaults a tool sends for the operation of `path`. */
function defaultHeaders(path: string): Record<string, string> {
  const op = operations.find((candidate) => candidate.path === path && candidate.method === 'post');
  if (!op) throw new Error(`no POST ${path}`);
  const headers: Record<string, string> = {};
  for (const { name } of headerParameters(contract, op)) {
    const value = defaultHeaderExample(contract, op, name);
    if (typeof value === 'string' || typeof value === 'number') headers[name] = String(value);
  }
  return headers;
}

describe('the default examples of every operation', () => {
  it.each(operations.map((op) => op.path))('%s: the Test header\'s default example is a scenario that injects nothing', (path) => {
    const value = defaultHeaders(path).Test;
    expect(value, 'every operation declares a Test example').toBeDefined();
    expect(SCENARIOS.find((scenario) => scenario.name === value)?.kind).toBe('none');
  });

  it.each(requestExamples.map((example) => [`${example.path} ${example.name ?? 'example'}`, example] as const))(
    '%s, sent with the default headers, gets the answer it gets without them, and the journal shows no scenario played',
    async (_label, example) => {
      await server.resetAll();
      const body = example.value;
      const headers = defaultHeaders(example.path);
      const plain = await server.post(example.path, body);
      const withDefaults = await server.post(example.path, body, { headers: { 'content-type': 'application/json', ...headers } });
      expect(withDefaults.status, JSON.stringify(withDefaults.body).slice(0, 300)).toBe(plain.status);
      expect(withDefaults.status).not.toBe(500);
      expect(withDefaults.headers.get('retry-after')).toBeNull();
      await server.idle();
      // The journal of the account the example calls as (the overview's `empty` is demo-key-3's).
      const apikey = typeof (body as { apikey?: unknown }).apikey === 'string' ? (body as { apikey: string }).apikey : KEY_ANNA;
      const journal = await server.post('/_control/journal', { apikey, endpoint: example.path });
      const last = journal.body.entries.at(-1) as { scenario: string | null; request: { headers: Record<string, string> } };
      expect(last.request.headers.test).toBe(headers.Test);
      expect(last.scenario).toBe('standard');
    },
  );
});
