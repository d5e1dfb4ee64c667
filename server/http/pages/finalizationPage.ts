/**
 * The finalization page (booking_url): GET /book/finalize?bookhash=… shows the booking summary
 * with one "pay and confirm" button; POST /book/finalize pays (sandbox test cards) and redirects
 * back (POST-redirect-GET), where the outcome is shown. A refresh never pays twice: only a
 * `processing` booking is payable, and the form carries a per-booking CSRF token.
 * The page speaks the language of the booking (of the response that offered its rate); a `lang`
 * query parameter (or form field) overrides it. A partner's `return_url` (http(s) only) becomes a
 * link on the outcome page; both are carried through the form and the redirect.
 */
import express, { type Router, type NextFunction, type Request, type Response } from 'express';
import type { AppContext } from '../../appContext.js';
import { testCard, DEFAULT_TEST_CARD } from '../../domain/bookings/payment.js';
import { BOOKHASH_PATTERN } from '../../domain/bookings/tokens.js';
import { ApiError } from '../../errors.js';
import { strictRouter } from '../transport/strictRouter.js';
import type { BookingRecord } from '../../domain/bookings/record.js';
import { textLanguageOf } from '../../domain/i18n/languages.js';
import { messagesFor, type Messages } from '../../domain/i18n/messages.js';
import { vatOfBooking } from '../../domain/bookings/vat.js';
import { messagePage, notPayableText, outcomePage, pageLink, reviewPage, type PageFacts } from './finalizationViews.js';
import { contentSecurityPolicy, setPageHeaders } from './layout.js';
import { acceptedReturnUrl } from './returnUrl.js';

/**
 * The form has five short fields; remarks are at most 1000 characters (UTF-8, url-encoded ×9 at
 * worst) and return_url at most 2048 (url-encoded ×3 at worst).
 */
const FORM_LIMIT = '24kb';

/** A `lang` override: a short language code, else ignored (the page never echoes anything longer). */
function langOverride(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})?$/.test(value) ? value : undefined;
}

/** The page's texts: the override, else the booking's language, else English. */
function pageMessages(lang: string | undefined, booking?: BookingRecord): Messages {
  return messagesFor(textLanguageOf(lang ?? booking?.language));
}

export function finalizeRouter(context: AppContext): Router {
  const router = strictRouter();
  const csp = contentSecurityPolicy(context.config.publicUrl);
  const send = (res: Response, status: number, page: string) => {
    setPageHeaders(res, csp);
    res.status(status).type('html').send(page);
  };

  router.get(
    '/finalize',
    async (req, res) => {
      const bookhash = req.query.bookhash;
      const lang = langOverride(req.query.lang);
      if (typeof bookhash !== 'string' || !BOOKHASH_PATTERN.test(bookhash)) {
        const m = pageMessages(lang);
        return send(res, 400, messagePage(m, m.t('page.invalidLink.title'), m.t('page.invalidLink.text')));
      }
      const booking = await context.bookings.find(bookhash);
      if (!booking) {
        const m = pageMessages(lang);
        return send(res, 404, messagePage(m, m.t('page.notFound.title'), m.t('page.notFound.text')));
      }
      const m = pageMessages(lang, booking);
      const returnUrl = acceptedReturnUrl(req.query.return_url, context.accounts.byIdOf(booking.accountId)?.return_url_hosts);
      const payable = booking.status === 'processing';
      // The page shows the booking as its account's clock sees it.
      const clock = await context.clocks.clockOf(booking.accountId);
      const facts: PageFacts = {
        zone: context.bookings.timeZoneOf(booking),
        vat: vatOfBooking(booking, context.world.hotel(booking.hotelId)),
        lang,
        returnUrl,
      };
      send(res, 200, payable ? reviewPage(booking, m, facts) : outcomePage(booking, context.bookings.paidNow(booking, clock), m, facts));
    },
  );

  router.post(
    '/finalize',
    express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 10 }),
    async (req, res) => {
      const form = (req.body ?? {}) as Record<string, unknown>;
      const field = (name: string): string | undefined => {
        const value = form[name];
        return typeof value === 'string' ? value : undefined;
      };
      const bookhash = field('bookhash');
      const lang = langOverride(field('lang'));
      if (bookhash === undefined || !BOOKHASH_PATTERN.test(bookhash)) {
        const m = pageMessages(lang);
        return send(res, 400, messagePage(m, m.t('page.invalidForm.title'), m.t('page.invalidForm.text')));
      }
      const booking = await context.bookings.find(bookhash);
      if (!booking) {
        const m = pageMessages(lang);
        return send(res, 404, messagePage(m, m.t('page.notFound.title'), m.t('page.notFound.text')));
      }
      const m = pageMessages(lang, booking);
      const returnUrl = acceptedReturnUrl(field('return_url'), context.accounts.byIdOf(booking.accountId)?.return_url_hosts);
      const back = { bookhash, lang, returnUrl };
      const card = testCard(field('card') ?? DEFAULT_TEST_CARD.number);
      if (!card) {
        return send(res, 400, messagePage(m, m.t('page.unknownCard.title'), m.t('page.unknownCard.text'), back));
      }
      try {
        await context.bookings.pay(bookhash, card.outcome, await context.clocks.clockOf(booking.accountId), {
          clientRemarks: field('client_remarks'),
          csrfToken: field('csrf_token') ?? '',
        });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.logDetail !== undefined) req.log.error({ detail: error.logDetail }, `${req.method} ${req.path} answered ${error.status}`);
        const current = await context.bookings.find(bookhash);
        const [title, text] = error.status === 400 // remarks breaking the free-text rule: say which character
          ? [m.t('page.invalidForm.title'), error.message]
          : error.status === 403
          ? [m.t('page.refused.title'), m.t('page.refused.text')]
          : error.status === 409 && current
            ? [m.t('page.notPayable.title'), notPayableText(current, m)]
            : error.status === 503 // the store could not save the payment: nothing changed, try again
              ? [m.t('page.error.title'), m.t('page.error.text')]
              : [m.t('page.notFound.title'), m.t('page.notFound.text')];
        return send(res, error.status, messagePage(m, title, text, back));
      }
      setPageHeaders(res, csp);
      res.redirect(303, pageLink(bookhash, back));
    },
  );

  router.all('/finalize', (req, res) => {
    res.set('Allow', 'GET, POST');
    const m = pageMessages(langOverride(req.query.lang));
    send(res, 405, messagePage(m, m.t('page.methodNotAllowed.title'), m.t('page.methodNotAllowed.text')));
  });

  // Form parsing errors (too large, bad encoding) and anything unexpected become an HTML page.
  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (!req.path.startsWith('/finalize')) return next(error);
    const status = (error as { status?: number }).status;
    const m = pageMessages(langOverride(req.query.lang));
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return send(res, 400, messagePage(m, m.t('page.invalidForm.title'), m.t('page.unreadableForm.text')));
    }
    console.error('[finalize page]', error);
    send(res, 500, messagePage(m, m.t('page.error.title'), m.t('page.error.text')));
  });

  return router;
}
