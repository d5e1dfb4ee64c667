/**
 * The bookings endpoints over HTTP (booking.php, booking_overview.php, retrieve_booking.php,
 * book/cancel.php and /_control/pay) against in-process apps with a FakeClock. Every response is
 * also validated against openapi.yaml by the app (validateResponses is on).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomTypesOf } from '../../domain/rates/index.js';
import {
  ALREADY_CANCELLED,
  BOOKING_NOT_FOUND,
  OTHER_ACCOUNT,
  RATE_NO_LONGER_AVAILABLE,
  SOLD_OUT_AT_BOOKING,
  SUPPLIER_CANCEL_FAILED,
} from '../../domain/bookings/bookings.js';
import { centsOf } from '../../domain/bookings/priceChange.js';
import { instantMsOfLocal } from '../../domain/localTime.js';
import {
  KEY_ANNA,
  KEY_BEN,
  KEY_CHLOE,
  controlPay,
  dayAfter,
  findRate,
  scenarioRate,
  startBooking,
  startTestServer,
  testWorld,
  type FoundRate,
  type TestServer,
} from '../../testing/bookingServer.js';

const SUPPORT = 'support@hotel-booking.example';
const DETAIL_FIELDS = [
  'id', 'arrival', 'departure', 'persons', 'first_name', 'last_name', 'email', 'phone', 'client_remarks',
  'bookhash', 'room_name', 'bedding', 'meal', 'total_price', 'currency', 'refundable', 'free_cancellation_before',
  'status', 'paid', 'supplier_order_id', 'hotel_name', 'hotel_address', 'hotel_city', 'hotel_country',
  'hotel_stars', 'hotel_phone', 'hotel_image', 'created_at',
].sort();

type Json = Record<string, unknown>;
/** Account id of KEY_ANNA in fixtures/accounts.json. */
const ANNA_ACCOUNT_ID = 1;

async function retrieve(server: TestServer, apikey: string, bookhash: string): Promise<Json> {
  const response = await server.post('/retrieve_booking.php', { apikey, bookhash });
  expect(response.status).toBe(200);
  return response.body.booking as Json;
}

async function confirmedBooking(server: TestServer, apikey: string, rate: FoundRate): Promise<string> {
  const bookhash = await startBooking(server, apikey, rate.serviceHash);
  expect((await controlPay(server, bookhash, 'success')).status).toBe(200);
  return bookhash;
}

/** A service_hash with one of its six parts replaced. */
function withPart(serviceHash: string, index: number, value: string): string {
  const parts = serviceHash.split('-');
  parts[index] = value;
  return parts.join('-');
}

const compact = (date: string) => date.replaceAll('-', '');

