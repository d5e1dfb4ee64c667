/** Survived a 502 on cancel: retried later, a few times at most, never in a tight loop. */
import { CANCEL, atMs, bookhashOf, groupBy, ids } from '../facts.js';
import { MAX_CANCEL_RETRIES_AFTER_502, MIN_CANCEL_RETRY_GAP_MS } from '../thresholds.js';
import type { CertificationRule } from '../types.js';

export const survivedCancel502: CertificationRule = {
  id: 'cancel-502-retry',
  title: 'Survived a 502 on cancel',
  looks_for: `The cancels of a booking after its first 502, up to the first other answer: at most ${MAX_CANCEL_RETRIES_AFTER_502}, each at least ${MIN_CANCEL_RETRY_GAP_MS / 1000} s after the previous attempt.`,
  evaluate(entries) {
    const survived: number[] = [];
    let seen502 = false;
    for (const cancels of groupBy(entries.filter((e) => e.endpoint === CANCEL), bookhashOf).values()) {
      const first = cancels.findIndex((e) => e.response.status === 502);
      if (first === -1) continue;
      seen502 = true;
      const episode = [cancels[first]!];
      for (const retry of cancels.slice(first + 1)) {
        episode.push(retry);
        if (retry.response.status !== 502) break;
      }
      const retries = episode.length - 1;
      if (retries > MAX_CANCEL_RETRIES_AFTER_502) {
        return {
          verdict: 'failed',
          reason: `Retried a cancel ${retries} times after a 502 (at most ${MAX_CANCEL_RETRIES_AFTER_502}).`,
          evidence: ids(episode),
        };
      }
      const hasty = episode.findIndex((e, i) => i > 0 && atMs(e) - atMs(episode[i - 1]!) < MIN_CANCEL_RETRY_GAP_MS);
      if (hasty !== -1) {
        return {
          verdict: 'failed',
          reason: `Retried a cancel less than ${MIN_CANCEL_RETRY_GAP_MS / 1000} s after a 502 (tight loop).`,
          evidence: ids(episode.slice(hasty - 1, hasty + 1)),
        };
      }
      if (retries > 0) survived.push(...ids(episode));
    }
    if (survived.length > 0) return { verdict: 'passed', reason: 'Retried a cancel after a 502 later, and not too often.', evidence: survived };
    return {
      verdict: 'not_seen',
      reason: seen502 ? 'Got a 502 on cancel but has not retried that cancel yet.' : 'No 502 on cancel yet (scenario "supplier_unavailable").',
      evidence: [],
    };
  },
};
