/**
 * The certification report: for one account, which client behaviours the journal shows.
 * Each rule is a small declarative unit; the engine (engine.ts) only runs them and sums up.
 */
import type { JournalEntry } from '../journal/entry.js';

export type Verdict = 'passed' | 'failed' | 'not_seen';

/** What a rule concluded, with the journal entry ids it rests on. */
export interface RuleOutcome {
  verdict: Verdict;
  /** One line a client developer can act on. */
  reason: string;
  evidence: number[];
}

export interface CertificationRule {
  id: string;
  title: string;
  /** What in the journal the rule looks for (shown in every report). */
  looks_for: string;
  evaluate(entries: readonly JournalEntry[]): RuleOutcome;
}

export interface RuleResult extends RuleOutcome {
  id: string;
  title: string;
  looks_for: string;
}

export interface CertificationReport {
  /** `certified` when every rule passed; `failed` when any failed; else `incomplete`. */
  verdict: 'certified' | 'failed' | 'incomplete';
  certified: boolean;
  generated_at: string;
  /** Number of journal entries read, and the instants of the first and last. */
  entries: { count: number; first_at: string | null; last_at: string | null };
  summary: Record<Verdict, number>;
  rules: RuleResult[];
  /** Ids of the failed rules, then of those not yet seen. */
  failed: string[];
  not_seen: string[];
}