describe('booking start (booking.php) and retrieve (retrieve_booking.php)', () => {
  let server: TestServer;
  let stay: { checkin: string; checkout: string };
  let refundable: FoundRate;

  beforeAll(async () => {
    server = await startTestServer();
    stay = { checkin: dayAfter(server.clock, 30), checkout: dayAfter(server.clock, 33) };
    refundable = await findRate(server, KEY_ANNA, stay, { refundable: true });
  });
  afterAll(() => server.close());

  it('starts a booking in processing and retrieve shows every 2.10 field and no internal field', async () => {
    const response = await server.post('/booking.php', { apikey: KEY_ANNA, service_hash: refundable.serviceHash });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('ok');
    const url = String(response.body.booking_url);
    expect(url).toMatch(new RegExp(`^${server.url}/book/finalize\\?bookhash=[A-Za-z0-9]{30}$`));
    const bookhash = new URL(url).searchParams.get('bookhash') as string;

    const booking = await retrieve(server, KEY_ANNA, bookhash);
    expect(Object.keys(booking).sort()).toEqual(DETAIL_FIELDS);
    expect(booking).toMatchObject({
      arrival: stay.checkin,
      departure: stay.checkout,
      persons: 2,
      first_name: 'Anna',
      last_name: 'de Vries',
      email: 'anna.devries@example.com',
      phone: '+31 20 555 0101',
      client_remarks: null,
      bookhash,
      room_name: refundable.room.room_name,
      bedding: refundable.room.bedding,
      meal: refundable.rate.meal,
      total_price: refundable.rate.pricing.total_price,
      currency: 'EUR',
      refundable: true,
      free_cancellation_before: refundable.rate.cancellation.free_cancellation_before,
      status: 'processing',
      paid: 'no',
      supplier_order_id: null,
      hotel_name: refundable.hotelName,
      hotel_country: 'NL',
      created_at: '2026-11-19 10:00:00',
    });
    expect(booking.id).toEqual(expect.any(Number));
    expect(booking.hotel_phone).toMatch(/^\+31 [1-9][0-9 ]{8,12}$/); // a valid Dutch number (hotelPhone.test.ts)
    expect(booking.hotel_image).toBe(`${server.url}/images/hotels/${refundable.hotelId}/1.jpg`);
    for (const internal of ['accountId', 'hotelId', 'serviceHash', 'csrfToken', 'chargeAmount', 'user_id', 'hotel_id']) {
      expect(booking).not.toHaveProperty(internal);
    }
    // The booking is durable (persisted) before the answer: the store has it.
    expect((await server.store.findBooking(bookhash))?.status).toBe('processing');
  });

  it('prices the booking in the currency of the latest offer to this account, EUR otherwise', async () => {
    const usd = await findRate(server, KEY_ANNA, { ...stay, currency: 'USD' }, { refundable: true });
    const inUsd = await retrieve(server, KEY_ANNA, await startBooking(server, KEY_ANNA, usd.serviceHash));
    expect(inUsd).toMatchObject({ currency: 'USD', total_price: usd.rate.pricing.total_price });
    // Ben was never offered this rate: EUR and residency nl.
    const inEur = await retrieve(server, KEY_BEN, await startBooking(server, KEY_BEN, usd.serviceHash));
    expect(inEur.currency).toBe('EUR');
    expect(inEur).toMatchObject({ first_name: 'Ben', last_name: 'Okafor' });
  });

  it('gives a random 9-digit id (no sequence) and a different bookhash each time', async () => {
    const first = await startBooking(server, KEY_ANNA, refundable.serviceHash);
    const second = await startBooking(server, KEY_ANNA, refundable.serviceHash);
    expect(first).not.toBe(second);
    const [a, b] = [await retrieve(server, KEY_ANNA, first), await retrieve(server, KEY_ANNA, second)];
    for (const id of [a.id, b.id]) expect(String(id)).toMatch(/^[1-9][0-9]{8}$/);
    expect(Math.abs(Number(b.id) - Number(a.id))).not.toBe(1);
  });

  describe('400 for each service_hash failure', () => {
    const cases: Array<[string, () => string, RegExp]> = [
      ['not the format', () => 'not-a-hash', /^Invalid service_hash 'not-a-hash': service_hash must have six parts/],
      ['an unknown hotel', () => withPart(refundable.serviceHash, 0, '99999999'), /hotel 99999999 does not exist/],
      ['an unknown room code', () => withPart(refundable.serviceHash, 1, 'ZZZZ9'), /room code 'ZZZZ9' is not a room of hotel \d+/],
      ['a lower-case room code', () => withPart(refundable.serviceHash, 1, 'stddbl'), /room_code 'stddbl'/],
      ['rate type 5', () => withPart(refundable.serviceHash, 2, '5'), /rate_type must be 1, 2, 3 or 4/],
      ['a date that does not exist', () => withPart(refundable.serviceHash, 3, '20261332'), /check-in date '20261332'.*real date/],
      ['a check-in in the past', () => withPart(withPart(refundable.serviceHash, 3, '20261118'), 4, '20261120'), /checkin 2026-11-18 is in the past/],
      ['checkout before check-in', () => withPart(refundable.serviceHash, 4, compact(stay.checkin)), /check-out date in service_hash must be after/],
      ['more than 30 nights', () => withPart(refundable.serviceHash, 4, compact(dayAfter(server.clock, 61))), /at most 30 nights \(got 31\)/],
      ['persons 6', () => withPart(refundable.serviceHash, 5, '6'), /persons must be 1 to 5/],
      ['persons 0', () => withPart(refundable.serviceHash, 5, '0'), /persons must be 1 to 5/],
    ];
    it.each(cases)('%s', async (_name, serviceHash, message) => {
      const hash = serviceHash();
      const response = await server.post('/booking.php', { apikey: KEY_ANNA, service_hash: hash });
      expect(response.status).toBe(400);
      expect(String(response.body.error)).toMatch(message);
      expect(String(response.body.error)).toContain(`Invalid service_hash '${hash}'`);
    });

    it('persons over the room capacity', async () => {
      const hotel = testWorld().hotel(refundable.hotelId);
      const room = roomTypesOf(hotel!).find((candidate) => candidate.maxPersons < 5);
      expect(room).toBeDefined();
      const hash = `${refundable.hotelId}-${room!.code}-3-${compact(stay.checkin)}-${compact(stay.checkout)}-${room!.maxPersons + 1}`;
      const response = await server.post('/booking.php', { apikey: KEY_ANNA, service_hash: hash });
      expect(response.status).toBe(400);
      expect(String(response.body.error)).toMatch(/takes at most \d persons?; the reference asks for \d/);
    });

    it('a missing service_hash (schema)', async () => {
      const response = await server.post('/booking.php', { apikey: KEY_ANNA });
      expect(response.status).toBe(400);
      // The contract's example is "request/body must have required property 'service_hash'" (errorHandler's wording).
      expect(String(response.body.error)).toMatch(/^request\/body\S* must have required property 'service_hash'$/);
    });
  });

  it('409 when the rate is no longer available (closed hotel)', async () => {
    const closed = testWorld().hotel(900002)!;
    const code = roomTypesOf(closed)[0]!.code;
    const hash = `900002-${code}-3-${compact(stay.checkin)}-${compact(stay.checkout)}-1`;
    const response = await server.post('/booking.php', { apikey: KEY_ANNA, service_hash: hash });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: RATE_NO_LONGER_AVAILABLE });
  });

  it('409 for a refundable rate whose free-cancellation deadline has passed', async () => {
    // Check-in tomorrow: every hotel's deadline (1+ days before check-in, 23:59) is over.
    const hash = withPart(withPart(refundable.serviceHash, 3, compact(dayAfter(server.clock, 1))), 4, compact(dayAfter(server.clock, 2)));
    const response = await server.post('/booking.php', { apikey: KEY_ANNA, service_hash: hash });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe(RATE_NO_LONGER_AVAILABLE);
  });

  it('retrieve: 400 without or with a malformed bookhash, 404 unknown, 403 other account', async () => {
    const bookhash = await startBooking(server, KEY_ANNA, refundable.serviceHash);
    const missing = await server.post('/retrieve_booking.php', { apikey: KEY_ANNA });
    expect(missing.status).toBe(400);
    expect(String(missing.body.error)).toMatch(/^request\/body\S* must have required property 'bookhash'$/);
    expect((await server.post('/retrieve_booking.php', { apikey: KEY_ANNA, bookhash: 'short' })).status).toBe(400);
    expect((await server.post('/retrieve_booking.php', { apikey: KEY_ANNA, bookhash: `${bookhash.slice(0, 29)}!` })).status).toBe(400);
    const unknown = await server.post('/retrieve_booking.php', { apikey: KEY_ANNA, bookhash: 'A'.repeat(30) });
    expect(unknown).toMatchObject({ status: 404, body: { error: BOOKING_NOT_FOUND } });
    const other = await server.post('/retrieve_booking.php', { apikey: KEY_BEN, bookhash });
    expect(other).toMatchObject({ status: 403, body: { error: OTHER_ACCOUNT } });
    expect(Object.keys(other.body)).toEqual(['error']);
    expect((await server.post('/retrieve_booking.php', { bookhash })).status).toBe(401);
    expect((await server.post('/retrieve_booking.php', { apikey: 'nope', bookhash })).status).toBe(403);
  });
});

