/**
 * API keys as the console shows them, by public id (never a key, never its digest): the partner's
 * own keys on the dashboard, with a form to roll each usable one, and any account's on the admin's
 * account page. Every value goes through the escaping `html` tag.
 */
import type { KeyView } from '../../domain/accountAdmin.js';
import { html, type SafeHtml } from '../../../contract/markup.js';

/** The grace periods a rolled key may get (seconds), as a form offers them: now, an hour, a day. */
export const GRACE_CHOICES: ReadonlyArray<readonly [number, string]> = [
  [0, 'stops now'],
  [3600, 'works 1 more hour'],
  [86_400, 'works 24 more hours'],
];

export const csrfField = (token: string) => html`<input type="hidden" name="csrf_token" value="${token}">`;

/** A form that rolls `key`, posting to `action` (with the session's CSRF token). */
export function rollForm(action: string, key: KeyView, csrfToken: string): SafeHtml {
  return html`<form class="fields" method="post" action="${action}">${csrfField(csrfToken)}
  <input type="hidden" name="key_id" value="${key.id}">
  <label for="grace-${key.id}">Old key</label>
  <select id="grace-${key.id}" name="grace_seconds">${GRACE_CHOICES.map(([seconds, label]) => html`<option value="${seconds}"${seconds === 3600 ? html` selected` : ''}>${label}</option>`)}</select>
  <button class="secondary" type="submit">Roll ${key.id}</button>
</form>`;
}

/** The keys' table; `actions` gives each row's forms (none: a read-only list). */
export function keysTable(keys: readonly KeyView[], actions: (key: KeyView) => SafeHtml | string = () => ''): SafeHtml {
  if (keys.length === 0) return html`<p class="muted">No keys.</p>`;
  const rows = keys.map(
    (key) => html`<tr id="key-${key.id}">
  <td data-label="Key"><code>${key.id}</code><br><small class="token">${key.hint}</small></td>
  <td data-label="State"><span class="status">${key.state}</span>${key.rolled_to ? html`<br><small>rolled to <code>${key.rolled_to}</code></small>` : ''}</td>
  <td data-label="Issued"><time datetime="${key.created_at}">${key.created_at}</time></td>
  <td data-label="Ends">${key.revoked_at ?? key.expires_at ?? html`<span class="muted">—</span>`}</td>
  <td data-label="Actions">${actions(key)}</td>
</tr>`,
  );
  return html`<div class="scroll"><table class="cards keys">
<thead><tr><th>Key</th><th>State</th><th>Issued</th><th>Ends</th><th><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${rows}</tbody></table></div>`;
}

/** A one-button form posting `key_id` to `action` (expire now, revoke). */
function keyButton(action: string, key: KeyView, csrfToken: string, label: string): SafeHtml {
  return html`<form class="fields" method="post" action="${action}">${csrfField(csrfToken)}
  <input type="hidden" name="key_id" value="${key.id}">
  <button class="secondary" type="submit">${label}</button>
</form>`;
}

/**
 * The partner's own keys on the dashboard, with what the session's (active) key may do to each
 * (keyLifecycle.ts): roll an active key not rolled already, end a key's grace period now, revoke
 * any other usable key. None for a demo account.
 */
export function ownKeysSection(keys: readonly KeyView[], options: { demo: boolean; csrfToken: string; keysPath: string; signedInWith: string | null }): SafeHtml {
  const actions = (key: KeyView): SafeHtml | string => {
    if (options.demo) return '';
    const forms: SafeHtml[] = [];
    if (key.state === 'active' && key.rolled_to === null) forms.push(rollForm(`${options.keysPath}/roll`, key, options.csrfToken));
    if (key.state === 'expiring') forms.push(keyButton(`${options.keysPath}/expire`, key, options.csrfToken, `Expire ${key.id} now`));
    if ((key.state === 'active' || key.state === 'expiring') && key.id !== options.signedInWith) {
      forms.push(keyButton(`${options.keysPath}/revoke`, key, options.csrfToken, `Revoke ${key.id}`));
    }
    return html`${forms}`;
  };
  return html`<section aria-labelledby="keys-title" id="keys">
  <h2 id="keys-title">API keys</h2>
  <p>The account's keys by id. Rolling a key issues a new one, shown once, and keeps the old one working for the time you choose (at most 24 hours), so you can put the new one in place first.
  A rolled key in its grace period makes API calls only; if it leaked, expire it now.
  ${options.signedInWith ? html`You signed in with <code>${options.signedInWith}</code>.` : ''}</p>
  ${options.demo ? html`<p class="muted">A demo account's key is public and cannot be rolled.</p>` : ''}
  ${keysTable(keys, actions)}
</section>`;
}
