/**
 * What every route of the console (controlUi.ts) stands on: sending its pages, the signed-in
 * session, and the guards of the forms that change something.
 *
 * Security: the key (or the admin token) is posted once and kept server-side; the browser holds an
 * opaque session id in a Secure, HttpOnly, SameSite=Strict cookie scoped to this path. Every POST
 * must come from this origin (Origin, else Sec-Fetch-Site) and, once signed in, carry the session's
 * CSRF token. GETs change nothing. A partner's session lasts only while its key works and its
 * account is active; each signed-in page counts as a read of the account (readBudget.ts, finding 4).
 */
import express, { type Request, type RequestHandler, type Response } from 'express';
import { parse as parseCookies } from 'cookie';
import type { AppContext } from '../../appContext.js';
import type { Account } from '../../domain/accounts.js';
import { allowedOrigins } from '../control/controlGuard.js';
import { contentSecurityPolicy, setPageHeaders } from '../pages/layout.js';
import type { FormFields } from './controlUiForms.js';
import { ADMIN_SESSION, ConsoleSessions, type ConsoleSession } from './controlUiSessions.js';
import { MinuteBudget } from '../control/readBudget.js';
import { CONTROL_UI_PATH, consoleMessagePage, loginPage, type ConsoleAccount, type Notice } from './controlUiViews.js';

export const SESSION_COOKIE = 'control_ui_session';

/** The session of a signed-in request and its account (`res.locals.signed` behind requireSession). */
export interface Signed {
  session: ConsoleSession;
  account: Account;
}

/** Successful sign-ins a client address may make a minute, unless configured (finding 8: sign-ins are throttled too). */
export const SIGN_INS_PER_MINUTE = 20;

export interface ConsoleContext {
  app: AppContext;
  sessions: ConsoleSessions;
  /** Successful sign-ins per client address. */
  signIns: MinuteBudget<string>;
  /** Sends a page with the console's headers (CSP, no caching). */
  send: (res: Response, status: number, page: string) => void;
  /** The sign-in page, with a notice. */
  login: (notice?: Notice) => string;
  /** 303 to the dashboard (or `path`), with the console's headers. */
  redirectHome: (res: Response, path?: string) => void;
  /** The parser of the console's forms (urlencoded, 4 kB, 10 fields). */
  form: RequestHandler;
  /** The fields of a parsed form. */
  fields: (req: Request) => FormFields;
  /** The signed-in session of the request (its cookie) and its account, if any (not the admin's). */
  signedIn: (req: Request) => Signed | undefined;
  /** The admin's signed-in session of the request, if any. */
  adminSignedIn: (req: Request) => ConsoleSession | undefined;
  /** The signed-in session, behind requireSession. */
  signedOf: (res: Response) => Signed;
  /** The admin's session, behind requireAdmin. */
  adminOf: (res: Response) => ConsoleSession;
  /** Success: back to the dashboard (POST-redirect-GET), which shows what happened once. */
  done: (res: Response, text: string) => void;
  /** Refuses a form sent from another page than the console's own (403). */
  sameOrigin: RequestHandler;
  /** Refuses a request without a live session (401, the sign-in page), or over the account's read budget (429). */
  requireSession: RequestHandler;
  /** Refuses a request without the admin's live session (401, the sign-in page). */
  requireAdmin: RequestHandler;
  /** Refuses a form without the signed-in session's CSRF token (403); after requireSession or requireAdmin. */
  requireCsrf: RequestHandler;
  /** The guards of every state-changing form: same origin, parsed, signed in, the session's CSRF token. */
  stateChange: RequestHandler[];
  /** The same for the admin's forms. */
  adminChange: RequestHandler[];
}

export const consoleAccount = (account: Account): ConsoleAccount => ({ name: `${account.first_name} ${account.last_name}`, email: account.email });

