/** The HTTP performance tables of docs/benchmarks.md are the ones `npm run readme:bench` writes from the committed results. */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BENCHMARKS_DOC, withReadmeSection } from '../readmeSection.js';
import { HTTP_TABLE_END, HTTP_TABLE_START, NODE_RELEASES, httpResultsFile, httpTable, httpTables, type Figure, type HttpResults, type Path } from './httpTable.js';

const committed = NODE_RELEASES.filter((major) => existsSync(httpResultsFile(major))).map(
  (major) => JSON.parse(readFileSync(httpResultsFile(major), 'utf8')) as HttpResults,
);

describe('the performance tables of docs/benchmarks.md', () => {
  it('are up to date with scripts/bench/results/http-node*.json (npm run readme:bench)', () => {
    const readme = readFileSync(BENCHMARKS_DOC, 'utf8');
    expect(withReadmeSection(readme, HTTP_TABLE_START, HTTP_TABLE_END, httpTables()), 'docs/benchmarks.md is stale: npm run readme:bench').toBe(readme);
  });

  it('come from runs that record what makes them comparable: node, cores, load, connections, at least 5 interleaved rounds, every baseline', () => {
    expect(committed.length).toBeGreaterThan(0);
    for (const results of committed) {
      expect(results.node).toMatch(/^v\d+\./);
      expect(results.cores).toBeGreaterThan(0);
      expect(results.load_average.before).toHaveLength(3);
      expect(results.connections).toBe(20);
      expect(results.rounds).toBeGreaterThanOrEqual(5);
      for (const path of ['hotel_cached', 'search_cached', 'booking_start'] as const) {
        expect(results.prism[path]?.rounds).toHaveLength(results.rounds);
        expect(results.reference.paths[path].rounds).toHaveLength(results.rounds);
      }
      expect(results.bare_express.hotel_cached?.requests_per_second).toBeGreaterThan(0);
      expect(results.durable_express.booking_start?.requests_per_second).toBeGreaterThan(0);
      expect(httpTable(results)).toContain(`Node ${results.node}`);
    }
  });
});

describe('a table', () => {
  const figure = (requests_per_second: number, p99_ms: number): Figure => ({
    requests_per_second, p50_ms: 1, p99_ms, rounds: Array.from({ length: 5 }, () => ({ requests_per_second, p50_ms: 1, p99_ms, requests: requests_per_second * 6, non_2xx: 0, errors: 0 })),
  });
  const paths = (rps: number): Record<Path, Figure> => ({
    hotel_cached: figure(rps, 9), search_cached: figure(rps, 9), search_uncached: figure(rps / 4, 30), hotel_live: figure(rps / 2, 20), booking_start: figure(rps / 3, 15),
  });
  const server = (rps: number) => ({ paths: paths(rps), startup_ms: 400, rss_mb_after_start: 120, rss_mb_after_each_path: { hotel_cached: 1, search_cached: 2, search_uncached: 3, hotel_live: 4, booking_start: 5 }, requests_served: 1000 });
  const results: HttpResults = {
    measured_at: '2026-11-28T00:00:00.000Z', node: 'v20.0.0', cores: 2, connections: 20, seconds_per_round: 6, rounds: 5, warmup_seconds: 2,
    load_average: { before: [0.5, 0.4, 0.3], after: [1.5, 0.9, 0.4] }, hotel_body_bytes: 9000, search_body_bytes: 15000, booking_body_bytes: 108, journal_line_bytes: 1380,
    reference: server(3000), reference_validating_responses: server(2700),
    bare_express: { hotel_cached: figure(2500, 8), search_cached: figure(3000, 8), booking_start: figure(4000, 5) },
    durable_express: { booking_start: figure(1200, 12) },
    prism: { hotel_cached: figure(600, 40), search_cached: figure(700, 40), booking_start: figure(500, 40) },
  };

  it('shows each path beside its own baseline: Express with the same bytes, for booking start Express that appends durably', () => {
    const table = httpTable(results);
    const row = (start: string) => table.split('\n').find((line) => line.startsWith(start)) ?? '';
    expect(row('| hotel.php with search_id')).toContain('| 3,000 req/s (p50 1 ms, p99 9 ms) | 2,500 req/s (p50 1 ms, p99 8 ms): bare Express, same bytes via res.json | 1.20× | 600 req/s (p50 1 ms, p99 40 ms) | 5.00× |');
    expect(row('| booking.php')).toContain('| 1,000 req/s (p50 1 ms, p99 15 ms) | 1,200 req/s (p50 1 ms, p99 12 ms): bare Express appending the same journal line durably');
    expect(row('| booking.php')).toContain('| 0.83× | 500 req/s (p50 1 ms, p99 40 ms) | 2.00× | 900 req/s (p50 1 ms, p99 15 ms), 0.90× |');
    expect(row('| search.php, every search new')).toContain('| – | – | – | – |');
    expect(table).toContain('median of 5 interleaved rounds of 6 s after a 2 s warm-up');
    expect(table).toContain('load average 0.5 before, 1.5 after');
    expect(table).toContain('no I/O (res.json of the same 108 bytes, the old baseline): 4,000 req/s (p50 1 ms, p99 5 ms), 0.25×');
  });
});