describe('payment (/_control/pay) outcomes', () => {
  let server: TestServer;
  let rate: FoundRate;

  beforeAll(async () => {
    server = await startTestServer();
    rate = await findRate(server, KEY_ANNA, { checkin: dayAfter(server.clock, 20), checkout: dayAfter(server.clock, 22) });
  });
  afterAll(() => server.close());

  it('success confirms, sets paid yes and a supplier order id, and stores trimmed remarks', async () => {
    const bookhash = await startBooking(server, KEY_ANNA, rate.serviceHash);
    const paid = await controlPay(server, bookhash, 'success', '  Late arrival, around 23:00.  ');
    expect(paid.status).toBe(200);
    const booking = await retrieve(server, KEY_ANNA, bookhash);
    expect(booking).toMatchObject({ status: 'booking_confirmed', paid: 'yes', client_remarks: 'Late arrival, around 23:00.' });
    expect(booking.supplier_order_id).toMatch(/^SUP-[A-Z0-9]{8}$/);
    expect(paid.body.booking).toEqual(booking);
  });

  it('payment_failed: status payment_failed, paid no, no supplier order', async () => {
    const bookhash = await startBooking(server, KEY_ANNA, rate.serviceHash);
    expect((await controlPay(server, bookhash, 'payment_failed', '   ')).status).toBe(200);
    expect(await retrieve(server, KEY_ANNA, bookhash)).toMatchObject({
      status: 'payment_failed', paid: 'no', supplier_order_id: null, client_remarks: null,
    });
  });

  it('booking_failed: status booking_failed, paid refunded', async () => {
    const bookhash = await startBooking(server, KEY_ANNA, rate.serviceHash);
    expect((await controlPay(server, bookhash, 'booking_failed')).status).toBe(200);
    expect(await retrieve(server, KEY_ANNA, bookhash)).toMatchObject({
      status: 'booking_failed', paid: 'refunded', supplier_order_id: null,
    });
  });

  it('paying twice gives 409 and changes nothing; unknown bookhash gives 404', async () => {
    const bookhash = await startBooking(server, KEY_ANNA, rate.serviceHash);
    await controlPay(server, bookhash, 'success', 'first');
    const before = await retrieve(server, KEY_ANNA, bookhash);
    const again = await controlPay(server, bookhash, 'payment_failed', 'second');
    expect(again.status).toBe(409);
    expect(String(again.body.error)).toMatch(/already paid and confirmed/);
    expect(await retrieve(server, KEY_ANNA, bookhash)).toEqual(before);

    const failed = await startBooking(server, KEY_ANNA, rate.serviceHash);
    await controlPay(server, failed, 'payment_failed');
    expect((await controlPay(server, failed, 'success')).status).toBe(409);
    expect((await retrieve(server, KEY_ANNA, failed)).status).toBe('payment_failed');

    expect((await controlPay(server, 'B'.repeat(30), 'success')).status).toBe(404);
  });

  it('takes at most 1000 characters of remarks: more is 400 (control-api.yaml maxLength), nothing paid', async () => {
    const bookhash = await startBooking(server, KEY_ANNA, rate.serviceHash);
    const refused = await controlPay(server, bookhash, 'success', 'x'.repeat(1500));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("'client_remarks' must be at most 1000 characters");
    expect((await retrieve(server, KEY_ANNA, bookhash)).status).toBe('processing');
    expect((await controlPay(server, bookhash, 'success', 'x'.repeat(1000))).status).toBe(200);
    expect(String((await retrieve(server, KEY_ANNA, bookhash)).client_remarks)).toHaveLength(1000);
  });
});

