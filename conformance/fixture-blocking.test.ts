/**
 * One cause, one failure: when the shared search's response violates the contract, the run reports
 * that once, on the fixture (with the request and the response), and the checks that needed the
 * shared search are blocked by it rather than failing with a copy of the violation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from './kit/runner.js';
import type { RunReport } from './kit/types.js';
import { SEARCH, rewriteResponse } from './testing/mutants/middleware.js';
import { startReferenceServer, type RunningServer } from './testing/support/referenceServer.js';

let server: RunningServer;
let report: RunReport;

beforeAll(async () => {
  // total_price as a number: a violation of the spec-level contract too (money is text).
  server = await startReferenceServer({
    config: { validateResponses: false },
    front: () => [
      rewriteResponse([SEARCH], (body, _req, res) => {
        if (res.statusCode === 200) for (const h of body.hotels) h.rate.pricing.total_price = Number(h.rate.pricing.total_price);
        return body;
      }),
    ],
  });
  report = await runConformance({
    baseUrl: server.url,
    apikey: 'demo-key-1',
    control: server.url,
    profile: 'spec',
    only: ['auth', 'search.total-hotels.matches-list', 'search.money.decimal-strings', 'hotel.rates.order', 'states.retrieve.unknown-404'],
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('a contract violation in a shared fixture', () => {
  it('is reported once, on the fixture, with the request and the response', () => {
    const fixtures = report.results.filter((r) => r.group === 'fixtures');
    expect(fixtures.map((r) => [r.id, r.status])).toEqual([['fixture.search', 'failed']]);
    const message = fixtures[0]?.message ?? '';
    expect(message).toMatch(/POST \/search\.php → 200: \/hotels\/0\/rate\/pricing\/total_price: type "string"/);
    expect(message).toMatch(/request: {2}POST http:\/\/127\.0\.0\.1:\d+\/search\.php \{"apikey":"\*\*\*"/);
    expect(message).not.toContain('demo-key-1'); // a real key never goes into a report
    expect(message).toMatch(/response: 200 \{"search_id"/);
    expect(fixtures[0]?.exchanges?.[0]).toMatchObject({ method: 'POST', status: 200 });
  });

  it('blocks the checks that needed it, and only those', () => {
    const status = Object.fromEntries(report.results.map((r) => [r.id, r.status]));
    for (const id of ['search.total-hotels.matches-list', 'search.money.decimal-strings', 'hotel.rates.order', 'auth.hotel.missing-key-401']) {
      expect(status[id], id).toBe('blocked');
    }
    for (const id of ['auth.overview.missing-key-401', 'auth.search.unknown-key-403', 'states.retrieve.unknown-404']) expect(status[id], id).toBe('passed');
    const failed = report.results.filter((r) => r.status === 'failed').map((r) => r.id);
    expect(failed).toEqual(['fixture.search']);
    const blocked = report.results.find((r) => r.id === 'search.money.decimal-strings');
    expect(blocked?.message).toMatch(/^blocked by fixture\.search/);
    expect(report.summary.blocked).toBeGreaterThanOrEqual(4);
  });
});
