/**
 * The mirror image of mutations.test.ts: each variant is the reference server making one other
 * choice the API description allows. The spec profile (judged by the spec-level contract) must pass
 * every check on every variant: a failure there is a false alarm of the kit. The reference profile
 * may fail; which of its checks do, and why, goes to artifacts/variants.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from './checks/index.js';
import type { RunReport } from './kit/types.js';
import { VARIANTS, type Variant } from './testing/variants/index.js';
import { runAgainstWrapped } from './testing/support/runAgainst.js';

interface Outcome {
  variant: Variant;
  spec: RunReport;
  reference: RunReport;
}

const notPassed = (report: RunReport) => report.results.filter((r) => r.status === 'failed' || r.status === 'setup-failed' || r.status === 'blocked');
const firstLine = (text = '') => text.split('\n')[0]?.replace(/\|/g, '\\|').slice(0, 160) ?? '';

const outcomes: Outcome[] = [];

beforeAll(async () => {
  // Every check but the 200-search daily limit, which no variant changes (reference.test.ts runs it):
  // under a full `npm test` it sometimes met a 429 of the minute window (not yet explained).
  const all = CATALOGUE.map((c) => c.id).filter((id) => id !== 'limits.search.daily-200');
  // The generated and sequence checks are spec checks, the same in both profiles: the spec run has
  // them (every generated case, with the harness), so the reference run leaves them out.
  const referenceOnly = all.filter((id) => !/^(generated|sequences)\./.test(id));
  for (const variant of VARIANTS) {
    outcomes.push({ variant, spec: await runAgainstWrapped(variant, 'spec', all), reference: await runAgainstWrapped(variant, 'reference', referenceOnly) });
  }
  const specClean = outcomes.filter((o) => notPassed(o.spec).length === 0).length;
  const lines = [
    '# Legitimate variants of the reference server',
    '',
    `The spec profile passes on ${specClean} of ${outcomes.length} variants. The reference profile may fail on them; why is listed.`,
    '',
    '| variant | other valid choice | § | spec profile | reference profile: checks that fail (first line) |',
    '|---|---|---|---|---|',
    ...outcomes.map((o) => {
      const spec = notPassed(o.spec);
      const reference = notPassed(o.reference).map((r) => `\`${r.id}\`: ${firstLine(r.message)}`);
      return `| \`${o.variant.id}\` | ${o.variant.choice.replace(/\|/g, '\\|')} | ${o.variant.section} | ${spec.length === 0 ? `pass (${o.spec.summary.passed})` : `**${spec.length} failed**: ${spec.map((r) => r.id).join(', ')}`} | ${reference.length === 0 ? 'pass' : reference.join('<br>')} |`;
    }),
    '',
  ];
  mkdirSync('artifacts', { recursive: true });
  writeFileSync('artifacts/variants.md', lines.join('\n'));
}, 1_500_000);

describe('legitimate variants (the mirror of the mutants)', () => {
  it('has at least 25 distinct variants, each naming its choice and section', () => {
    expect(VARIANTS.length).toBeGreaterThanOrEqual(25);
    expect(new Set(VARIANTS.map((v) => v.id)).size).toBe(VARIANTS.length);
    for (const v of VARIANTS) expect(v.choice.length > 10 && v.section.length > 0, v.id).toBe(true);
  });

  it('the spec profile passes every check on every variant (no false alarms)', () => {
    const falseAlarms = outcomes.flatMap((o) => notPassed(o.spec).map((r) => `${o.variant.id} → ${r.id}: ${r.message ?? ''}`));
    expect(falseAlarms).toEqual([]);
    for (const o of outcomes) expect(o.spec.summary.skipped, o.variant.id).toBeLessThan(o.spec.summary.total / 10);
  });

  it('the reference profile tells apart the variants that contradict a reference choice, each failure with a reason', () => {
    const failing = new Set(outcomes.filter((o) => notPassed(o.reference).length > 0).map((o) => o.variant.id));
    for (const id of ['money.minimal-decimals', 'dates.deadlines-with-fractions', 'search.cheapest-first', 'booking-url.bookhash-in-path', 'paid.other-values', 'limits.counted-before-auth', 'validation.unknown-fields-ignored', 'validation.currency-upper-case-only']) {
      expect(failing.has(id), id).toBe(true);
    }
    for (const o of outcomes) for (const r of notPassed(o.reference)) expect(r.message ?? '', `${o.variant.id} → ${r.id}`).not.toBe('');
  });
});
