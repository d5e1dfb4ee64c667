/**
 * The console's journal and certification: the account's calls, newest first, a page at a time
 * (filterable, each one expandable to its request, response and contract violations with
 * <details>, so no script; bodies cut at DASHBOARD_BODY_CHARS with a link to the whole call), one
 * call on its own page, and the certification report with its evidence linked to those calls and
 * its downloads. Every value goes through the escaping `html` tag (which shows control and
 * bidirectional characters as visible escapes, contract/markup.ts).
 */
import type { CertificationReport, Verdict } from '../../domain/certification/types.js';
import type { JournalEntry } from '../../domain/journal/entry.js';
import { CONTROL_UI_PATH } from './controlUiPath.js';
import { html, type SafeHtml } from '../../../contract/markup.js';

/** The dashboard shows this many matching calls a page (the store keeps the last 1,000). */
export const JOURNAL_PAGE_SIZE = 20;
/** On the dashboard a call's request or response is cut after this many characters (its own page shows all). */
export const DASHBOARD_BODY_CHARS = 2_000;
export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
export const CERTIFICATION_DOWNLOADS = [
  { format: 'json', file: 'certification.json', label: 'JSON' },
  { format: 'junit', file: 'certification.xml', label: 'JUnit XML' },
  { format: 'html', file: 'certification.html', label: 'HTML' },
] as const;

export const journalEntryPath = (id: number) => `${CONTROL_UI_PATH}/journal/${id}`;

export interface JournalView {
  /** Newest first, at most JOURNAL_PAGE_SIZE: page `page` of `pages`. */
  entries: JournalEntry[];
  page: number;
  pages: number;
  /** Calls that match the filter, and calls in the journal. */
  matching: number;
  total: number;
  /** The endpoints the journal has calls to, for the filter. */
  endpoints: string[];
  filter: { endpoint: string; status: string; nonConforming: boolean };
  /** Why the filter in the address was not applied. */
  filterError?: string;
}

const conforms = (entry: JournalEntry) => entry.conformance.request_valid && entry.conformance.response_valid;
const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** A part of a call as text: whole, or (on the dashboard) cut at DASHBOARD_BODY_CHARS with a link to the whole call. */
function shown(value: unknown, entry: JournalEntry, whole: boolean): SafeHtml {
  const text = pretty(value);
  if (whole || text.length <= DASHBOARD_BODY_CHARS) return html`${text}`;
  return html`${text.slice(0, DASHBOARD_BODY_CHARS)}
… <a href="${journalEntryPath(entry.id)}">${text.length - DASHBOARD_BODY_CHARS} more characters: the whole call</a>`;
}

function violations(entry: JournalEntry): SafeHtml {
  if (entry.conformance.violations.length === 0) return html`<p class="muted">Request and response conform to openapi.yaml.</p>`;
  return html`<p><strong>Contract violations</strong></p><ul class="violations">${entry.conformance.violations.map(
    (v) => html`<li>${v.where} <code>${v.path}</code>: ${v.message}</li>`,
  )}</ul>`;
}

/** The exchange: request, response and the contract's verdict; on the dashboard (`whole` false) long parts are cut. */
function exchange(entry: JournalEntry, whole: boolean): SafeHtml {
  return html`<p><small>From ${entry.client_address}; key ${entry.key_id ? html`<code>${entry.key_id}</code> ` : ''}sent in: ${entry.key_location}; ${entry.duration_ms} ms</small></p>
${violations(entry)}
<p><strong>Request</strong> ${entry.request.method} ${entry.request.path}</p>
<pre class="journal-request">${shown({ headers: entry.request.headers, query: entry.request.query, body: entry.request.body }, entry, whole)}</pre>
<p><strong>Response</strong> ${entry.response.status}</p>
<pre class="journal-response">${shown({ headers: entry.response.headers, body: entry.response.body }, entry, whole)}</pre>`;
}

/** Links to the newer and older pages of the journal, keeping the filter. */
function pageLinks(view: JournalView): SafeHtml | string {
  if (view.pages <= 1) return '';
  const link = (page: number, label: string) => {
    const query = new URLSearchParams();
    if (view.filter.endpoint) query.set('endpoint', view.filter.endpoint);
    if (view.filter.status) query.set('status', view.filter.status);
    if (view.filter.nonConforming) query.set('non_conforming', 'true');
    query.set('page', String(page));
    return html`<a href="${CONTROL_UI_PATH}?${query.toString()}#journal" rel="${page < view.page ? 'prev' : 'next'}">${label}</a>`;
  };
  return html`<nav aria-label="Journal pages" class="journal-pages"><p>Page ${view.page} of ${view.pages}
  ${view.page > 1 ? link(view.page - 1, '← newer') : ''} ${view.page < view.pages ? link(view.page + 1, 'older →') : ''}</p></nav>`;
}

const summaryLine = (entry: JournalEntry) => html`#${entry.id} <time datetime="${entry.at}">${entry.at}</time>
  ${entry.request.method} ${entry.endpoint} → <span class="status">${entry.response.status}</span>
  ${entry.scenario ? html`<small>(Test: ${entry.scenario})</small>` : ''}
  ${conforms(entry) ? '' : html`<strong class="error">does not conform</strong>`}`;

