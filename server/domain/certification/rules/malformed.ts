/** No malformed request repeated after its first 400 (same client, endpoint and error message). */
import { errorOf, groupBy, ids } from '../facts.js';
import type { CertificationRule } from '../types.js';

export const noRepeatedMalformed: CertificationRule = {
  id: 'no-repeated-400',
  title: 'Sent no malformed request again after its first 400',
  looks_for: 'The 400 answers of each client: no two on the same endpoint with the same error message.',
  evaluate(entries) {
    if (entries.length === 0) return { verdict: 'not_seen', reason: 'No calls yet.', evidence: [] };
    const rejected = entries.filter((e) => e.response.status === 400);
    for (const kind of groupBy(rejected, (e) => JSON.stringify([e.client_address, e.endpoint, errorOf(e)])).values()) {
      if (kind.length > 1) {
        return {
          verdict: 'failed',
          reason: `The same 400 came back ${kind.length} times on ${kind[0]!.endpoint}: "${errorOf(kind[0]!)}".`,
          evidence: ids(kind),
        };
      }
    }
    return {
      verdict: 'passed',
      reason: rejected.length === 0 ? 'No malformed requests.' : 'Every kind of 400 came back at most once.',
      evidence: ids(rejected),
    };
  },
};
