/**
 * The kit against the reference server with the harness: every check of the catalogue (reference
 * profile, both keys) passes, and the run is fast because the kit moves the server clock instead
 * of waiting on rate limits.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonReport } from './reports/json.js';
import { summaryText } from './reports/console.js';
import { runConformance } from './kit/runner.js';
import type { RunReport } from './kit/types.js';
import { startReferenceServer, type RunningServer } from './testing/support/referenceServer.js';

let server: RunningServer;
let report: RunReport;

beforeAll(async () => {
  server = await startReferenceServer();
  report = await runConformance({
    baseUrl: server.url,
    apikey: 'demo-key-1',
    apikey2: 'demo-key-2',
    control: server.url,
    profile: 'reference',
  });
  mkdirSync('artifacts', { recursive: true });
  writeFileSync('artifacts/reference-run.json', jsonReport(report));
  writeFileSync('artifacts/reference-run.txt', summaryText(report));
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('conformance kit against the reference server (with --control)', () => {
  it('runs every check of the catalogue, none skipped', () => {
    expect(report.summary.skipped, summaryText(report)).toBe(0);
    expect(report.summary.total).toBeGreaterThan(100);
  });

  it('passes every check', () => {
    const failures = report.results.filter((r) => r.status !== 'passed').map((r) => `${r.id}: ${r.message ?? ''}`);
    expect(failures).toEqual([]);
  });

  it('never sleeps: it moves the clock, and finishes within 60 s', () => {
    expect(report.waitedSeconds).toBe(0);
    expect(report.clockAdvancedSeconds).toBeGreaterThan(0);
    expect(report.durationMs).toBeLessThan(60_000);
  });

  it('counts the requests per endpoint, the harness included', () => {
    for (const endpoint of ['/search.php', '/hotel.php', '/booking.php', '/booking_overview.php', '/retrieve_booking.php', '/book/cancel.php', 'control'] as const) {
      expect(report.requestsPerEndpoint[endpoint] ?? 0).toBeGreaterThan(0);
    }
    const perCheck = report.results.reduce((sum, r) => sum + (r.requests['/search.php'] ?? 0), 0);
    expect(perCheck).toBe(report.requestsPerEndpoint['/search.php']);
  });
});
