/**
 * The sandbox console (/_control/ui): a partner signs in with an API key and sees that account's
 * bookings, outbox, request journal, certification report and clock, downloads the report, moves
 * the clock and resets the account — server-rendered forms, no script. It acts through the same domain functions as the control API (never over HTTP), for
 * the account of the session only.
 *
 * Security: the key is posted once and kept server-side; the browser holds an opaque session id
 * in a Secure, HttpOnly, SameSite=Strict cookie scoped to this path. Every POST must come from
 * this origin (Origin, else Sec-Fetch-Site) and, once signed in, carry the session's CSRF token.
 * GETs change nothing. It is mounted before the JSON-only control router, and only with it.
 */
import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import { parse as parseCookies } from 'cookie';
import type { AppContext } from '../../appContext.js';
import type { Account } from '../../domain/accounts.js';
import { certify } from '../../domain/certification/engine.js';
import { CERTIFICATION_PAGE_CSP, htmlReport } from '../../domain/certification/render/html.js';
import { jsonReport } from '../../domain/certification/render/json.js';
import { junitReport } from '../../domain/certification/render/junit.js';
import { changeAccountClock } from '../../domain/clockControl.js';
import type { JournalEntry } from '../../domain/journal/entry.js';
import { filterJournal, oldestFirst, parseJournalFilter, type JournalFilter } from '../../domain/journal/filter.js';
import { ApiError } from '../../errors.js';
import { asyncHandler } from '../transport/asyncHandler.js';
import { allowedOrigins } from '../control/controlGuard.js';
import { clockChangeOfForm, textField, type FormFields } from './controlUiForms.js';
import { ConsoleSessions, type ConsoleSession } from './controlUiSessions.js';
import { strictRouter } from '../transport/strictRouter.js';
import {
  CONTROL_UI_PATH,
  LIST_LIMIT,
  SIGNED_IN_PATH,
  consoleMessagePage,
  dashboardPage,
  emailPage,
  journalEntryPage,
  loginPage,
  resetConfirmPage,
  type ConsoleAccount,
  type ConsoleEmail,
  type Notice,
} from './controlUiViews.js';
import { CERTIFICATION_DOWNLOADS, JOURNAL_VIEW_LIMIT, type JournalView } from './controlUiJournalViews.js';
import { contentSecurityPolicy, setPageHeaders } from '../pages/layout.js';

export const SESSION_COOKIE = 'control_ui_session';
const EMAIL_NUMBER = /^[1-9]\d{0,6}$/;
const ENTRY_ID = /^[1-9]\d{0,15}$/;
/** The journal filter the dashboard offers, read from its address (a GET form). */
const FILTER_FIELDS = ['endpoint', 'status', 'non_conforming'] as const;

interface Signed {
  session: ConsoleSession;
  account: Account;
}

