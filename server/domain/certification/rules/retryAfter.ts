/** After a 429, the same client waited the full Retry-After before calling that endpoint again. */
import type { JournalEntry } from '../../journal/entry.js';
import { atMs, groupBy, retryAfterSeconds } from '../facts.js';
import type { CertificationRule } from '../types.js';

export const waitedRetryAfter: CertificationRule = {
  id: 'retry-after',
  title: 'Waited the full Retry-After after a 429',
  looks_for:
    'Each 429 and the next calls of the same client to the same endpoint: none may come before Retry-After seconds have passed.',
  evaluate(entries) {
    const early: number[] = [];
    const waited: number[] = [];
    let limited = 0;
    for (const calls of groupBy(entries, (e) => `${e.client_address} ${e.endpoint}`).values()) {
      calls.forEach((call, index) => {
        const seconds = call.response.status === 429 ? retryAfterSeconds(call) : undefined;
        if (seconds === undefined) return;
        limited += 1;
        const until = atMs(call) + seconds * 1000;
        const later: JournalEntry[] = calls.slice(index + 1);
        const tooSoon = later.filter((next) => atMs(next) < until);
        if (tooSoon.length > 0) early.push(call.id, ...tooSoon.map((e) => e.id));
        const patient = later.find((next) => atMs(next) >= until);
        if (tooSoon.length === 0 && patient) waited.push(call.id, patient.id);
      });
    }
    if (early.length > 0) {
      return {
        verdict: 'failed',
        reason: 'Called again on the same endpoint before Retry-After had passed after a 429.',
        evidence: [...new Set(early)].sort((a, b) => a - b),
      };
    }
    if (waited.length > 0) {
      return { verdict: 'passed', reason: 'Every 429 was followed by a wait of at least Retry-After.', evidence: waited };
    }
    return {
      verdict: 'not_seen',
      reason: limited > 0 ? 'Got a 429 but has not called that endpoint again yet.' : 'No 429 with Retry-After yet.',
      evidence: [],
    };
  },
};
