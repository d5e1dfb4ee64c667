/** A timed-out call is retried at most MAX_TIMEOUT_RETRIES times. */
import type { JournalEntry } from '../../journal/entry.js';
import { repeatsOf, timedOut } from '../facts.js';
import { MAX_TIMEOUT_RETRIES, REQUEST_TIMEOUT_MS, SLOW_SCENARIO } from '../thresholds.js';
import { repeatedFailureRule, timesText } from './repeatedFailure.js';

/** The identical calls after a time-out, up to and including the first that came back in time. */
function retriesOf(entries: readonly JournalEntry[], index: number): JournalEntry[] {
  const retries: JournalEntry[] = [];
  for (const repeat of repeatsOf(entries, index)) {
    retries.push(repeat);
    if (!timedOut(repeat)) break;
  }
  return retries;
}

export const retriedTimeoutOnce = repeatedFailureRule({
  id: 'timeout-retry',
  title: 'Retried a timed-out call at most once',
  looks_for: `Calls that took over ${REQUEST_TIMEOUT_MS / 1000} s or asked for the "${SLOW_SCENARIO}" scenario, and the identical calls after each until one came back in time: at most ${MAX_TIMEOUT_RETRIES}.`,
  trigger: timedOut,
  repeats: retriesOf,
  allowed: MAX_TIMEOUT_RETRIES,
  notSeen: `No call has timed out yet (try the "${SLOW_SCENARIO}" scenario).`,
  passed: `No timed-out call was retried more than ${timesText(MAX_TIMEOUT_RETRIES)}.`,
  failed: `A timed-out call was sent again more than ${timesText(MAX_TIMEOUT_RETRIES)}.`,
});
