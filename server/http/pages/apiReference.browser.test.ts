/**
 * /docs and /docs/control (Redoc, rendered in the browser from the bundle this server serves) as
 * partners read them, on a phone (390 px) and a desktop (1,440 px) in real Chromium: axe-core finds
 * no WCAG 2.1 A/AA violation, no word of prose is broken across lines (code — monospace: paths,
 * patterns, examples — may wrap inside, and a word may break after a hyphen or dash, as in print),
 * and nothing scrolls sideways. Screenshots go to artifacts/screenshots/docs-<width>.png.
 * Skipped only when /usr/bin/chromium is missing.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testWorld } from '../../testing/bookingServer.js';
import { CHROMIUM, hasChromium, launchChromium } from '../../testing/chromium.js';
import { axeViolations, pageFindings } from '../../testing/pageReading.js';
import { startTestServer, type TestServer } from '../../testing/testServer.js';

const SCREENSHOTS = fileURLToPath(new URL('../../../artifacts/screenshots/', import.meta.url));
const WIDTHS = [390, 1440] as const;
/** The headings that say Redoc has rendered the whole contract. */
const PAGES = [
  { path: '/docs', name: 'docs', rendered: 'Cancel a confirmed, refundable booking' },
  { path: '/docs/control', name: 'docs-control', rendered: "Pay one of the account's bookings without a browser" },
] as const;

if (!hasChromium) console.warn(`apiReference.browser.test.ts skipped: ${CHROMIUM} does not exist (CI installs it)`);

describe.skipIf(!hasChromium)('the API reference (/docs) at 390 and 1,440 px in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer({ world: testWorld() });
    browser = await launchChromium();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const { path, name, rendered } of PAGES) {
    for (const width of WIDTHS) {
      it(`${path} at ${width} px: no axe-core violation, no word broken, nothing sideways`, async () => {
        // bypassCSP lets axe's script in; the page's own CSP is the browser test's of discoveryPages.
        const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, deviceScaleFactor: 1, bypassCSP: true });
        const page = await context.newPage();
        const response = await page.goto(`${server.baseUrl}${path}`);
        expect(response?.status()).toBe(200);
        await page.getByRole('heading', { name: rendered }).first().waitFor({ timeout: 30_000 });
        await page.screenshot({ path: `${SCREENSHOTS}${name}-${width}.png` });
        const found = await pageFindings(page, { mayWrapInside: 'pre, code, script, style, title, option, select, textarea', breakAfter: 'hyphen-or-dash', monospaceIsCode: true });
        expect(found.brokenWords, `${path} at ${width} px: words broken across lines`).toEqual([]);
        expect(found.scrollWidth, `${path} at ${width} px: widest element ${JSON.stringify(found.widest)}`).toBeLessThanOrEqual(found.clientWidth);
        expect(await axeViolations(page), `${path} at ${width} px: axe-core WCAG 2.1 A/AA`).toEqual([]);
        await context.close();
      }, 90_000);
    }
  }
});
