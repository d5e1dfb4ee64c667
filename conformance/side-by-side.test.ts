/**
 * Two accounts side by side on one sandbox: account 1 (with account 3 as its second key) runs the
 * whole catalogue with the harness while account 2 books, pays and cancels by hand at the same
 * time, from another address (partners do not share an IP; one IP shares its rate-limit windows,
 * see control.test.ts). Account 2 sees nothing of the run: its clock, bookings, outbox and
 * search_ids stay as they were, and the run puts its own accounts back at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summaryText } from './reports/console.js';
import { runConformance } from './kit/runner.js';
import type { RunReport } from './kit/types.js';
import { startReferenceServer, type RunningServer } from './testing/support/referenceServer.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response JSON off the wire; the tests assert its shape themselves
type Json = Record<string, any>;
const BEN = 'demo-key-2';
const ROUNDS = 3;

let server: RunningServer;
const post = async (path: string, body: Json, apikey = BEN): Promise<{ status: number; body: Json }> => {
  const response = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
    body: JSON.stringify({ apikey, ...body }),
  });
  return { status: response.status, body: (await response.json()) as Json };
};
const ok = async (path: string, body: Json, apikey = BEN): Promise<Json> => {
  const response = await post(path, body, apikey);
  expect(response.status, `${path}: ${JSON.stringify(response.body).slice(0, 300)}`).toBe(200);
  return response.body;
};
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startReferenceServer({ config: { trustProxy: true } });
});
afterAll(async () => {
  await server?.close();
});

describe('two accounts side by side', () => {
  let report: RunReport;
  const search = { location: 'Amsterdam', checkin: isoDay(30), checkout: isoDay(33) };
  const bens: Array<{ bookhash: string; status: string }> = [];
  /** The bookhash of each e-mail Ben should have: a confirmation per booking, and a cancellation per cancel. */
  const benMails = () => [...bens, ...bens.filter((b) => b.status === 'booking_cancelled')].map((b) => b.bookhash);
  let firstSearchId = '';
  let hotelId = 0;

  it('account 2 works by hand while account 1 runs the catalogue with control', { timeout: 180_000 }, async () => {
    const before = await ok('/_control/clock', {});
    expect(before.offset_seconds).toBe(0);
    const found = await ok('/search.php', search);
    firstSearchId = found.search_id;
    let serviceHash: string | undefined;
    for (const hotel of (found.hotels as Json[]).slice(0, 3)) {
      const details = await ok('/hotel.php', { id: hotel.id, search_id: firstSearchId });
      const rate = (details.rooms as Json[]).flatMap((room) => room.rates as Json[]).find((r) => r.refundable === true);
      if (rate) [serviceHash, hotelId] = [rate.service_hash, hotel.id];
      if (rate) break;
    }
    expect(serviceHash, 'a refundable rate in the first three hotels').toBeDefined();

    const run = runConformance({
      baseUrl: server.url,
      apikey: 'demo-key-1',
      apikey2: 'demo-key-3',
      control: server.url,
      profile: 'reference',
    });
    let runDone = false;
    void run.then(() => (runDone = true));
    for (let round = 0; round < ROUNDS && (round === 0 || !runDone); round++) {
      const started = await ok('/booking.php', { service_hash: serviceHash });
      const bookhash = new URL(started.booking_url).searchParams.get('bookhash') as string;
      expect((await ok('/_control/pay', { bookhash })).booking.status).toBe('booking_confirmed');
      const cancelled = round % 2 === 0;
      if (cancelled) expect((await ok('/book/cancel.php', { bookhash })).status).toBe('cancelled');
      bens.push({ bookhash, status: cancelled ? 'booking_cancelled' : 'booking_confirmed' });
      // In the middle of the run, account 2's world is its own.
      expect((await ok('/_control/clock', {})).offset_seconds).toBe(0);
      expect((await ok('/search.php', search)).search_id).toBe(firstSearchId);
      const outbox = await ok('/_control/outbox', {});
      // One booking confirmation per payment, and one e-mail per cancel: all to Ben.
      expect(outbox.emails.map((email: Json) => email.to)).toEqual(benMails().map(() => 'ben.okafor@example.com'));
    }
    report = await run;
  });

  it('the run passes every check and puts its own accounts back', () => {
    const failures = report.results.filter((r) => r.status !== 'passed').map((r) => `${r.id}: ${r.message ?? ''}`);
    expect(failures, summaryText(report)).toEqual([]);
    expect(report.summary.total).toBeGreaterThan(100);
    expect(report.accountState).toBe('restored');
  });

  it("account 2 sees nothing of it: its clock, bookings, outbox and search_ids are unchanged", async () => {
    const clock = await ok('/_control/clock', {});
    expect(clock.offset_seconds).toBe(0);
    expect(Math.abs(Date.parse(clock.now) - Date.now())).toBeLessThan(5_000);
    for (const { bookhash, status } of bens) {
      expect((await ok('/retrieve_booking.php', { bookhash })).booking).toMatchObject({ status, first_name: 'Ben' });
    }
    const overview = await ok('/booking_overview.php', {});
    expect(overview.bookings.map((b: Json) => b.bookhash).sort()).toEqual(bens.map((b) => b.bookhash).sort());
    const outbox = await ok('/_control/outbox', {});
    expect(outbox.emails.map((email: Json) => email.bookhash).sort()).toEqual(benMails().sort());
    expect((await ok('/hotel.php', { id: hotelId, search_id: firstSearchId })).availability.source).toBe('search_cache');
  });

  it("the run's accounts are back as found: real time and no bookings", async () => {
    for (const apikey of ['demo-key-1', 'demo-key-3']) {
      expect((await ok('/_control/clock', {}, apikey)).offset_seconds).toBe(0);
      expect((await ok('/booking_overview.php', {}, apikey)).count).toBe(0);
      expect((await ok('/_control/outbox', {}, apikey)).count).toBe(0);
    }
  });
});
