/**
 * The kit against Prism, a stateless mock of openapi.yaml: it should pass the schema and shape
 * checks and fail the rule checks (limits, 401 vs 403, filters, state). The table of which check
 * passes and which fails is kept in prism-expected.json, so a change in either the kit or the
 * contract is noticed. It covers every check of the catalogue; the README's Prism table is
 * generated from it (`npm run readme:prism`, checked here). The mock's example booking_url is on
 * another server (port 3000): the kit never follows it, and skips the finalization-page check saying so.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from './checks/index.js';
import { runConformance } from './kit/runner.js';
import { KIT_DOC, prismTable, withPrismTable } from './prismTable.js';
import type { RunReport } from './kit/types.js';
import { startPrism, type RunningPrism } from './testing/support/prism.js';

const EXPECTED_FILE = new URL('./prism-expected.json', import.meta.url);

let prism: RunningPrism;
let report: RunReport;

beforeAll(async () => {
  prism = await startPrism();
  report = await runConformance({
    baseUrl: prism.url,
    apikey: 'demo-key-1',
    apikey2: 'demo-key-2',
    profile: 'reference',
    // A mock has no limits to respect; never wait on one (--pace off).
    pacePerMinute: 0,
    pacePerDay: 0,
    maxSleepMs: 1000,
    // The generated pick and the sequences follow the seed: a fixed one keeps the table repeatable.
    seed: 'prism-table',
  });
}, 120_000);

afterAll(async () => {
  await prism?.stop();
});

function table(r: RunReport): Record<string, string> {
  return Object.fromEntries(r.results.map((c) => [c.id, c.status]));
}

function markdown(r: RunReport): string {
  const rows = r.results.map((c) => `| \`${c.id}\` | ${c.tag} | ${c.status === 'passed' ? 'pass' : c.status === 'skipped' ? 'skip' : 'FAIL'} | ${(c.message ?? '').split('\n')[0]?.replace(/\|/g, '\\|').slice(0, 140) ?? ''} |`);
  return [
    '# The conformance kit against Prism (stateless mock of openapi.yaml)',
    '',
    `Reference profile, no harness. ${r.summary.passed} passed, ${r.summary.failed + r.summary.setupFailed} failed, ${r.summary.skipped} skipped.`,
    '',
    '| check | tag | Prism | why (first line) |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

describe('conformance kit against Prism', () => {
  it('records which checks a stateless mock passes, as expected', () => {
    mkdirSync('artifacts', { recursive: true });
    writeFileSync('artifacts/prism-results.md', markdown(report));
    writeFileSync('artifacts/prism-results.json', `${JSON.stringify(table(report), null, 2)}\n`);
    const expected = JSON.parse(readFileSync(EXPECTED_FILE, 'utf8')) as Record<string, string>;
    expect(table(report)).toEqual(expected);
  });

  it('prism-expected.json covers every check of the catalogue, and the README table is generated from it', () => {
    const expected = JSON.parse(readFileSync(EXPECTED_FILE, 'utf8')) as Record<string, string>;
    expect(Object.keys(expected).sort()).toEqual(CATALOGUE.map((c) => c.id).sort());
    const readme = readFileSync(KIT_DOC, 'utf8');
    expect(withPrismTable(readme, prismTable(expected)), 'docs/conformance-kit.md is stale: npm run readme:prism').toBe(readme);
  });

  it('never follows an absolute booking_url to another server than the one under test, and says so', () => {
    const page = report.results.find((r) => r.id === 'states.booking.finalization-page');
    expect(page?.status).toBe('skipped');
    expect(page?.message).toMatch(/booking_url http:\/\/127\.0\.0\.1:3000\/book\/finalize\?bookhash=\w+ is on another server than the one under test/);
    expect(report.requestsPerEndpoint['finalization-page'] ?? 0).toBe(0);
  });

  it('fails the rule checks a mock cannot keep, and passes shape checks', () => {
    const status = table(report);
    for (const id of ['limits.search.sixth-request-429', 'auth.search.unknown-key-403', 'search.coordinates.latitude-only-400', 'states.cancel.not-confirmed-409']) {
      expect(status[id], id).toBe('failed');
    }
    for (const id of ['search.total-hotels.matches-list', 'search.money.decimal-strings', 'hotel.rates.order']) {
      expect(status[id], id).toBe('passed');
    }
  });
});
