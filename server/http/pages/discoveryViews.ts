/**
 * The discoverable pages: the home page (`/`: what this is, the demo keys when the demo accounts are on, links) in the payment
 * page's frame, and the bare page Redoc renders an API reference into (`/docs`).
 * Every value goes through the escaping `html` tag.
 */
import { html, SafeHtml } from '../../../contract/markup.js';
import { document, pageStart } from './layout.js';

export interface HomeView {
  apiTitle: string;
  apiVersion: string;
  publicUrl: string;
  /** The demo accounts (their keys are public); none when they are off: then no key is named here. */
  demoAccounts: ReadonlyArray<{ apikey: string; first_name: string; last_name: string; email: string }>;
  operations: ReadonlyArray<{ path: string; summary: string }>;
  /** Set when the control API is mounted. */
  controlDocsPath?: string;
  /** The sandbox console; set when the control API is mounted. */
  controlUiPath?: string;
  /** Listed when the admin token is set (GET /metrics needs it). */
  metricsPath?: string;
}

export function homePage(view: HomeView): string {
  return document(
    `${view.apiTitle} — sandbox`,
    html`<h1>${view.apiTitle} ${view.apiVersion} — sandbox</h1>
<section aria-label="About">
  <p>This is the reference server of the ${view.apiTitle}: a sandbox that behaves like the real service,
  with a deterministic world of hotels, sandbox test cards and a movable clock. Every API call is an
  HTTP <code>POST</code> with a JSON body that carries the API key in the field <code>apikey</code>.</p>
  <p>Base URL: <code id="base-url">${view.publicUrl}</code>. Start with <code>POST /search.php</code>; the
  API reference has an example for every call.</p>
</section>
${view.demoAccounts.length === 0
  ? html`<section aria-label="API keys">
  <h2>API keys</h2>
  <p id="no-demo-keys">Each team has its own account and keys here: ask the operator of this sandbox for yours.</p>
</section>`
  : html`<section aria-label="Demo API keys">
  <h2>Demo API keys</h2>
  <dl id="demo-keys">
    ${view.demoAccounts.map(
      (account) => html`<dt><code>${account.apikey}</code></dt><dd>${account.first_name} ${account.last_name} <small>${account.email}</small></dd>`,
    )}
  </dl>
</section>`}
<section aria-label="Endpoints">
  <h2>Endpoints</h2>
  <dl id="operations">
    ${view.operations.map((operation) => html`<dt><code>${operation.path}</code></dt><dd>${operation.summary}</dd>`)}
  </dl>
</section>
<section aria-label="Links">
  <h2>Links</h2>
  <ul id="links">
    <li><a href="/docs">API reference</a> (rendered from the contract)</li>
    <li><a href="/openapi.yaml">openapi.yaml</a> · <a href="/openapi.json">openapi.json</a> — the contract</li>
    <li><a href="/healthz">/healthz</a> — status, version, store and uptime</li>
    <li><a href="/readyz">/readyz</a> — whether the store takes writes (503 when it does not)</li>
    ${view.metricsPath ? html`<li><code>${view.metricsPath}</code> — Prometheus metrics (with <code>Authorization: Bearer</code> and the admin token)</li>` : ''}
    ${view.controlDocsPath ? html`<li><a href="${view.controlDocsPath}">Control API reference</a> — clock, reset, scenarios, pay, outbox</li>` : ''}
    ${view.controlUiPath ? html`<li><a href="${view.controlUiPath}">Sandbox console</a> — one account's bookings, e-mails, clock and reset</li>` : ''}
  </ul>
</section>`,
  );
}

/**
 * Redoc's theme for /docs: text colours that keep WCAG AA contrast (4.5:1) on both of its panels —
 * inline code gets a light background of its own, so its red reads on the dark right panel as on
 * the white middle one.
 */
export const REDOC_THEME = {
  typography: { code: { color: '#b3261e', backgroundColor: '#f4f5f6' } },
};

/**
 * Two fixes of Redoc's own styles. Redoc breaks words anywhere to fit squeezed columns
 * (`word-break: break-word`); here prose breaks between words, and a word longer than its whole line
 * (a long URL) may still wrap rather than overflow; code (monospace: paths, patterns, examples)
 * wraps anywhere, as code does. And a side menu item's name is its summary alone, while its visible
 * text begins with the method badge (WCAG 2.5.3, label in name): the badge is drawn from its `type`
 * attribute by CSS, so it shows without being part of the item's text. (Also: the contact and
 * licence lines are pulled 15 px left, into a box that clips them, which cut their wrapped lines.)
 */
const REDOC_STYLE = `
redoc :is(p, li, td, th, h1, h2, h3, h4, h5, h6, span, div, a, label, button, summary) { word-break: normal !important; overflow-wrap: break-word !important; }
redoc :is(code, pre, pre *) { word-break: normal !important; overflow-wrap: anywhere !important; }
redoc .api-info div[class]:has(> span > a) { margin-left: 0 !important; }
redoc li[role=menuitem] > label > .operation-type { font-size: 0 !important; width: auto !important; margin-right: 0 !important; visibility: hidden; }
redoc li[role=menuitem] > label > .operation-type::before {
  content: attr(type); visibility: visible; display: inline-block; box-sizing: border-box; width: 9ex; margin-right: 6px;
  font-size: 7px; line-height: inherit; border-radius: 3px; background-color: inherit; color: inherit; text-align: center;
}
`;

/** Redoc's standalone bundle finds `<redoc spec-url>` and renders it; no inline script needed. */
export function redocPage(title: string, specUrl: string, bundleUrl: string): string {
  return html`${pageStart(title)}
<style>${new SafeHtml(REDOC_STYLE)}</style>
</head>
<body>
<redoc spec-url="${specUrl}" hide-download-button="false" theme="${JSON.stringify(REDOC_THEME)}"></redoc>
<script src="${bundleUrl}"></script>
</body>
</html>
`.value;
}
