/**
 * The account's stubs on the console dashboard: each stub in a row (what it matches, what it
 * answers, how often) with a form to remove it, a form to add one as the JSON of POST
 * /_control/stubs/add (checked against openapi.yaml as there), and one to remove them all. Every
 * value goes through the escaping `html` tag.
 */
import type { Stub, StubSet } from '../../domain/stubs/stub.js';
import { html, type SafeHtml } from '../../../contract/markup.js';
import { csrfField } from './controlUiKeyViews.js';
import { CONTROL_UI_PATH } from './controlUiPath.js';

const EXAMPLE = '{"operation": "getHotelDetails", "match": {"body": {"id": 900001}}, "times": 1, "response": {"status": 404, "body": {"error": "Hotel not found"}}}';

function answerOf(stub: Stub): string {
  const delay = stub.delay ? ('fixed_ms' in stub.delay ? ` after ${stub.delay.fixed_ms} ms` : ` after ${stub.delay.min_ms}–${stub.delay.max_ms} ms`) : '';
  const what = stub.fault ? `fault ${stub.fault}` : `${stub.response?.status ?? ''}`;
  return `${what}${delay}${stub.nonconforming ? ' (nonconforming)' : ''}`;
}

export function stubsSection(set: StubSet, csrfToken: string): SafeHtml {
  const rows = set.stubs.map(
    (stub) => html`<tr>
  <td data-label="Stub"><code>${stub.id}</code>${stub.name ? html` ${stub.name}` : ''}</td>
  <td data-label="Operation">${stub.operation} (priority ${stub.priority})</td>
  <td data-label="Matches"><code>${JSON.stringify(stub.match)}</code>${stub.state ? html` in state ${stub.state.when ?? 'any'}${stub.state.next ? html` → ${stub.state.next}` : ''}` : ''}</td>
  <td data-label="Answers">${answerOf(stub)}</td>
  <td data-label="Calls">${stub.answered} answered${stub.remaining === null ? '' : html`, ${stub.remaining} to go`}</td>
  <td data-label="Remove"><form class="inline" method="post" action="${CONTROL_UI_PATH}/stubs/remove">${csrfField(csrfToken)}
    <input type="hidden" name="id" value="${stub.id}"><button class="secondary" type="submit">Remove ${stub.id}</button></form></td>
</tr>`,
  );
  return html`<section aria-labelledby="stubs-title">
  <h2 id="stubs-title">Stubs</h2>
  <p>Answers this account chooses for its own calls, checked against openapi.yaml when added (see docs/testing-your-client.md, "Stubs"). State: <code>${set.state}</code>.</p>
  ${set.stubs.length === 0
    ? html`<p class="muted" id="no-stubs">No stubs: every call gets the sandbox's own answer.</p>`
    : html`<table id="stubs"><thead><tr><th>Stub</th><th>Operation</th><th>Matches</th><th>Answers</th><th>Calls</th><th></th></tr></thead><tbody>${rows}</tbody></table>
  <form class="inline" method="post" action="${CONTROL_UI_PATH}/stubs/reset">${csrfField(csrfToken)}<button class="secondary" type="submit">Remove every stub</button></form>`}
  <form class="fields" method="post" action="${CONTROL_UI_PATH}/stubs/add">${csrfField(csrfToken)}
    <label for="stub-json">A stub, as the JSON of POST /_control/stubs/add (without apikey)</label>
    <textarea id="stub-json" name="stub" rows="4" cols="80" maxlength="3500" placeholder="${EXAMPLE}"></textarea>
    <button type="submit">Add the stub</button>
  </form>
</section>`;
}
