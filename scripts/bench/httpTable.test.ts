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
