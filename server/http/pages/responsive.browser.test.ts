/**
 * What partners see, on a phone (390 px) and a desktop (1,440 px), in real Chromium: the home
 * page, every page of the sandbox console (sign-in, the dashboard with its bookings, outbox,
 * journal and certification, a filtered journal, one e-mail, one journal call, the reset
 * confirmation, a message page, the downloadable certification report) and the conformance kit's
 * HTML report (a fixture run with failures). On each: nothing scrolls sideways, no word is broken
 * across lines (code, <pre> and `.token` values such as e-mail addresses and hashes may wrap
 * inside; a hyphenated compound may break after its hyphen), and axe-core finds no WCAG 2.1 A/AA violation. The console uses the width it is given
 * on a desktop; its tables become one card per row on a phone; endpoint names on the home page do
 * not wrap. Screenshots go to artifacts/screenshots/<page>-<width>.png.
 * Skipped only when /usr/bin/chromium is missing.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlReport } from '../../../conformance/reports/html.js';
import { summarise } from '../../../conformance/kit/runner.js';
import type { CheckResult, RunReport } from '../../../conformance/kit/types.js';
import { CHROMIUM, hasChromium, launchChromium } from '../../testing/chromium.js';
import { axeViolations, pageFindings } from '../../testing/pageReading.js';
import { KEY_ANNA, controlPay, dayAfter, findRate, startBooking, startTestServer, type TestServer } from '../../testing/bookingServer.js';

const SCREENSHOTS = fileURLToPath(new URL('../../../artifacts/screenshots/', import.meta.url));
const WIDTHS = [390, 1440] as const;
/** Text inside these may wrap anywhere (code, message bodies, addresses, hashes). */
const MAY_WRAP_INSIDE = 'pre, code, .token, script, style, title, option, select, textarea';

if (!hasChromium) console.warn(`pages.responsive.browser.test.ts skipped: ${CHROMIUM} does not exist (CI installs it)`);

function check(id: string, group: string, status: CheckResult['status'], message?: string, withExchange = false): CheckResult {
  return {
    id,
    title: `Answers ${id.replace(/\./g, ' ')} as the specification says, with the right status`,
    group,
    section: '4.2',
    tag: 'spec',
    needs: [],
    status,
    message,
    durationMs: 40,
    requests: { '/search.php': 1 },
    ...(withExchange
      ? {
          exchanges: [{
            method: 'POST',
            url: 'http://127.0.0.1:8080/search.php?trace=1&session=3f9a6c2e8b1d4f7a9c0e2b5d8f1a4c7e',
            requestBody: JSON.stringify({ apikey: '***', checkin: '2026-12-01', checkout: '2026-12-03', city: 'Amsterdam', persons: 2 }),
            status: 500,
            responseBody: JSON.stringify({ error: 'Internal error', trace: `a${'0123456789abcdef'.repeat(12)}` }),
          }],
        }
      : {}),
  };
}

/** A run with every kind of outcome, long titles, long URLs and unbreakable response bodies. */
function fixtureReport(): RunReport {
  const results = [
    check('search.valid-request', 'search-responses', 'passed'),
    check('search.processing-status', 'search-responses', 'failed', 'expected status 200, got 500: the server answered {"error":"Internal error"} to a valid search for Amsterdam', true),
    check('booking.total-and-currency', 'booking-flow', 'setup-failed', 'SETUP: POST /_control/pay answered 409 {"error":"The booking is already processing"}'),
    check('booking.guest-names', 'booking-flow', 'blocked', 'blocked by booking.total-and-currency'),
    check('cancellation.penalties', 'cancellation', 'skipped', 'needs the control harness (--control URL)'),
    check('cancellation.refund', 'cancellation', 'passed'),
  ];
  return {
    tool: 'hotel-conformance',
    baseUrl: 'https://sandbox.partner-hotel-booking-integration.example.com/api/v1',
    control: 'https://sandbox.partner-hotel-booking-integration.example.com/_control',
    profile: 'spec',
    startedAt: '2026-11-25T06:00:00.000Z',
    durationMs: 12_345,
    results,
    summary: summarise(results),
    requestsPerEndpoint: { '/search.php': 8 },
    waitedSeconds: 0,
    clockAdvancedSeconds: 0,
    complete: false,
    planned: 40,
  };
}

