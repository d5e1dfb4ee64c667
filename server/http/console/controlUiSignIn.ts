/**
 * Signing in to the console (POST /login: an API key, throttled like the API's failed keys, opens a
 * session and sets its cookie) and out (POST /logout: the session closes, the cookie is cleared).
 */
import type { Router } from 'express';
import { parse as parseCookies } from 'cookie';
import { SESSION_COOKIE, type ConsoleContext } from './controlUiContext.js';
import { textField } from './controlUiForms.js';
import { waitTurn } from '../transport/authThrottle.js';
import { asyncHandler } from '../transport/asyncHandler.js';
import { CONTROL_UI_PATH, SIGNED_IN_PATH, loginPage } from './controlUiViews.js';

export function mountSignIn(router: Router, c: ConsoleContext): void {
  const { app, sessions, send } = c;
  router.post('/login', c.sameOrigin, c.form, asyncHandler(async (req, res) => {
    const apikey = textField(c.fields(req), 'apikey') ?? '';
    if (apikey === '') return send(res, 401, loginPage({ kind: 'error', text: 'Enter an API key.' }));
    const account = app.accounts.findByKey(apikey);
    const verdict = app.authThrottle.judge(req.ip ?? 'unknown', 'console', account?.id);
    if (verdict.kind === 'refused') {
      res.set('Retry-After', String(verdict.retryAfterSeconds));
      const text = `Too many failed sign-ins from your address (${app.authThrottle.limitPerMinute} per minute). Try again in ${verdict.retryAfterSeconds} seconds.`;
      return send(res, 429, loginPage({ kind: 'error', text }));
    }
    if (!account) {
      await waitTurn(verdict);
      return send(res, 403, loginPage({ kind: 'error', text: 'No account has this API key.' }));
    }
    const previous = parseCookies(req.headers.cookie ?? '')[SESSION_COOKIE];
    if (previous !== undefined) sessions.close(previous);
    const session = sessions.open(account.id);
    res.cookie(SESSION_COOKIE, session.id, { httpOnly: true, secure: true, sameSite: 'strict', path: CONTROL_UI_PATH });
    c.redirectHome(res, SIGNED_IN_PATH);
  }));

  router.post('/logout', ...c.stateChange, (_req, res) => {
    sessions.close(c.signedOf(res).session.id);
    res.clearCookie(SESSION_COOKIE, { httpOnly: true, secure: true, sameSite: 'strict', path: CONTROL_UI_PATH });
    c.redirectHome(res);
  });
}
