/**
 * The discoverable pages: the home page (`/`: what this is, the demo keys, links) in the payment
 * page's frame, and the bare page Redoc renders an API reference into (`/docs`).
 * Every value goes through the escaping `html` tag.
 */
import { html } from './html.js';
import { document, pageStart } from './layout.js';

export interface HomeView {
  apiTitle: string;
  apiVersion: string;
  publicUrl: string;
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
<section aria-label="Demo API keys">
  <h2>Demo API keys</h2>
  <dl id="demo-keys">
    ${view.demoAccounts.map(
      (account) => html`<dt><code>${account.apikey}</code></dt><dd>${account.first_name} ${account.last_name} <small>${account.email}</small></dd>`,
    )}
  </dl>
</section>
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

/** Redoc's standalone bundle finds `<redoc spec-url>` and renders it; no inline script needed. */
export function redocPage(title: string, specUrl: string, bundleUrl: string): string {
  return html`${pageStart(title)}
</head>
<body>
<redoc spec-url="${specUrl}" hide-download-button="false"></redoc>
<script src="${bundleUrl}"></script>
</body>
</html>
`.value;
}
