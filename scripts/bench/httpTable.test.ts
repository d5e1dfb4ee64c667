/** The HTTP performance table of docs/benchmarks.md is the one `npm run readme:bench` writes from the committed results. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BENCHMARKS_DOC, withReadmeSection } from '../readmeSection.js';
import { HTTP_RESULTS_FILE, HTTP_TABLE_END, HTTP_TABLE_START, httpTable, type HttpResults } from './httpTable.js';

const results = JSON.parse(readFileSync(HTTP_RESULTS_FILE, 'utf8')) as HttpResults;

describe('the performance table of docs/benchmarks.md', () => {
  it('is up to date with scripts/bench/results/http.json (npm run readme:bench)', () => {
    const readme = readFileSync(BENCHMARKS_DOC, 'utf8');
    expect(withReadmeSection(readme, HTTP_TABLE_START, HTTP_TABLE_END, httpTable(results)), 'docs/benchmarks.md is stale: npm run readme:bench').toBe(readme);
  });

  it('records what makes the figures comparable: node, cores, connections, rounds and the baselines', () => {
    expect(results.node).toMatch(/^v\d+\./);
    expect(results.cores).toBeGreaterThan(0);
    expect(results.connections).toBe(20);
    expect(results.rounds).toBeGreaterThanOrEqual(2);
    for (const baseline of [results.bare_express, results.prism]) {
      expect(baseline.hotel.requests_per_second).toBeGreaterThan(0);
      expect(baseline.search.requests_per_second).toBeGreaterThan(0);
    }
    const table = httpTable(results);
    expect(table).toContain(`Node ${results.node}`);
    expect(table).toContain(`${results.reference.paths.hotel_cached.requests_per_second.toLocaleString('en-US')} req/s`);
  });
});

describe('the booking-start row', () => {
  const load = (requests_per_second: number, p99_ms: number) => ({ requests_per_second, p50_ms: 1, p99_ms, requests: requests_per_second * 6, non_2xx: 0, errors: 0 });
  const withBooking = (from: HttpResults): HttpResults => ({
    ...from,
    booking_body_bytes: 512,
    reference: { ...from.reference, paths: { ...from.reference.paths, booking_start: load(900, 20) } },
    reference_validating_responses: { ...from.reference_validating_responses, paths: { ...from.reference_validating_responses.paths, booking_start: load(850, 21) } },
    bare_express: { ...from.bare_express, booking: load(1_000, 12) },
    prism: { ...from.prism, booking: load(300, 40) },
  });

  it('is shown with its baselines and ratios when the results have it, and left out when they do not', () => {
    const table = httpTable(withBooking(results));
    const row = table.split('\n').find((line) => line.startsWith('| booking.php'));
    expect(row).toContain('| 900 req/s (p50 1 ms, p99 20 ms) | 1,000 req/s (p50 1 ms, p99 12 ms) | 300 req/s (p50 1 ms, p99 40 ms) | 0.90× | 3.00× |');
    expect(row).toContain('850 req/s (p50 1 ms, p99 21 ms), 0.94×');
    expect(table).toContain('booking.php 512 bytes.');
    const older = { ...results, reference: { ...results.reference, paths: { ...results.reference.paths, booking_start: undefined } } };
    expect(httpTable(older)).not.toContain('| booking.php');
  });
});
