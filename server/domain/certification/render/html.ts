/**
 * The report as one self-contained HTML page: no scripts, no external resources, every value
 * escaped (the `html` tag), and its only style is one <style> element whose hash is exported so a
 * server can serve it under a strict Content-Security-Policy.
 */
import { createHash } from 'node:crypto';
import { html, SafeHtml } from '../../../../contract/markup.js';
import type { CertificationReport, RuleResult, Verdict } from '../types.js';

const STYLE = `
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1f2933; background: #f5f7fa; }
main { max-width: 1200px; margin: 0 auto; padding: 24px 16px 48px; }
h1 { font-size: 1.5rem; margin: 0 0 8px; }
.verdict { font-weight: 700; padding: 8px 12px; border-radius: 6px; display: inline-block; }
.certified, .passed { color: #0b6e4f; } .failed { color: #9b1c1c; } .incomplete, .not_seen { color: #8a4b08; }
table { width: 100%; border-collapse: collapse; background: #fff; margin-top: 16px; }
th, td { text-align: left; vertical-align: top; padding: 8px; border-bottom: 1px solid #d9e2ec; overflow-wrap: break-word; }
td.mark { font-weight: 700; white-space: nowrap; }
time { white-space: nowrap; }
small { color: #52606d; }
@media (max-width: 640px) {
  thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  table, tbody, tr, td { display: block; }
  tr { border-bottom: 1px solid #d9e2ec; padding: 8px 0; }
  td { border: 0; padding: 2px 8px; }
  td::before { content: attr(data-label) ": "; font-weight: 600; color: #52606d; }
}
`;

export const CERTIFICATION_STYLE_HASH = createHash('sha256').update(STYLE, 'utf8').digest('base64');
/** Everything the page needs: its own style, nothing else. */
export const CERTIFICATION_PAGE_CSP = `default-src 'none'; style-src 'sha256-${CERTIFICATION_STYLE_HASH}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const LABEL: Record<Verdict, string> = { passed: 'passed', failed: 'failed', not_seen: 'not yet seen' };
const HEADLINE: Record<CertificationReport['verdict'], string> = {
  certified: 'Certified: every behaviour was demonstrated.',
  failed: 'Not certified: some behaviours failed.',
  incomplete: 'Not yet certified: some behaviours have not been seen.',
};

export function htmlReport(report: CertificationReport, options: { account?: string } = {}): string {
  const { summary } = report;
  return `<!doctype html>\n${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Certification report${options.account ? ` — ${options.account}` : ''}</title>
<style>${new SafeHtml(STYLE)}</style>
</head>
<body>
<main>
<h1>Client certification${options.account ? ` — ${options.account}` : ''}</h1>
<p class="verdict ${report.verdict}">${HEADLINE[report.verdict]}</p>
<p>${summary.passed} passed, ${summary.failed} failed, ${summary.not_seen} not yet seen —
from ${report.entries.count} journal entries${report.entries.first_at ? html` (<time>${report.entries.first_at}</time> to <time>${report.entries.last_at}</time>)` : ''}.
<small>Made <time>${report.generated_at}</time>.</small></p>
<table>
<thead><tr><th>Result</th><th>Behaviour</th><th>Why</th><th>Evidence</th></tr></thead>
<tbody>
${report.rules.map(row)}
</tbody>
</table>
</main>
</body>
</html>`.value}\n`;
}

function row(rule: RuleResult) {
  return html`<tr id="${rule.id}">
<td class="mark ${rule.verdict}" data-label="Result">${LABEL[rule.verdict]}</td>
<td data-label="Behaviour">${rule.title}<br><small>${rule.id}: ${rule.looks_for}</small></td>
<td data-label="Why">${withInstantsUnbroken(rule.reason)}</td>
<td data-label="Evidence">${rule.evidence.length > 0 ? `entries ${rule.evidence.join(', ')}` : '—'}</td>
</tr>
`;
}

/** An ISO 8601 instant in a reason stays on one line (a browser would wrap it after a hyphen). */
const INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?/g;

function withInstantsUnbroken(reason: string): SafeHtml[] {
  const parts: SafeHtml[] = [];
  let last = 0;
  for (const match of reason.matchAll(INSTANT)) {
    parts.push(html`${reason.slice(last, match.index)}<time>${match[0]}</time>`);
    last = match.index + match[0].length;
  }
  parts.push(html`${reason.slice(last)}`);
  return parts;
}
