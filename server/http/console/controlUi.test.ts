/**
 * The sandbox console (/_control/ui) over HTTP, as a browser without JavaScript uses it: sign-in
 * and its session cookie, each view (bookings, outbox list and message, clock, reset confirmation,
 * journal and certification: controlUiJournal.test.ts), each action (set and advance the clock, reset, sign out), CSRF and
 * same-origin refusals, isolation between accounts, and escaping of every value.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoAccount, demoAccounts } from '../../domain/accounts.js';
import {
  controlPay,
  dayAfter,
  findRate,
  KEY_ANNA,
  KEY_BEN,
  KEY_CHLOE,
  startBooking,
  startTestServer,
  type TestServer,
} from '../../testing/bookingServer.js';
import { CONSOLE, ConsoleClient } from '../../testing/consoleClient.js';
import { LIST_LIMIT } from './controlUiViews.js';

const KEY_SCRIPT = 'script-key';
const SCRIPT_EMAIL = 'eve<script>alert(1)</script>@example.com';
const ADMIN = 'console-test-admin';

let server: TestServer;
let stay: { checkin: string; checkout: string };
/** Anna's bookings, oldest first: one paid (confirmed, e-mailed), one only started (processing). */
let annaPaid: string;
let annaStarted: string;

const clockOf = async (apikey: string) => (await server.post('/_control/clock', { apikey })).body as { now: string; offset_seconds: number };
const signedIn = async (apikey: string) => {
  const client = new ConsoleClient(server.url);
  await client.signIn(apikey);
  return client;
};

beforeAll(async () => {
  const accounts = [
    ...demoAccounts(),
    demoAccount({ id: 4, apikey: KEY_SCRIPT, first_name: '<b>Eve</b>', last_name: "O'Hara & Co", email: SCRIPT_EMAIL, phone: '+1 555 0100' }),
  ];
  server = await startTestServer({ accounts, config: { adminToken: ADMIN } });
  stay = { checkin: dayAfter(server.clock, 30), checkout: dayAfter(server.clock, 33) };
});
afterAll(() => server.close());
beforeEach(async () => {
  const reset = await fetch(`${server.url}/_control/admin/reset`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN}` } });
  expect(reset.status).toBe(200);
  server.clock.reset();
  const rate = await findRate(server, KEY_ANNA, stay, { refundable: true });
  annaPaid = await startBooking(server, KEY_ANNA, rate.serviceHash);
  expect((await controlPay(server, annaPaid)).status).toBe(200);
  annaStarted = await startBooking(server, KEY_ANNA, (await findRate(server, KEY_ANNA, stay)).serviceHash);
});

describe('sign-in', () => {
  it('shows only the sign-in form without a session, under the pages\' CSP', async () => {
    const page = await new ConsoleClient(server.url).get(CONSOLE);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain('name="apikey"');
    expect(page.text).not.toContain('<script');
    expect(page.text).not.toContain(annaPaid);
  });

  it('keeps the key out of the URL and the cookie: an opaque Secure, HttpOnly, SameSite=Strict session cookie', async () => {
    const client = new ConsoleClient(server.url);
    const response = await client.post(`${CONSOLE}/login`, { apikey: KEY_ANNA });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${CONSOLE}?signed-in`);
    const [setCookie] = response.headers.getSetCookie();
    expect(setCookie).toMatch(/^control_ui_session=[A-Za-z0-9_-]{43}; Path=\/_control\/ui; HttpOnly; Secure; SameSite=Strict$/);
    expect(setCookie).not.toContain(KEY_ANNA);
    const page = await client.get(CONSOLE);
    expect(page.text).toContain('Anna de Vries');
    expect(page.text).not.toContain(KEY_ANNA);
  });

  it('a wrong key gets a clear message and no data; an empty one is asked for', async () => {
    const client = new ConsoleClient(server.url);
    const wrong = await client.post(`${CONSOLE}/login`, { apikey: 'demo-key-9' });
    expect(wrong.status).toBe(403);
    expect(wrong.text).toContain('No account has this API key.');
    expect(wrong.headers.getSetCookie()).toEqual([]);
    expect(wrong.text).not.toContain(annaPaid);
    const empty = await client.post(`${CONSOLE}/login`, { apikey: '  ' });
    expect(empty.status).toBe(401); // no credential, as everywhere: 401
    expect(empty.text).toContain('Enter an API key.');
  });

  it('says so when the browser did not keep the cookie (a Secure cookie over plain http)', async () => {
    const client = new ConsoleClient(server.url);
    const landing = (await client.post(`${CONSOLE}/login`, { apikey: KEY_ANNA })).headers.get('location')!;
    client.cookie = undefined;
    const page = await client.get(landing);
    expect(page.text).toContain('Your browser did not keep the session cookie.');
    expect(page.text).not.toContain(annaPaid);
  });

  it('a made-up or expired session cookie shows the sign-in form', async () => {
    const forged = new ConsoleClient(server.url);
    forged.cookie = 'control_ui_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    expect((await forged.get(CONSOLE)).text).toContain('name="apikey"');
    const client = await signedIn(KEY_ANNA);
    server.clock.advance(61 * 60); // an idle hour ends the session
    const page = await client.get(CONSOLE);
    expect(page.text).toContain('name="apikey"');
    expect(page.text).not.toContain(annaPaid);
  });
});

