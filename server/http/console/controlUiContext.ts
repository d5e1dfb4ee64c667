/**
 * What every route of the console (controlUi.ts) stands on: sending its pages, the signed-in
 * session, and the guards of the forms that change something.
 *
 * Security: the key is posted once and kept server-side; the browser holds an opaque session id
 * in a Secure, HttpOnly, SameSite=Strict cookie scoped to this path. Every POST must come from
 * this origin (Origin, else Sec-Fetch-Site) and, once signed in, carry the session's CSRF token.
 * GETs change nothing.
 */
import express, { type Request, type RequestHandler, type Response } from 'express';
import { parse as parseCookies } from 'cookie';
import type { AppContext } from '../../appContext.js';
import type { Account } from '../../domain/accounts.js';
import { allowedOrigins } from '../control/controlGuard.js';
import { contentSecurityPolicy, setPageHeaders } from '../pages/layout.js';
import type { FormFields } from './controlUiForms.js';
import { ConsoleSessions, type ConsoleSession } from './controlUiSessions.js';
import { CONTROL_UI_PATH, consoleMessagePage, loginPage, type ConsoleAccount } from './controlUiViews.js';

export const SESSION_COOKIE = 'control_ui_session';

/** The session of a signed-in request and its account (`res.locals.signed` behind requireSession). */
export interface Signed {
  session: ConsoleSession;
  account: Account;
}

export interface ConsoleContext {
  app: AppContext;
  sessions: ConsoleSessions;
  /** Sends a page with the console's headers (CSP, no caching). */
  send: (res: Response, status: number, page: string) => void;
  /** 303 to the dashboard (or `path`), with the console's headers. */
  redirectHome: (res: Response, path?: string) => void;
  /** The parser of the console's forms (urlencoded, 4 kB, 10 fields). */
  form: RequestHandler;
  /** The fields of a parsed form. */
  fields: (req: Request) => FormFields;
  /** The signed-in session of the request (its cookie) and its account, if any. */
  signedIn: (req: Request) => Signed | undefined;
  /** The signed-in session, behind requireSession. */
  signedOf: (res: Response) => Signed;
  /** Success: back to the dashboard (POST-redirect-GET), which shows what happened once. */
  done: (res: Response, text: string) => void;
  /** Refuses a form sent from another page than the console's own (403). */
  sameOrigin: RequestHandler;
  /** Refuses a request without a live session (401, the sign-in page). */
  requireSession: RequestHandler;
  /** The guards of every state-changing form: same origin, parsed, signed in, the session's CSRF token. */
  stateChange: RequestHandler[];
}

export const consoleAccount = (account: Account): ConsoleAccount => ({ name: `${account.first_name} ${account.last_name}`, email: account.email });

export function consoleContext(app: AppContext): ConsoleContext {
  const sessions = new ConsoleSessions(app.clock);
  const csp = contentSecurityPolicy(app.config.publicUrl);
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
  const signedIn = (req: Request): Signed | undefined => {
    const session = sessions.find(parseCookies(req.headers.cookie ?? '')[SESSION_COOKIE]);
    const account = session && app.accounts.byIdOf(session.accountId);
    return session && account ? { session, account } : undefined;
  };
  const signedOf = (res: Response) => res.locals.signed as Signed;
  const done = (res: Response, text: string) => {
    signedOf(res).session.flash = { kind: 'ok', text };
    redirectHome(res);
  };
  const { sameOrigin, requireSession, requireCsrf } = consoleGuards(app, { send, fields, signedIn, signedOf });
  const stateChange = [sameOrigin, form, requireSession, requireCsrf];
  return { app, sessions, send, redirectHome, form, fields, signedIn, signedOf, done, sameOrigin, requireSession, stateChange };
}

function consoleGuards(
  app: AppContext,
  { send, fields, signedIn, signedOf }: Pick<ConsoleContext, 'send' | 'fields' | 'signedIn' | 'signedOf'>,
): { sameOrigin: RequestHandler; requireSession: RequestHandler; requireCsrf: RequestHandler } {
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
  return { sameOrigin, requireSession, requireCsrf };
}
