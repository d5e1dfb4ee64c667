/**
 * The HTML report (`--report html`): one self-contained file (inline CSS, no script, no external
 * resource) with the summary, the checks by group, and each failure with its message, requests and
 * responses. Everything that comes from the run or the server is escaped.
 */
import { escapeHtml } from '../../contract/markup.js';
import { curlScript } from '../kit/reproduction.js';
import type { CheckResult, CheckStatus, RunReport } from '../kit/types.js';

const STATUS_TEXT: Readonly<Record<CheckStatus, string>> = {
  passed: 'passed',
  failed: 'FAILED',
  'setup-failed': 'SETUP FAILED',
  blocked: 'BLOCKED',
  skipped: 'skipped',
};

export { escapeHtml };

export function htmlReport(report: RunReport): string {
  const { summary } = report;
  const groups = [...new Set(report.results.map((r) => r.group))];
  const bad = (r: CheckResult) => r.status === 'failed' || r.status === 'setup-failed';
  const body = [
    `<h1>Hotel Booking API conformance</h1>`,
    `<p><code>${escapeHtml(report.baseUrl)}</code> · profile <b>${escapeHtml(report.profile)}</b> · ${report.control ? `harness <code>${escapeHtml(report.control)}</code>` : 'no harness'} · started <span class="nowrap">${escapeHtml(report.startedAt)}</span> · ${(report.durationMs / 1000).toFixed(1)} s</p>`,
    report.complete ? '' : `<p class="incomplete">INCOMPLETE: the run was interrupted; ${report.results.filter((r) => r.group !== 'fixtures').length} of ${report.planned} checks ended.</p>`,
    '<table class="summary"><thead><tr><th>passed</th><th>failed</th><th>blocked</th><th>skipped</th><th>total</th></tr></thead>',
    `<tbody><tr><td data-label="passed">${summary.passed}</td><td data-label="failed" class="${summary.failed + summary.setupFailed > 0 ? 'failed' : ''}">${summary.failed + summary.setupFailed}</td><td data-label="blocked">${summary.blocked}</td><td data-label="skipped">${summary.skipped}</td><td data-label="total">${summary.total}</td></tr></tbody></table>`,
    ...groups.map((group) => {
      const results = report.results.filter((r) => r.group === group);
      const failing = results.filter(bad).length;
      return [
        `<details${failing > 0 ? ' open' : ''}><summary><b>${escapeHtml(group)}</b> — ${results.filter((r) => r.status === 'passed').length}/${results.length} passed${failing > 0 ? `, <span class="failed">${failing} failed</span>` : ''}</summary>`,
        '<ul>',
        ...results.map(resultItem),
        '</ul></details>',
      ].join('\n');
    }),
  ];
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Conformance ${escapeHtml(report.profile)} — ${escapeHtml(report.baseUrl)}</title>`,
    `<style>${STYLE}</style></head><body><main>`,
    ...body.filter((part) => part !== ''),
    '</main></body></html>',
    '',
  ].join('\n');
}

function resultItem(r: CheckResult): string {
  const head = `<span class="${r.status}">${STATUS_TEXT[r.status]}</span> <code>${escapeHtml(r.id)}</code> ${escapeHtml(r.title)} <small>§${escapeHtml(r.section)}, ${escapeHtml(r.tag)}</small>`;
  if (r.status === 'passed') return `<li>${head}</li>`;
  const exchanges = r.group === 'fixtures' ? [] : (r.exchanges ?? []).map((e) =>
    `<div class="exchange"><div>request: <code>${escapeHtml(`${e.method} ${e.url}`)}</code></div>${e.requestBody === undefined ? '' : `<pre>${escapeHtml(e.requestBody)}</pre>`}<div>response: <code>${e.status}</code></div><pre>${escapeHtml(e.responseBody)}</pre></div>`);
  const reproduction = r.reproduction && r.reproduction.length > 0
    ? `<details><summary>reproduction (curl; set BASE_URL and APIKEY, or save it and use --replay FILE)</summary><pre>${escapeHtml(curlScript(r.reproduction, `${r.id}: ${r.title}`))}</pre></details>`
    : '';
  return `<li>${head}<pre class="message">${escapeHtml(r.message ?? '')}</pre>${exchanges.join('')}${reproduction}</li>`;
}

/** Reads on a phone (390 px) and a desktop: words wrap between words; only code and bodies wrap inside. */
const STYLE = [
  '*{box-sizing:border-box}',
  'body{font:14px/1.4 system-ui,sans-serif;margin:0;overflow-wrap:break-word}',
  'main{margin:0 auto;padding:1em 2em 2em;max-width:90em}',
  'code,pre{overflow-wrap:anywhere}.nowrap{white-space:nowrap}',
  'pre{background:#f6f6f6;padding:.5em;white-space:pre-wrap;margin:.3em 0}',
  'table.summary{border-collapse:collapse}',
  'table.summary td,table.summary th{border:1px solid #ccc;padding:.3em .8em;text-align:center}',
  '.failed,.setup-failed{color:#b00;font-weight:bold}.blocked{color:#8a4b08;font-weight:bold}.skipped{color:#595959}.passed{color:#070}',
  '.incomplete{background:#fee;padding:.5em;font-weight:bold}.exchange{margin-left:1em;border-left:3px solid #ddd;padding-left:.5em}',
  'details{margin:.5em 0}li{margin:.2em 0}ul{padding-left:1.5em}',
  '@media (max-width:640px){main{padding:.5em .75em 1.5em}ul{padding-left:1em}.exchange{margin-left:0}',
  'table.summary,table.summary tbody,table.summary tr{display:block}',
  'table.summary thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}',
  'table.summary tr{display:flex;flex-wrap:wrap;gap:.25em}',
  'table.summary td{display:block;text-align:left;padding:.2em .6em}',
  'table.summary td::before{content:attr(data-label) ": ";color:#444}}',
].join('');