describe('views', () => {
  it("lists the account's bookings of every status, newest first, linking to the finalization page", async () => {
    const page = (await (await signedIn(KEY_ANNA)).get(CONSOLE)).text;
    expect(page).toContain('Bookings (2)');
    const started = page.indexOf(`/book/finalize?bookhash=${annaStarted}`);
    const paid = page.indexOf(`/book/finalize?bookhash=${annaPaid}`);
    expect(started).toBeGreaterThan(0);
    expect(paid).toBeGreaterThan(started); // newest first
    expect(page).toContain('<span class="status">processing</span>');
    expect(page).toContain('<span class="status">booking_confirmed</span>');
    expect(page).toContain('paid: yes');
  });

  it('lists the newest 100 bookings and says how many there are', async () => {
    const rate = await findRate(server, KEY_BEN, stay);
    const bookhashes: string[] = [];
    for (let i = 0; i < LIST_LIMIT + 1; i++) bookhashes.push(await startBooking(server, KEY_BEN, rate.serviceHash));
    const page = (await (await signedIn(KEY_BEN)).get(CONSOLE)).text;
    expect(page).toContain(`Bookings (${LIST_LIMIT + 1})`);
    expect(page).toContain(`The newest ${LIST_LIMIT} of ${LIST_LIMIT + 1}.`);
    expect(page).toContain(bookhashes.at(-1));
    expect(page).not.toContain(bookhashes[0]);
  });

  it('lists the outbox (to, subject, time) and shows one message', async () => {
    const client = await signedIn(KEY_ANNA);
    const page = (await client.get(CONSOLE)).text;
    const [email] = await server.store.outboxOfAccount(1);
    expect(email).toBeDefined();
    expect(page).toContain('Outbox (1)');
    expect(page).toContain(`<td data-label="To" class="token">${email!.to}</td>`);
    expect(page).toContain(`<time datetime="${email!.sent_at}">`);
    expect(page).toContain(`href="${CONSOLE}/outbox/1"`);
    const message = await client.get(`${CONSOLE}/outbox/1`);
    expect(message.status).toBe(200);
    expect(message.text).toContain(`<dd id="email-to" class="token">${email!.to}</dd>`);
    expect(message.text).toContain(email!.text.split('\n')[0]!.replaceAll("'", '&#39;'));
    for (const missing of ['2', '0', 'x', '99999999']) expect((await client.get(`${CONSOLE}/outbox/${missing}`)).status, missing).toBe(404);
  });

  it("shows one account's data only", async () => {
    const ben = await signedIn(KEY_BEN);
    const page = (await ben.get(CONSOLE)).text;
    expect(page).toContain('Ben Okafor');
    expect(page).toContain('Bookings (0)');
    expect(page).toContain('Outbox (0)');
    expect(page).not.toContain(annaPaid);
    expect(page).not.toContain(annaStarted);
    expect((await ben.get(`${CONSOLE}/outbox/1`)).status).toBe(404); // Anna's only e-mail
  });
});

describe('escaping', () => {
  it("renders Chloé Müller-O'Brien as text", async () => {
    const page = (await (await signedIn(KEY_CHLOE)).get(CONSOLE)).text;
    expect(page).toContain('Chloé Müller-O&#39;Brien');
    expect(page).not.toContain("Müller-O'Brien");
  });

  it('escapes an e-mail address with <script> and a name with markup in every view', async () => {
    const rate = await findRate(server, KEY_SCRIPT, stay);
    const bookhash = await startBooking(server, KEY_SCRIPT, rate.serviceHash);
    const paid = await server.post('/_control/pay', { apikey: KEY_SCRIPT, bookhash, client_remarks: '</pre><script>alert(2)</script>' });
    expect(paid.status).toBe(200);
    const client = await signedIn(KEY_SCRIPT);
    for (const path of [CONSOLE, `${CONSOLE}/outbox/1`, `${CONSOLE}/reset`]) {
      const page = await client.get(path);
      expect(page.status, path).toBe(200);
      expect(page.text, path).not.toMatch(/<script|<b>Eve/);
      expect(page.text, path).toContain('&lt;b&gt;Eve&lt;/b&gt; O&#39;Hara &amp; Co');
    }
    expect((await client.get(CONSOLE)).text).toContain('eve&lt;script&gt;alert(1)&lt;/script&gt;@example.com');
  });
});