export function controlUiRouter(context: AppContext): Router {
  const router = strictRouter();
  const sessions = new ConsoleSessions(context.clock);
  const csp = contentSecurityPolicy(context.config.publicUrl);
  const send = (res: Response, status: number, page: string) => {
    setPageHeaders(res, csp);
    res.status(status).type('html').send(page);
  };
  const redirectHome = (res: Response, path = CONTROL_UI_PATH) => {
    setPageHeaders(res, csp);
    res.redirect(303, path);
  };
  const form = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 });
  const fields = (req: Request) => (req.body ?? {}) as FormFields;

  const accountName = (account: Account): ConsoleAccount => ({ name: `${account.first_name} ${account.last_name}`, email: account.email });
  const signedIn = (req: Request): Signed | undefined => {
    const session = sessions.find(parseCookies(req.headers.cookie ?? '')[SESSION_COOKIE]);
    const account = session && context.accounts.list().find((candidate) => candidate.id === session.accountId);
    return session && account ? { session, account } : undefined;
  };
  const signedOf = (res: Response) => res.locals.signed as Signed;

  /** A browser names the page a form was sent from: Origin, or (when it sends `null`) Sec-Fetch-Site. */
  const ownOrigins = allowedOrigins(context.config.publicUrl, context.config.corsOrigins);
  const sameOrigin: RequestHandler = (req, res, next) => {
    const origin = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    const ok =
      origin !== undefined && origin !== 'null'
        ? ownOrigins.has(origin.toLowerCase()) && (site === undefined || site === 'same-origin')
        : site === 'same-origin';
    if (ok) return next();
    send(res, 403, consoleMessagePage('Refused', 'Console forms are accepted only from the console itself (this origin).'));
  };
  const requireSession: RequestHandler = (req, res, next) => {
    const signed = signedIn(req);
    if (!signed) return send(res, 401, loginPage({ kind: 'error', text: 'Your session has ended (or never began): sign in again.' }));
    res.locals.signed = signed;
    next();
  };
  const requireCsrf: RequestHandler = (req, res, next) => {
    if (ConsoleSessions.csrfMatches(signedOf(res).session, fields(req).csrf_token)) return next();
    send(res, 403, consoleMessagePage('Form out of date', 'This form did not come from your current console page. Reload the console and try again.'));
  };
  const stateChange = [sameOrigin, form, requireSession, requireCsrf];

  const journalOf = async (account: Account) => oldestFirst(await context.store.requestJournal(account.id));
  const certificationOf = async (account: Account, journal: readonly JournalEntry[]) =>
    certify(journal, { now: (await context.clocks.clockOf(account.id)).now().toISOString() });
  /** The newest matching calls; a filter that does not parse is reported and not applied. */
  const journalView = (journal: JournalEntry[], query: Record<string, unknown>): JournalView => {
    const input = Object.fromEntries(FILTER_FIELDS.filter((name) => query[name] !== undefined).map((name) => [name, query[name]]));
    let filter: JournalFilter = {};
    let filterError: string | undefined;
    try {
      filter = parseJournalFilter(input);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      filterError = error.message;
    }
    const matching = filterJournal(journal, filter);
    return {
      entries: matching.slice(-JOURNAL_VIEW_LIMIT).reverse(),
      matching: matching.length,
      total: journal.length,
      endpoints: [...new Set(journal.map((entry) => entry.endpoint))].sort(),
      filter: { endpoint: filter.endpoint ?? '', status: filter.status === undefined ? '' : String(filter.status), nonConforming: filter.nonConforming ?? false },
      filterError,
    };
  };

  const dashboard = async ({ session, account }: Signed, notice?: Notice, query: Record<string, unknown> = {}): Promise<string> => {
    const clock = await context.clocks.clockOf(account.id);
    // Newest first: the store lists them in the order made (ids are random, bookingIds.ts).
    const records = [...(await context.store.bookingsOfAccount(account.id))].reverse();
    const emails = (await outboxOf(account)).reverse();
    const journal = await journalOf(account);
    return dashboardPage({
      account: accountName(account),
      csrfToken: session.csrfToken,
      clock: { now: clock.now().toISOString(), offsetSeconds: clock.offsetMs / 1000 },
      bookingCount: records.length,
      bookings: records.slice(0, LIST_LIMIT).map((record) => {
        const detail = context.bookings.detail(record, clock);
        return {
          id: detail.id,
          bookhash: detail.bookhash,
          createdAt: detail.created_at,
          hotelName: detail.hotel_name,
          arrival: detail.arrival,
          departure: detail.departure,
          guestName: `${detail.first_name} ${detail.last_name}`,
          total: `${detail.total_price} ${detail.currency}`,
          status: detail.status,
          paid: detail.paid,
        };
      }),
      emailCount: emails.length,
      emails: emails.slice(0, LIST_LIMIT),
      journal: journalView(journal, query),
      certification: await certificationOf(account, journal),
      notice,
    });
  };
  const outboxOf = async (account: Account): Promise<ConsoleEmail[]> =>
    (await context.store.outboxOfAccount(account.id)).map((email, index) => ({
      number: index + 1,
      to: email.to,
      subject: email.subject,
      sentAt: email.sent_at,
      bookhash: email.bookhash,
      text: email.text,
    }));
  /** Success: back to the dashboard (POST-redirect-GET), which shows what happened once. */
  const done = (res: Response, text: string) => {
    signedOf(res).session.flash = { kind: 'ok', text };
    redirectHome(res);
  };

  router.get(
    '/',
    asyncHandler(async (req, res) => {
      const signed = signedIn(req);
      if (!signed && req.query['signed-in'] !== undefined) {
        // Sign-in succeeded but the cookie did not come back: the browser refused a Secure cookie over http.
        const text = 'Your browser did not keep the session cookie. It is Secure: open the console over HTTPS, or at http://localhost or http://127.0.0.1.';
        return send(res, 200, loginPage({ kind: 'error', text }));
      }
      if (!signed) return send(res, 200, loginPage());
      const notice = signed.session.flash;
      signed.session.flash = undefined;
      send(res, 200, await dashboard(signed, notice, req.query));
    }),
  );

  router.post('/login', sameOrigin, form, (req, res) => {
    const apikey = textField(fields(req), 'apikey') ?? '';
    if (apikey === '') return send(res, 400, loginPage({ kind: 'error', text: 'Enter an API key.' }));
    const account = context.accounts.findByKey(apikey);
    const verdict = context.authThrottle.judge(req.ip ?? 'unknown', 'console', account?.id);
    if (verdict.kind === 'blocked') {
      res.set('Retry-After', String(verdict.retryAfterSeconds));
      const text = `Too many failed sign-ins from your address (${context.authThrottle.limitPerMinute} per minute). Try again in ${verdict.retryAfterSeconds} seconds.`;
      return send(res, 429, loginPage({ kind: 'error', text }));
    }
    if (!account) return send(res, 403, loginPage({ kind: 'error', text: 'No account has this API key.' }));
    const previous = parseCookies(req.headers.cookie ?? '')[SESSION_COOKIE];
    if (previous !== undefined) sessions.close(previous);
    const session = sessions.open(account.id);
    res.cookie(SESSION_COOKIE, session.id, { httpOnly: true, secure: true, sameSite: 'strict', path: CONTROL_UI_PATH });
    redirectHome(res, SIGNED_IN_PATH);
  });

  router.post('/logout', ...stateChange, (_req, res) => {
    sessions.close(signedOf(res).session.id);
    res.clearCookie(SESSION_COOKIE, { httpOnly: true, secure: true, sameSite: 'strict', path: CONTROL_UI_PATH });
    redirectHome(res);
  });

  router.post(
    '/clock',
    ...stateChange,
    asyncHandler(async (req, res) => {
      const signed = signedOf(res);
      try {
        const clock = await changeAccountClock(context.clocks, signed.account.id, clockChangeOfForm(fields(req)));
        done(res, `The clock now shows ${clock.now().toISOString()}.`);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 400) throw error;
        send(res, 400, await dashboard(signed, { kind: 'error', text: `The clock was not changed: ${error.message}.` }));
      }
    }),
  );

  router.get(
    '/reset',
    requireSession,
    asyncHandler(async (_req, res) => {
      const { session, account } = signedOf(res);
      const counts = {
        bookings: (await context.store.bookingsOfAccount(account.id)).length,
        emails: (await context.store.outboxOfAccount(account.id)).length,
      };
      send(res, 200, resetConfirmPage(accountName(account), session.csrfToken, counts));
    }),
  );

  router.post(
    '/reset',
    ...stateChange,
    asyncHandler(async (req, res) => {
      if (textField(fields(req), 'confirm') !== 'yes') {
        return send(res, 400, consoleMessagePage('Not reset', 'Confirm the reset on its confirmation page.'));
      }
      await context.resetAccount(signedOf(res).account.id);
      done(res, 'The account was reset: no bookings, no e-mails, the clock on real time.');
    }),
  );

  router.get(
    '/outbox/:number',
    requireSession,
    asyncHandler(async (req, res) => {
      const { session, account } = signedOf(res);
      const number = req.params.number ?? '';
      const email = EMAIL_NUMBER.test(number) ? (await outboxOf(account))[Number(number) - 1] : undefined;
      if (!email) return send(res, 404, consoleMessagePage('No such e-mail', "This account's outbox has no e-mail with this number."));
      send(res, 200, emailPage(accountName(account), session.csrfToken, email));
    }),
  );

  router.get(
    '/journal/:id',
    requireSession,
    asyncHandler(async (req, res) => {
      const { session, account } = signedOf(res);
      const id = req.params.id ?? '';
      const entry = ENTRY_ID.test(id) ? (await journalOf(account)).find((candidate) => candidate.id === Number(id)) : undefined;
      if (!entry) return send(res, 404, consoleMessagePage('No such call', "This account's journal has no call with this number (it keeps the newest 1,000)."));
      send(res, 200, journalEntryPage(accountName(account), session.csrfToken, entry));
    }),
  );

  // The report's downloads: the session's account, never a key in the address.
  for (const download of CERTIFICATION_DOWNLOADS) {
    router.get(
      `/${download.file}`,
      requireSession,
      asyncHandler(async (_req, res) => {
        const { account } = signedOf(res);
        const report = await certificationOf(account, await journalOf(account));
        res.set({ 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' });
        res.attachment(download.file);
        if (download.format === 'json') return res.type('application/json').send(jsonReport(report));
        if (download.format === 'junit') return res.type('application/xml').send(junitReport(report));
        res.set('Content-Security-Policy', CERTIFICATION_PAGE_CSP);
        res.type('html').send(htmlReport(report, { account: accountName(account).name }));
      }),
    );
  }

  const allowed: Array<[string, string]> = [
    ['/', 'GET, HEAD'],
    ['/login', 'POST'],
    ['/logout', 'POST'],
    ['/clock', 'POST'],
    ['/reset', 'GET, HEAD, POST'],
    ['/outbox/:number', 'GET, HEAD'],
    ['/journal/:id', 'GET, HEAD'],
    ...CERTIFICATION_DOWNLOADS.map((download): [string, string] => [`/${download.file}`, 'GET, HEAD']),
  ];
  for (const [path, allow] of allowed) {
    router.all(path, (req, res) => {
      res.set('Allow', allow);
      send(res, 405, consoleMessagePage('Method not allowed', `${req.method} is not allowed here; use ${allow}.`));
    });
  }
  router.use((_req, res) => send(res, 404, consoleMessagePage('Not found', 'The sandbox console has no such page.')));

  // Unreadable forms (too large, bad encoding) and anything unexpected become an HTML page.
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return send(res, 400, consoleMessagePage('Unreadable form', 'The form could not be read; reload the console and try again.'));
    }
    console.error('[control ui]', error);
    send(res, 500, consoleMessagePage('Something went wrong', 'The console could not finish this. Reload it to see the account as it is now.'));
  });
  return router;
}
