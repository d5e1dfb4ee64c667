/**
 * Fault injection: each mutant is the reference server with one rule broken (test-only middleware
 * in front of it, or a config override). The checks named by the mutant run against it with the
 * harness; the mutant is caught when at least one of them fails. The same checks pass on the
 * unmutated server (baseline), so a catch is the mutant's doing. Score → artifacts/mutation-score.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from './kit/runner.js';
import type { RunReport } from './kit/types.js';
import { MUTANTS, type Mutant } from './mutants/index.js';
import { startReferenceServer } from './test-support/referenceServer.js';

interface Outcome {
  mutant: Mutant;
  failedChecks: string[];
  caught: boolean;
}

async function runAgainst(mutant: Partial<Mutant>, only: string[]): Promise<RunReport> {
  const server = await startReferenceServer({ config: { validateResponses: false, ...mutant.config }, front: mutant.front });
  try {
    return await runConformance({ baseUrl: server.url, apikey: 'demo-key-1', apikey2: 'demo-key-2', control: server.url, profile: 'reference', only });
  } finally {
    await server.close();
  }
}

const outcomes: Outcome[] = [];
let baseline: RunReport;

beforeAll(async () => {
  baseline = await runAgainst({}, [...new Set(MUTANTS.flatMap((m) => m.caughtBy))]);
  for (const mutant of MUTANTS) {
    const report = await runAgainst(mutant, mutant.caughtBy);
    const failedChecks = report.results.filter((r) => r.status === 'failed').map((r) => r.id);
    outcomes.push({ mutant, failedChecks, caught: failedChecks.length > 0 });
  }
  const caught = outcomes.filter((o) => o.caught).length;
  const lines = [
    '# Mutation score of the conformance kit',
    '',
    `${caught}/${outcomes.length} mutants caught (${Math.round((100 * caught) / outcomes.length)}%).`,
    '',
    '| mutant | rule broken | § | caught by (failed checks) |',
    '|---|---|---|---|',
    ...outcomes.map((o) => `| \`${o.mutant.id}\` | ${o.mutant.breaks} | ${o.mutant.section} | ${o.caught ? o.failedChecks.map((id) => `\`${id}\``).join(', ') : '**not caught**'} |`),
    '',
  ];
  mkdirSync('artifacts', { recursive: true });
  writeFileSync('artifacts/mutation-score.md', lines.join('\n'));
}, 180_000);


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
