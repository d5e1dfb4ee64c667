/** Handled price change, sold out and no availability: saw each scenario and did not loop on it. */
import type { JournalEntry } from '../../journal/entry.js';
import { BOOKING, SEARCH, repeatsOf, responseField } from '../facts.js';
import { MAX_REPEATS_OF_FAILED_CALL, REPEAT_HORIZON_MS } from '../thresholds.js';
import { repeatedFailureRule, timesText } from './repeatedFailure.js';

/** The same outcome when it happens without the scenario (a scenario hotel, an empty search). */
interface Signature {
  describe: string;
  matches: (entry: JournalEntry) => boolean;
}

function scenarioRule(scenario: string, title: string, signature?: Signature) {
  return repeatedFailureRule({
    id: `scenario-${scenario.replace(/_/g, '-')}`,
    title,
    looks_for: `Calls with the sandbox scenario "${scenario}"${signature ? ` or ${signature.describe}` : ''}, and identical calls within ${REPEAT_HORIZON_MS / 60_000} min after each: at most ${MAX_REPEATS_OF_FAILED_CALL}.`,
    trigger: (entry) => entry.scenario === scenario || (signature?.matches(entry) ?? false),
    repeats: repeatsOf,
    allowed: MAX_REPEATS_OF_FAILED_CALL,
    notSeen: `Scenario "${scenario}" not yet seen${signature ? ` (sandbox Test header, or ${signature.describe})` : ' (sandbox Test header)'}.`,
    passed: `Saw "${scenario}" and moved on without repeating the call in a loop.`,
    failed: `Repeated the identical call after "${scenario}" more than ${timesText(MAX_REPEATS_OF_FAILED_CALL)}.`,
  });
}

export const handledPriceChange = scenarioRule('price_changed', 'Handled a price change');
export const handledSoldOut = scenarioRule('sold_out', 'Handled a sold-out room', {
  describe: 'a booking start answered 409 (rate no longer available)',
  matches: (entry) => entry.endpoint === BOOKING && entry.response.status === 409,
});
export const handledNoAvailability = scenarioRule('no_availability', 'Handled no availability', {
  describe: 'a search that found no hotel',
  matches: (entry) => {
    const hotels = responseField(entry, 'hotels');
    return entry.endpoint === SEARCH && entry.response.status === 200 && Array.isArray(hotels) && hotels.length === 0;
  },
});
