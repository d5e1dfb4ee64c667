/**
 * The pages of the sandbox console (/_control/ui): sign-in, the account's dashboard (clock,
 * bookings, outbox, journal, certification, reset, sign-out), one e-mail, one journal call, the reset confirmation
 * and messages. Plain forms, no script; every value goes through the escaping `html` tag, and
 * every state-changing form carries the session's CSRF token.
 */
import type { CertificationReport } from '../../domain/certification/types.js';
import type { JournalEntry } from '../../domain/journal/entry.js';
import { messagesFor } from '../../domain/i18n/messages.js';
import { certificationSection, journalEntryBody, journalSection, type JournalView } from './controlUiJournalViews.js';
import { csrfField, ownKeysSection } from './controlUiKeyViews.js';
import type { KeyView } from '../../domain/accountAdmin.js';
import { html, type SafeHtml } from '../../../contract/markup.js';
import { document } from '../pages/layout.js';
import { pageLink } from '../pages/finalizationViews.js';

import { CONTROL_UI_PATH } from './controlUiPath.js';
import { stubsSection } from './controlUiStubViews.js';
import type { StubSet } from '../../domain/stubs/stub.js';

export { CONTROL_UI_PATH };
/** The admin's pages: every account and its keys. */
export const ADMIN_PATH = `${CONTROL_UI_PATH}/admin`;
/** Where sign-in lands: with no session there, the browser refused the cookie (see the router). */
export const SIGNED_IN_PATH = `${CONTROL_UI_PATH}?signed-in`;
/** The dashboard lists the newest this many bookings and e-mails (every e-mail stays reachable by number). */
export const LIST_LIMIT = 100;

export interface ConsoleAccount {
  name: string;
  email: string;
}

export interface ConsoleBooking {
  id: number;
  bookhash: string;
  createdAt: string;
  hotelName: string;
  arrival: string;
  departure: string;
  guestName: string;
  total: string;
  status: string;
  paid: string;
}

export interface ConsoleEmail {
  /** 1-based position in the account's outbox, oldest first: the e-mail's address in the console. */
  number: number;
  to: string;
  subject: string;
  sentAt: string;
  bookhash: string;
  text: string;
}

export interface Notice {
  kind: 'ok' | 'error';
  text: string;
  /** A key just issued: shown on this one page, never again. */
  secret?: string;
}

export interface DashboardView {
  account: ConsoleAccount;
  csrfToken: string;
  clock: { now: string; offsetSeconds: number };
  /** Newest first, at most LIST_LIMIT. */
  bookings: ConsoleBooking[];
  bookingCount: number;
  /** Newest first, at most LIST_LIMIT. */
  emails: ConsoleEmail[];
  emailCount: number;
  journal: JournalView;
  certification: CertificationReport;
  /** The account's keys by id, and the one this session signed in with. */
  keys: KeyView[];
  demo: boolean;
  signedInWith: string | null;
  /** The account's stubs and its stub state. */
  stubs: StubSet;
  notice?: Notice;
}

const page = (title: string, body: SafeHtml) => document(`${title} — sandbox console`, body, messagesFor('en'), 'wide');


export const noticeBox = (notice: Notice | undefined) => {
  if (!notice) return '';
  const role = notice.kind === 'error' ? 'alert' : 'status';
  if (notice.secret === undefined) return html`<p class="${notice.kind}" role="${role}" id="notice">${notice.text}</p>`;
  return html`<div class="${notice.kind}" role="${role}" id="notice"><p>${notice.text}</p>
<p><code id="new-key" class="token">${notice.secret}</code></p>
<p><strong>Copy it now: it is shown this once.</strong> The sandbox keeps only its digest.</p></div>`;
};

const signedIn = (account: ConsoleAccount, csrfToken: string) => html`<div class="signed-in"><p id="account">Signed in as <strong>${account.name}</strong>
  <small class="token">${account.email}</small></p>
<form class="inline" method="post" action="${CONTROL_UI_PATH}/logout">${csrfField(csrfToken)}<button class="secondary" type="submit">Sign out</button></form></div>`;

/** What the sign-in page offers: the demo keys' hint only when there are demo accounts, the admin's way in only with an admin token. */
export interface LoginOptions {
  demoKeys: boolean;
  admin: boolean;
}