export function consoleContext(app: AppContext): ConsoleContext {
  const sessions = new ConsoleSessions(app.clock);
  app.accounts.onGone((accountId) => sessions.closeAccount(accountId));
  const signIns = new MinuteBudget<string>(app.clock, app.config.consoleSignInsPerMinute ?? SIGN_INS_PER_MINUTE);
  const csp = contentSecurityPolicy(app.config.publicUrl);
  const send = (res: Response, status: number, page: string) => {
    setPageHeaders(res, csp);
    res.status(status).type('html').send(page);
  };
  const login = (notice?: Notice) => loginPage(notice, { demoKeys: app.accounts.demoAccounts().length > 0, admin: app.config.adminToken !== undefined });
  const redirectHome = (res: Response, path = CONTROL_UI_PATH) => {
    setPageHeaders(res, csp);
    res.redirect(303, path);
  };
  const form = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 });
  const fields = (req: Request) => (req.body ?? {}) as FormFields;
  const sessionOf = (req: Request) => sessions.find(parseCookies(req.headers.cookie ?? '')[SESSION_COOKIE]);
  const signedIn = (req: Request): Signed | undefined => {
    const session = sessionOf(req);
    if (!session || session.accountId === ADMIN_SESSION) return undefined;
    const account = app.accounts.byIdOf(session.accountId);
    // A key rolled (in its grace period), revoked or expired, a disabled or deleted account: the session ends with it.
    if (!account || session.keyId === null || !app.accounts.keyMay(account.id, session.keyId, 'console_sign_in')) {
      sessions.close(session.id);
      return undefined;
    }
    return { session, account };
  };
  const adminSignedIn = (req: Request): ConsoleSession | undefined => {
    const session = sessionOf(req);
    if (!session || session.accountId !== ADMIN_SESSION) return undefined;
    if (app.config.adminToken === undefined) return void sessions.close(session.id);
    return session;
  };
  const signedOf = (res: Response) => res.locals.signed as Signed;
  const adminOf = (res: Response) => res.locals.signedSession as ConsoleSession;
  const done = (res: Response, text: string) => {
    signedOf(res).session.flash = { kind: 'ok', text };
    redirectHome(res);
  };
  const { sameOrigin, requireSession, requireAdmin, requireCsrf } = consoleGuards(app, { send, login, fields, signedIn, adminSignedIn });
  const stateChange = [sameOrigin, form, requireSession, requireCsrf];
  const adminChange = [sameOrigin, form, requireAdmin, requireCsrf];
  return {
    app, sessions, signIns, send, login, redirectHome, form, fields, signedIn, adminSignedIn, signedOf, adminOf, done,
    sameOrigin, requireSession, requireAdmin, requireCsrf, stateChange, adminChange,
  };
}

function consoleGuards(
  app: AppContext,
  { send, login, fields, signedIn, adminSignedIn }: Pick<ConsoleContext, 'send' | 'login' | 'fields' | 'signedIn' | 'adminSignedIn'>,
): { sameOrigin: RequestHandler; requireSession: RequestHandler; requireAdmin: RequestHandler; requireCsrf: RequestHandler } {
  /** A browser names the page a form was sent from: Origin, or (when it sends `null`) Sec-Fetch-Site. */
  const ownOrigins = allowedOrigins(app.config.publicUrl, app.config.corsOrigins);
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
  const ended = (res: Response) => send(res, 401, login({ kind: 'error', text: 'Your session has ended (or never began): sign in again.' }));
  const requireSession: RequestHandler = (req, res, next) => {
    const signed = signedIn(req);
    if (!signed) return ended(res);
    const read = app.readBudget.take(signed.account.id);
    if (!read.ok) {
      res.set('Retry-After', String(read.retryAfterSeconds));
      return send(res, 429, consoleMessagePage('Too many pages', `This account's records were read ${app.readBudget.perMinute} times in the last minute. Try again in ${read.retryAfterSeconds} seconds.`));
    }
    res.locals.signed = signed;
    res.locals.signedSession = signed.session;
    // For the request log and metrics by team (as authenticate sets them on the API).
    res.locals.account = signed.account;
    res.locals.keyId = signed.session.keyId;
    next();
  };
  const requireAdmin: RequestHandler = (req, res, next) => {
    const session = adminSignedIn(req);
    if (!session) return ended(res);
    res.locals.signedSession = session;
    next();
  };
  const requireCsrf: RequestHandler = (req, res, next) => {
    if (ConsoleSessions.csrfMatches(res.locals.signedSession as ConsoleSession, fields(req).csrf_token)) return next();
    send(res, 403, consoleMessagePage('Form out of date', 'This form did not come from your current console page. Reload the console and try again.'));
  };
  return { sameOrigin, requireSession, requireAdmin, requireCsrf };
}
