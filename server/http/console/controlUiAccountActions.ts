/**
 * What a signed-in partner changes from the console: the account's clock (POST /clock), a reset
 * of the account (GET /reset asks, POST /reset does it) and rolling one of its keys (POST
 * /keys/roll; the new key is shown once, on the dashboard the form returns to). Each answers with
 * the dashboard (or, on a refused form, a page saying why).
 */
import type { Router } from 'express';
import { changeAccountClock } from '../../domain/clockControl.js';
import { ApiError } from '../../errors.js';
import { consoleAccount, type ConsoleContext } from './controlUiContext.js';
import { dashboard } from './controlUiDashboard.js';
import { clockChangeOfForm, textField } from './controlUiForms.js';
import { graceSecondsInput } from '../../domain/accountInput.js';
import { consoleMessagePage, resetConfirmPage } from './controlUiViews.js';

export function mountAccountActions(router: Router, c: ConsoleContext): void {
  const { app, send } = c;
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
      try {
        const issued = await app.accountAdmin.rollKey(account.id, keyId, graceSecondsInput(textField(c.fields(req), 'grace_seconds')));
        // Rolling the key this session signed in with keeps the session: it was signed in by the owner.
        if (session.keyId === keyId) session.keyId = issued.record.id;
        session.flash = { kind: 'ok', text: `Key ${keyId} was rolled. Its successor is ${issued.record.id}:`, secret: issued.key };
        c.redirectHome(res);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
        send(res, error.status, consoleMessagePage('Not rolled', `The key was not rolled: ${error.message}.`));
      }
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