export function loginPage(notice: Notice | undefined, options: LoginOptions): string {
  return page(
    'Sign in',
    html`<h1>Sandbox console</h1>
${noticeBox(notice)}
<section aria-label="Sign in">
  <p>See one account's bookings, the e-mails the sandbox sent, its request journal and certification, and its keys; move its clock or reset it.
  The key stays on the server: the browser keeps only a session cookie.</p>
  <form method="post" action="${CONTROL_UI_PATH}/login">
    <p><label for="apikey">${options.admin ? 'API key, or the admin token' : 'API key'}</label><br>
    <input id="apikey" name="apikey" type="password" autocomplete="off" required size="30"></p>
    <button type="submit">Open the console</button>
  </form>
  ${options.demoKeys ? html`<p><small>The demo keys are listed on the <a href="/">home page</a>.</small></p>` : ''}
  ${options.admin ? html`<p><small>Operators sign in with the admin token to manage the accounts and keys of every team.</small></p>` : ''}
</section>`,
  );
}

/** `YYYY-MM-DDTHH:MM:SS` in UTC, the value of a datetime-local field. */
const dateTimeField = (iso: string) => iso.slice(0, 19);

function clockSection(view: DashboardView): SafeHtml {
  const csrf = csrfField(view.csrfToken);
  const quick = [
    ['+1 hour', 3600],
    ['+1 day', 86_400],
    ['+1 week', 604_800],
  ] as const;
  return html`<section aria-labelledby="clock-title">
  <h2 id="clock-title">Clock</h2>
  <p>The account's clock: <time id="clock-now" datetime="${view.clock.now}">${view.clock.now}</time>
  <small id="clock-offset">(${view.clock.offsetSeconds === 0 ? 'real time' : `${view.clock.offsetSeconds} s from real time`})</small></p>
  <form class="fields" method="post" action="${CONTROL_UI_PATH}/clock">${csrf}
    <label for="clock-set">Set to (UTC)</label>
    <input id="clock-set" name="now" type="datetime-local" step="1" required value="${dateTimeField(view.clock.now)}">
    <button class="secondary" type="submit">Set</button>
  </form>
  <p>Advance:</p>
  ${quick.map(
    ([label, seconds]) =>
      html`<form class="inline" method="post" action="${CONTROL_UI_PATH}/clock">${csrf}<button class="secondary" type="submit" name="advance_seconds" value="${seconds}">${label}</button></form>`,
  )}
  <form class="inline" method="post" action="${CONTROL_UI_PATH}/clock">${csrf}<button class="secondary" type="submit" name="offset_seconds" value="0">Back to real time</button></form>
  <form class="fields" method="post" action="${CONTROL_UI_PATH}/clock">${csrf}
    <label for="clock-amount">Advance by</label>
    <input id="clock-amount" name="amount" type="number" step="1" required size="6">
    <select name="unit" aria-label="Unit"><option value="minutes">minutes</option><option value="hours" selected>hours</option><option value="days">days</option></select>
    <button class="secondary" type="submit">Advance</button>
  </form>
</section>`;
}

const newestOnly = (shown: number, total: number) =>
  shown < total ? html`<p class="muted">The newest ${shown} of ${total}.</p>` : '';

function bookingsSection(bookings: ConsoleBooking[], total: number): SafeHtml {
  const rows = bookings.map(
    (booking) => html`<tr>
  <td data-label="Booking">${booking.id}<br><small>${booking.createdAt}</small></td>
  <td data-label="Hotel, stay">${booking.hotelName}<br><small>${booking.arrival} → ${booking.departure}</small></td>
  <td data-label="Guest">${booking.guestName}</td>
  <td data-label="Total" class="nowrap">${booking.total}</td>
  <td data-label="Status"><span class="status">${booking.status}</span><br><small>paid: ${booking.paid}</small></td>
  <td data-label="Page"><a href="/book/${pageLink(booking.bookhash)}">Finalization page</a></td>
</tr>`,
  );
  return html`<section aria-labelledby="bookings-title">
  <h2 id="bookings-title">Bookings (${total})</h2>
  ${newestOnly(bookings.length, total)}
  ${bookings.length === 0
    ? html`<p class="muted">No bookings yet.</p>`
    : html`<div class="scroll"><table id="bookings" class="cards">
<thead><tr><th>#</th><th>Hotel and stay</th><th>Guest</th><th>Total</th><th>Status</th><th><span class="visually-hidden">Page</span></th></tr></thead>
<tbody>${rows}</tbody></table></div>`}
</section>`;
}