function filterForm(view: JournalView): SafeHtml {
  const option = (value: string, label: string, selected: string) =>
    html`<option value="${value}"${value === selected ? html` selected` : ''}>${label}</option>`;
  const endpoints = view.filter.endpoint && !view.endpoints.includes(view.filter.endpoint) ? [...view.endpoints, view.filter.endpoint] : view.endpoints;
  return html`<form class="fields" method="get" action="${CONTROL_UI_PATH}#journal" id="journal-filter">
  <span class="field"><label for="journal-endpoint">Endpoint</label>
  <select id="journal-endpoint" name="endpoint">${option('', 'any', view.filter.endpoint)}${endpoints.map((e) => option(e, e, view.filter.endpoint))}</select></span>
  <span class="field"><label for="journal-status">Status</label>
  <select id="journal-status" name="status">${option('', 'any', view.filter.status)}${STATUS_CLASSES.map((c) => option(c, c, view.filter.status))}</select></span>
  <label class="check"><input type="checkbox" name="non_conforming" value="true"${view.filter.nonConforming ? html` checked` : ''}> Non-conforming only</label>
  <button class="secondary" type="submit">Filter</button>
  <a href="${CONTROL_UI_PATH}#journal">Clear</a>
</form>`;
}

export function journalSection(view: JournalView): SafeHtml {
  const counted =
    view.matching === view.total
      ? html`<p class="muted">${view.total} call(s) recorded.</p>`
      : html`<p class="muted">${view.matching} of ${view.total} call(s) match.</p>`;
  return html`<section aria-labelledby="journal-title" id="journal">
  <h2 id="journal-title">Request journal (${view.total})</h2>
  <p>Every API call made with this account's key, newest first: open one to see what was sent and answered.</p>
  ${view.filterError ? html`<p class="error" role="alert" id="journal-filter-error">The filter was not applied: ${view.filterError}.</p>` : ''}
  ${filterForm(view)}
  ${counted}
  ${pageLinks(view)}
  ${view.entries.length === 0
    ? html`<p class="muted">${view.total === 0 ? 'No calls yet: make one with this account\'s key.' : 'No call matches the filter.'}</p>`
    : html`<ul class="journal">${view.entries.map(
        (entry) => html`<li id="journal-entry-${entry.id}"><details>
  <summary>${summaryLine(entry)}</summary>
  ${exchange(entry, false)}
  <p><a href="${journalEntryPath(entry.id)}">This call on its own page</a></p>
</details></li>`,
      )}</ul>`}
  ${pageLinks(view)}
</section>`;
}

/** One call, fully shown (where certification evidence links to). */
export function journalEntryBody(entry: JournalEntry): SafeHtml {
  return html`<section aria-labelledby="entry-title" id="journal-entry">
  <h1 id="entry-title">Call ${summaryLine(entry)}</h1>
  ${exchange(entry, true)}
</section>`;
}

const VERDICT_LABEL: Record<Verdict, string> = { passed: 'passed', failed: 'failed', not_seen: 'not yet seen' };
const HEADLINE: Record<CertificationReport['verdict'], string> = {
  certified: 'Certified: every behaviour was demonstrated.',
  failed: 'Not certified: some behaviours failed.',
  incomplete: 'Not yet certified: some behaviours have not been seen.',
};

export function certificationSection(report: CertificationReport): SafeHtml {
  const rows = report.rules.map(
    (rule) => html`<tr id="rule-${rule.id}">
  <td data-label="Behaviour">${rule.title}<br><small>${rule.looks_for}</small></td>
  <td data-label="Verdict" class="verdict-${rule.verdict}"><strong>${VERDICT_LABEL[rule.verdict]}</strong><br><small>${rule.reason}</small></td>
  <td data-label="Evidence">${rule.evidence.length === 0 ? html`<span class="muted">—</span>` : rule.evidence.map((id) => html`<a href="${journalEntryPath(id)}">#${id}</a> `)}</td>
</tr>`,
  );
  const { summary } = report;
  return html`<section aria-labelledby="certification-title" id="certification">
  <h2 id="certification-title">Certification</h2>
  <p id="certification-verdict" class="${report.verdict === 'certified' ? 'ok' : report.verdict === 'failed' ? 'error' : 'notice'}">${HEADLINE[report.verdict]}
  <small>${summary.passed} passed, ${summary.failed} failed, ${summary.not_seen} not yet seen; judged on ${report.entries.count} call(s).</small></p>
  <p>Download: ${CERTIFICATION_DOWNLOADS.map((d) => html`<a href="${CONTROL_UI_PATH}/${d.file}" download>${d.label}</a> `)}
  <small>(the same report as <code>npm run certify</code> and <code>POST /_control/certification</code>)</small></p>
  <div class="scroll"><table id="certification-rules" class="cards">
<thead><tr><th>Behaviour</th><th>Verdict</th><th>Evidence</th></tr></thead>
<tbody>${rows}</tbody></table></div>
</section>`;
}
