/** Variants of booking start, the finalization page, booking states and payment values. */
import { BOOKING, RETRIEVE, rewriteResponse } from '../mutants/middleware.js';
import { onSuccess } from './rewrite.js';
import type { Variant } from './types.js';

/** The bookhash of a reference booking_url (`…/book/finalize?bookhash=X`). */
const bookhashOf = (url: string) => new URL(url).searchParams.get('bookhash') ?? '';

export const BOOKING_VARIANTS: Variant[] = [
  {
    id: 'booking-url.bookhash-in-path',
    choice: 'booking_url carries the bookhash in its path: /checkout/{bookhash}',
    section: '4.3',
    front: () => [
      rewriteResponse([BOOKING], (body, _req, res) => {
        if (res.statusCode !== 200) return body;
        const url = new URL(body.booking_url);
        return { ...body, booking_url: `${url.origin}/checkout/${bookhashOf(body.booking_url)}` };
      }),
      (req, _res, next) => {
        const match = /^\/checkout\/([A-Za-z0-9]{30})$/.exec(req.path);
        // Express 5 parses req.query from req.url at each read: the new URL is all it takes.
        if (match) req.url = `/book/finalize?bookhash=${match[1]}`;
        next();
      },
    ],
  },
  {
    id: 'booking-url.redirects-to-page',
    choice: 'booking_url is a short link that redirects (302) to the finalization page',
    section: '4.3',
    front: () => [
      rewriteResponse([BOOKING], (body, _req, res) => {
        if (res.statusCode !== 200) return body;
        return { ...body, booking_url: `${new URL(body.booking_url).origin}/go/${bookhashOf(body.booking_url)}` };
      }),
      (req, res, next) => {
        const match = /^\/go\/([A-Za-z0-9]{30})$/.exec(req.path);
        if (!match) return next();
        res.redirect(302, `/book/finalize?bookhash=${match[1]}`);
      },
    ],
  },
  {
    id: 'states.new-before-payment',
    choice: "a started booking not yet paid shows status 'new' (the description lets retrieve show new or processing)",
    section: '3, 2.10',
    front: onSuccess((body) => {
      if (body.booking?.status === 'processing') body.booking.status = 'new';
      return body;
    }, [RETRIEVE]),
  },
  {
    id: 'paid.other-values',
    choice: "paid uses other values: 'pending' before payment, 'paid' after it, 'refund_settled' after a refund",
    section: '2.10',
    front: onSuccess((body) => {
      const other: Record<string, string> = { no: 'pending', yes: 'paid', refunded: 'refund_settled' };
      const booking = body.booking;
      if (booking && typeof booking.paid === 'string') booking.paid = other[booking.paid] ?? booking.paid;
      return body;
    }, [RETRIEVE]),
  },
];
