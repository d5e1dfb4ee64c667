/**
 * The finalization page over plain HTTP (no browser): content, escaping, security headers, the
 * CSRF token, POST-redirect-GET, and every refusal (403, 404, 409, 400) leaving the booking as it was.
 * finalizationPage.browser.test.ts clicks through the same page in Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatWallTime } from '../../domain/i18n/dates.js';
import {
  KEY_ANNA,
  KEY_BEN,
  KEY_CHLOE,
  dayAfter,
  findRate,
  scenarioRate,
  startBooking,
  startTestServer,
  type FoundRate,
  type TestServer,
} from '../../testing/bookingServer.js';

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

    const record = (await server.store.findBooking(bookhash))!;
    const deadline = String(record.freeCancellationBefore);
    for (const part of [
      record.hotelName, record.roomName, record.roomType, record.bedding, '3 nights',
      // The stay is Saturday 19 to Tuesday 22 December 2026; the deadline is a hotel-local wall time.
      '<time datetime="2026-12-19">Sat, 19 December 2026</time>', '<time datetime="2026-12-22">Tue, 22 December 2026</time>',
      `${record.totalPrice} EUR`, record.meal === 'breakfast' ? 'Breakfast included' : 'Room only',
      `Free cancellation until <strong><time datetime="${deadline}">${formatWallTime(deadline, 'en')}</time></strong> (Europe/Amsterdam).`,
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
    expect(formatWallTime(deadline, 'en')).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} December 2026, \d{2}:\d{2}$/);
    expect(html).not.toContain(`${deadline} (`); // no raw ISO deadline
  });

  it('writes dates in the page language, naming the hotel zone', async () => {
    const bookhash = await startBooking(server, KEY_ANNA, refundable.serviceHash);
    const deadline = String((await server.store.findBooking(bookhash))!.freeCancellationBefore);
    const { html } = await openPage(`${bookhash}&lang=de`);
    expect(html).toContain('<time datetime="2026-12-19">Sa., 19. Dezember 2026</time>');
    expect(html).toContain(`<time datetime="${deadline}">${formatWallTime(deadline, 'de')}</time></strong> (Europe/Amsterdam)`);
    expect(formatWallTime(deadline, 'de')).toMatch(/^\w{2}\., \d{1,2}\. Dezember 2026, \d{2}:\d{2}$/);
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

  it('shows the VAT beside the city tax when it is not included, as hotel details state it (hotel 900004)', async () => {
    const rate = await scenarioRate(server, KEY_ANNA, 900004, stay);
    const vat = rate.rate.pricing.vat;
    expect(vat).toBeDefined();
    const { html } = await openPage(await startBooking(server, KEY_ANNA, rate.serviceHash));
    expect(html).toContain(`<dt>VAT</dt><dd id="vat">${vat!.amount} ${vat!.currency} <small>(not included; payable on top of the price)</small></dd>`);
    expect(html.indexOf('id="vat"')).toBeGreaterThan(html.indexOf('id="city-tax"'));
    const dutch = await openPage(`${await startBooking(server, KEY_ANNA, rate.serviceHash)}&lang=nl`);
    expect(dutch.html).toContain(`<dt>Btw</dt><dd id="vat">${vat!.amount} ${vat!.currency}`);
  });

  it('shows no VAT when it is included (hotel 900005: only a city tax on top)', async () => {
    const rate = await scenarioRate(server, KEY_ANNA, 900005, stay);
    expect(rate.rate.pricing.vat).toBeUndefined();
    const { html } = await openPage(await startBooking(server, KEY_ANNA, rate.serviceHash));
    expect(html).toContain('id="city-tax"');
    expect(html).not.toContain('id="vat"');
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
    const record = (await server.store.findBooking(bookhash))!;
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
    expect(await server.store.findBooking(bookhash)).toEqual(record);
  });

  it.each([
    ['4000000000000002', 'payment_failed', 'no', 'Payment failed'],
    ['4000 0000 0000 0119', 'booking_failed', 'refunded', 'Booking failed'],
  ])('card %s ends in %s', async (card, status, paid, title) => {
    const bookhash = await startBooking(server, KEY_ANNA, refundable.serviceHash);
    const token = csrfOf((await openPage(bookhash)).html);
    expect((await submit({ bookhash, csrf_token: token, card })).status).toBe(303);
    expect(await server.store.findBooking(bookhash)).toMatchObject({ status, paid, supplierOrderId: null });
    expect((await openPage(bookhash)).html).toContain(title);
  });

  it('403 with a wrong or missing CSRF token, changing nothing', async () => {
    const bookhash = await startBooking(server, KEY_ANNA, refundable.serviceHash);
    const before = structuredClone(await server.store.findBooking(bookhash));
    const wrong = await submit({ bookhash, csrf_token: 'x'.repeat(43), card: '4242424242424242' });
    expect(wrong.status).toBe(403);
    expect(wrong.html).toContain('invalid or has expired');
    expect((await submit({ bookhash, card: '4242424242424242' })).status).toBe(403);
    // Another booking's token does not fit either.
    const other = await startBooking(server, KEY_ANNA, refundable.serviceHash);
    expect((await submit({ bookhash, csrf_token: (await server.store.findBooking(other))!.csrfToken })).status).toBe(403);
    expect(await server.store.findBooking(bookhash)).toEqual(before);
  });

  it('400 for an unknown test card or a missing bookhash, 404 for an unknown one', async () => {
    const bookhash = await startBooking(server, KEY_ANNA, refundable.serviceHash);
    const token = (await server.store.findBooking(bookhash))!.csrfToken;
    expect((await submit({ bookhash, csrf_token: token, card: '5555555555554444' })).status).toBe(400);
    expect((await submit({ csrf_token: token })).status).toBe(400);
    expect((await submit({ bookhash: 'W'.repeat(30), csrf_token: token })).status).toBe(404);
    expect((await server.store.findBooking(bookhash))?.status).toBe('processing');
  });

  it('refuses an oversized form with a 400 page', async () => {
    const bookhash = await startBooking(server, KEY_ANNA, refundable.serviceHash);
    const response = await submit({ bookhash, client_remarks: 'x'.repeat(40_000) });
    expect(response.status).toBe(400);
    expect(response.html).toContain('Invalid form');
  });
});

describe('the confirmation e-mail', () => {
  const outboxOf = async (apikey: string) =>
    ((await server.post('/_control/outbox', { apikey })).body as { emails: Array<{ bookhash: string; to: string; subject: string; text: string }> }).emails;

  it('is in the outbox after paying on the page, once, and not after a declined card', async () => {
    const bookhash = await startBooking(server, KEY_ANNA, refundable.serviceHash);
    const token = csrfOf((await openPage(bookhash)).html);
    expect((await submit({ bookhash, csrf_token: token, card: '4242424242424242' })).status).toBe(303);
    expect((await submit({ bookhash, csrf_token: token, card: '4242424242424242' })).status).toBe(409);
    const record = (await server.store.findBooking(bookhash))!;
    const emails = (await outboxOf(KEY_ANNA)).filter((email) => email.bookhash === bookhash);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to: 'anna.devries@example.com', subject: `Your booking at ${record.hotelName} is confirmed` });
    for (const part of [String(record.supplierOrderId), `${record.totalPrice} EUR`, 'Sat, 19 December 2026', '(Europe/Amsterdam)']) {
      expect(emails[0]!.text).toContain(part);
    }
    expect((await server.post('/_control/outbox', { apikey: KEY_BEN })).body).toEqual({ count: 0, emails: [] });

    const declined = await startBooking(server, KEY_ANNA, refundable.serviceHash);
    await submit({ bookhash: declined, csrf_token: (await server.store.findBooking(declined))!.csrfToken, card: '4000000000000002' });
    expect((await outboxOf(KEY_ANNA)).filter((email) => email.bookhash === declined)).toEqual([]);
  });
});

describe('return_url', () => {
  const RETURN = 'https://partner.example/done?ref=42&x=<b>';

  async function payWith(returnUrl: string | undefined): Promise<{ bookhash: string; review: string; location: string | null; outcome: string }> {
    const bookhash = await startBooking(server, KEY_ANNA, refundable.serviceHash);
    const query = returnUrl === undefined ? bookhash : `${bookhash}&return_url=${encodeURIComponent(returnUrl)}`;
    const review = (await openPage(query)).html;
    const hidden = /name="return_url" value="([^"]*)"/.exec(review)?.[1];
    const fields: Record<string, string> = { bookhash, csrf_token: csrfOf(review), card: '4242424242424242' };
    // The form posts the hidden field as the browser would (its HTML-decoded value).
    if (hidden !== undefined) fields.return_url = hidden.replace(/&amp;/g, '&');
    const paid = await submit(fields);
    expect(paid.status).toBe(303);
    const outcome = await fetch(new URL(paid.location!, `${server.url}/book/`)).then((response) => response.text());
    return { bookhash, review, location: paid.location, outcome };
  }

  it('an http(s) return_url survives the payment and becomes an escaped link (not a redirect)', async () => {
    const href = 'https://partner.example/done?ref=42&amp;x=%3Cb%3E';
    const { bookhash, review, location, outcome } = await payWith(RETURN);
    expect(review).toContain(`<input type="hidden" name="return_url" value="${href}">`);
    expect(review).not.toContain('id="return-link"'); // only after payment
    expect(location).toBe(`finalize?bookhash=${bookhash}&return_url=${encodeURIComponent('https://partner.example/done?ref=42&x=%3Cb%3E')}`);
    expect(outcome).toContain('Your booking is confirmed');
    expect(outcome).toContain(`<a id="return-link" href="${href}" rel="noreferrer">Return to partner.example</a>`);
    expect(outcome).not.toContain('<b>');
    expect(outcome).not.toMatch(/http-equiv|<script/i);
    // As the partner may well write it, not URL-encoded.
    const plain = await openPage(`${await startBooking(server, KEY_ANNA, refundable.serviceHash)}&return_url=https://partner.example/done`);
    expect(plain.html).toContain('<input type="hidden" name="return_url" value="https://partner.example/done">');
  });

  it('is carried with the lang override, and kept by the back link of an error page', async () => {
    const bookhash = await startBooking(server, KEY_ANNA, refundable.serviceHash);
    const review = (await openPage(`${bookhash}&lang=fr&return_url=${encodeURIComponent('http://partner.example:8080/x')}`)).html;
    const paid = await submit({ bookhash, csrf_token: csrfOf(review), lang: 'fr', return_url: 'http://partner.example:8080/x' });
    expect(paid.location).toBe(`finalize?bookhash=${bookhash}&lang=fr&return_url=http%3A%2F%2Fpartner.example%3A8080%2Fx`);
    const outcome = await fetch(new URL(paid.location!, `${server.url}/book/`)).then((response) => response.text());
    expect(outcome).toContain('>Retour vers partner.example:8080</a>');
    const again = await submit({ bookhash, csrf_token: csrfOf(review), return_url: 'http://partner.example:8080/x' });
    expect(again.status).toBe(409);
    expect(again.html).toContain(`<a id="back-link" href="finalize?bookhash=${bookhash}&amp;return_url=http%3A%2F%2Fpartner.example%3A8080%2Fx">`);
  });

  it.each([
    'javascript:alert(document.cookie)', 'JAVASCRIPT:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/x',
    '/book/finalize', 'ftp://partner.example/', 'https://user:pass@partner.example/', ' javascript:alert(1)',
  ])('ignores %j: no link, no hidden field, nothing carried', async (refused) => {
    const { review, location, outcome } = await payWith(refused);
    expect(review).not.toContain('name="return_url"');
    expect(location).not.toContain('return_url');
    expect(outcome).toContain('Your booking is confirmed');
    expect(outcome).not.toContain('return-link');
    expect(outcome.toLowerCase()).not.toContain('javascript:');
    expect(outcome).not.toContain('evil.example');
  });

  it('ignores a return_url posted with the form but refused by the rules', async () => {
    const bookhash = await startBooking(server, KEY_ANNA, refundable.serviceHash);
    const paid = await submit({ bookhash, csrf_token: (await server.store.findBooking(bookhash))!.csrfToken, return_url: 'javascript:alert(1)' });
    expect(paid.location).toBe(`finalize?bookhash=${bookhash}`);
  });
});