/** The three promises every page keeps, and its screenshot. */
async function readsWell(page: Page, name: string, width: number, { words = true } = {}): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOTS}${name}-${width}.png`, fullPage: true });
  const found = await pageFindings(page, { mayWrapInside: MAY_WRAP_INSIDE });
  expect(found.scrollWidth, `${name} at ${width} px: widest element ${JSON.stringify(found.widest)}`).toBeLessThanOrEqual(found.clientWidth);
  if (words) expect(found.brokenWords, `${name} at ${width} px: words broken across lines`).toEqual([]);
  expect(await axeViolations(page), `${name} at ${width} px: axe-core WCAG 2.1 A/AA`).toEqual([]);
}

describe.skipIf(!hasChromium)('what partners see, at 390 and 1,440 px in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let journalId: number;

  beforeAll(async () => {
    server = await startTestServer();
    // Two bookings (one paid, so an e-mail), a call that does not conform, a journal to read.
    for (const [days, pay] of [[30, true], [45, false]] as const) {
      const stay = { checkin: dayAfter(server.clock, days), checkout: dayAfter(server.clock, days + 3) };
      const bookhash = await startBooking(server, KEY_ANNA, (await findRate(server, KEY_ANNA, stay)).serviceHash);
      if (pay) expect((await controlPay(server, bookhash)).status).toBe(200);
    }
    await server.post('/search.php', { apikey: KEY_ANNA, checkin: 'tomorrow', persons: 'two' });
    const journal = await server.post('/_control/journal', { apikey: KEY_ANNA });
    journalId = (journal.body.entries as Array<{ id: number; endpoint: string }>).find((entry) => entry.endpoint === '/booking.php')!.id;
    browser = await launchChromium();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A context that lets axe's script in (the pages' CSP allows no script at all). */
  const newContext = (width: number): Promise<BrowserContext> =>
    browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, deviceScaleFactor: 1, bypassCSP: true });

  const open = async (page: Page, path: string, status = 200) => {
    const response = await page.goto(`${server.url}${path}`);
    expect(response?.status(), path).toBe(status);
  };

  for (const width of WIDTHS) {
    it(`the home page at ${width} px: endpoint names on one line`, async () => {
      const context = await newContext(width);
      const page = await context.newPage();
      await open(page, '/');
      const endpoints = await page.locator('#operations code').evaluateAll((codes) =>
        codes.map((code) => ({ name: code.textContent ?? '', lines: code.getClientRects().length })));
      expect(endpoints.length).toBeGreaterThan(3);
      expect(endpoints.filter((endpoint) => endpoint.lines !== 1)).toEqual([]);
      await readsWell(page, 'home', width);
      await context.close();
    }, 60_000);

    it(`every console page at ${width} px`, async () => {
      const context = await newContext(width);
      const page = await context.newPage();

      await open(page, '/_control/ui');
      await readsWell(page, 'console-sign-in', width);
      await page.fill('#apikey', KEY_ANNA);
      await Promise.all([page.waitForURL(`${server.url}/_control/ui?signed-in`), page.click('button[type=submit]')]);

      expect(await page.locator('#bookings tbody tr').count()).toBe(2);
      await readsWell(page, 'console-dashboard', width);
      // The console uses the width it is given; on a phone each table row is a card of label: value lines.
      const layout = await page.evaluate(() => {
        const row = document.querySelector('#bookings tbody tr')!;
        const cell = row.querySelector('td[data-label="Guest"]')!;
        return {
          main: document.querySelector('main')!.getBoundingClientRect().width,
          rowDisplay: getComputedStyle(row).display,
          label: getComputedStyle(cell, '::before').content,
          headVisible: (document.querySelector('#bookings thead') as HTMLElement).getBoundingClientRect().height > 1,
        };
      });
      if (width < 600) {
        expect(layout).toMatchObject({ rowDisplay: 'block', label: '"Guest"', headVisible: false });
      } else {
        expect(layout).toMatchObject({ rowDisplay: 'table-row', headVisible: true });
        expect(layout.main).toBeGreaterThan(1300);
      }

      // The journal: every call opened, then filtered to the calls that do not conform.
      await page.locator('#journal details').evaluateAll((all) => all.forEach((details) => details.setAttribute('open', '')));
      await readsWell(page, 'console-journal-open', width);
      await open(page, '/_control/ui?non_conforming=true#journal');
      expect(await page.locator('#journal li').count()).toBeGreaterThan(0);
      await readsWell(page, 'console-journal-filtered', width);

      await open(page, '/_control/ui/outbox/1');
      await readsWell(page, 'console-email', width);
      await open(page, `/_control/ui/journal/${journalId}`);
      await readsWell(page, 'console-journal-call', width);
      await open(page, '/_control/ui/reset');
      await readsWell(page, 'console-reset', width);
      await open(page, '/_control/ui/no-such-page', 404);
      await readsWell(page, 'console-message', width);

      // The certification report is a download: shown here as the page a browser opens from the file.
      const report = await context.request.get(`${server.url}/_control/ui/certification.html`);
      expect(report.status()).toBe(200);
      await page.setContent(await report.text());
      await readsWell(page, 'console-certification-report', width);
      await context.close();
    }, 120_000);

    it(`the conformance kit's HTML report at ${width} px`, async () => {
      const context = await newContext(width);
      const page = await context.newPage();
      await page.setContent(htmlReport(fixtureReport()));
      expect(await page.locator('li').count()).toBe(6);
      await page.locator('details').evaluateAll((all) => all.forEach((details) => details.setAttribute('open', '')));
      await readsWell(page, 'conformance-report', width);
      await context.close();
    }, 60_000);
  }
});
