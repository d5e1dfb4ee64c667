/**
 * Signing in to the console (POST /login) and out (POST /logout). An API key opens a session of its
 * account; the admin token (when the server has one) opens the admin's session, which manages every
 * account (controlUiAdmin.ts). Wrong ones are throttled like the API's failed keys (anything not
 * shaped like a partner's key on the admin token's budget); right ones too, per client address (finding 8: SIGN_INS_PER_MINUTE),
 * so nobody can churn sessions in a loop.
 */
import type { Response, Router } from 'express';
import { parse as parseCookies } from 'cookie';
import { KEY_PREFIX } from '../../domain/apiKeys.js';
import { secretMatches, type KeyCheck } from '../../domain/accounts.js';
import { SESSION_COOKIE, type ConsoleContext } from './controlUiContext.js';
import { textField } from './controlUiForms.js';
import { ADMIN_PRINCIPAL, waitTurn } from '../transport/authThrottle.js';
import { ADMIN_SESSION } from './controlUiSessions.js';
import { ADMIN_PATH, CONTROL_UI_PATH, SIGNED_IN_PATH } from './controlUiViews.js';

const COOKIE_OPTIONS = { httpOnly: true, secure: true, sameSite: 'strict', path: CONTROL_UI_PATH } as const;

/** Why a key that names an account did not sign in. */
function refusal(checked: KeyCheck): string {
  if (checked.kind === 'disabled') return "This key's account is disabled; ask the sandbox's operator.";
  if (checked.kind === 'expired') return `This key was rolled and has expired; sign in with the key that replaced it (${checked.key.rolled_to ?? 'see your records'}).`;
  return 'No account has this API key.';
}

export function mountSignIn(router: Router, c: ConsoleContext): void {
  const { app, sessions, send } = c;
  const tooMany = (res: Response, seconds: number, text: string) => {
    res.set('Retry-After', String(seconds));
    send(res, 429, c.login({ kind: 'error', text }));
  };

  router.post('/login', c.sameOrigin, c.form, async (req, res) => {
    const secret = textField(c.fields(req), 'apikey') ?? '';
    if (secret === '') return send(res, 401, c.login({ kind: 'error', text: 'Enter an API key.' }));
    const address = req.ip ?? 'unknown';
    const adminToken = app.config.adminToken;
    const admin = adminToken !== undefined && secretMatches(secret, adminToken);
    await app.accounts.ready();
    const checked: KeyCheck = admin ? { kind: 'unknown' } : app.accounts.check(secret);
    const principal = admin ? ADMIN_PRINCIPAL : checked.kind === 'ok' ? checked.account.id : undefined;
    // A wrong secret that is not shaped like a partner's key may be a guess at the admin token: it
    // counts on the admin's budget, as a wrong token on the admin API does (finding 9 of issue 35).
    const adminGuess = principal === undefined && adminToken !== undefined && !secret.startsWith(KEY_PREFIX);
    const verdict = app.authThrottle.judge(address, admin || adminGuess ? 'admin' : 'console', principal);
    if (verdict.kind === 'refused') {
      const text = `Too many failed sign-ins from your address (${app.authThrottle.limitPerMinute} per minute). Try again in ${verdict.retryAfterSeconds} seconds.`;
      return tooMany(res, verdict.retryAfterSeconds, text);
    }
    if (principal === undefined) {
      await waitTurn(verdict);
      return send(res, 403, c.login({ kind: 'error', text: refusal(checked) }));
    }
    // A key in its grace period makes API calls only (keyLifecycle.ts): whoever holds a leaked, rolled key gets no session.
    if (checked.kind === 'ok' && !app.accounts.keyMay(checked.account.id, checked.key.id, 'console_sign_in')) {
      return send(res, 403, c.login({ kind: 'error', text: `This key was rolled and is in its grace period: it makes API calls until ${checked.key.expires_at ?? 'its grace ends'}, but cannot sign in. Sign in with the key that replaced it.` }));
    }
    const taken = c.signIns.take(address);
    if (!taken.ok) return tooMany(res, taken.retryAfterSeconds, `Too many sign-ins from your address (${c.signIns.perMinute} a minute). Try again in ${taken.retryAfterSeconds} seconds.`);
    const previous = parseCookies(req.headers.cookie ?? '')[SESSION_COOKIE];
    if (previous !== undefined) sessions.close(previous);
    const session = admin ? sessions.open(ADMIN_SESSION, null, address) : sessions.open(principal, checked.kind === 'ok' ? checked.key.id : null, address);
    res.cookie(SESSION_COOKIE, session.id, COOKIE_OPTIONS);
    c.redirectHome(res, admin ? `${ADMIN_PATH}?signed-in` : SIGNED_IN_PATH);
  });

  router.post('/logout', c.sameOrigin, c.form, (req, res, next) => {
    // The admin's session signs out as a partner's does.
    if (c.adminSignedIn(req)) return c.requireAdmin(req, res, next);
    c.requireSession(req, res, next);
  }, c.requireCsrf, (_req, res) => {
    sessions.close((res.locals.signedSession as { id: string }).id);
    res.clearCookie(SESSION_COOKIE, COOKIE_OPTIONS);
    c.redirectHome(res);
  });
}
