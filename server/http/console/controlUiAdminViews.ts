/**
 * The admin's pages of the console (signed in with the admin token): every account, a page at a
 * time and searchable, a form to create one; one account with its profile, status, keys (issue,
 * revoke, roll), quota increase and return_url hosts; and the confirmation of a deletion. Plain
 * forms, no script, every value escaped, every form with the session's CSRF token.
 */
import type { AccountView, KeyView } from '../../domain/accountAdmin.js';
import { PROFILE_FIELDS } from '../../domain/accountInput.js';
import { messagesFor } from '../../domain/i18n/messages.js';
import { html, type SafeHtml } from '../../../contract/markup.js';
import { document } from '../pages/layout.js';
import { csrfField, keysTable, rollForm } from './controlUiKeyViews.js';
import { CONTROL_UI_PATH } from './controlUiPath.js';
import { ADMIN_PATH, noticeBox, type Notice } from './controlUiViews.js';

export const ADMIN_PAGE_SIZE = 50;
export const accountPath = (id: number) => `${ADMIN_PATH}/accounts/${id}`;

const page = (title: string, body: SafeHtml) => document(`${title} — sandbox console`, body, messagesFor('en'), 'wide');

const FIELD_LABELS: Record<(typeof PROFILE_FIELDS)[number], string> = {
  name: 'Team or company', contact: 'Contact e-mail', first_name: 'Guest first name', last_name: 'Guest last name', email: 'Guest e-mail', phone: 'Guest phone (+…)',
};

const adminBar = (csrfToken: string) => html`<div class="signed-in"><p id="account">Signed in as <strong>the operator</strong> (admin token)</p>
<form class="inline" method="post" action="${CONTROL_UI_PATH}/logout">${csrfField(csrfToken)}<button class="secondary" type="submit">Sign out</button></form></div>`;

export interface AccountsListView {
  csrfToken: string;
  accounts: AccountView[];
  total: number;
  query: string;
  page: number;
  pages: number;
  notice?: Notice;
}

export function adminAccountsPage(view: AccountsListView): string {
  const link = (pageNumber: number, label: string) =>
    html`<a href="${ADMIN_PATH}?${new URLSearchParams({ ...(view.query ? { q: view.query } : {}), page: String(pageNumber) }).toString()}">${label}</a>`;
  const rows = view.accounts.map(
    (account) => html`<tr id="account-${account.id}">
  <td data-label="Id">${account.id}</td>
  <td data-label="Team"><a href="${accountPath(account.id)}">${account.name}</a>${account.demo ? html` <small>(demo)</small>` : ''}<br><small>${account.contact}</small></td>
  <td data-label="Status"><span class="status">${account.status}</span></td>
  <td data-label="Keys">${account.keys.filter((key) => key.state === 'active' || key.state === 'expiring').length} usable</td>
  <td data-label="Quota">${account.quota?.in_force ? quotaText(account) : html`<span class="muted">sandbox limits</span>`}</td>
</tr>`,
  );
  return page(
    'Accounts',
    html`<h1>Accounts</h1>
${adminBar(view.csrfToken)}
${noticeBox(view.notice)}
<section aria-labelledby="accounts-title">
  <h2 id="accounts-title">Accounts (${view.total})</h2>
  <form class="fields" method="get" action="${ADMIN_PATH}"><label for="q">Find</label>
  <input id="q" name="q" value="${view.query}" maxlength="100" placeholder="id, team or contact"><button class="secondary" type="submit">Find</button></form>
  ${view.accounts.length === 0
    ? html`<p class="muted">No account matches.</p>`
    : html`<div class="scroll"><table id="accounts" class="cards"><thead><tr><th>Id</th><th>Team</th><th>Status</th><th>Keys</th><th>Quota</th></tr></thead>
<tbody>${rows}</tbody></table></div>`}
  ${view.pages > 1 ? html`<p>Page ${view.page} of ${view.pages} ${view.page > 1 ? link(view.page - 1, '← previous') : ''} ${view.page < view.pages ? link(view.page + 1, 'next →') : ''}</p>` : ''}
</section>
<section aria-labelledby="create-title">
  <h2 id="create-title">New account</h2>
  <p>A partner team's account, created with one key (shown once, on the next page).</p>
  <form class="fields" method="post" action="${ADMIN_PATH}/accounts" id="create-account">${csrfField(view.csrfToken)}
  ${PROFILE_FIELDS.map((field) => html`<span class="field"><label for="new-${field}">${FIELD_LABELS[field]}</label>
  <input id="new-${field}" name="${field}" required maxlength="100"${field === 'email' || field === 'contact' ? html` type="email"` : ''}></span>`)}
  <span class="field"><label for="new-hosts">Return URL hosts (comma-separated, e.g. partner.example, *.partner.example; empty: any host)</label>
  <input id="new-hosts" name="hosts" maxlength="2000"></span>
  <button type="submit">Create the account</button></form>
</section>`,
  );
}

function quotaText(account: AccountView): SafeHtml {
  const quota = account.quota!;
  const limits = quota.lifted ? 'lifted' : `${quota.per_minute ?? 'sandbox'} a minute, ${quota.per_day ?? 'sandbox'} a day`;
  return html`${limits}${quota.until ? html` until <time datetime="${quota.until}">${quota.until}</time>` : ' for good'}${quota.in_force ? '' : html` <small>(ended)</small>`}`;
}

