/**
 * The console's request journal and certification over HTTP: the account's calls newest first
 * (capped, filtered, each expandable, one per page), the report with evidence linked to those
 * calls, and its downloads through the session — for the signed-in account only, every value
 * escaped, the key never shown.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CertificationReport } from '../../domain/certification/types.js';
import { dayAfter, KEY_ANNA, KEY_BEN, startTestServer, type TestServer } from '../../testing/bookingServer.js';
import { CONSOLE, ConsoleClient } from '../../testing/consoleClient.js';
import { DASHBOARD_BODY_CHARS, JOURNAL_PAGE_SIZE } from './controlUiJournalViews.js';

const ADMIN = 'journal-console-admin';
const MARKUP = '<script>alert(1)</script>';

let server: TestServer;
/** Anna's three calls' journal ids, oldest first (ids keep increasing across resets). */
let first: number, second: number, third: number;

const journalCount = async (apikey: string) => ((await server.post('/_control/journal', { apikey })).body as { count: number }).count;
/** Recording follows the answer: waits (boundedly) until the account's journal holds `count` calls. */
async function recorded(apikey: string, count: number): Promise<void> {
  for (let i = 0; i < 200 && (await journalCount(apikey)) < count; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(await journalCount(apikey)).toBeGreaterThanOrEqual(count);
}
const signedIn = async (apikey: string) => {
  const client = new ConsoleClient(server.url);
  await client.signIn(apikey);
  return client;
};
/** The dashboard's journal section only. */
const journalOf = (page: string) => /<section aria-labelledby="journal-title"[\s\S]*?<\/section>/.exec(page)?.[0] ?? '';
const entryIds = (page: string) => [...journalOf(page).matchAll(/<li id="journal-entry-(\d+)">/g)].map((m) => Number(m[1]));

beforeAll(async () => {
  server = await startTestServer({ config: { adminToken: ADMIN } });
});
afterAll(() => server.close());
beforeEach(async () => {
  const reset = await fetch(`${server.url}/_control/admin/reset`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN}` } });
  expect(reset.status).toBe(200);
  server.clock.reset();
  // Anna: an overview (200); a search without dates (400, does not conform); a well-formed search
  // of a place that does not exist (400, conforms) — both with markup in them.
  await server.post('/booking_overview.php', { apikey: KEY_ANNA });
  await server.post('/search.php', { apikey: KEY_ANNA, location: MARKUP });
  await server.post('/search.php', { apikey: KEY_ANNA, location: MARKUP, checkin: dayAfter(server.clock, 30), checkout: dayAfter(server.clock, 32) });
  await recorded(KEY_ANNA, 3);
  const entries = ((await server.post('/_control/journal', { apikey: KEY_ANNA })).body as { entries: Array<{ id: number }> }).entries;
  [first, second, third] = entries.map((entry) => entry.id) as [number, number, number];
});

describe('journal', () => {
  it("lists the account's calls newest first, each expandable to request, response and violations, escaped, key hidden", async () => {
    const page = (await (await signedIn(KEY_ANNA)).get(CONSOLE)).text;
    const journal = journalOf(page);
    expect(journal).toContain('Request journal (3)');
    expect(entryIds(page)).toEqual([third, second, first]);
    expect(journal).toMatch(new RegExp(String.raw`<li id="journal-entry-${second}"><details>\s*<summary>#${second} [\s\S]*POST /search\.php → <span class="status">400</span>`));
    expect(journal).toContain('<pre class="journal-request">');
    expect(journal).toContain('<pre class="journal-response">');
    expect(journal).toContain('Contract violations');
    expect(journal).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain(MARKUP);
    expect(page).not.toContain(KEY_ANNA);
    expect(page).not.toMatch(/<script/);
  });

  it('filters by endpoint, status class and non-conforming calls, from a GET form', async () => {
    const client = await signedIn(KEY_ANNA);
    const page = (await client.get(CONSOLE)).text;
    expect(page).toMatch(/<form class="fields" method="get" action="\/_control\/ui#journal" id="journal-filter">/);
    expect(page).toContain('<option value="/search.php">/search.php</option>');
    const searches = (await client.get(`${CONSOLE}?endpoint=%2Fsearch.php`)).text;
    expect(entryIds(searches)).toEqual([third, second]);
    expect(searches).toContain('<option value="/search.php" selected>/search.php</option>');
    expect(searches).toContain('2 of 3 call(s) match');
    const twoxx = (await client.get(`${CONSOLE}?status=2xx`)).text;
    expect(entryIds(twoxx)).toEqual([first]);
    expect(twoxx).toContain('<option value="2xx" selected>2xx</option>');
    const nonConforming = (await client.get(`${CONSOLE}?non_conforming=true`)).text;
    expect(entryIds(nonConforming)).toEqual([second]);
    expect(nonConforming).toMatch(/name="non_conforming" value="true" checked/);
    expect(entryIds((await client.get(`${CONSOLE}?status=4xx&endpoint=%2Fbooking_overview.php`)).text)).toEqual([]);
  });

  it('says a filter it cannot read was not applied, and shows every call', async () => {
    const client = await signedIn(KEY_ANNA);
    for (const query of ['status=teapot', 'non_conforming=maybe', 'status=4xx&status=5xx']) {
      const page = await client.get(`${CONSOLE}?${query}`);
      expect(page.status, query).toBe(200);
      expect(page.text, query).toMatch(/id="journal-filter-error">The filter was not applied: /);
      expect(entryIds(page.text), query).toEqual([third, second, first]);
    }
  });

  it(`shows ${JOURNAL_PAGE_SIZE} calls a page, newest first, with links to the older and newer pages`, async () => {
    for (let i = 0; i < JOURNAL_PAGE_SIZE; i++) await server.post('/booking_overview.php', { apikey: KEY_ANNA });
    const total = JOURNAL_PAGE_SIZE + 3;
    await recorded(KEY_ANNA, total);
    const anna = await signedIn(KEY_ANNA);
    const page = (await anna.get(CONSOLE)).text;
    const ids = entryIds(page);
    expect(ids).toHaveLength(JOURNAL_PAGE_SIZE);
    expect(ids[0]).toBe(third + JOURNAL_PAGE_SIZE);
    expect(journalOf(page)).toContain(`${total} call(s) recorded.`);
    expect(journalOf(page)).toContain('Page 1 of 2');
    expect(journalOf(page)).toContain('href="/_control/ui?page=2#journal" rel="next"');
    const older = (await anna.get(`${CONSOLE}?page=2`)).text;
    expect(entryIds(older)).toEqual([third, second, first]);
    expect(entryIds((await anna.get(`${CONSOLE}?page=99`)).text)).toEqual([third, second, first]);
    const filtered = (await anna.get(`${CONSOLE}?endpoint=/booking_overview.php&page=2`)).text;
    expect(entryIds(filtered)).toEqual([first]);
  });

  it('keeps a large call from swelling the dashboard: bodies cut, with a link to the whole call (finding 4)', async () => {
    const big = { apikey: KEY_ANNA, padding: 'x'.repeat(60 * 1024) };
    for (let i = 0; i < 25; i++) await server.post('/booking_overview.php', big);
    await recorded(KEY_ANNA, 28);
    const anna = await signedIn(KEY_ANNA);
    const dashboard = await anna.get(CONSOLE);
    expect(dashboard.status).toBe(200);
    // 20 calls of 60 KB each were 1.2 MB of bodies; cut, the whole page stays small.
    expect(dashboard.text.length).toBeLessThan(JOURNAL_PAGE_SIZE * 2 * (DASHBOARD_BODY_CHARS + 600) + 60_000);
    const [newest] = entryIds(dashboard.text);
    expect(journalOf(dashboard.text)).toContain(`more characters: the whole call</a>`);
    const whole = await anna.get(`${CONSOLE}/journal/${newest}`);
    expect(whole.text).toContain('[cut by the journal: ');
    expect(whole.text).not.toContain(KEY_ANNA);
  });

  it('shows control and bidirectional characters a client sent as escapes, never raw (finding 9)', async () => {
    await server.post('/search.php', { apikey: KEY_ANNA, location: 'gnp\u202Efdp.exe\u0085', checkin: dayAfter(server.clock, 30), checkout: dayAfter(server.clock, 32) });
    await recorded(KEY_ANNA, 4);
    const anna = await signedIn(KEY_ANNA);
    const [newest] = entryIds((await anna.get(CONSOLE)).text);
    for (const page of [(await anna.get(CONSOLE)).text, (await anna.get(`${CONSOLE}/journal/${newest}`)).text]) {
      expect(page).not.toMatch(/[\u0080-\u009F\u202A-\u202E\u2066-\u2069]/);
      expect(page).toContain('gnp\\u202Efdp.exe\\u0085');
    }
  });

  it('refuses reads past the account\'s budget with 429 and Retry-After, other accounts unaffected', async () => {
    const limited = await startTestServer({ config: { adminToken: ADMIN, readsPerMinute: 3 } });
    try {
      const client = new ConsoleClient(limited.url);
      await client.signIn(KEY_ANNA); // its redirect's dashboard is the first read
      for (let i = 0; i < 2; i++) expect((await client.get(CONSOLE)).status).toBe(200);
      const refused = await client.get(CONSOLE);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await limited.post('/_control/journal', { apikey: KEY_ANNA })).status).toBe(429);
      expect((await limited.post('/_control/journal', { apikey: KEY_BEN })).status).toBe(200);
      limited.clock.advance(61);
      expect((await client.get(CONSOLE)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("shows one call on its own page, for the session's account only", async () => {
    const anna = await signedIn(KEY_ANNA);
    const entry = await anna.get(`${CONSOLE}/journal/${second}`);
    expect(entry.status).toBe(200);
    expect(entry.text).toContain(`<h1 id="entry-title">Call #${second} `);
    expect(entry.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(entry.text).not.toContain(KEY_ANNA);
    for (const missing of [String(third + 1), '0', 'x', '1e3', '99999999999999999999']) expect((await anna.get(`${CONSOLE}/journal/${missing}`)).status, missing).toBe(404);
    const ben = await signedIn(KEY_BEN);
    expect((await ben.get(`${CONSOLE}/journal/${first}`)).status).toBe(404); // Anna's call
    expect(journalOf((await ben.get(CONSOLE)).text)).toContain('No calls yet');
    expect((await new ConsoleClient(server.url).get(`${CONSOLE}/journal/${first}`)).status).toBe(401);
  });
});

describe('certification', () => {
  it('shows each rule with its verdict and evidence linked to the journal, and the overall verdict', async () => {
    const page = (await (await signedIn(KEY_ANNA)).get(CONSOLE)).text;
    const report = (await server.post('/_control/certification', { apikey: KEY_ANNA })).body as unknown as CertificationReport;
    expect(page).toContain('id="certification"');
    expect(page).toMatch(/id="certification-verdict"[^>]*>Not yet certified/);
    for (const rule of report.rules) {
      const row = new RegExp(`<tr id="rule-${rule.id}">[\\s\\S]*?</tr>`).exec(page)?.[0] ?? '';
      expect(row, rule.id).toContain(`<strong>${rule.verdict === 'not_seen' ? 'not yet seen' : rule.verdict}</strong>`);
      for (const id of rule.evidence) expect(row, rule.id).toContain(`<a href="/_control/ui/journal/${id}">#${id}</a>`);
    }
    expect(report.rules.some((rule) => rule.evidence.length > 0)).toBe(true);
  });

  it('offers the report as JSON, JUnit and HTML through the session, the same report as the control API', async () => {
    const anna = await signedIn(KEY_ANNA);
    const page = (await anna.get(CONSOLE)).text;
    for (const file of ['certification.json', 'certification.xml', 'certification.html']) expect(page).toContain(`<a href="/_control/ui/${file}" download>`);
    const json = await anna.get(`${CONSOLE}/certification.json`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(json.headers.get('content-disposition')).toBe('attachment; filename="certification.json"');
    const viaApi = (await server.post('/_control/certification', { apikey: KEY_ANNA })).body;
    expect(JSON.parse(json.text)).toEqual(viaApi);
    const junit = await anna.get(`${CONSOLE}/certification.xml`);
    expect(junit.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(junit.text).toContain('<testsuites name="hotel-certification"');
    const htmlReport = await anna.get(`${CONSOLE}/certification.html`);
    expect(htmlReport.headers.get('content-type')).toMatch(/^text\/html/);
    expect(htmlReport.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    expect(htmlReport.text).toContain('Certification report');
    for (const download of [json, junit, htmlReport]) expect(download.text).not.toContain(KEY_ANNA);
  });

  it("downloads only with a session, and only the session's account", async () => {
    for (const file of ['certification.json', 'certification.xml', 'certification.html']) {
      const anonymous = await new ConsoleClient(server.url).get(`${CONSOLE}/${file}?apikey=${KEY_ANNA}`);
      expect(anonymous.status, file).toBe(401);
      expect(anonymous.text, file).toContain('sign in again');
    }
    const ben = (await (await signedIn(KEY_BEN)).get(`${CONSOLE}/certification.json`)).text;
    expect((JSON.parse(ben) as CertificationReport).entries.count).toBe(0);
    const post = await (await signedIn(KEY_ANNA)).post(`${CONSOLE}/certification.json`, {});
    expect(post.status).toBe(405);
  });
});
