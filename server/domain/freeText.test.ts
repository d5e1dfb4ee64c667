/**
 * One rule for free text (domain/freeText.ts): no control characters (tab and line breaks allowed
 * in remarks) and no bidirectional controls, refused with 400 naming the field, on search's
 * `location`, the finalization page's remarks and POST /_control/pay's `client_remarks`; the
 * contract's patterns are the rule's own.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_PATH, loadContract } from '../../contract/document.js';
import { BIDI_CONTROLS_PATTERN, FREE_TEXT_PATTERN, MULTI_LINE_FREE_TEXT_PATTERN, forbiddenCharacter, freeTextProblem } from './freeText.js';
import { KEY_ANNA, controlPay, dayAfter, findRate, startBooking, startTestServer, type FoundRate, type TestServer } from '../testing/bookingServer.js';

const REFUSED = ['\u0000', '\u0001', '\u0008', '\u000B', '\u000C', '\u001B', '\u001F', '\u007F', '\u0080', '\u0085', '\u009F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
const LINE_BREAKS = ['\t', '\n', '\r'];
const KEPT = ['Amsterdam', 'Chloé Müller-O’Brien', 'Zürich', 'תל אביב\u200F', 'القاهرة\u200E', '東京', 'emoji 🏨', '\u00A0nbsp'];

describe('the free-text rule', () => {
  it('refuses C0/C1 controls and bidi controls, names the character and its position; keeps ordinary text of any script', () => {
    for (const bad of REFUSED) {
      for (const multiLine of [false, true]) expect(forbiddenCharacter(`ab${bad}c`, multiLine), JSON.stringify(bad)).toMatchObject({ position: 3 });
    }
    for (const ok of KEPT) expect(forbiddenCharacter(ok, false), ok).toBeUndefined();
    for (const lineBreak of LINE_BREAKS) {
      expect(forbiddenCharacter(`a${lineBreak}b`, true)).toBeUndefined();
      expect(forbiddenCharacter(`a${lineBreak}b`, false)).toBeDefined();
    }
    expect(freeTextProblem('client_remarks', '🏨 quiet\u202Eroom', true)).toBe(
      "'client_remarks' must not contain control characters or bidirectional controls (tab and line breaks are allowed): U+202E at character 8",
    );
  });

  it('openapi.yaml and control-api.yaml carry the same rule (pattern and not.pattern), marked as a reference constraint', () => {
    const contract = loadContract(CONTRACT_PATH) as unknown as { components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> } };
    const location = contract.components.schemas.SearchRequest!.properties.location!;
    expect(location.pattern).toBe(FREE_TEXT_PATTERN);
    expect(location.not).toEqual({ pattern: BIDI_CONTROLS_PATTERN });
    expect(location['x-reference-constraint']).toHaveProperty('pattern');
    expect(location['x-reference-constraint']).toHaveProperty('not');
    const control = parse(readFileSync(fileURLToPath(new URL('../control-api.yaml', import.meta.url)), 'utf8')) as Record<string, unknown>;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a walk through the parsed YAML document, which has no generated type
    const pay = (control.paths as Record<string, any>)['/pay'].post.requestBody.content['application/json'].schema.properties;
    expect(pay.client_remarks.pattern).toBe(MULTI_LINE_FREE_TEXT_PATTERN);
    expect(pay.client_remarks.not).toEqual({ pattern: BIDI_CONTROLS_PATTERN });
    // The patterns and the checks agree, read with the `u` flag (ajv) and without it (orval's new RegExp).
    for (const flags of ['u', '']) {
      const bidi = new RegExp(BIDI_CONTROLS_PATTERN, flags);
      const keeps = (pattern: string, text: string) => new RegExp(pattern, flags).test(text) && !bidi.test(text);
      for (const text of [...REFUSED.map((bad) => `x${bad}`), ...LINE_BREAKS, ...KEPT]) {
        expect(keeps(FREE_TEXT_PATTERN, text), JSON.stringify(text)).toBe(forbiddenCharacter(text, false) === undefined);
        expect(keeps(MULTI_LINE_FREE_TEXT_PATTERN, text), JSON.stringify(text)).toBe(forbiddenCharacter(text, true) === undefined);
      }
    }
    // Nothing a code generator could print as a raw control or bidi character: no \uXXXX in the patterns.
    expect(FREE_TEXT_PATTERN + MULTI_LINE_FREE_TEXT_PATTERN).not.toMatch(/\\u/);
  });
});

describe('every free-text field refuses it with 400 naming the field', () => {
  let server: TestServer;
  let rate: FoundRate;
  const stay = () => ({ checkin: dayAfter(server.clock, 20), checkout: dayAfter(server.clock, 22) });
  beforeAll(async () => {
    server = await startTestServer();
    rate = await findRate(server, KEY_ANNA, stay());
  });
  afterAll(() => server.close());

  it('search.php location', async () => {
    for (const bad of ['\u0000', '\u202E', '\n', '\u2066', '\u009B']) {
      const answer = await server.post('/search.php', { apikey: KEY_ANNA, ...stay(), location: `Amster${bad}dam` });
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(String(answer.body.error)).toMatch(/^request\/body\/location 'location' must not contain control characters or bidirectional controls: U\+[0-9A-F]{4} at character 7$/);
    }
    expect((await server.post('/search.php', { apikey: KEY_ANNA, ...stay(), location: 'Zürich' })).status).toBe(200);
  });

  it('POST /_control/pay client_remarks: 400, nothing paid; line breaks are kept', async () => {
    const bookhash = await startBooking(server, KEY_ANNA, rate.serviceHash);
    const before = await server.store.findBooking(bookhash);
    for (const bad of ['\u0000', '\u202E', '\u001B[31m']) {
      const answer = await controlPay(server, bookhash, 'success', `Late${bad} arrival`);
      expect(answer.status).toBe(400);
      expect(String(answer.body.error)).toMatch(/^'client_remarks' must not contain control characters or bidirectional controls \(tab and line breaks are allowed\): U\+/);
    }
    expect(await server.store.findBooking(bookhash)).toEqual(before);
    expect((await controlPay(server, bookhash, 'success', 'Late arrival,\r\n\tquiet room')).status).toBe(200);
    expect((await server.store.findBooking(bookhash))?.clientRemarks).toBe('Late arrival,\r\n\tquiet room');
  });

  it('the finalization page: 400 saying which character, nothing paid', async () => {
    const bookhash = await startBooking(server, KEY_ANNA, rate.serviceHash);
    const before = await server.store.findBooking(bookhash);
    const page = await (await fetch(`${server.url}/book/finalize?bookhash=${bookhash}`)).text();
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const response = await fetch(`${server.url}/book/finalize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ bookhash, csrf_token: csrf, card: '4242424242424242', client_remarks: 'gnp.exe\u202Efdp' }).toString(),
      redirect: 'manual',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('U+202E at character 8');
    expect(await server.store.findBooking(bookhash)).toEqual(before);
  });
});
