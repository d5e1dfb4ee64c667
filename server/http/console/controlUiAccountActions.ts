/**
 * What a signed-in partner changes from the console: the account's clock (POST /clock), a reset
 * of the account (GET /reset asks, POST /reset does it) and its keys: rolling one (POST
 * /keys/roll; the new key is shown once, on the dashboard the form returns to), ending another's
 * grace period now (POST /keys/expire) and revoking another (POST /keys/revoke). Each answers with
 * the dashboard (or, on a refused form, a page saying why).
 */
import type { Response, Router } from 'express';
import { changeAccountClock } from '../../domain/clockControl.js';
import { ApiError } from '../../errors.js';
import { consoleAccount, type ConsoleContext } from './controlUiContext.js';
import { dashboard } from './controlUiDashboard.js';
import { clockChangeOfForm, textField } from './controlUiForms.js';
import { graceSecondsInput } from '../../domain/accountInput.js';
import { consoleMessagePage, resetConfirmPage } from './controlUiViews.js';

export function mountAccountActions(router: Router, c: ConsoleContext): void {
  const { app, send } = c;
  /** Runs a key change; a refusal (4xx) answers with a page saying why. */
  const keyChange = async (res: Response, done: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      if (error.headers['Retry-After'] !== undefined) res.set('Retry-After', error.headers['Retry-After']);
      send(res, error.status, consoleMessagePage(`Not ${done}`, `The key was not ${done}: ${error.message}.`));
    }
  };
  router.post(
    '/clock',
    ...c.stateChange,
    async (req, res) => {
      const signed = c.signedOf(res);
      try {
        const clock = await changeAccountClock(app.clocks, signed.account.id, clockChangeOfForm(c.fields(req)));
        c.done(res, `The clock now shows ${clock.now().toISOString()}.`);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 400) throw error;
        send(res, 400, await dashboard(app, signed, { kind: 'error', text: `The clock was not changed: ${error.message}.` }));
      }
    },
  );

  router.post(
    '/keys/roll',
    ...c.stateChange,
    async (req, res) => {
      const { session, account } = c.signedOf(res);
      const keyId = textField(c.fields(req), 'key_id') ?? '';
      await keyChange(res, 'rolled', async () => {
        const grace = graceSecondsInput(textField(c.fields(req), 'grace_seconds'));
        const issued = await app.accountAdmin.rollKey(account.id, keyId, grace, { accountId: account.id, keyId: session.keyId ?? '' });
        // Rolling the key this session signed in with keeps the session: it was signed in by the owner.
        if (session.keyId === keyId) session.keyId = issued.record.id;
        session.flash = { kind: 'ok', text: `Key ${keyId} was rolled. Its successor is ${issued.record.id}:`, secret: issued.key };
        c.redirectHome(res);
      });
    },
  );

  router.post(
    '/keys/expire',
    ...c.stateChange,
    async (req, res) => {
      const { session, account } = c.signedOf(res);
      const keyId = textField(c.fields(req), 'key_id') ?? '';
      await keyChange(res, 'expired', async () => {
        await app.accountAdmin.expireOwnKey({ accountId: account.id, keyId: session.keyId ?? '' }, keyId);
        c.done(res, `Key ${keyId} stopped working now.`);
      });
    },
  );

  router.post(
    '/keys/revoke',
    ...c.stateChange,
    async (req, res) => {
      const { session, account } = c.signedOf(res);
      const keyId = textField(c.fields(req), 'key_id') ?? '';
      await keyChange(res, 'revoked', async () => {
        await app.accountAdmin.revokeOwnKey({ accountId: account.id, keyId: session.keyId ?? '' }, keyId);
        c.done(res, `Key ${keyId} was revoked.`);
      });
    },
  );

  router.get(
    '/reset',
    c.requireSession,
    async (_req, res) => {
      const { session, account } = c.signedOf(res);
      const counts = {
        bookings: (await app.store.bookingsOfAccount(account.id)).length,
        emails: (await app.store.outboxOfAccount(account.id)).length,
      };
      send(res, 200, resetConfirmPage(consoleAccount(account), session.csrfToken, counts));
    },
  );

  router.post(
    '/reset',
    ...c.stateChange,
    async (req, res) => {
      if (textField(c.fields(req), 'confirm') !== 'yes') {
        return send(res, 400, consoleMessagePage('Not reset', 'Confirm the reset on its confirmation page.'));
      }
      await app.resetAccount(c.signedOf(res).account.id);
      c.done(res, 'The account was reset: no bookings, no e-mails, the clock on real time.');
    },
  );
}
