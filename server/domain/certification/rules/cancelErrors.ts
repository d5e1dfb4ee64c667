/** Cancel answers a client must not retry (409 already cancelled, 403 deadline / non-refundable). */
import type { JournalEntry } from '../../journal/entry.js';
import { CANCEL, bookhashOf, errorOf } from '../facts.js';
import { repeatedFailureRule } from './repeatedFailure.js';

/** Later cancel calls on the same booking, from any client of the account. */
function laterCancelsOfSameBooking(entries: readonly JournalEntry[], index: number): JournalEntry[] {
  const bookhash = bookhashOf(entries[index]!);
  return entries.slice(index + 1).filter((e) => e.endpoint === CANCEL && bookhashOf(e) === bookhash);
}

// Any 409 on cancel (the documented one carries status already_cancelled) means "stop" to a client.
const cancelAnswer = (entry: JournalEntry, status: number) => entry.endpoint === CANCEL && entry.response.status === status;

export const noLoopOnAlreadyCancelled = repeatedFailureRule({
  id: 'cancel-409-no-loop',
  title: 'Did not loop on 409 already_cancelled',
  looks_for: 'A cancel answered 409; no later cancel of the same bookhash.',
  trigger: (entry) => cancelAnswer(entry, 409),
  repeats: laterCancelsOfSameBooking,
  allowed: 0,
  notSeen: 'No 409 on cancel yet (cancel a booking twice).',
  passed: 'After a 409 the booking was not cancelled again.',
  failed: 'Cancelled the same booking again after a 409.',
});

function cancel403Rule(kind: string, id: string, title: string, marker: RegExp) {
  return repeatedFailureRule({
    id,
    title,
    looks_for: `A cancel answered 403 because of the ${kind}; no later cancel of the same bookhash.`,
    trigger: (entry) => cancelAnswer(entry, 403) && marker.test(errorOf(entry)),
    repeats: laterCancelsOfSameBooking,
    allowed: 0,
    notSeen: `No 403 for the ${kind} yet.`,
    passed: `Showed the ${kind} 403 without retrying.`,
    failed: `Retried a cancel refused for the ${kind}.`,
  });
}

export const showedDeadline403 = cancel403Rule(
  'passed free-cancellation deadline',
  'cancel-403-deadline',
  'Showed a passed cancellation deadline without retrying',
  /deadline/i,
);
export const showedNonRefundable403 = cancel403Rule(
  'non-refundable rate',
  'cancel-403-non-refundable',
  'Showed a non-refundable rate without retrying',
  /non-?refundable/i,
);
