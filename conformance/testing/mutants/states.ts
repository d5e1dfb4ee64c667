/** Mutants of the booking state machine (section 3, 4.4–4.6, 5.4). */
import { BOOKING, CANCEL, OVERVIEW, RETRIEVE, rewriteRequest, rewriteResponse } from './middleware.js';
import type { Loose, Mutant } from './types.js';

/** Turns cancel errors that `matches` into a 200 "cancelled". */
const cancelSucceedsWhen = (matches: (status: number, body: Loose) => boolean) => () => [
  rewriteResponse([CANCEL], (body, req, res) => {
    if (!matches(res.statusCode, body)) return body;
    res.status(200);
    return { status: 'cancelled', booking_id: 1, bookhash: req.body.bookhash };
  }),
];

export const STATE_MUTANTS: Mutant[] = [
  {
    id: 'state.second-cancel-200',
    breaks: 'a second cancel answers 200 again',
    section: '4.6, 7',
    front: cancelSucceedsWhen((status, body) => status === 409 && body.status === 'already_cancelled'),
    caughtBy: ['states.cancel.second-cancel-409'],
  },
  {
    id: 'state.cancel-processing-200',
    breaks: 'a booking that is not confirmed (processing) can be cancelled',
    section: '3, 4.6',
    front: cancelSucceedsWhen((status, body) => status === 409 && body.status !== 'already_cancelled'),
    caughtBy: ['states.cancel.not-confirmed-409'],
  },
  {
    id: 'state.non-refundable-cancel-200',
    breaks: 'a non-refundable booking can be cancelled',
    section: '4.6',
    front: cancelSucceedsWhen((status, body) => status === 403 && /non-refundable/i.test(String(body.error))),
    caughtBy: ['states.cancel.non-refundable-403'],
  },
  {
    id: 'state.cancel-after-deadline-200',
    breaks: 'a booking can be cancelled after its free-cancellation deadline',
    section: '4.6',
    front: cancelSucceedsWhen((status, body) => status === 403 && /deadline/i.test(String(body.error))),
    caughtBy: ['states.cancel.after-deadline-403'],
  },
  {
    id: 'state.supplier-failure-hidden',
    breaks: 'a cancellation the supplier failed answers 200',
    section: '4.6',
    front: cancelSucceedsWhen((status) => status === 502),
    caughtBy: ['states.cancel.supplier-failure-502'],
  },
  {
    id: 'state.other-account-retrievable',
    breaks: "another account's booking can be retrieved",
    section: '4.5, 5',
    front: () => [rewriteRequest([RETRIEVE], (b) => (b.apikey === 'demo-key-2' ? { ...b, apikey: 'demo-key-1' } : b))],
    caughtBy: ['states.retrieve.other-account-403'],
  },
  {
    id: 'state.overview-lists-processing',
    breaks: 'the overview lists bookings no payment was attempted for',
    section: '3, 4.4',
    front: () => {
      const started: string[] = [];
      return [
        rewriteResponse([BOOKING], (body) => {
          const hash = typeof body.booking_url === 'string' ? new URL(body.booking_url).searchParams.get('bookhash') : null;
          if (hash) started.push(hash);
          return body;
        }),
        rewriteResponse([OVERVIEW], (body, _req, res) => {
          if (res.statusCode !== 200) return body;
          const listed = new Set(body.bookings.map((b: Loose) => b.bookhash));
          const extra = started.filter((h) => !listed.has(h)).map((bookhash, i) => ({
            ...(body.bookings[0] ?? { booked_at: '2026-01-01 00:00:00', arrival: '2026-12-15', departure: '2026-12-18', guest_name: 'Anna de Vries', hotel_name: 'Hotel', room_name: 'Room' }),
            booking_id: 90_000 + i,
            bookhash,
            status: 'booking_confirmed',
          }));
          const bookings = [...extra, ...body.bookings];
          return { ...body, count: bookings.length, bookings };
        }),
      ];
    },
    caughtBy: ['states.overview.hides-unpaid', 'links.walk.from-search'],
  },
];