describe('clock', () => {
  it('sets the clock (a datetime-local value is UTC), advances it and puts it back on real time', async () => {
    const client = await signedIn(KEY_ANNA);
    const set = await client.submit(`${CONSOLE}/clock`, { now: '2027-01-01T08:30' });
    expect(set.status).toBe(303);
    expect((await clockOf(KEY_ANNA)).now).toBe('2027-01-01T08:30:00.000Z');
    const page = (await client.get(CONSOLE)).text;
    expect(page).toContain('The clock now shows 2027-01-01T08:30:00.000Z.');
    expect(page).toContain('<time id="clock-now" datetime="2027-01-01T08:30:00.000Z">');
    expect((await client.get(CONSOLE)).text).not.toContain('The clock now shows'); // shown once

    await client.submit(`${CONSOLE}/clock`, { advance_seconds: '86400' });
    expect((await clockOf(KEY_ANNA)).now).toBe('2027-01-02T08:30:00.000Z');
    await client.submit(`${CONSOLE}/clock`, { amount: '90', unit: 'minutes' });
    expect((await clockOf(KEY_ANNA)).now).toBe('2027-01-02T10:00:00.000Z');
    await client.submit(`${CONSOLE}/clock`, { now: '2027-03-01T12:00:00+02:00' });
    expect((await clockOf(KEY_ANNA)).now).toBe('2027-03-01T10:00:00.000Z');
    await client.submit(`${CONSOLE}/clock`, { offset_seconds: '0' });
    expect(await clockOf(KEY_ANNA)).toEqual({ now: server.clock.now().toISOString(), offset_seconds: 0 });
    expect((await clockOf(KEY_BEN)).offset_seconds).toBe(0);
  });

  it('refuses bad clock input with 400 and a message, and leaves the clock alone', async () => {
    const client = await signedIn(KEY_ANNA);
    const before = await clockOf(KEY_ANNA);
    const refused: Array<Record<string, string>> = [
      { now: 'tomorrow' },
      { now: '1999-12-31T23:00' },
      { now: '2026-13-45T10:00' },
      { advance_seconds: '1e300' },
      { amount: '2', unit: 'fortnights' },
      { amount: '2', unit: 'constructor' },
      { amount: '', unit: 'days' },
      { amount: '30000', unit: 'days' }, // over 50 years
      { now: '2027-01-01T00:00', advance_seconds: '60' },
      {},
    ];
    for (const fields of refused) {
      const page = await client.submit(`${CONSOLE}/clock`, fields);
      expect(page.status, JSON.stringify(fields)).toBe(400);
      expect(page.text, JSON.stringify(fields)).toMatch(/<p class="error" role="alert" id="notice">The clock was not changed: .+\.<\/p>/);
    }
    expect(await clockOf(KEY_ANNA)).toEqual(before);
  });
});

describe('reset', () => {
  it('asks first (the GET changes nothing), then resets this account only', async () => {
    const rate = await findRate(server, KEY_BEN, stay);
    const benBooking = await startBooking(server, KEY_BEN, rate.serviceHash);
    const client = await signedIn(KEY_ANNA);
    await client.submit(`${CONSOLE}/clock`, { advance_seconds: '3600' });

    const confirm = await client.get(`${CONSOLE}/reset`);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain("This deletes the account's 2 booking(s), 1 e-mail(s) and request journal");
    expect(await server.store.bookingsOfAccount(1)).toHaveLength(2);

    expect((await client.submit(`${CONSOLE}/reset`)).status).toBe(400); // no confirmation
    expect(await server.store.bookingsOfAccount(1)).toHaveLength(2);

    const reset = await client.submit(`${CONSOLE}/reset`, { confirm: 'yes' });
    expect(reset.status).toBe(303);
    expect(await server.store.bookingsOfAccount(1)).toEqual([]);
    expect(await server.store.outboxOfAccount(1)).toEqual([]);
    expect((await clockOf(KEY_ANNA)).offset_seconds).toBe(0);
    expect(await server.store.findBooking(benBooking)).toBeDefined();
    const page = (await client.get(CONSOLE)).text;
    expect(page).toContain('The account was reset');
    expect(page).toContain('Bookings (0)');
  });
});

