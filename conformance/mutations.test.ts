/**
 * Fault injection: each mutant is the reference server with one rule broken (test-only middleware
 * in front of it, or a config override). The checks named by the mutant run against it with the
 * harness; the mutant is caught when at least one of them fails. The same checks pass on the
 * unmutated server (baseline), so a catch is the mutant's doing. Each mutant is run with both
 * profiles: the report says whether the spec profile (the description's rules, judged by the
 * spec-level contract) already catches it, or only the reference profile does. Score →
 * artifacts/mutation-score.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from './checks/index.js';
import type { RunReport } from './kit/types.js';
import { MUTANTS, type Mutant } from './testing/mutants/index.js';
import { runAgainstWrapped } from './testing/support/runAgainst.js';

interface Outcome {
  mutant: Mutant;
  failedChecks: string[];
  caught: boolean;
  /** Failed checks of the spec profile (empty: only the reference profile catches it). */
  failedInSpec: string[];
}

const failedIds = (report: RunReport) => report.results.filter((r) => r.status === 'failed').map((r) => r.id);

const outcomes: Outcome[] = [];
let baseline: RunReport;

beforeAll(async () => {
  baseline = await runAgainstWrapped({}, 'reference', [...new Set(MUTANTS.flatMap((m) => m.caughtBy))]);
  for (const mutant of MUTANTS) {
    const failedChecks = failedIds(await runAgainstWrapped(mutant, 'reference', mutant.caughtBy));
    const specChecks = mutant.caughtBy.filter((id) => CATALOGUE.find((c) => c.id === id)?.tag === 'spec');
    const failedInSpec = specChecks.length === 0 ? [] : failedIds(await runAgainstWrapped(mutant, 'spec', specChecks));
    outcomes.push({ mutant, failedChecks, caught: failedChecks.length > 0, failedInSpec });
  }
  const caught = outcomes.filter((o) => o.caught).length;
  const bySpec = outcomes.filter((o) => o.failedInSpec.length > 0).length;
  const lines = [
    '# Mutation score of the conformance kit',
    '',
    `${caught}/${outcomes.length} mutants caught (${Math.round((100 * caught) / outcomes.length)}%): ${bySpec} by the spec profile, ${caught - bySpec} only by the reference profile.`,
    '',
    '| mutant | rule broken | § | caught by (failed checks) | profile that catches it |',
    '|---|---|---|---|---|',
    ...outcomes.map((o) => `| \`${o.mutant.id}\` | ${o.mutant.breaks} | ${o.mutant.section} | ${o.caught ? o.failedChecks.map((id) => `\`${id}\``).join(', ') : '**not caught**'} | ${o.failedInSpec.length > 0 ? 'spec (and reference)' : o.caught ? 'reference only' : '—'} |`),
    '',
  ];
  mkdirSync('artifacts', { recursive: true });
  writeFileSync('artifacts/mutation-score.md', lines.join('\n'));
}, 300_000);


describe('fault injection (mutants of the reference server)', () => {
  it('has at least 20 distinct mutants, each breaking one named rule', () => {
    expect(MUTANTS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(MUTANTS.map((m) => m.id)).size).toBe(MUTANTS.length);
    for (const area of ['auth.', 'validation.', 'response.', 'ordering.', 'state.', 'limits.']) {
      expect(MUTANTS.some((m) => m.id.startsWith(area)), area).toBe(true);
    }
  });

  it('the catching checks pass on the unmutated server (baseline)', () => {
    const notPassed = baseline.results.filter((r) => r.status !== 'passed').map((r) => `${r.id}: ${r.status} ${r.message ?? ''}`);
    expect(notPassed).toEqual([]);
  });

  it('catches every mutant (mutation score 100%)', () => {
    const survivors = outcomes.filter((o) => !o.caught).map((o) => o.mutant.id);
    expect(survivors).toEqual([]);
  });
});
