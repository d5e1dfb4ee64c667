/** The whole flow: search, details with search_id, booking, the page, overview, retrieve, cancel. */
import type { JournalEntry } from '../../journal/entry.js';
import { BOOKING, CANCEL, HOTEL, OVERVIEW, RETRIEVE, SEARCH, field, requestField, responseField } from '../facts.js';
import type { CertificationRule } from '../types.js';

/** Statuses a booking reaches only once its guest went through the payment page. */
const PAST_THE_PAGE = new Set(['payment_failed', 'booking_failed', 'booking_confirmed', 'booking_cancelled']);

const ok = (entry: JournalEntry, endpoint: string) => entry.endpoint === endpoint && entry.response.status === 200;

function showsBookingPastThePage(entry: JournalEntry): boolean {
  if (ok(entry, RETRIEVE)) {
    const status = field(responseField(entry, 'booking') ?? null, 'status');
    return typeof status === 'string' && PAST_THE_PAGE.has(status);
  }
  if (ok(entry, OVERVIEW)) {
    const bookings = responseField(entry, 'bookings');
    return Array.isArray(bookings) && bookings.some((b) => {
      const status = field(b, 'status');
      return typeof status === 'string' && PAST_THE_PAGE.has(status);
    });
  }
  return false;
}

const STEPS: ReadonlyArray<{ name: string; shows: (entry: JournalEntry) => boolean }> = [
  { name: 'search', shows: (e) => ok(e, SEARCH) },
  { name: 'details with search_id', shows: (e) => ok(e, HOTEL) && typeof requestField(e, 'search_id') === 'string' },
  { name: 'booking', shows: (e) => ok(e, BOOKING) },
  { name: 'the page (a booking past processing)', shows: showsBookingPastThePage },
  { name: 'overview', shows: (e) => ok(e, OVERVIEW) },
  { name: 'retrieve', shows: (e) => ok(e, RETRIEVE) },
  { name: 'cancel', shows: (e) => ok(e, CANCEL) },
];

export const wholeFlow: CertificationRule = {
  id: 'whole-flow',
  title: 'Went through the whole flow',
  looks_for:
    'A successful search, hotel details with search_id, booking start, a booking moved past processing by the page, overview, retrieve and cancel.',
  evaluate(entries) {
    const evidence: number[] = [];
    const missing: string[] = [];
    for (const step of STEPS) {
      const first = entries.find(step.shows);
      if (first) evidence.push(first.id);
      else missing.push(step.name);
    }
    return missing.length === 0
      ? { verdict: 'passed', reason: 'Every step of the flow succeeded at least once.', evidence }
      : { verdict: 'not_seen', reason: `Not yet seen: ${missing.join(', ')}.`, evidence };
  },
};
