/**
 * The shape shared by the "did not loop" rules: find the answers that should stop a client
 * (a scenario's failure, a 409, a 403 on cancel), then look for calls that repeated them anyway.
 */
import type { JournalEntry } from '../../journal/entry.js';
import type { CertificationRule } from '../types.js';

export interface RepeatedFailureRule {
  id: string;
  title: string;
  looks_for: string;
  /** The answers the rule is about. */
  trigger: (entry: JournalEntry) => boolean;
  /** The calls after trigger `entries[index]` that count as repeating it. */
  repeats: (entries: readonly JournalEntry[], index: number) => JournalEntry[];
  /** Repeats allowed per trigger. */
  allowed: number;
  notSeen: string;
  passed: string;
  failed: string;
}

/** `once`, `2 times`, … for a rule's limit. */
export function timesText(limit: number): string {
  return limit === 1 ? 'once' : `${limit} times`;
}

export function repeatedFailureRule(rule: RepeatedFailureRule): CertificationRule {
  return {
    id: rule.id,
    title: rule.title,
    looks_for: rule.looks_for,
    evaluate(entries) {
      const triggers: number[] = [];
      for (const [index, entry] of entries.entries()) {
        if (!rule.trigger(entry)) continue;
        triggers.push(entry.id);
        const repeats = rule.repeats(entries, index);
        if (repeats.length > rule.allowed) {
          return { verdict: 'failed', reason: rule.failed, evidence: [entry.id, ...repeats.map((r) => r.id)] };
        }
      }
      return triggers.length > 0
        ? { verdict: 'passed', reason: rule.passed, evidence: triggers }
        : { verdict: 'not_seen', reason: rule.notSeen, evidence: [] };
    },
  };
}
