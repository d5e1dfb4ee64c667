/**
 * The admin's pages of the console (/_control/ui/admin), signed in with the admin token under every
 * console rule (session cookie, CSRF token, same origin, the pages' CSP): the accounts, and for one
 * account its status, keys, quota increase and return_url hosts, all through AccountAdmin as the
 * control API and the CLI. A form refused for its input answers 400 with a page saying why; a key
 * issued here is shown once, on the page the form returns to.
 */
import type { Request, RequestHandler, Response, Router } from 'express';
import { accountView } from '../../domain/accountAdmin.js';
import { graceSecondsInput, newAccountInput, quotaInput, returnUrlHostsInput } from '../../domain/accountInput.js';
import { ApiError, badRequest } from '../../errors.js';
import type { ConsoleContext } from './controlUiContext.js';
import { textField, type FormFields } from './controlUiForms.js';
import { ADMIN_PAGE_SIZE, accountPath, adminAccountPage, adminAccountsPage, adminDeletePage } from './controlUiAdminViews.js';
import { COOKIE_REFUSED } from './controlUiDashboard.js';
import { ADMIN_PATH, consoleMessagePage, type Notice } from './controlUiViews.js';
import { pathParam } from '../transport/pathParam.js';

/** The console paths of the admin and the methods they answer (for the 405s). */
export const ADMIN_ROUTES: ReadonlyArray<[string, string]> = [
  ['/admin', 'GET, HEAD'],
  ['/admin/accounts', 'POST'],
  ['/admin/accounts/:id', 'GET, HEAD'],
  ['/admin/accounts/:id/delete', 'GET, HEAD, POST'],
  ...['status', 'keys', 'keys/revoke', 'keys/roll', 'quota', 'quota/withdraw', 'return-hosts'].map((action): [string, string] => [`/admin/accounts/:id/${action}`, 'POST']),
];

function accountIdOf(req: Request): number {
  const text = pathParam(req, 'id');
  if (!/^[1-9]\d{0,9}$/.test(text)) throw new ApiError(404, `No account ${text}`);
  return Number(text);
}

/** The form's quota fields as the control API's JSON body (empty fields left out). */
function quotaBody(form: FormFields): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of ['per_minute', 'per_day', 'days'] as const) {
    const text = textField(form, field) ?? '';
    if (text === '') continue;
    if (!/^\d{1,12}$/.test(text)) throw badRequest(`'${field}' must be a whole number`);
    body[field] = Number(text);
  }
  if (textField(form, 'lifted') === 'true') body.lifted = true;
  const note = textField(form, 'note') ?? '';
  if (note !== '') body.note = note;
  return body;
}