export interface AccountPageView {
  csrfToken: string;
  account: AccountView;
  /** The sandbox's own limits (a quota increase is at least these). */
  limits: { perMinute: number; perDay: number };
  notice?: Notice;
}

export function adminAccountPage(view: AccountPageView): string {
  const { account, csrfToken } = view;
  const csrf = csrfField(csrfToken);
  const base = accountPath(account.id);
  const changeable = !account.demo;
  const keyActions = (key: KeyView) =>
    changeable && (key.state === 'active' || key.state === 'expiring')
      ? html`${key.state === 'active' && key.rolled_to === null ? rollForm(`${base}/keys/roll`, key, csrfToken) : ''}
<form class="inline" method="post" action="${base}/keys/revoke">${csrf}<input type="hidden" name="key_id" value="${key.id}"><button class="danger" type="submit">Revoke ${key.id}</button></form>`
      : '';
  return page(
    account.name,
    html`<p><a href="${ADMIN_PATH}">← All accounts</a></p>
${adminBar(csrfToken)}
${noticeBox(view.notice)}
<h1 id="account-name">${account.name} <small>#${account.id}${account.demo ? ' (demo account: fixtures/accounts.json, not changeable)' : ''}</small></h1>
<section aria-label="Profile">
  <dl id="profile">
    <dt>Contact</dt><dd>${account.contact}</dd>
    <dt>Guest profile</dt><dd>${account.guest.first_name} ${account.guest.last_name}, ${account.guest.email}, ${account.guest.phone}</dd>
    <dt>Status</dt><dd><span class="status" id="status">${account.status}</span></dd>
    <dt>Created</dt><dd><time datetime="${account.created_at}">${account.created_at}</time></dd>
  </dl>
  ${changeable
    ? html`<form class="inline" method="post" action="${base}/status">${csrf}<input type="hidden" name="status" value="${account.status === 'active' ? 'disabled' : 'active'}">
<button class="secondary" type="submit">${account.status === 'active' ? 'Disable the account' : 'Enable the account'}</button></form>
<a href="${base}/delete" id="delete-link">Delete the account…</a>`
    : ''}
</section>
<section aria-labelledby="keys-title" id="keys">
  <h2 id="keys-title">API keys</h2>
  ${keysTable(account.keys, keyActions)}
  ${changeable ? html`<form class="inline" method="post" action="${base}/keys">${csrf}<button class="secondary" type="submit">Issue a further key</button></form>` : ''}
</section>
<section aria-labelledby="quota-title" id="quota">
  <h2 id="quota-title">Quota increase</h2>
  <p>Now: ${account.quota ? quotaText(account) : html`the sandbox's limits (${view.limits.perMinute} a minute, ${view.limits.perDay} a day per client address and endpoint)`}.
  ${account.quota?.note ? html`<br><small>Use case: ${account.quota.note}</small>` : ''}</p>
  ${changeable ? quotaForms(base, csrf, view.limits, account.quota !== null) : ''}
</section>
<section aria-labelledby="hosts-title" id="return-hosts">
  <h2 id="hosts-title">Return URL hosts</h2>
  <p>${account.return_url_hosts === null ? 'Any host.' : html`Only: ${account.return_url_hosts.map((host) => html`<code>${host}</code> `)}`}</p>
  ${changeable
    ? html`<form class="fields" method="post" action="${base}/return-hosts">${csrf}<label for="hosts">Hosts (comma-separated; empty: any)</label>
<input id="hosts" name="hosts" size="50" maxlength="2000" value="${(account.return_url_hosts ?? []).join(', ')}"><button class="secondary" type="submit">Save</button></form>`
    : ''}
</section>`,
  );
}

function quotaForms(base: string, csrf: SafeHtml, limits: AccountPageView['limits'], granted: boolean): SafeHtml {
  return html`<form class="fields" method="post" action="${base}/quota" id="quota-form">${csrf}
  <span class="field"><label for="per-minute">Per minute</label><input id="per-minute" name="per_minute" type="number" min="${limits.perMinute}" step="1"></span>
  <span class="field"><label for="per-day">Per day</label><input id="per-day" name="per_day" type="number" min="${limits.perDay}" step="1"></span>
  <label class="check"><input type="checkbox" name="lifted" value="true"> Lift the limits</label>
  <span class="field"><label for="days">For days (empty: for good)</label><input id="days" name="days" type="number" min="1" max="366" step="1"></span>
  <span class="field"><label for="note">Use case</label><input id="note" name="note" maxlength="500" size="30"></span>
  <button class="secondary" type="submit">Grant</button></form>
  ${granted ? html`<form class="inline" method="post" action="${base}/quota/withdraw">${csrf}<button class="secondary" type="submit">Back to the sandbox's limits</button></form>` : ''}`;
}

export function adminDeletePage(csrfToken: string, account: AccountView, counts: { bookings: number }): string {
  return page(
    `Delete ${account.name}`,
    html`<h1>Delete ${account.name} (#${account.id})?</h1>
<section aria-label="Confirm the deletion">
  <p>This deletes the account, its keys, its ${counts.bookings} booking(s), its e-mails, request journal, idempotency records and
  console sessions. Its keys stop at once. It cannot be undone.</p>
  <form class="inline" method="post" action="${accountPath(account.id)}/delete">${csrfField(csrfToken)}
    <input type="hidden" name="confirm" value="yes"><button class="danger" type="submit">Yes, delete this account</button></form>
  <a href="${accountPath(account.id)}">Cancel</a>
</section>`,
  );
}