describe('booking overview (booking_overview.php)', () => {
  let server: TestServer;
  let rate: FoundRate;

  beforeAll(async () => {
    server = await startTestServer();
    rate = await findRate(server, KEY_BEN, { checkin: dayAfter(server.clock, 40), checkout: dayAfter(server.clock, 42) }, { refundable: true });
  });
  afterAll(() => server.close());

  it('is empty for an account without bookings', async () => {
    const response = await server.post('/booking_overview.php', { apikey: KEY_CHLOE });
    expect(response).toMatchObject({ status: 200, body: { status: 'ok', count: 0, bookings: [] } });
  });

  it('lists only bookings with a payment attempt, newest first, ties the later-made first', async () => {
    const confirmed = await startBooking(server, KEY_BEN, rate.serviceHash);
    await controlPay(server, confirmed, 'success');
    server.clock.advance(60);
    const processing = await startBooking(server, KEY_BEN, rate.serviceHash);
    server.clock.advance(60);
    const declined = await startBooking(server, KEY_BEN, rate.serviceHash);
    await controlPay(server, declined, 'payment_failed');
    server.clock.advance(60);
    const sameSecondA = await startBooking(server, KEY_BEN, rate.serviceHash);
    const sameSecondB = await startBooking(server, KEY_BEN, rate.serviceHash);
    await controlPay(server, sameSecondB, 'booking_failed');
    await controlPay(server, sameSecondA, 'success');
    expect((await server.post('/book/cancel.php', { apikey: KEY_BEN, bookhash: sameSecondA })).status).toBe(200);
    // Another account's booking never shows.
    await controlPay(server, await startBooking(server, KEY_ANNA, rate.serviceHash), 'success');

    const response = await server.post('/booking_overview.php', { apikey: KEY_BEN });
    expect(response.status).toBe(200);
    const bookings = response.body.bookings as Json[];
    expect(response.body.count).toBe(4);
    expect(bookings.map((item) => item.bookhash)).toEqual([sameSecondB, sameSecondA, declined, confirmed]);
    expect(bookings.map((item) => item.status)).toEqual(['booking_failed', 'booking_cancelled', 'payment_failed', 'booking_confirmed']);
    expect(bookings.map((item) => item.bookhash)).not.toContain(processing);
    expect(bookings[3]).toEqual({
      booking_id: expect.any(Number),
      bookhash: confirmed,
      booked_at: '2026-11-19 10:00:00',
      arrival: dayAfter(server.clock, 40),
      departure: dayAfter(server.clock, 42),
      guest_name: 'Ben Okafor',
      hotel_name: rate.hotelName,
      room_name: rate.room.room_name,
      status: 'booking_confirmed',
    });
    expect(bookings[0]!.booked_at).toBe('2026-11-19 10:03:00');
  });
});