export function mountAdmin(router: Router, c: ConsoleContext): void {
  const { app, send } = c;
  const admin = app.accountAdmin;
  const nowMs = () => app.clock.now().getTime();
  const flashOnce = (res: Response): Notice | undefined => {
    const session = c.adminOf(res);
    const notice = session.flash;
    session.flash = undefined;
    return notice;
  };
  /** After a form: back to `path`, with what happened shown once. */
  const done = (res: Response, path: string, notice: Notice) => {
    c.adminOf(res).flash = notice;
    c.redirectHome(res, path);
  };
  /** Runs a form's change; a refusal of its input (4xx) is a page saying why, nothing changed. */
  const form = (work: (req: Request, res: Response) => Promise<void>): RequestHandler =>
    async (req, res) => {
      try {
        await work(req, res);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
        send(res, error.status, consoleMessagePage('Not done', `Nothing was changed: ${error.message}.`));
      }
    };

  router.get('/admin', (req, res, next) => {
    if (c.adminSignedIn(req)) return next();
    c.send(res, 200, c.login(req.query['signed-in'] === undefined ? undefined : { kind: 'error', text: COOKIE_REFUSED }));
  }, c.requireAdmin, async (req, res) => {
    const query = typeof req.query.q === 'string' ? req.query.q.slice(0, 100) : '';
    const asked = typeof req.query.page === 'string' && /^[1-9]\d{0,6}$/.test(req.query.page) ? Number(req.query.page) : 1;
    const { total } = await admin.list({ query, limit: 0 });
    const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
    const page = Math.min(asked, pages);
    const { accounts } = await admin.list({ query, offset: (page - 1) * ADMIN_PAGE_SIZE, limit: ADMIN_PAGE_SIZE });
    send(res, 200, adminAccountsPage({
      csrfToken: c.adminOf(res).csrfToken, accounts: accounts.map((account) => accountView(account, nowMs())), total, query, page, pages, notice: flashOnce(res),
    }));
  });

  router.post('/admin/accounts', ...c.adminChange, form(async (req, res) => {
    const fields = Object.fromEntries(Object.entries(c.fields(req)).filter(([name]) => name !== 'csrf_token' && name !== 'hosts'));
    const { profile } = newAccountInput(fields);
    const returnUrlHosts = hostsOfForm(textField(c.fields(req), 'hosts'));
    const issued = await admin.create(profile, returnUrlHosts);
    done(res, accountPath(issued.account.id), { kind: 'ok', text: `Account ${issued.account.id} was created with key ${issued.record.id}:`, secret: issued.key });
  }));

  router.get('/admin/accounts/:id', c.requireAdmin, form(async (req, res) => {
    const account = await admin.get(accountIdOf(req));
    send(res, 200, adminAccountPage({ csrfToken: c.adminOf(res).csrfToken, account: accountView(account, nowMs()), limits: admin.rateLimits, notice: flashOnce(res) }));
  }));

  router.post('/admin/accounts/:id/status', ...c.adminChange, form(async (req, res) => {
    const status = textField(c.fields(req), 'status');
    if (status !== 'active' && status !== 'disabled') throw badRequest("'status' must be active or disabled");
    const account = await admin.setStatus(accountIdOf(req), status);
    done(res, accountPath(account.id), { kind: 'ok', text: `The account is ${account.status} now.` });
  }));

  router.post('/admin/accounts/:id/keys', ...c.adminChange, form(async (req, res) => {
    const issued = await admin.issueKey(accountIdOf(req));
    done(res, accountPath(issued.account.id), { kind: 'ok', text: `Key ${issued.record.id} was issued:`, secret: issued.key });
  }));

  router.post('/admin/accounts/:id/keys/revoke', ...c.adminChange, form(async (req, res) => {
    const keyId = textField(c.fields(req), 'key_id') ?? '';
    const account = await admin.revokeKey(accountIdOf(req), keyId);
    done(res, accountPath(account.id), { kind: 'ok', text: `Key ${keyId} was revoked: it stopped working.` });
  }));

  router.post('/admin/accounts/:id/keys/roll', ...c.adminChange, form(async (req, res) => {
    const keyId = textField(c.fields(req), 'key_id') ?? '';
    const issued = await admin.rollKey(accountIdOf(req), keyId, graceSecondsInput(textField(c.fields(req), 'grace_seconds')));
    done(res, accountPath(issued.account.id), { kind: 'ok', text: `Key ${keyId} was rolled. Its successor is ${issued.record.id}:`, secret: issued.key });
  }));

  router.post('/admin/accounts/:id/quota', ...c.adminChange, form(async (req, res) => {
    const id = accountIdOf(req);
    const account = await admin.setQuota(id, quotaInput(quotaBody(c.fields(req)), admin.rateLimits, app.clock.now()));
    done(res, `${accountPath(account.id)}#quota`, { kind: 'ok', text: 'The quota increase is granted.' });
  }));

  router.post('/admin/accounts/:id/quota/withdraw', ...c.adminChange, form(async (req, res) => {
    const account = await admin.setQuota(accountIdOf(req), null);
    done(res, `${accountPath(account.id)}#quota`, { kind: 'ok', text: "The account is back on the sandbox's limits." });
  }));

  router.post('/admin/accounts/:id/return-hosts', ...c.adminChange, form(async (req, res) => {
    const hosts = hostsOfForm(textField(c.fields(req), 'hosts'));
    const account = await admin.update(accountIdOf(req), {}, hosts);
    done(res, `${accountPath(account.id)}#return-hosts`, { kind: 'ok', text: hosts === null ? 'A return_url may name any host.' : 'The return_url hosts are saved.' });
  }));

  router.get('/admin/accounts/:id/delete', c.requireAdmin, form(async (req, res) => {
    const account = await admin.get(accountIdOf(req));
    const bookings = (await app.store.bookingsOfAccount(account.id)).length;
    send(res, 200, adminDeletePage(c.adminOf(res).csrfToken, accountView(account, nowMs()), { bookings }));
  }));

  router.post('/admin/accounts/:id/delete', ...c.adminChange, form(async (req, res) => {
    if (textField(c.fields(req), 'confirm') !== 'yes') throw badRequest('Confirm the deletion on its confirmation page');
    const id = accountIdOf(req);
    await admin.delete(id);
    done(res, ADMIN_PATH, { kind: 'ok', text: `Account ${id} was deleted with all its data.` });
  }));
}

/** The hosts field of a form (comma- or space-separated; empty: any host), checked as the API checks them. */
function hostsOfForm(text: string | undefined): string[] | null {
  const hosts = (text ?? '').split(/[\s,]+/).filter(Boolean);
  return hosts.length === 0 ? null : returnUrlHostsInput(hosts);
}
