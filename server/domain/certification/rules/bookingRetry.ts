/**
 * A booking start retried without an Idempotency-Key must not make a second booking: two identical
 * starts (same service_hash, client and `Test` header: facts.requestKey) within
 * BOOKING_RETRY_WINDOW_MS, the later one without the header, each answered 200 with its own booking,
 * is a duplicate booking the client caused. A start of the same rate for another scenario is a new
 * booking on purpose.
 */
import type { JournalEntry } from '../../journal/entry.js';
import { BOOKING, atMs, plural, requestField, requestKey, responseField } from '../facts.js';
import { BOOKING_RETRY_WINDOW_MS } from '../thresholds.js';
import type { CertificationRule } from '../types.js';

const IDEMPOTENCY_KEY = 'idempotency-key';

/** The booking a successful start made: its bookhash (from the answer, or from booking_url). */
function bookingOf(entry: JournalEntry): string | undefined {
  if (entry.endpoint !== BOOKING || entry.response.status !== 200) return undefined;
  const bookhash = responseField(entry, 'bookhash');
  if (typeof bookhash === 'string' && bookhash !== '') return bookhash;
  const url = responseField(entry, 'booking_url');
  if (typeof url !== 'string') return undefined;
  const match = /[?&/]bookhash[=/]([A-Za-z0-9]+)/.exec(url) ?? /\/([A-Za-z0-9]{30})(?:[/?#]|$)/.exec(url);
  return match?.[1] ?? url;
}

export const bookingRetryIdempotent: CertificationRule = {
  id: 'booking-retry-idempotent',
  title: 'Did not make a duplicate booking by retrying a booking start without an Idempotency-Key',
  looks_for: `Booking starts of one rate (same service_hash) within ${BOOKING_RETRY_WINDOW_MS / 1000} s of each other where the later one had no Idempotency-Key header and made a second booking.`,
  evaluate(entries) {
    const starts = entries.filter((e) => bookingOf(e) !== undefined && typeof requestField(e, 'service_hash') === 'string');
    if (starts.length === 0) return { verdict: 'not_seen', reason: 'No booking was started yet.', evidence: [] };
    const duplicates: JournalEntry[][] = [];
    starts.forEach((later, index) => {
      if (later.request.headers[IDEMPOTENCY_KEY] !== undefined) return;
      const first = starts
        .slice(0, index)
        .find((earlier) => requestKey(earlier) === requestKey(later) // same rate, client and Test header
          && atMs(later) - atMs(earlier) <= BOOKING_RETRY_WINDOW_MS
          && bookingOf(earlier) !== bookingOf(later));
      if (first) duplicates.push([first, later]);
    });
    if (duplicates.length === 0) {
      return { verdict: 'passed', reason: `${plural(starts.length, 'booking start')}, none a retry that made a duplicate booking.`, evidence: starts.map((e) => e.id) };
    }
    const [first, second] = duplicates[0] as [JournalEntry, JournalEntry];
    const rate = requestField(first, 'service_hash');
    return {
      verdict: 'failed',
      reason:
        `The rate ${typeof rate === 'string' ? rate : JSON.stringify(rate)} was started twice within ${Math.round((atMs(second) - atMs(first)) / 1000)} s and made two bookings ` +
        `(${plural(duplicates.length, 'duplicate')} in all); send booking starts with an Idempotency-Key and reuse it when retrying.`,
      evidence: [...new Set(duplicates.flat().map((e) => e.id))],
    };
  },
};
