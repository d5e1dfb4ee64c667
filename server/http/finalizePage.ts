/**
 * The finalization page (booking_url): GET /book/finalize?bookhash=… shows the booking summary
 * with one "pay and confirm" button; POST /book/finalize pays (sandbox test cards) and redirects
 * back (POST-redirect-GET), where the outcome is shown. A refresh never pays twice: only a
 * `processing` booking is payable, and the form carries a per-booking CSRF token.
 */
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { AppContext } from '../app.js';
import { testCard, DEFAULT_TEST_CARD } from '../domain/bookings/payment.js';
import { BOOKHASH_PATTERN } from '../domain/bookings/tokens.js';
import { ApiError } from '../errors.js';
import { asyncHandler } from './asyncHandler.js';
import { messagePage, outcomePage, reviewPage } from './page/finalizeViews.js';
import { contentSecurityPolicy, setPageHeaders } from './page/layout.js';

/** The form has four short fields; remarks are at most 1000 characters (UTF-8, url-encoded ×9 at worst). */
const FORM_LIMIT = '16kb';

export function finalizeRouter(context: AppContext): Router {
  const router = Router();
  const csp = contentSecurityPolicy(context.config.publicUrl);
  const send = (res: Response, status: number, page: string) => {
    setPageHeaders(res, csp);
    res.status(status).type('html').send(page);
  };

  router.get(
    '/finalize',
    asyncHandler(async (req, res) => {
      const bookhash = req.query.bookhash;
      if (typeof bookhash !== 'string' || !BOOKHASH_PATTERN.test(bookhash)) {
        return send(res, 400, messagePage('Invalid booking link', 'The link has no valid booking reference (bookhash).'));
      }
      const booking = await context.bookings.find(bookhash);
      if (!booking) {
        return send(res, 404, messagePage('Booking not found', 'There is no booking with this reference.'));
      }
      const payable = booking.status === 'processing' && booking.unavailableReason === null;
      // The page shows the booking as its account's clock sees it.
      const clock = await context.clocks.clockOf(booking.accountId);
      send(res, 200, payable ? reviewPage(booking) : outcomePage(booking, context.bookings.paidNow(booking, clock)));
    }),
  );

  router.post(
    '/finalize',
    express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 10 }),
    asyncHandler(async (req, res) => {
      const form = (req.body ?? {}) as Record<string, unknown>;
      const field = (name: string): string | undefined => {
        const value = form[name];
        return typeof value === 'string' ? value : undefined;
      };
      const bookhash = field('bookhash');
      if (bookhash === undefined || !BOOKHASH_PATTERN.test(bookhash)) {
        return send(res, 400, messagePage('Invalid form', 'The form has no valid booking reference (bookhash).'));
      }
      const booking = await context.bookings.find(bookhash);
      if (!booking) {
        return send(res, 404, messagePage('Booking not found', 'There is no booking with this reference.'));
      }
      const card = testCard(field('card') ?? DEFAULT_TEST_CARD.number);
      if (!card) {
        return send(res, 400, messagePage('Unknown test card', 'Choose one of the listed sandbox test cards.', bookhash));
      }
      try {
        await context.bookings.pay(bookhash, card.outcome, await context.clocks.clockOf(booking.accountId), {
          clientRemarks: field('client_remarks'),
          csrfToken: field('csrf_token') ?? '',
        });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const title =
          error.status === 403 ? 'Request refused' : error.status === 409 ? 'This booking cannot be paid'
            : error.status === 503 ? 'Please try again' : 'Booking not found';
        return send(res, error.status, messagePage(title, error.message, bookhash));
      }
      setPageHeaders(res, csp);
      res.redirect(303, `finalize?bookhash=${bookhash}`);
    }),
  );

  router.all('/finalize', (_req, res) => {
    res.set('Allow', 'GET, POST');
    send(res, 405, messagePage('Method not allowed', 'Open the booking link in a browser.'));
  });

  // Form parsing errors (too large, bad encoding) and anything unexpected become an HTML page.
  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (!req.path.startsWith('/finalize')) return next(error);
    const status = (error as { status?: number }).status;
    if (error instanceof ApiError && error.status === 503) {
      return send(res, 503, messagePage('Please try again', error.message));
    }
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return send(res, 400, messagePage('Invalid form', 'The form could not be read; reload the booking page and try again.'));
    }
    console.error('[finalize page]', error);
    send(res, 500, messagePage('Something went wrong', 'The booking page failed; please try again.'));
  });

  return router;
}