describe('cancel (book/cancel.php)', () => {
  let server: TestServer;
  let stay: { checkin: string; checkout: string };
  let refundable: FoundRate;
  let nonRefundable: FoundRate;

  beforeAll(async () => {
    server = await startTestServer();
    stay = { checkin: dayAfter(server.clock, 30), checkout: dayAfter(server.clock, 32) };
    refundable = await findRate(server, KEY_ANNA, stay, { refundable: true });
    nonRefundable = await findRate(server, KEY_ANNA, stay, { refundable: false });
  });
  afterAll(() => server.close());

  const cancel = (apikey: string, bookhash: string) => server.post('/book/cancel.php', { apikey, bookhash });

  it('cancels, e-mails the guest and settles the refund two working days later (over a weekend)', async () => {
    const bookhash = await confirmedBooking(server, KEY_ANNA, refundable);
    const booking = await retrieve(server, KEY_ANNA, bookhash);
    const outboxBefore = (await server.store.outbox()).length;

    const response = await cancel(KEY_ANNA, bookhash); // Thursday 2026-11-19 10:00 UTC
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'cancelled', booking_id: booking.id, bookhash });
    expect(await retrieve(server, KEY_ANNA, bookhash)).toMatchObject({ status: 'booking_cancelled', paid: 'yes' });

    const emails = (await server.store.outbox()).slice(outboxBefore);
    expect(emails).toHaveLength(1);
    const email = emails[0]!;
    expect(email).toMatchObject({
      to: 'anna.devries@example.com',
      subject: `Your booking at ${refundable.hotelName} is cancelled`,
      bookhash,
      sent_at: '2026-11-19T10:00:00.000Z',
    });
    // Stay 19–21 December 2026; the refund settles on Monday 23 November.
    for (const part of ['Sat, 19 December 2026', 'Mon, 21 December 2026', `Booking id:        ${String(booking.id)}`, bookhash, 'refunded', SUPPORT, 'Mon, 23 November 2026']) {
      expect(email.text).toContain(part);
    }
    const outbox = (await server.post('/_control/outbox', { apikey: KEY_ANNA })).body as { emails: Json[] };
    expect((await server.post('/_control/outbox', { apikey: KEY_BEN })).body).toEqual({ count: 0, emails: [] });
    expect(outbox.emails.some((item) => item.bookhash === bookhash)).toBe(true);

    server.clock.set(new Date('2026-11-21T12:00:00Z')); // Saturday
    expect((await retrieve(server, KEY_ANNA, bookhash)).paid).toBe('yes');
    server.clock.set(new Date('2026-11-23T09:59:59Z')); // Monday, one second early
    expect((await retrieve(server, KEY_ANNA, bookhash)).paid).toBe('yes');
    server.clock.set(new Date('2026-11-23T10:00:00Z'));
    expect((await retrieve(server, KEY_ANNA, bookhash)).paid).toBe('refunded');
    server.clock.reset();
  });

  it('409 already_cancelled with the documented text', async () => {
    const bookhash = await confirmedBooking(server, KEY_ANNA, refundable);
    expect((await cancel(KEY_ANNA, bookhash)).status).toBe(200);
    const again = await cancel(KEY_ANNA, bookhash);
    expect(again).toMatchObject({ status: 409, body: { error: ALREADY_CANCELLED, status: 'already_cancelled' } });
    expect(ALREADY_CANCELLED).toBe('This reservation was already cancelled.');
  });

  it('409 with the current status when the booking is not confirmed', async () => {
    const processing = await startBooking(server, KEY_ANNA, refundable.serviceHash);
    expect(await cancel(KEY_ANNA, processing)).toMatchObject({
      status: 409,
      body: { error: 'Only confirmed bookings can be cancelled; this booking is processing.', status: 'processing' },
    });
    const declined = await startBooking(server, KEY_ANNA, refundable.serviceHash);
    await controlPay(server, declined, 'payment_failed');
    expect(await cancel(KEY_ANNA, declined)).toMatchObject({ status: 409, body: { status: 'payment_failed' } });
    const rejected = await startBooking(server, KEY_ANNA, refundable.serviceHash);
    await controlPay(server, rejected, 'booking_failed');
    expect(await cancel(KEY_ANNA, rejected)).toMatchObject({ status: 409, body: { status: 'booking_failed' } });
  });

  it('403 for a non-refundable rate, naming the support address', async () => {
    const bookhash = await confirmedBooking(server, KEY_ANNA, nonRefundable);
    const response = await cancel(KEY_ANNA, bookhash);
    expect(response).toMatchObject({
      status: 403,
      body: { error: `This rate is non-refundable; online cancellation is unavailable. Please contact ${SUPPORT}.` },
    });
    expect((await retrieve(server, KEY_ANNA, bookhash)).status).toBe('booking_confirmed');
  });

  it('403 once the free-cancellation deadline has passed (zone-less deadline read in the hotel\'s zone)', async () => {
    const early = await confirmedBooking(server, KEY_ANNA, refundable);
    const late = await confirmedBooking(server, KEY_ANNA, refundable);
    const deadline = String(refundable.rate.cancellation.free_cancellation_before);
    const timeZone = testWorld().hotel(refundable.hotelId)!.timeZone;
    expect(timeZone).toBe('Europe/Amsterdam');
    const deadlineMs = instantMsOfLocal(deadline, timeZone);
    expect(deadlineMs).toBe(Date.parse(`${deadline}+01:00`)); // CET in winter

    server.clock.set(new Date(deadlineMs - 1000));
    expect((await cancel(KEY_ANNA, early)).status).toBe(200);
    server.clock.set(new Date(deadlineMs));
    const response = await cancel(KEY_ANNA, late);
    expect(response).toMatchObject({
      status: 403,
      body: {
        error: `The free cancellation deadline (${deadline}) has passed; online cancellation is no longer possible. Please contact ${SUPPORT}.`,
      },
    });
    expect((await retrieve(server, KEY_ANNA, late)).status).toBe('booking_confirmed');
    server.clock.reset();
  });

  it('403 for another account, changing nothing; 404 unknown; 400 missing bookhash', async () => {
    const bookhash = await confirmedBooking(server, KEY_ANNA, refundable);
    const before = await retrieve(server, KEY_ANNA, bookhash);
    const outboxBefore = (await server.store.outbox()).length;
    expect(await cancel(KEY_BEN, bookhash)).toMatchObject({ status: 403, body: { error: OTHER_ACCOUNT } });
    expect(await retrieve(server, KEY_ANNA, bookhash)).toEqual(before);
    expect(await server.store.outbox()).toHaveLength(outboxBefore);

    expect(await cancel(KEY_ANNA, 'Z'.repeat(30))).toMatchObject({ status: 404, body: { error: BOOKING_NOT_FOUND } });
    const missing = await server.post('/book/cancel.php', { apikey: KEY_ANNA });
    expect(missing.status).toBe(400);
    expect(String(missing.body.error)).toMatch(/^request\/body\S* must have required property 'bookhash'$/);
    expect((await server.post('/book/cancel.php', { bookhash })).status).toBe(401);
  });

  it('of 50 simultaneous cancels exactly one succeeds and 49 get 409 already_cancelled', async () => {
    const bookhash = await confirmedBooking(server, KEY_ANNA, refundable);
    const outboxBefore = (await server.store.outbox()).length;
    const responses = await Promise.all(Array.from({ length: 50 }, () => cancel(KEY_ANNA, bookhash)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    const conflicts = responses.filter((response) => response.status === 409);
    expect(conflicts).toHaveLength(49);
    for (const conflict of conflicts) expect(conflict.body).toEqual({ error: ALREADY_CANCELLED, status: 'already_cancelled' });
    expect((await server.store.outbox()).slice(outboxBefore).filter((email) => email.bookhash === bookhash)).toHaveLength(1);
  });
});

