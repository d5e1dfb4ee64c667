/** Handled price change, sold out and no availability: saw each scenario and did not loop on it. */
import { repeatsOf } from '../facts.js';
import { MAX_REPEATS_OF_FAILED_CALL, REPEAT_HORIZON_MS } from '../thresholds.js';
import { repeatedFailureRule } from './repeatedFailure.js';

function scenarioRule(scenario: string, title: string) {
  return repeatedFailureRule({
    id: `scenario-${scenario.replace(/_/g, '-')}`,
    title,
    looks_for: `Calls with the sandbox scenario "${scenario}", and identical calls within ${REPEAT_HORIZON_MS / 60_000} min after each: at most ${MAX_REPEATS_OF_FAILED_CALL}.`,
    trigger: (entry) => entry.scenario === scenario,
    repeats: repeatsOf,
    allowed: MAX_REPEATS_OF_FAILED_CALL,
    notSeen: `Scenario "${scenario}" not yet tried (sandbox Test header).`,
    passed: `Saw "${scenario}" and moved on without repeating the call in a loop.`,
    failed: `Repeated the identical call after "${scenario}" more than ${MAX_REPEATS_OF_FAILED_CALL === 1 ? 'once' : `${MAX_REPEATS_OF_FAILED_CALL} times`}.`,
  });
}

export const handledPriceChange = scenarioRule('price_changed', 'Handled a price change');
export const handledSoldOut = scenarioRule('sold_out', 'Handled a sold-out room');
export const handledNoAvailability = scenarioRule('no_availability', 'Handled no availability');
