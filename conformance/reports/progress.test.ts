/** Where a run stands: the estimate of the time left, and how it is shown on a terminal and in CI. */
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../kit/types.js';
import { PLAIN_PROGRESS_EVERY_MS, ProgressDisplay, ProgressEstimate, duration, progressBar, progressText } from './progress.js';

const result = (requests: CheckResult['requests'], durationMs = 100): CheckResult => ({
  id: 'x', title: 'x', group: 'g', section: '1', tag: 'spec', needs: [], status: 'passed', durationMs, requests,
});
const search = { endpoints: ['/search.php'] as const, skipped: false };
const overview = { endpoints: ['/booking_overview.php'] as const, skipped: false };

describe('ProgressEstimate', () => {
  it('a paced run: the rate-limited requests left at 5 a minute set the time left', () => {
    const estimate = new ProgressEstimate([search, search, ...Array.from({ length: 10 }, () => search), overview], { pacePerMinute: 5, startedAt: 0 });
    expect(estimate.state(0).leftMs).toBeUndefined();
    estimate.ended(result({ '/search.php': 2 }));
    estimate.ended(result({ '/search.php': 2 }));
    // 10 search checks left at 2 requests each = 20 requests = 4 minutes, plus the overview check's own time.
    expect(estimate.state(60_000)).toEqual({ done: 2, planned: 13, elapsedMs: 60_000, leftMs: 4 * 60_000 + 100 });
  });

  it('a paced run with a planned schedule: known from the start, and within 30 % of the real time left after the first minute (simulated clock)', () => {
    // A run without a harness as --negative all makes it: a few unplanned window checks (6 searches
    // each), many generated checks that say how many searches they send, then unplanned ones again.
    const plan = [
      ...Array.from({ length: 5 }, () => ({ ...search, sends: 6 })),
      ...Array.from({ length: 30 }, (_, i) => ({ ...search, sends: 1 + (i % 5), plannedRequests: { '/search.php': 1 + (i % 5) } })),
      ...Array.from({ length: 5 }, () => ({ ...search, sends: 6 })),
    ];
    const estimate = new ProgressEstimate(plan, { pacePerMinute: 5, startedAt: 0 });
    const SEARCH_MS = 12_000; // 5 a minute
    const total = plan.reduce((sum, c) => sum + c.sends, 0) * SEARCH_MS;
    expect(estimate.state(0).leftMs).toBeGreaterThan(0); // an estimate before any check ended
    let now = 0;
    for (const check of plan) {
      now += check.sends * SEARCH_MS;
      estimate.ended(result({ '/search.php': check.sends }));
      const real = total - now;
      const left = estimate.state(now).leftMs ?? Number.NaN;
      if (now >= 60_000 && real > 0) expect(Math.abs(left - real) / real, `at ${now / 1000} s: ${left} vs ${real}`).toBeLessThanOrEqual(0.3);
    }
  });

  it('a run with a harness (nothing waits): time per check so far, times the checks left; skipped ones cost nothing', () => {
    const estimate = new ProgressEstimate([search, search, search, { ...search, skipped: true }], { startedAt: 0 });
    estimate.ended(result({ '/search.php': 3 }, 500));
    expect(estimate.state(500).leftMs).toBe(1000);
  });

  it('fixture reports are not checks of the plan', () => {
    const estimate = new ProgressEstimate([search, search], { startedAt: 0 });
    estimate.ended({ ...result({}), group: 'fixtures' });
    expect(estimate.state(0).done).toBe(0);
  });
});

describe('how it is shown', () => {
  const state = { done: 57, planned: 140, elapsedMs: 250_000, leftMs: 330_000 };
  it('a plain line for CI, a bar for a terminal', () => {
    expect(progressText(state)).toBe('progress: 57/140 checks, 4 min 10 s elapsed, about 6 min left');
    expect(progressBar(state, 10)).toBe('[████░░░░░░] 57/140 · 4 min 10 s · about 6 min left');
    expect(duration(3_780_000)).toBe('1 h 3 min');
  });

  it('on a terminal the bar stays under the lines and counts a wait down; lines are printed whole', () => {
    let now = 0;
    const lines: string[] = [];
    const statuses: string[] = [];
    const display = new ProgressDisplay({ out: (l) => lines.push(l), status: (l) => statuses.push(l) }, { pacePerMinute: 5 }, () => now);
    display.planned([search, search]);
    display.ended(result({ '/search.php': 1 }), '✓ x a check');
    now = 1000;
    display.wait(47_000, 'the rate limit on /search.php');
    display.close();
    expect(lines).toEqual(['✓ x a check']);
    expect(statuses.at(-2)).toBe('[██████████░░░░░░░░░░] 1/2 · 1 s · less than a minute left · waiting 47 s for the rate limit on /search.php');
    expect(statuses.at(-1)).toBe('');
  });

  it('in CI, a plain progress line at most every 30 s and whenever a wait starts', () => {
    let now = 0;
    const lines: string[] = [];
    const display = new ProgressDisplay({ out: (l) => lines.push(l) }, { pacePerMinute: 5 }, () => now);
    display.planned([search, search, search]);
    display.ended(result({ '/search.php': 5 }), '✓ one');
    now = PLAIN_PROGRESS_EVERY_MS;
    display.ended(result({ '/search.php': 5 }), '✓ two');
    display.wait(50_000, 'the rate limit on /search.php');
    expect(lines).toEqual([
      '✓ one',
      '✓ two',
      'progress: 2/3 checks, 30 s elapsed, about 1 min left',
      'waiting 50 s for the rate limit on /search.php',
      'progress: 2/3 checks, 30 s elapsed, about 1 min left',
    ]);
  });
});
