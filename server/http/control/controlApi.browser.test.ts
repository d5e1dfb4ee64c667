/**
 * Cross-site control requests in a real browser (Chromium via playwright-core): a page served from
 * another origin (another local port) submits a text/plain form to /_control/reset whose body is
 * valid JSON naming an account (the attack that wiped every booking before the control guard), and
 * fires a no-cors fetch. Nothing is reset.
 * Skipped only when /usr/bin/chromium is missing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, hasChromium, launchChromium } from '../../testing/chromium.js';
import { KEY_ANNA, dayAfter, findRate, startBooking, startTestServer, type TestServer } from '../../testing/bookingServer.js';

if (!hasChromium) console.warn(`control.browser.test.ts skipped: ${CHROMIUM} does not exist (CI installs it)`);

describe.skipIf(!hasChromium)('control API against a cross-site page in Chromium', () => {
  let server: TestServer;
  let attacker: Server;
  let attackerUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    const resetUrl = `${server.url}/_control/reset`;
    attacker = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><title>Win a prize</title>
        <form id="attack" method="POST" action="${resetUrl}" enctype="text/plain">
          <input name='{"apikey":"${KEY_ANNA}","x":"' value='"}'>
        </form>
        <script>
          fetch(${JSON.stringify(resetUrl)}, { method: 'POST', mode: 'no-cors', body: ${JSON.stringify(JSON.stringify({ apikey: KEY_ANNA }))} })
            .finally(() => document.getElementById('attack').submit());
        </script>`);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => attacker?.close(resolve));
    await server?.close();
  });

  it('a text/plain form and a no-cors fetch from another origin reset nothing', async () => {
    const stay = { checkin: dayAfter(server.clock, 30), checkout: dayAfter(server.clock, 32) };
    const bookhash = await startBooking(server, KEY_ANNA, (await findRate(server, KEY_ANNA, stay)).serviceHash);
    // A reset would put the account's clock back to real time and remove its booking.
    expect((await server.post('/_control/clock', { apikey: KEY_ANNA, now: '2027-03-01T12:00:00Z' })).status).toBe(200);

    const page = await browser.newPage();
    const landed = page.waitForURL(`${server.url}/_control/reset`);
    const controlAnswers: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/_control/reset')) controlAnswers.push(response.status());
    });
    await page.goto(attackerUrl);
    await landed;
    // The requests arrived (the browser sent them) and were refused.
    expect(controlAnswers.length).toBeGreaterThanOrEqual(1);
    expect(controlAnswers.every((status) => status === 403)).toBe(true);
    expect(await page.textContent('body')).toMatch(/another origin/);
    await page.close();

    expect((await server.post('/_control/clock', { apikey: KEY_ANNA })).body.now).toBe('2027-03-01T12:00:00.000Z');
    expect((await server.post('/retrieve_booking.php', { apikey: KEY_ANNA, bookhash })).status).toBe(200);
  }, 60_000);
});
