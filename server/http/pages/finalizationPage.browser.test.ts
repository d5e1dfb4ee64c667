/**
 * The finalization page in a real browser (Chromium via playwright-core): open booking_url, check
 * the summary, type remarks, click the one button, see the outcome, and check the booking over
 * the API. Saves artifacts/finalize-page.png. Skipped only when /usr/bin/chromium is missing.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KEY_ANNA,
  KEY_CHLOE,
  dayAfter,
  findRate,
  startTestServer,
  type FoundRate,
  type TestServer,
} from '../../testing/bookingServer.js';
import { CHROMIUM, hasChromium, launchChromium } from '../../testing/chromium.js';

const ARTIFACTS = fileURLToPath(new URL('../../../artifacts/', import.meta.url));
if (!hasChromium) console.warn(`finalizationPage.browser.test.ts skipped: ${CHROMIUM} does not exist (CI installs it)`);

describe.skipIf(!hasChromium)('finalization page in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let stay: { checkin: string; checkout: string };
  let rate: FoundRate;

  beforeAll(async () => {
    server = await startTestServer();
    stay = { checkin: dayAfter(server.clock, 30), checkout: dayAfter(server.clock, 33) };
    rate = await findRate(server, KEY_CHLOE, stay, { refundable: true });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function startBooking(apikey: string): Promise<{ url: string; bookhash: string }> {
    const response = await server.post('/booking.php', { apikey, service_hash: rate.serviceHash });
    expect(response.status).toBe(200);
    const url = String(response.body.booking_url);
    return { url, bookhash: new URL(url).searchParams.get('bookhash')! };
  }

  async function openPage(url: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 900, height: 1200 } });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    // No CSP violations or failed loads (e.g. the stylesheet or the hotel image).
    expect(errors).toEqual([]);
    return page;
  }

  it('shows the summary, pays with one click and confirms', async () => {
    const { url, bookhash } = await startBooking(KEY_CHLOE);
    const record = (await server.store.findBooking(bookhash))!;
    const page = await openPage(url);

    expect(await page.textContent('#hotel-name')).toContain(rate.hotelName);
    expect(await page.textContent('#room-name')).toBe(rate.room.room_name);
    expect(await page.textContent('#room-type')).toBe(rate.room.room_type);
    expect(await page.textContent('#bedding')).toBe(rate.room.bedding);
    // Readable dates (Saturday 19 to Tuesday 22 December 2026), machine-readable in <time datetime>.
    expect(await page.textContent('#arrival')).toBe('Sat, 19 December 2026');
    expect(await page.getAttribute('#arrival time', 'datetime')).toBe(stay.checkin);
    expect(await page.textContent('#departure')).toBe('Tue, 22 December 2026');
    expect(await page.getAttribute('#departure time', 'datetime')).toBe(stay.checkout);
    expect(await page.textContent('#nights')).toBe('3 nights');
    expect(await page.textContent('#total-price')).toBe(`${rate.rate.pricing.total_price} EUR`);
    expect(await page.textContent('#meal')).toContain(rate.rate.meal);
    expect(await page.getAttribute('#cancellation time', 'datetime')).toBe(String(rate.rate.cancellation.free_cancellation_before));
    expect(await page.textContent('#cancellation')).toMatch(/^Free cancellation until \w{3}, \d{1,2} December 2026, \d{2}:\d{2} \(Europe\/Amsterdam\)\.$/);
    expect(await page.textContent('#guest-name')).toBe("Chloé Müller-O'Brien");
    expect(await page.textContent('#guest-email')).toBe('chloe.muller@example.com');
    expect(await page.textContent('#guest-phone')).toBe('+33 1 55 50 03 03');
    expect(await page.locator('button').count()).toBe(1);
    expect(await page.locator('input[name="card"]:checked').getAttribute('value')).toBe('4242424242424242');
    // The stylesheet applied (allowed by its CSP hash): the button has the accent colour.
    expect(await page.locator('#pay').evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(11, 110, 79)');

    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: `${ARTIFACTS}finalize-page.png`, fullPage: true });

    await page.fill('#client_remarks', "Late arrival, around 23:00 — Chloé's tip: <quiet> room");
    await Promise.all([page.waitForURL(url), page.click('#pay')]);
    expect(await page.textContent('#outcome')).toBe('Your booking is confirmed');
    const confirmed = (await server.store.findBooking(bookhash))!;
    expect(await page.textContent('#supplier-order-id')).toBe(confirmed.supplierOrderId);
    await page.screenshot({ path: `${ARTIFACTS}finalize-confirmed.png`, fullPage: true });

    // A reload shows the same outcome and pays nothing again.
    await page.reload();
    expect(await page.textContent('#outcome')).toBe('Your booking is confirmed');
    expect(await server.store.findBooking(bookhash)).toEqual(confirmed);
    await page.close();

    const retrieved = await server.post('/retrieve_booking.php', { apikey: KEY_CHLOE, bookhash });
    expect(retrieved.status).toBe(200);
    expect(retrieved.body.booking).toMatchObject({
      status: 'booking_confirmed',
      paid: 'yes',
      supplier_order_id: expect.stringMatching(/^SUP-[A-Z0-9]{8}$/),
      client_remarks: "Late arrival, around 23:00 — Chloé's tip: <quiet> room",
      total_price: record.totalPrice,
    });
  });

  it('a declined test card ends in payment_failed', async () => {
    const { url, bookhash } = await startBooking(KEY_ANNA);
    const page = await openPage(url);
    await page.check('input[name="card"][value="4000000000000002"]');
    await Promise.all([page.waitForURL(url), page.click('#pay')]);
    expect(await page.textContent('#outcome')).toBe('Payment failed');
    await page.close();
    const retrieved = await server.post('/retrieve_booking.php', { apikey: KEY_ANNA, bookhash });
    expect(retrieved.body.booking).toMatchObject({ status: 'payment_failed', paid: 'no', supplier_order_id: null });
  });
});