describe('scenario hotels', () => {
  let server: TestServer;
  let stay: { checkin: string; checkout: string };

  beforeAll(async () => {
    server = await startTestServer();
    stay = { checkin: dayAfter(server.clock, 30), checkout: dayAfter(server.clock, 33) };
  });
  afterAll(() => server.close());

  it('cancel fails at the supplier (502) and succeeds 600 seconds after the first failure', async () => {
    const rate = await scenarioRate(server, KEY_ANNA, 900010, stay, { refundable: true });
    const bookhash = await confirmedBooking(server, KEY_ANNA, rate);
    const first = await server.post('/book/cancel.php', { apikey: KEY_ANNA, bookhash });
    expect(first).toMatchObject({ status: 502, body: { error: SUPPLIER_CANCEL_FAILED } });
    expect((await retrieve(server, KEY_ANNA, bookhash)).status).toBe('booking_confirmed');
    server.clock.advance(599);
    expect((await server.post('/book/cancel.php', { apikey: KEY_ANNA, bookhash })).status).toBe(502);
    // Only the booking confirmation so far: no cancellation e-mail while the supplier refuses.
    expect((await server.store.outbox()).filter((email) => email.bookhash === bookhash).map((email) => email.subject))
      .toEqual([`Your booking at ${rate.hotelName} is confirmed`]);
    server.clock.advance(1);
    expect((await server.post('/book/cancel.php', { apikey: KEY_ANNA, bookhash })).status).toBe(200);
    expect((await retrieve(server, KEY_ANNA, bookhash)).status).toBe('booking_cancelled');
    server.clock.reset();
  });

  it('price increase at booking: +10 % on the booking, the quote kept, both shown on the page', async () => {
    const rate = await scenarioRate(server, KEY_ANNA, 900008, stay);
    const bookhash = await startBooking(server, KEY_ANNA, rate.serviceHash);
    const booking = await retrieve(server, KEY_ANNA, bookhash);
    const quoted = centsOf(rate.rate.pricing.total_price);
    const booked = centsOf(String(booking.total_price));
    expect(Math.abs(booked - quoted * 1.1)).toBeLessThanOrEqual(rate.rate.pricing.price_per_night.length);
    const record = (await server.store.findBooking(bookhash))!;
    expect(record.quotedTotalPrice).toBe(rate.rate.pricing.total_price);
    expect(record.pricePerNight.reduce((sum, amount) => sum + centsOf(amount), 0)).toBe(booked);
    const page = await fetch(`${server.url}/book/finalize?bookhash=${bookhash}`).then((r) => r.text());
    expect(page).toContain('price changed from');
    expect(page).toContain(`${rate.rate.pricing.total_price} EUR`);
    expect(page).toContain(`${String(booking.total_price)} EUR`);
    // It can still be paid at the new price.
    expect((await controlPay(server, bookhash, 'success')).status).toBe(200);
  });

  it('sold out at booking: 409 at booking start, no booking is created, nothing is listed', async () => {
    const rate = await scenarioRate(server, KEY_ANNA, 900009, stay);
    // `await` keeps this working whether the store answers synchronously or not.
    const before = (await server.store.bookingsOfAccount(ANNA_ACCOUNT_ID)).length;
    const response = await server.post('/booking.php', { apikey: KEY_ANNA, service_hash: rate.serviceHash });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: SOLD_OUT_AT_BOOKING });
    expect(String(response.body.error)).toMatch(/rate is no longer available/);
    expect(await server.store.bookingsOfAccount(ANNA_ACCOUNT_ID)).toHaveLength(before);
    const overview = await server.post('/booking_overview.php', { apikey: KEY_ANNA });
    expect((overview.body.bookings as Json[]).some((item) => item.hotel_name === rate.hotelName)).toBe(false);
  });
});
