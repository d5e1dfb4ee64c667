/**
 * The account's records, one page each: an e-mail of its outbox (GET /outbox/:number), a call of
 * its request journal (GET /journal/:id), and the certification report's downloads (JSON, JUnit,
 * HTML) — always the session's account, never a key in the address.
 */
import type { Router } from 'express';
import { CERTIFICATION_PAGE_CSP, htmlReport } from '../../domain/certification/render/html.js';
import { jsonReport } from '../../domain/certification/render/json.js';
import { junitReport } from '../../domain/certification/render/junit.js';
import { consoleAccount, type ConsoleContext } from './controlUiContext.js';
import { certificationOf, journalOf, outboxOf } from './controlUiDashboard.js';
import { CERTIFICATION_DOWNLOADS } from './controlUiJournalViews.js';
import { consoleMessagePage, emailPage, journalEntryPage } from './controlUiViews.js';
import { pathParam } from '../transport/pathParam.js';

const EMAIL_NUMBER = /^[1-9]\d{0,6}$/;
const ENTRY_ID = /^[1-9]\d{0,15}$/;

export function mountRecords(router: Router, c: ConsoleContext): void {
  const { app, send } = c;
  router.get(
    '/outbox/:number',
    c.requireSession,
    async (req, res) => {
      const { session, account } = c.signedOf(res);
      const number = pathParam(req, 'number');
      const email = EMAIL_NUMBER.test(number) ? (await outboxOf(app, account))[Number(number) - 1] : undefined;
      if (!email) return send(res, 404, consoleMessagePage('No such e-mail', "This account's outbox has no e-mail with this number."));
      send(res, 200, emailPage(consoleAccount(account), session.csrfToken, email));
    },
  );

  router.get(
    '/journal/:id',
    c.requireSession,
    async (req, res) => {
      const { session, account } = c.signedOf(res);
      const id = pathParam(req, 'id');
      const entry = ENTRY_ID.test(id) ? (await journalOf(app, account)).find((candidate) => candidate.id === Number(id)) : undefined;
      if (!entry) return send(res, 404, consoleMessagePage('No such call', "This account's journal has no call with this number (it keeps the newest 1,000)."));
      send(res, 200, journalEntryPage(consoleAccount(account), session.csrfToken, entry));
    },
  );

  // The report's downloads: the session's account, never a key in the address.
  for (const download of CERTIFICATION_DOWNLOADS) {
    router.get(
      `/${download.file}`,
      c.requireSession,
      async (_req, res) => {
        const { account } = c.signedOf(res);
        const report = await certificationOf(app, account, await journalOf(app, account));
        res.set({ 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' });
        res.attachment(download.file);
        if (download.format === 'json') return res.type('application/json').send(jsonReport(report));
        if (download.format === 'junit') return res.type('application/xml').send(junitReport(report));
        res.set('Content-Security-Policy', CERTIFICATION_PAGE_CSP);
        res.type('html').send(htmlReport(report, { account: consoleAccount(account).name }));
      },
    );
  }
}
