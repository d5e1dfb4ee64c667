/** The document frame and security headers of the server-rendered pages (no scripts at all). */
import { createHash } from 'node:crypto';
import type { Response } from 'express';
import type { Language } from '../../domain/i18n/languages.js';
import { messagesFor, type Messages } from '../../domain/i18n/messages.js';
import { html, SafeHtml } from '../../../contract/markup.js';

const STYLE = `
:root { color-scheme: light; --ink: #1f2933; --muted: #52606d; --line: #d9e2ec; --accent: #0b6e4f; --warn: #8a4b08; --bad: #9b1c1c; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #f5f7fa; }
main { max-width: 760px; margin: 0 auto; padding: 24px 16px 48px; }
header.site { background: #102a43; color: #fff; padding: 12px 16px; }
header.site span { max-width: 760px; margin: 0 auto; display: block; font-weight: 600; }
h1 { font-size: 1.6rem; margin: 0 0 16px; }
h2 { font-size: 1.1rem; margin: 0 0 8px; }
section { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 16px; margin-bottom: 16px; }
dl { display: grid; grid-template-columns: minmax(0, 11rem) minmax(0, 1fr); gap: 4px 12px; margin: 0; }
dt { color: var(--muted); }
dd { margin: 0; }
.hotel { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
.hotel > div { flex: 1 1 14rem; min-width: 0; }
.hotel img { width: 192px; max-width: 100%; height: 144px; object-fit: cover; border-radius: 6px; background: var(--line); }
.total { font-size: 1.3rem; font-weight: 700; }
.notice { border-left: 4px solid var(--warn); background: #fffbea; padding: 8px 12px; margin: 8px 0; }
.error { border-left: 4px solid var(--bad); background: #fff5f5; padding: 8px 12px; }
.ok { border-left: 4px solid var(--accent); background: #effcf6; padding: 8px 12px; }
textarea { width: 100%; min-height: 5rem; font: inherit; padding: 8px; }
fieldset { border: 1px solid var(--line); border-radius: 6px; margin: 12px 0; min-width: 0; }
label.card { display: block; margin: 4px 0; }
code { font-size: 0.95em; }
button { font: inherit; font-weight: 600; color: #fff; background: var(--accent); border: 0; border-radius: 6px; padding: 12px 20px; cursor: pointer; max-width: 100%; }
small, .muted { color: var(--muted); }
/* The sandbox console: tables (one card per row on phones), e-mail bodies, small forms. */
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid var(--line); }
.scroll { overflow-x: auto; }
.visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f5f7fa; padding: 12px; border-radius: 6px; margin: 0; }
form.inline { display: inline-block; margin: 4px 8px 4px 0; }
input, select { font: inherit; padding: 8px; max-width: 100%; }
button.secondary { background: #334e68; padding: 8px 14px; }
button.danger { background: var(--bad); }
/* Long names, addresses, remarks, amounts and links wrap anywhere rather than widen the page. */
main { overflow-wrap: anywhere; }
/* Wide pages (the sandbox console): the width they are given, up to 1400 px, and words wrap only
   between words; only code, hashes and other long tokens (.token) may wrap inside. */
body.wide main, body.wide header.site span { max-width: 1400px; }
body.wide main { overflow-wrap: break-word; }
body.wide code, body.wide pre, body.wide .token { overflow-wrap: anywhere; }
.nowrap, #operations code, body.wide time { white-space: nowrap; }
#operations { grid-template-columns: max-content minmax(0, 1fr); }
.signed-in { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; margin-bottom: 16px; }
.signed-in p, .signed-in form.inline { margin: 0; }
form.fields { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin: 8px 0; }
form.fields label.check, form.fields .field { display: inline-flex; gap: 6px; align-items: center; }
ul.journal { list-style: none; padding-left: 0; }
ul.journal > li { margin: 4px 0; }
summary strong.error { display: inline-block; padding: 0 6px; }
/* Phones and narrow windows: each table row becomes a card of "label: value" lines. */
@media (max-width: 640px) {
  table.cards thead { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  table.cards, table.cards tbody, table.cards tr, table.cards td { display: block; width: 100%; }
  table.cards tr { border: 1px solid var(--line); border-radius: 6px; padding: 4px 10px; margin-bottom: 10px; }
  table.cards td { position: relative; padding: 4px 0 4px 5.75rem; border: 0; min-height: 2rem; }
  table.cards td::before { content: attr(data-label); position: absolute; left: 0; top: 5px; width: 5.25rem; color: var(--muted); font-size: 0.875rem; font-weight: 600; }
  table.cards td.full { padding-left: 0; }
  table.cards td.full::before { content: none; }
}
/* Phones: labels above their values, and less padding. */
@media (max-width: 480px) {
  main { padding: 16px 8px 32px; }
  section { padding: 12px; }
  dl { grid-template-columns: minmax(0, 1fr); gap: 0; }
  dt { margin-top: 8px; }
  #operations { grid-template-columns: minmax(0, 1fr); }
  body.wide h1 { font-size: 1.35rem; }
  .hotel img { width: 100%; height: auto; aspect-ratio: 4 / 3; }
}
`;

const STYLE_HASH = createHash('sha256').update(STYLE, 'utf8').digest('base64');

/** CSP: nothing but our own inline style (by hash), images from the server, and forms to ourselves. */
export function contentSecurityPolicy(publicUrl: string): string {
  let imageOrigin = '';
  try {
    imageOrigin = ` ${new URL(publicUrl).origin}`;
  } catch {
    // A malformed public URL only means no extra image origin.
  }
  return [
    "default-src 'none'",
    `img-src 'self'${imageOrigin}`,
    `style-src 'sha256-${STYLE_HASH}'`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function setPageHeaders(res: Response, csp: string): void {
  res.set({
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cache-Control': 'no-store',
  });
}

/** Every page's start, up to its title: doctype, charset, viewport, no referrer. */
export function pageStart(title: string, language: Language = 'en'): SafeHtml {
  return html`<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>`;
}

/** A whole page; `m` gives its language (the finalization page speaks the booking's). */
export function document(title: string, body: SafeHtml, m: Messages = messagesFor('en'), width: 'narrow' | 'wide' = 'narrow'): string {
  return html`${pageStart(title, m.language)}
<style>${new SafeHtml(STYLE)}</style>
</head>
<body${width === 'wide' ? html` class="wide"` : ''}>
<header class="site"><span>${m.t('page.site')}</span></header>
<main>
${body}
</main>
</body>
</html>
`.value;
}
