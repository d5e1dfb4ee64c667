/**
 * certify(entries) → CertificationReport: runs every rule over one account's journal. Pure: the
 * same journal gives the same report, whether the server, the console or `npm run certify` asks.
 */
import type { JournalEntry } from '../journal/entry.js';
import { CERTIFICATION_RULES } from './rules/index.js';
import type { CertificationReport, CertificationRule, RuleResult, Verdict } from './types.js';

export interface CertifyOptions {
  /** When the report is made (the account's clock); defaults to the last entry's time. */
  now?: string;
  rules?: readonly CertificationRule[];
}

export function certify(journal: readonly JournalEntry[], options: CertifyOptions = {}): CertificationReport {
  const entries = [...journal].sort((a, b) => a.id - b.id);
  const results: RuleResult[] = (options.rules ?? CERTIFICATION_RULES).map((rule) => ({
    id: rule.id,
    title: rule.title,
    looks_for: rule.looks_for,
    ...rule.evaluate(entries),
  }));
  const withVerdict = (verdict: Verdict) => results.filter((r) => r.verdict === verdict).map((r) => r.id);
  const failed = withVerdict('failed');
  const notSeen = withVerdict('not_seen');
  const first = entries[0];
  const last = entries[entries.length - 1];
  return {
    verdict: failed.length > 0 ? 'failed' : notSeen.length > 0 ? 'incomplete' : 'certified',
    certified: failed.length === 0 && notSeen.length === 0,
    generated_at: options.now ?? last?.at ?? new Date(0).toISOString(),
    entries: { count: entries.length, first_at: first?.at ?? null, last_at: last?.at ?? null },
    summary: { passed: results.length - failed.length - notSeen.length, failed: failed.length, not_seen: notSeen.length },
    rules: results,
    failed,
    not_seen: notSeen,
  };
}
