/** The API key travels only in the JSON body, never in a header or a query string. */
import { ids } from '../facts.js';
import type { CertificationRule } from '../types.js';

export const keyOnlyInBody: CertificationRule = {
  id: 'key-in-body',
  title: 'Never sent the key in a header or a query string',
  looks_for: 'Where each call carried its apikey: only the JSON body is allowed.',
  evaluate(entries) {
    if (entries.length === 0) return { verdict: 'not_seen', reason: 'No calls yet.', evidence: [] };
    const exposed = entries.filter((e) => e.key_location === 'header' || e.key_location === 'query');
    if (exposed.length > 0) {
      return {
        verdict: 'failed',
        reason: `Sent the key in a ${exposed[0]!.key_location}${exposed.length > 1 ? ` (${exposed.length} calls)` : ''}; it belongs in the JSON body only.`,
        evidence: ids(exposed),
      };
    }
    return { verdict: 'passed', reason: 'The key only ever travelled in the JSON body.', evidence: [] };
  },
};
