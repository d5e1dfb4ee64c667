/**
 * The finalization page over plain HTTP (no browser): content, escaping, security headers, the
 * CSRF token, POST-redirect-GET, and every refusal (403, 404, 409, 400) leaving the booking as it was.
 * finalizePage.browser.test.ts clicks through the same page in Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KEY_ANNA,
  KEY_CHLOE,
  dayAfter,
  findRate,
  scenarioRate,
  startBooking,
  startTestServer,
  type FoundRate,
  type TestServer,
} from '../domain/bookings/testSupport.js';

let server: TestServer;
let stay: { checkin: string; checkout: string };
let refundable: FoundRate;

beforeAll(async () => {
  server = await startTestServer();
  stay = { checkin: dayAfter(server.clock, 30), checkout: dayAfter(server.clock, 33) };
  refundable = await findRate(server, KEY_ANNA, stay, { refundable: true });
});
afterAll(() => server.close());

const pageUrl = (bookhash: string) => `${server.url}/book/finalize?bookhash=${bookhash}`;
const csrfOf = (html: string) => /name="csrf_token" value="([^"]+)"/.exec(html)?.[1] ?? '';
const count = (text: string, part: string) => text.split(part).length - 1;

async function openPage(bookhash: string): Promise<{ status: number; html: string; headers: Headers }> {
  const response = await fetch(pageUrl(bookhash));
  return { status: response.status, html: await response.text(), headers: response.headers };
}

async function submit(fields: Record<string, string>): Promise<{ status: number; html: string; location: string | null }> {
  const response = await fetch(`${server.url}/book/finalize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: response.status, html: await response.text(), location: response.headers.get('location') };
}

describe('the review page', () => {
  it('shows the whole summary, one form with one button, and the security headers', async () => {
    const bookhash = await startBooking(server, KEY_ANNA, refundable.serviceHash);
    const { status, html, headers } = await openPage(bookhash);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^text\/html/);
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('script-src');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('cache-control')).toBe('no-store');

    const record = server.store.findBooking(bookhash)!;
    for (const part of [
      record.hotelName, record.roomName, record.roomType, record.bedding, stay.checkin, stay.checkout, '3 nights',
      `${record.totalPrice} EUR`, record.meal === 'breakfast' ? 'Breakfast included' : 'Room only',
      `Free cancellation until <strong>${String(record.freeCancellationBefore)}</strong> (Europe/Amsterdam).`,
      'Anna de Vries', 'anna.devries@example.com', '+31 20 555 0101', 'name="client_remarks"',
      '4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 0119',
    ]) {
      expect(html).toContain(part);
    }
    expect(count(html, '<form')).toBe(1);
    expect(count(html, '<button')).toBe(1);
    expect(count(html, 'type="submit"')).toBe(1);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/ on[a-z]+=/i);
    expect(csrfOf(html)).toBe(record.csrfToken);
    expect(html).toContain('value="4242424242424242" checked');
  });

  it('escapes the guest name (apostrophe and umlaut)', async () => {
    const rate = await findRate(server, KEY_CHLOE, stay, { refundable: false });
    const bookhash = await startBooking(server, KEY_CHLOE, rate.serviceHash);
    const { html } = await openPage(bookhash);
    expect(html).toContain('Chloé Müller-O&#39;Brien');
    expect(html).not.toContain("O'Brien");
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<strong>Non-refundable</strong>');
  });

  it('shows the city tax when taxes are not included', async () => {
    const rate = await scenarioRate(server, KEY_ANNA, 900004, stay);
    const cityTax = (rate.rate.pricing.taxes ?? []).find((tax) => tax.name === 'city_tax');
    expect(cityTax).toBeDefined();
    const { html } = await openPage(await startBooking(server, KEY_ANNA, rate.serviceHash));
    expect(html).toContain(`City tax</dt><dd id="city-tax">${cityTax!.amount} ${cityTax!.currency}`);
  });

  it('404 for an unknown bookhash, 400 without a valid one, 405 for other methods', async () => {
    const unknown = await openPage('Q'.repeat(30));
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('Booking not found');
    expect(unknown.headers.get('x-frame-options')).toBe('DENY');
    expect((await fetch(`${server.url}/book/finalize`)).status).toBe(400);
    expect((await fetch(`${server.url}/book/finalize?bookhash=%3Cscript%3E`)).status).toBe(400);
    const put = await fetch(`${server.url}/book/finalize`, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST');
  });
});

describe('paying on the page', () => {
  it('pays, redirects (303) to the confirmation, and a refresh or a resubmit never pays twice', async () => {
    const bookhash = await startBooking(server, KEY_ANNA, refundable.serviceHash);
    const token = csrfOf((await openPage(bookhash)).html);
    const paid = await submit({
      bookhash, csrf_token: token, client_remarks: ' <b>Late</b> & "quiet" room ', card: '4242424242424242',
    });
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`finalize?bookhash=${bookhash}`);
    const record = server.store.findBooking(bookhash)!;
    expect(record).toMatchObject({ status: 'booking_confirmed', paid: 'yes', clientRemarks: '<b>Late</b> & "quiet" room' });

    const confirmation = await openPage(bookhash);
    expect(confirmation.status).toBe(200);
    expect(confirmation.html).toContain('Your booking is confirmed');
    expect(confirmation.html).toContain(String(record.supplierOrderId));
    expect(confirmation.html).toContain('&lt;b&gt;Late&lt;/b&gt; &amp; &quot;quiet&quot; room');
    expect(confirmation.html).not.toContain('<form');

    await openPage(bookhash); // refresh
    const resubmit = await submit({ bookhash, csrf_token: token, card: '4000000000000002' });
    expect(resubmit.status).toBe(409);
    expect(resubmit.html).toContain('already paid and confirmed');
    expect(server.store.findBooking(bookhash)).toEqual(record);
  });

  it.each([
    ['4000000000000002', 'payment_failed', 'no', 'Payment failed'],
    ['4000 0000 0000 0119', 'booking_failed', 'refunded', 'Booking failed'],
  ])('card %s ends in %s', async (card, status, paid, title) => {
    const bookhash = await startBooking(server, KEY_ANNA, refundable.serviceHash);
    const token = csrfOf((await openPage(bookhash)).html);
    expect((await submit({ bookhash, csrf_token: token, card })).status).toBe(303);
    expect(server.store.findBooking(bookhash)).toMatchObject({ status, paid, supplierOrderId: null });
    expect((await openPage(bookhash)).html).toContain(title);
  });

  it('403 with a wrong or missing CSRF token, changing nothing', async () => {
    const bookhash = await startBooking(server, KEY_ANNA, refundable.serviceHash);
    const before = structuredClone(server.store.findBooking(bookhash));
    const wrong = await submit({ bookhash, csrf_token: 'x'.repeat(43), card: '4242424242424242' });
    expect(wrong.status).toBe(403);
    expect(wrong.html).toContain('invalid or has expired');
    expect((await submit({ bookhash, card: '4242424242424242' })).status).toBe(403);
    // Another booking's token does not fit either.
    const other = await startBooking(server, KEY_ANNA, refundable.serviceHash);
    expect((await submit({ bookhash, csrf_token: server.store.findBooking(other)!.csrfToken })).status).toBe(403);
    expect(server.store.findBooking(bookhash)).toEqual(before);
  });

  it('400 for an unknown test card or a missing bookhash, 404 for an unknown one', async () => {
    const bookhash = await startBooking(server, KEY_ANNA, refundable.serviceHash);
    const token = server.store.findBooking(bookhash)!.csrfToken;
    expect((await submit({ bookhash, csrf_token: token, card: '5555555555554444' })).status).toBe(400);
    expect((await submit({ csrf_token: token })).status).toBe(400);
    expect((await submit({ bookhash: 'W'.repeat(30), csrf_token: token })).status).toBe(404);
    expect(server.store.findBooking(bookhash)?.status).toBe('processing');
  });

  it('refuses an oversized form with a 400 page', async () => {
    const bookhash = await startBooking(server, KEY_ANNA, refundable.serviceHash);
    const response = await submit({ bookhash, client_remarks: 'x'.repeat(40_000) });
    expect(response.status).toBe(400);
    expect(response.html).toContain('Invalid form');
  });
});
