/**
 * The sandbox console (/_control/ui) in a real browser (Chromium via playwright-core) with
 * JavaScript switched off: sign in with a key, see a booking and an e-mail, open the e-mail, see
 * the journal (open a call, filter it) and the certification (follow its evidence, download the
 * JSON report), advance the clock, reset (through the confirmation page) and sign out — with no request leaving
 * 127.0.0.1 and no console errors (CSP violations are console errors), and a screenshot in
 * artifacts/. A page on another origin that posts the reset form resets nothing.
 * Skipped only when /usr/bin/chromium is missing.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, hasChromium, launchChromium, recordPage } from '../../testing/chromium.js';
import { KEY_ANNA, controlPay, dayAfter, findRate, startBooking, startTestServer, type TestServer } from '../../testing/bookingServer.js';
import { CERTIFICATION_RULES } from '../../domain/certification/rules/index.js';

const ARTIFACTS = fileURLToPath(new URL('../../../artifacts/', import.meta.url));
if (!hasChromium) console.warn(`controlUi.browser.test.ts skipped: ${CHROMIUM} does not exist (CI installs it)`);

describe.skipIf(!hasChromium)('the sandbox console in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const clockNow = async () => (await server.post('/_control/clock', { apikey: KEY_ANNA })).body.now as string;

  it('signs in, shows a booking and an e-mail, advances the clock and resets, without JavaScript', async () => {
    const stay = { checkin: dayAfter(server.clock, 30), checkout: dayAfter(server.clock, 32) };
    const rate = await findRate(server, KEY_ANNA, stay);
    const bookhash = await startBooking(server, KEY_ANNA, rate.serviceHash);
    expect((await controlPay(server, bookhash)).status).toBe(200);
    const [email] = await server.store.outboxOfAccount(1);

    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1000, height: 900 } });
    const page = await context.newPage();
    const { requests, errors } = recordPage(page);

    await page.goto(`${server.url}/`);
    await page.click('#links a[href="/_control/ui"]');
    await page.fill('#apikey', KEY_ANNA);
    await Promise.all([page.waitForURL(`${server.url}/_control/ui?signed-in`), page.click('button[type=submit]')]);
    expect(page.url()).not.toContain(KEY_ANNA);
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({ name: 'control_ui_session', httpOnly: true, secure: true, sameSite: 'Strict', path: '/_control/ui' });

    expect(await page.locator('#account').innerText()).toContain('Anna de Vries');
    expect(await page.locator('#bookings').innerText()).toContain(rate.hotelName);
    expect(await page.locator('#bookings').innerText()).toContain('booking_confirmed');
    expect(await page.locator('#outbox').innerText()).toContain(email!.subject);
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: `${ARTIFACTS}control-ui.png`, fullPage: true });

    await page.click(`#outbox a`);
    expect(await page.locator('#email-subject').innerText()).toBe(email!.subject);
    expect(await page.locator('#email-text').innerText()).toBe(email!.text);
    await page.screenshot({ path: `${ARTIFACTS}control-ui-email.png`, fullPage: true });
    await page.click('text=← Back to the console');

    // The journal: the calls above, newest first; one opens without script; the filter is a GET form.
    const journal = await server.post('/_control/journal', { apikey: KEY_ANNA });
    const calls = journal.body.entries as Array<{ id: number; endpoint: string }>;
    expect(await page.locator('#journal-title').innerText()).toBe(`Request journal (${calls.length})`);
    const newest = page.locator('#journal li').first();
    expect(await newest.getAttribute('id')).toBe(`journal-entry-${calls.at(-1)!.id}`);
    expect(await newest.locator('.journal-request').isVisible()).toBe(false);
    await newest.locator('summary').click();
    expect(await newest.locator('.journal-request').innerText()).toContain('"apikey": "***"');
    await page.selectOption('#journal-endpoint', '/search.php');
    await Promise.all([page.waitForURL(/endpoint=%2Fsearch\.php/), page.click('#journal-filter button')]);
    const searches = calls.filter((call) => call.endpoint === '/search.php').map((call) => `journal-entry-${call.id}`);
    expect(await page.locator('#journal li').evaluateAll((items) => items.map((item) => item.id))).toEqual(searches.reverse());

    // The certification: each rule's verdict, its evidence a link to the call, the report a download.
    expect(await page.locator('#certification-verdict').innerText()).toContain('Not yet certified');
    expect(await page.locator('#certification-rules tbody tr').count()).toBe(CERTIFICATION_RULES.length);
    const evidence = page.locator('#certification-rules a').first();
    const evidenceId = (await evidence.innerText()).slice(1);
    await evidence.click();
    expect(await page.locator('#entry-title').innerText()).toContain(`Call #${evidenceId}`);
    await page.click('text=← Back to the console');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('a[href="/_control/ui/certification.json"]')]);
    expect(download.suggestedFilename()).toBe('certification.json');
    const report = JSON.parse(await readFile((await download.path()), 'utf8')) as { verdict: string; rules: unknown[] };
    expect(report).toMatchObject({ verdict: 'incomplete', rules: expect.any(Array) });
    await page.screenshot({ path: `${ARTIFACTS}control-ui-journal.png`, fullPage: true });

    const before = Date.parse(await clockNow());
    await page.click('button[value="86400"]');
    expect(Date.parse(await clockNow()) - before).toBe(86_400_000);
    expect(await page.locator('#notice').innerText()).toContain('The clock now shows');
    expect(await page.locator('#clock-now').innerText()).toBe(await clockNow());

    await page.click('#reset-link');
    expect(await page.locator('h1').innerText()).toBe('Reset Anna de Vries?');
    await page.click('text=Yes, reset this account');
    expect(await page.locator('#notice').innerText()).toContain('The account was reset');
    expect(await page.locator('#bookings-title').innerText()).toBe('Bookings (0)');
    expect(await server.store.bookingsOfAccount(1)).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}control-ui-reset.png`, fullPage: true });

    await page.click('text=Sign out');
    expect(await page.locator('#apikey').count()).toBe(1);
    expect(await context.cookies()).toEqual([]);

    expect(requests.filter((url) => !url.startsWith(`${server.url}/`))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('a page on another origin that posts the reset form resets nothing', async () => {
    const stay = { checkin: dayAfter(server.clock, 30), checkout: dayAfter(server.clock, 32) };
    const bookhash = await startBooking(server, KEY_ANNA, (await findRate(server, KEY_ANNA, stay)).serviceHash);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/_control/ui`);
    await page.fill('#apikey', KEY_ANNA);
    await Promise.all([page.waitForURL(`${server.url}/_control/ui?signed-in`), page.click('button[type=submit]')]);

    const attacker: Server = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><title>Win a prize</title>
        <form id="attack" method="POST" action="${server.url}/_control/ui/reset">
          <input name="confirm" value="yes"><input name="csrf_token" value="guess">
        </form>
        <script>document.getElementById('attack').submit();</script>`);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    try {
      const answered = page.waitForResponse(`${server.url}/_control/ui/reset`);
      await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
      expect((await answered).status()).toBe(403);
      expect(await server.store.findBooking(bookhash)).toBeDefined();
    } finally {
      await new Promise((resolve) => attacker.close(resolve));
      await context.close();
    }
  }, 60_000);
});
