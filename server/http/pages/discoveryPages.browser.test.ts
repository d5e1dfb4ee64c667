/**
 * The console in a real browser (Chromium via playwright-core): /docs renders the API reference
 * from /openapi.json with the Redoc bundle served by this server, with no request leaving
 * 127.0.0.1 and no console errors (CSP violations are console errors); / renders and its links
 * work; and a page on another local origin can call the API when CORS_ORIGINS lists it, and
 * cannot when it does not. Skipped only when /usr/bin/chromium is missing.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testWorld } from '../../testing/bookingServer.js';
import { CHROMIUM, hasChromium, launchChromium, recordPage } from '../../testing/chromium.js';
import { startTestServer, type TestServer } from '../../testing/testServer.js';

const ARTIFACTS = fileURLToPath(new URL('../../../artifacts/', import.meta.url));
if (!hasChromium) console.warn(`console.browser.test.ts skipped: ${CHROMIUM} does not exist (CI installs it)`);

/** A blank page on its own port: another origin for the CORS checks. */
async function startOriginServer(): Promise<{ origin: string; server: Server }> {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>client</title>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe.skipIf(!hasChromium)('the console in Chromium', () => {
  let api: TestServer;
  let listed: { origin: string; server: Server };
  let unlisted: { origin: string; server: Server };
  let browser: Browser;

  beforeAll(async () => {
    listed = await startOriginServer();
    unlisted = await startOriginServer();
    api = await startTestServer({ world: testWorld(), config: { corsOrigins: [listed.origin] } });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await api?.close();
    for (const origin of [listed, unlisted]) origin?.server.close();
  });

  /** A page that records every request and every console error. */
  async function recordingPage(): Promise<{ page: Page; requests: string[]; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    return { page, ...recordPage(page) };
  }

  const offHost = (requests: string[]) =>
    requests.filter((url) => !url.startsWith('http://127.0.0.1:') && !url.startsWith('blob:') && !url.startsWith('data:'));

  it('/docs renders every operation from the contract, all from this server', async () => {
    const { page, requests, errors } = await recordingPage();
    const response = await page.goto(`${api.baseUrl}/docs`);
    expect(response?.status()).toBe(200);
    // Redoc renders operation titles as headings once the spec is loaded.
    await page.getByRole('heading', { name: 'Search hotels near a place' }).first().waitFor({ timeout: 20_000 });
    const text = await page.locator('redoc').innerText();
    expect(text).toContain('/search.php');
    expect(text).toContain('Cancel a confirmed, refundable booking');
    expect(requests).toContain(`${api.baseUrl}/openapi.json`);
    expect(requests).toContain(`${api.baseUrl}/docs/redoc.standalone.js`);
    expect(offHost(requests)).toEqual([]);
    expect(errors).toEqual([]);
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: `${ARTIFACTS}docs-page.png` });
    await page.close();
  });

  it('/docs/control renders the control API reference', async () => {
    const { page, requests, errors } = await recordingPage();
    await page.goto(`${api.baseUrl}/docs/control`);
    const controlApi = parse(await readFile(new URL('../../control-api.yaml', import.meta.url), 'utf8')) as {
      paths: Record<string, { post: { summary: string } }>;
    };
    const paySummary = controlApi.paths['/pay']!.post.summary;
    await page.getByRole('heading', { name: paySummary }).first().waitFor({ timeout: 20_000 });
    expect(requests).toContain(`${api.baseUrl}/control-api.json`);
    expect(offHost(requests)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/ shows the demo keys and its links work', async () => {
    const { page, requests, errors } = await recordingPage();
    const response = await page.goto(`${api.baseUrl}/`);
    expect(response?.status()).toBe(200);
    expect(await page.locator('#demo-keys').innerText()).toContain('demo-key-1');
    expect(await page.locator('#demo-keys').innerText()).toContain("Chloé Müller-O'Brien");
    // The stylesheet applied under the page CSP (headings sit in white cards).
    expect(await page.locator('section').first().evaluate((section) => getComputedStyle(section).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: `${ARTIFACTS}home-page.png`, fullPage: true });
    const links = await page.locator('#links a').evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    expect(links.map((href) => new URL(href).pathname)).toEqual([
      '/docs',
      '/openapi.yaml',
      '/openapi.json',
      '/healthz',
      '/readyz',
      '/docs/control',
      '/_control/ui',
    ]);
    for (const href of links) expect((await page.request.get(href)).status(), href).toBe(200);

    await Promise.all([page.waitForURL(`${api.baseUrl}/healthz`), page.click('#links a[href="/healthz"]')]);
    expect(JSON.parse(await page.locator('body').innerText())).toMatchObject({ status: 'ok', store: 'lowdb' });
    expect(offHost(requests)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  /** fetch() of the search endpoint from a page on `origin`; the status, or the error's name. */
  async function searchFrom(origin: string): Promise<number | string> {
    const page = await browser.newPage();
    await page.goto(origin);
    const outcome = await page.evaluate(async (url) => {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-request-id': 'browser-1' },
          body: JSON.stringify({ apikey: 'demo-key-1' }),
        });
        await response.json();
        return response.headers.get('x-request-id') === 'browser-1' ? response.status : 'no exposed header';
      } catch (error) {
        return (error as Error).name;
      }
    }, `${api.baseUrl}/search.php`);
    await page.close();
    return outcome;
  }

  it('a listed origin can call the API from the browser (the answer and X-Request-Id are readable)', async () => {
    // 400: the body misses the search fields; what matters is that the browser let the page read it.
    expect(await searchFrom(listed.origin)).toBe(400);
  });

  it('an unlisted origin cannot', async () => {
    expect(await searchFrom(unlisted.origin)).toBe('TypeError');
  });
});