describe('forms are CSRF- and origin-checked', () => {
  it('refuses a state change without the session\'s CSRF token, and changes nothing', async () => {
    const anna = await signedIn(KEY_ANNA);
    const ben = await signedIn(KEY_BEN);
    const before = await clockOf(KEY_ANNA);
    for (const token of [undefined, '', 'x', ben.csrfToken]) {
      const fields: Record<string, string> = { advance_seconds: '3600', ...(token === undefined ? {} : { csrf_token: token }) };
      const page = await anna.post(`${CONSOLE}/clock`, fields);
      expect(page.status, String(token)).toBe(403);
      expect(page.text).toContain('Form out of date');
      expect((await anna.post(`${CONSOLE}/reset`, { ...fields, confirm: 'yes' })).status).toBe(403);
      expect((await anna.post(`${CONSOLE}/logout`, fields)).status).toBe(403);
    }
    expect(await clockOf(KEY_ANNA)).toEqual(before);
    expect(await server.store.bookingsOfAccount(1)).toHaveLength(2);
    expect((await anna.get(CONSOLE)).text).toContain('Anna de Vries'); // still signed in
  });

  it('refuses forms from another origin, or with no origin at all, even with the right token', async () => {
    const client = await signedIn(KEY_ANNA);
    const before = await clockOf(KEY_ANNA);
    const fields = { csrf_token: client.csrfToken, advance_seconds: '3600' };
    for (const headers of [
      { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'http://evil.example', 'sec-fetch-site': '' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { origin: client.baseUrl, 'sec-fetch-site': 'same-site' },
      { origin: '', 'sec-fetch-site': '' },
    ]) {
      const cleaned = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== ''));
      const page = await fetch(`${server.url}${CONSOLE}/clock`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: client.cookie!, ...cleaned },
        body: new URLSearchParams(fields).toString(),
      });
      expect(page.status, JSON.stringify(headers)).toBe(403);
    }
    expect(await clockOf(KEY_ANNA)).toEqual(before);
    // Sign-in too: no page elsewhere can sign a visitor into its own account.
    expect((await new ConsoleClient(server.url).post(`${CONSOLE}/login`, { apikey: KEY_ANNA }, { origin: 'http://evil.example' })).status).toBe(403);
    // A browser that sends `Origin: null` (no-referrer pages) is still recognised by Sec-Fetch-Site.
    expect((await client.post(`${CONSOLE}/clock`, fields, { origin: 'null' })).status).toBe(303);
  });

  it('a state change without a session asks to sign in again', async () => {
    const page = await new ConsoleClient(server.url).post(`${CONSOLE}/reset`, { confirm: 'yes', csrf_token: 'x' });
    expect(page.status).toBe(401);
    expect(page.text).toContain('sign in again');
    expect(await server.store.bookingsOfAccount(1)).toHaveLength(2);
  });

  it('sign-out ends the session on the server, not only in the browser', async () => {
    const client = await signedIn(KEY_ANNA);
    const cookie = client.cookie!;
    const out = await client.submit(`${CONSOLE}/logout`);
    expect(out.status).toBe(303);
    expect(out.headers.getSetCookie()[0]).toMatch(/^control_ui_session=; Path=\/_control\/ui; Expires=Thu, 01 Jan 1970/);
    const replayed = await fetch(`${server.url}${CONSOLE}`, { headers: { cookie } });
    expect(await replayed.text()).toContain('name="apikey"');
  });
});

describe('methods and bad forms', () => {
  it('answers other methods with 405 and Allow, unknown pages with 404, unreadable forms with 400 — all HTML', async () => {
    const client = await signedIn(KEY_ANNA);
    for (const [path, method, allow] of [
      [CONSOLE, 'POST', 'GET, HEAD'],
      [`${CONSOLE}/login`, 'GET', 'POST'],
      [`${CONSOLE}/clock`, 'GET', 'POST'],
      [`${CONSOLE}/clock`, 'PUT', 'POST'],
      [`${CONSOLE}/reset`, 'DELETE', 'GET, HEAD, POST'],
    ] as const) {
      const page = await client.get(path, { method });
      expect(page.status, `${method} ${path}`).toBe(405);
      expect(page.headers.get('allow')).toBe(allow);
      expect(page.headers.get('content-type')).toContain('text/html');
    }
    expect((await client.get(`${CONSOLE}/nope`)).status).toBe(404);
    const huge = await client.submit(`${CONSOLE}/clock`, { now: 'x'.repeat(10_000) });
    expect(huge.status).toBe(400);
    expect(huge.text).toContain('Unreadable form');
    // The JSON control API next to it is unchanged.
    expect((await server.post('/_control/clock', { apikey: KEY_ANNA })).status).toBe(200);
  });
});
