/**
 * The finalization page on a 360 px wide phone screen, in real Chromium: the review page (in all
 * five languages), the outcome page and an error page fit without horizontal scrolling, with the
 * longest content a booking can have — a very long hotel name and address with unbreakable words,
 * a 14-night stay in a currency with large amounts (VND), city tax, VAT, a price change notice,
 * a penalty list, 1000 characters of remarks and a long return_url. Saves the screenshots to
 * artifacts/finalize-360-*.png. Skipped only when /usr/bin/chromium is missing.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../domain/i18n/languages.js';
import { makeHotel } from '../../testing/rateHotels.js';
import { loadScenarioHotels, World } from '../../domain/world/world.js';
import {
  KEY_CHLOE, dayAfter, scenarioRate, startBooking, startTestServer, type FoundRate, type TestServer,
} from '../../testing/bookingServer.js';
import { CHROMIUM, hasChromium, launchChromium } from '../../testing/chromium.js';

const ARTIFACTS = fileURLToPath(new URL('../../../artifacts/', import.meta.url));
const WIDTH = 360;
const LONG_HOTEL_ID = 910_360;
const LONG_NAME = 'Grand Hotel & Spa Residenz Schlosspark Donaudampfschifffahrtsgesellschaftskapitänswitwenresidenz '
  + 'am Oberen Wörthersee International Conference, Wellness and Golf Resort';
const RETURN_URL = `https://partner-with-a-rather-long-domain-name.example/bookings/completed/${'x'.repeat(300)}?session=abc&step=done`;
// Words a browser cannot break, and an ordinary long text: 1000 characters in all.
const REMARKS = `${'W'.repeat(240)} https://example.com/${'path/'.repeat(30)} ${'Late arrival, around 23:00, please keep the room. '.repeat(20)}`.slice(0, 1000);

if (!hasChromium) console.warn(`finalizationPage.narrow.browser.test.ts skipped: ${CHROMIUM} does not exist (CI installs it)`);

describe.skipIf(!hasChromium)(`finalization page at ${WIDTH} px in Chromium`, () => {
  let server: TestServer;
  let browser: Browser;
  let rate: FoundRate;

  beforeAll(async () => {
    const longHotel = makeHotel({
      id: LONG_HOTEL_ID,
      name: LONG_NAME,
      address: `Fürstin-Maria-Theresia-von-Hohenberg-Straße 1234, Hinterhaus, Aufgang C, ${'Etage'.repeat(12)}`,
      city: 'Sankt Andrä-Höch bei Leibnitz an der Südsteirischen Weinstraße',
      starRating: 5,
      scenario: [{ kind: 'taxes_not_included' }, { kind: 'price_increase_at_booking', percent: 12 }],
    });
    const world = World.create({ hotelCount: 200, scenarioHotels: [...loadScenarioHotels(), longHotel] });
    server = await startTestServer({ world });
    const stay = { checkin: dayAfter(server.clock, 40), checkout: dayAfter(server.clock, 54), persons: 2, currency: 'VND' };
    rate = await scenarioRate(server, KEY_CHLOE, LONG_HOTEL_ID, stay, { refundable: true });
    browser = await launchChromium();
    await mkdir(ARTIFACTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Opens the URL on a 360 px screen, checks the status and that nothing scrolls sideways, and saves a screenshot. */
  async function fits(page: Page, url: string, status: number, name: string): Promise<void> {
    const response = await page.goto(url);
    expect(response?.status()).toBe(status);
    await fitsNow(page, name);
  }

  async function fitsNow(page: Page, name: string): Promise<void> {
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
      // The widest element, to name the culprit when the page does not fit.
      widest: [...document.querySelectorAll('body *')]
        .map((element) => ({ tag: `${element.tagName.toLowerCase()}#${element.id}.${element.className}`, right: element.getBoundingClientRect().left + element.scrollWidth }))
        .sort((a, b) => b.right - a.right)[0],
    }));
    await page.screenshot({ path: `${ARTIFACTS}finalize-360-${name}.png`, fullPage: true });
    expect(widths.scroll, `${name}: widest element ${JSON.stringify(widths.widest)}`).toBeLessThanOrEqual(WIDTH);
    expect(widths.body).toBeLessThanOrEqual(WIDTH);
  }

  const newPhonePage = () => browser.newPage({ viewport: { width: WIDTH, height: 740 }, deviceScaleFactor: 1 });

  it.each(SUPPORTED_LANGUAGES)('the review page fits in %s', async (language) => {
    const bookhash = await startBooking(server, KEY_CHLOE, rate.serviceHash);
    const page = await newPhonePage();
    await fits(page, `${server.url}/book/finalize?bookhash=${bookhash}&lang=${language}&return_url=${encodeURIComponent(RETURN_URL)}`, 200, `review-${language}`);
    // The longest content is really there: the price change, both taxes on top and the penalties.
    for (const selector of ['#price-change', '#city-tax', '#vat', '#cancellation + ul li']) {
      expect(await page.locator(selector).count(), selector).toBeGreaterThan(0);
    }
    await page.close();
  });

  it('the outcome page fits, with 1000 characters of remarks and the return link', async () => {
    const bookhash = await startBooking(server, KEY_CHLOE, rate.serviceHash);
    const page = await newPhonePage();
    const url = `${server.url}/book/finalize?bookhash=${bookhash}&lang=de&return_url=${encodeURIComponent(RETURN_URL)}`;
    await fits(page, url, 200, 'review-before-paying');
    await page.fill('#client_remarks', REMARKS);
    await Promise.all([page.waitForURL(/finalize\?bookhash=/), page.click('#pay')]);
    expect(await page.textContent('#outcome')).toBe('Ihre Buchung ist bestätigt');
    expect(await page.textContent('#client-remarks')).toBe(REMARKS.trim());
    expect(await page.getAttribute('#return-link', 'href')).toBe(RETURN_URL);
    await fitsNow(page, 'outcome');
    await page.close();
  });

  it('an error page fits (paying a confirmed booking again: 409 with its back link)', async () => {
    const bookhash = await startBooking(server, KEY_CHLOE, rate.serviceHash);
    const page = await newPhonePage();
    await page.goto(`${server.url}/book/finalize?bookhash=${bookhash}&lang=fr&return_url=${encodeURIComponent(RETURN_URL)}`);
    // Two tabs of the same review page: the second payment is refused.
    const second = await newPhonePage();
    await second.goto(page.url());
    await Promise.all([page.waitForURL(/finalize\?bookhash=/), page.click('#pay')]);
    const [response] = await Promise.all([second.waitForNavigation(), second.click('#pay')]);
    expect(response?.status()).toBe(409);
    expect(await second.textContent('#message')).toContain('déjà payée');
    await fitsNow(second, 'error-409');
    await fits(second, `${server.url}/book/finalize?bookhash=${'Q'.repeat(30)}&lang=de`, 404, 'error-404');
    await page.close();
    await second.close();
  });
});
