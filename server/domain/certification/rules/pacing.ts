/** Never more than PACING_LIMIT search or hotel calls per client in any PACING_WINDOW_MS. */
import { HOTEL, SEARCH, atMs, groupBy, ids, plural } from '../facts.js';
import { PACING_LIMIT, PACING_WINDOW_MS } from '../thresholds.js';
import type { CertificationRule } from '../types.js';

export const keptPacing: CertificationRule = {
  id: 'pacing',
  title: `Kept to ${PACING_LIMIT} calls a minute on search and hotel details`,
  looks_for: `Every window of ${PACING_WINDOW_MS / 1000} s: at most ${PACING_LIMIT} search.php and at most ${PACING_LIMIT} hotel.php calls from one client (429 answers count: they were sent).`,
  evaluate(entries) {
    const limited = entries.filter((e) => e.endpoint === SEARCH || e.endpoint === HOTEL);
    if (limited.length === 0) return { verdict: 'not_seen', reason: 'No search or hotel details calls yet.', evidence: [] };
    for (const calls of groupBy(limited, (e) => `${e.client_address} ${e.endpoint}`).values()) {
      for (let i = 0; i + PACING_LIMIT < calls.length; i++) {
        const burst = calls.slice(i, i + PACING_LIMIT + 1);
        if (atMs(burst[burst.length - 1]!) - atMs(burst[0]!) < PACING_WINDOW_MS) {
          return {
            verdict: 'failed',
            reason: `${PACING_LIMIT + 1} calls to ${burst[0]!.endpoint} within ${PACING_WINDOW_MS / 1000} s.`,
            evidence: ids(burst),
          };
        }
      }
    }
    return {
      verdict: 'passed',
      reason: `${plural(limited.length, 'rate-limited call')}, never more than ${PACING_LIMIT} per endpoint in ${PACING_WINDOW_MS / 1000} s.`,
      evidence: [],
    };
  },
};