function outboxSection(emails: ConsoleEmail[], total: number): SafeHtml {
  const rows = emails.map(
    (email) => html`<tr>
  <td data-label="To" class="token">${email.to}</td>
  <td data-label="Subject"><a href="${CONTROL_UI_PATH}/outbox/${email.number}">${email.subject}</a></td>
  <td data-label="Sent"><time datetime="${email.sentAt}">${email.sentAt}</time></td>
</tr>`,
  );
  return html`<section aria-labelledby="outbox-title">
  <h2 id="outbox-title">Outbox (${total})</h2>
  ${newestOnly(emails.length, total)}
  ${emails.length === 0
    ? html`<p class="muted">No e-mails yet.</p>`
    : html`<div class="scroll"><table id="outbox" class="cards">
<thead><tr><th>To</th><th>Subject</th><th>Sent</th></tr></thead>
<tbody>${rows}</tbody></table></div>`}
</section>`;
}

export function dashboardPage(view: DashboardView): string {
  return page(
    view.account.name,
    html`<h1>Sandbox console</h1>
${signedIn(view.account, view.csrfToken)}
${noticeBox(view.notice)}
${clockSection(view)}
${ownKeysSection(view.keys, { demo: view.demo, csrfToken: view.csrfToken, keysPath: `${CONTROL_UI_PATH}/keys`, signedInWith: view.signedInWith })}
${bookingsSection(view.bookings, view.bookingCount)}
${outboxSection(view.emails, view.emailCount)}
${certificationSection(view.certification)}
${journalSection(view.journal)}
${stubsSection(view.stubs, view.csrfToken)}
<section aria-labelledby="reset-title">
  <h2 id="reset-title">Reset</h2>
  <p>Delete this account's bookings, e-mails and request journal and put its clock back to real time. Other accounts keep everything.</p>
  <p><a href="${CONTROL_UI_PATH}/reset" id="reset-link">Reset this account…</a></p>
</section>`,
  );
}

export function emailPage(account: ConsoleAccount, csrfToken: string, email: ConsoleEmail): string {
  return page(
    email.subject,
    html`<p><a href="${CONTROL_UI_PATH}">← Back to the console</a></p>
${signedIn(account, csrfToken)}
<section aria-label="E-mail">
  <h1 id="email-subject">${email.subject}</h1>
  <dl>
    <dt>To</dt><dd id="email-to" class="token">${email.to}</dd>
    <dt>Sent</dt><dd><time datetime="${email.sentAt}">${email.sentAt}</time></dd>
    <dt>Booking</dt><dd class="token"><a href="/book/${pageLink(email.bookhash)}">${email.bookhash}</a></dd>
  </dl>
</section>
<section aria-label="Message">
  <pre id="email-text">${email.text}</pre>
</section>`,
  );
}

export function journalEntryPage(account: ConsoleAccount, csrfToken: string, entry: JournalEntry): string {
  return page(
    `Call #${entry.id}`,
    html`<p><a href="${CONTROL_UI_PATH}#journal">← Back to the console</a></p>
${signedIn(account, csrfToken)}
${journalEntryBody(entry)}`,
  );
}

export function resetConfirmPage(account: ConsoleAccount, csrfToken: string, counts: { bookings: number; emails: number }): string {
  return page(
    'Reset the account',
    html`<h1>Reset ${account.name}?</h1>
<section aria-label="Confirm the reset">
  <p>This deletes the account's ${counts.bookings} booking(s), ${counts.emails} e-mail(s) and request journal, and puts its clock back to real
  time. It cannot be undone. Other accounts keep everything.</p>
  <form class="inline" method="post" action="${CONTROL_UI_PATH}/reset">${csrfField(csrfToken)}
    <input type="hidden" name="confirm" value="yes">
    <button class="danger" type="submit">Yes, reset this account</button>
  </form>
  <a href="${CONTROL_UI_PATH}">Cancel</a>
</section>`,
  );
}

export function consoleMessagePage(title: string, text: string): string {
  return page(
    title,
    html`<h1>${title}</h1>
<section aria-label="Message"><p class="error" role="alert">${text}</p>
<p><a href="${CONTROL_UI_PATH}">Back to the console</a></p></section>`,
  );
}
