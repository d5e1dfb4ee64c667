/**
 * The story behind openapi.yaml's examples: one partner's session against the sandbox at a fixed
 * clock (search, hotel details, bookings, every error the server produces), run in-process.
 * `npm run examples` writes its requests and answers into openapi.yaml; scripts/examples.test.ts
 * runs it again and compares. Choices (radius, hotel, rates) follow fixed rules over the sandbox's
 * answers, so the story stays valid when the world changes, and its output is deterministic.
 */
import { createHash } from 'node:crypto';
import { FakeClock } from '../../server/clock.js';
import { SPEC_RATE_LIMITS } from '../../server/config.js';
import type { HotelResponse, SearchResponse } from '../../server/contract.js';
import { startTestServer, type TestServer } from '../../server/testing/bookingServer.js';
import { defaultWorld } from '../../server/domain/world/world.js';
import { LowdbStore } from '../../server/store/lowdbStore.js';
import { BOOKING_ID_MAX, BOOKING_ID_MIN } from '../../server/store/bookingIds.js';
import { StoreUnavailableError, type Store } from '../../server/domain/ports/store.js';

/** The sandbox clock of every example: Monday 2027-05-31, 09:00 UTC (far enough ahead that every example date stays in the future for months; move it forward and rerun `npm run examples` when examples.test.ts says the dates come near). */
export const EXAMPLES_CLOCK = '2027-05-31T09:00:00Z';
/** The documented default address; the story's real (ephemeral) address is replaced by it. */
export const EXAMPLES_PUBLIC_URL = 'http://127.0.0.1:3000';
const CHECKIN = '2027-07-15';
const CHECKOUT = '2027-07-18';
const KEY = 'demo-key-1';
const OTHER_KEY = 'demo-key-2';
const EMPTY_KEY = 'demo-key-3';
/** Radii tried in turn for the search example: the smallest that finds at least two hotels. */
const SEARCH_RADII = [150, 300, 600, 1200, 2500];
const NO_ROOMS_HOTEL = 900003;
const SOLD_OUT_HOTEL = 900009;
const SUPPLIER_FAILS_HOTEL = 900010;
/** Well-formed (30 letters and digits) but never issued. */
const UNKNOWN_BOOKHASH = 'NotAnExistingBookingReference1';

export type YamlPath = ReadonlyArray<string | number>;

export interface Exchange {
  method: 'POST' | 'GET';
  path: string;
  /** JSON body, or raw text sent as application/json (malformed on purpose). */
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

/** One example node of openapi.yaml: where it is, its value, and how it was obtained. */
export interface StoryExample {
  at: YamlPath;
  /** `schema`: a schema's `example`; `summary`: an example's summary line. Both restate story values. */
  kind: 'request' | 'response' | 'schema' | 'summary';
  value: unknown;
  /** For responses: the HTTP status the server answered. */
  status?: number;
}

const media = ['content', 'application/json'] as const;
const op = (path: string) => ['paths', path, 'post'] as const;
const requestExample = (path: string, name?: string): YamlPath =>
  name ? [...op(path), 'requestBody', ...media, 'examples', name, 'value'] : [...op(path), 'requestBody', ...media, 'example'];
const responseExample = (path: string, status: number, name?: string): YamlPath =>
  name ? [...op(path), 'responses', String(status), ...media, 'examples', name, 'value'] : [...op(path), 'responses', String(status), ...media, 'example'];
const component = (name: string): YamlPath => ['components', 'examples', name, 'value'];
const sharedResponse = (name: string, example?: string): YamlPath =>
  example ? ['components', 'responses', name, ...media, 'examples', example, 'value'] : ['components', 'responses', name, ...media, 'example'];

/**
 * Server-made random values (search_id, bookhash, supplier order id, the server's address) are
 * replaced by stable stand-ins of the same shape, so that the examples do not change between runs.
 */
export class Stabiliser {
  private readonly replacements = new Map<string, string>();
  private counter = 0;

  constructor(serverUrl: string) {
    this.replacements.set(serverUrl, EXAMPLES_PUBLIC_URL);
  }

  /** Registers a random value; returns its stand-in (the same on every run for the same position). */
  stand(actual: string, shape: 'hex32' | 'bookhash' | 'supplier'): string {
    const known = this.replacements.get(actual);
    if (known !== undefined) return known;
    const digest = createHash('sha256').update(`hotel-booking example ${shape} ${++this.counter}`).digest();
    const alphabet = shape === 'supplier' ? 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789' : 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    const pick = (length: number) => Array.from(digest.subarray(0, length), (byte) => alphabet[byte % alphabet.length]).join('');
    const stand = shape === 'hex32' ? digest.toString('hex').slice(0, 32) : shape === 'bookhash' ? pick(30) : `SUP-${pick(8)}`;
    this.replacements.set(actual, stand);
    return stand;
  }

  /** The value with every registered random value replaced, in every string. */
  apply<T>(value: T): T {
    const text = JSON.stringify(value);
    let replaced = text;
    for (const [actual, stand] of this.replacements) replaced = replaced.split(actual).join(stand);
    return JSON.parse(replaced) as T;
  }
}

type Answer = { status: number; body: Record<string, unknown> };

/** Runs the story against fresh in-process sandboxes and returns every example it produces. */
export async function runStory(): Promise<StoryExample[]> {
  const world = defaultWorld();
  // Booking ids are random; the examples draw them from a seeded sequence, so that they stay the same.
  let drawn = 0;
  const seededBookingId = () => BOOKING_ID_MIN + (createHash('sha256').update(`hotel-booking example booking id ${++drawn}`).digest().readUInt32BE(0) % (BOOKING_ID_MAX - BOOKING_ID_MIN + 1));
  const memory = await LowdbStore.inMemory({ drawBookingId: seededBookingId });
  // A store whose disk can fill up on demand, for the 503 example.
  const store = new Proxy(memory, {
    get(target, property) {
      if (property === 'insertBooking' && disk.full) {
        return () => Promise.reject(new StoreUnavailableError('cannot write the journal data/db.json.journal: ENOSPC: no space left on device, write'));
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as Store;
  const server = await startTestServer({ clock: new FakeClock(EXAMPLES_CLOCK), world, store });
  const limited = await startTestServer({ clock: new FakeClock(EXAMPLES_CLOCK), world, config: { rateLimits: SPEC_RATE_LIMITS } });
  try {
    return await tell(server, limited);
  } finally {
    await server.close();
    await limited.close();
  }
}

/** Set while the story wants its store's writes to fail. */
const disk = { full: false };

async function send(server: TestServer, exchange: Exchange): Promise<Answer> {
  const init: RequestInit = { method: exchange.method };
  if (exchange.method === 'POST') {
    init.headers = { 'content-type': 'application/json', ...exchange.headers };
    init.body = exchange.raw ?? JSON.stringify(exchange.body);
  }
  const response = await fetch(`${server.url}${exchange.path}`, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function tell(server: TestServer, limited: TestServer): Promise<StoryExample[]> {
  const stable = new Stabiliser(server.url);
  const examples: StoryExample[] = [];
  /** Sends a request, records the request and/or response example, and returns the raw answer. */
  const call = async (
    exchange: Exchange,
    record: { request?: YamlPath; response?: YamlPath; expect: number },
    via: TestServer = server,
  ): Promise<Answer> => {
    const answer = await send(via, exchange);
    if (answer.status !== record.expect) {
      throw new Error(`${exchange.path} ${JSON.stringify(exchange.body ?? exchange.raw)}: expected ${record.expect}, got ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    registerRandomValues(stable, answer.body);
    const shown = stable.apply(exchange);
    if (record.request) examples.push({ at: record.request, kind: 'request', value: shown.raw ?? shown.body });
    if (record.response) examples.push({ at: record.response, kind: 'response', value: stable.apply(answer.body), status: answer.status });
    return answer;
  };
  const post = (path: string, body: unknown): Exchange => ({ method: 'POST', path, body });
  const pay = async (bookhash: string, outcome: 'success' | 'payment_failed') => {
    const paid = await send(server, post('/_control/pay', { apikey: KEY, bookhash, outcome }));
    if (paid.status !== 200) throw new Error(`pay ${outcome}: ${paid.status} ${JSON.stringify(paid.body)}`);
    registerRandomValues(stable, paid.body);
  };
  const bookhashOf = (answer: Answer) => new URL(String(answer.body.booking_url)).searchParams.get('bookhash') as string;
  const stay = { checkin: CHECKIN, checkout: CHECKOUT };

  // Search: the smallest radius around Amsterdam that finds two hotels or more.
  let searchRequest: Exchange | undefined;
  for (const radius of SEARCH_RADII) {
    searchRequest = post('/search.php', { apikey: KEY, ...stay, location: 'Amsterdam', radius });
    const found = await send(server, searchRequest);
    if (found.status === 200 && (found.body as unknown as SearchResponse).hotels.length >= 2) break;
  }
  // The identical search is served from the cache (same search_id): this records it.
  const searched = await call(searchRequest!, { request: requestExample('/search.php', 'byLocation'), response: component('SearchResponseAmsterdam'), expect: 200 });
  const search = searched.body as unknown as SearchResponse;
  const point = search.search;
  await call(post('/search.php', {
    apikey: KEY, ...stay, latitude: point.latitude, longitude: point.longitude, radius: 2000, persons: 2, currency: 'EUR',
    residency: 'nl', language: 'en', star_rating: [3, 4], kind: ['Hotel', 'Boutique_and_Design'], meal_type: ['nomeal'],
    price_from: 100, price_to: 600, include_description: true, include_amenities: true,
  }), { request: requestExample('/search.php', 'byCoordinatesWithFilters'), expect: 200 });

  // Hotel details of the returned hotel with the fewest rates (first on a tie): from the search, and live.
  const details: HotelResponse[] = [];
  for (const hotel of search.hotels) {
    details.push((await send(server, post('/hotel.php', { apikey: KEY, id: hotel.id, ...stay }))).body as unknown as HotelResponse);
  }
  const rateCount = (hotel: HotelResponse) => (hotel.rooms ?? []).reduce((sum, room) => sum + room.rates.length, 0);
  const chosen = details.filter((hotel) => rateCount(hotel) > 0).sort((a, b) => rateCount(a) - rateCount(b))[0];
  if (!chosen) throw new Error('no hotel of the search example has rooms');
  await call(post('/hotel.php', { apikey: KEY, id: chosen.id, search_id: search.search_id }), { request: requestExample('/hotel.php', 'fromSearch'), expect: 200 });
  const liveRequest = post('/hotel.php', { apikey: KEY, id: chosen.id, ...stay, persons: 2, currency: 'EUR', residency: 'nl', language: 'en' });
  const live = (await call(liveRequest, { request: requestExample('/hotel.php', 'live'), response: component('HotelResponseWithRooms'), expect: 200 })).body as unknown as HotelResponse;
  await call(post('/hotel.php', { apikey: KEY, id: NO_ROOMS_HOTEL, ...stay, language: 'en' }), { request: requestExample('/hotel.php', 'noRooms'), response: component('HotelResponseNoRooms'), expect: 200 });
  await call(post('/hotel.php', { apikey: KEY, id: 999999999, ...stay }), { response: responseExample('/hotel.php', 404), expect: 404 });

  // Bookings: a refundable rate (confirmed, retrieved, cancelled), one declined payment, one never paid.
  const rates = (live.rooms ?? []).flatMap((room) => room.rates);
  const refundable = rates.find((rate) => rate.refundable) ?? rates[0]!;
  const nonRefundable = rates.find((rate) => !rate.refundable);
  const booked = await call(post('/booking.php', { apikey: KEY, service_hash: refundable.service_hash }), {
    request: requestExample('/booking.php', 'started'), response: responseExample('/booking.php', 200, 'started'), expect: 200,
  });
  const bookhash = bookhashOf(booked);
  await pay(bookhash, 'success');
  server.clock.advance(15 * 60);
  const declined = bookhashOf(await send(server, post('/booking.php', { apikey: KEY, service_hash: (nonRefundable ?? refundable).service_hash })));
  stable.stand(declined, 'bookhash');
  await pay(declined, 'payment_failed');
  server.clock.advance(5 * 60);
  await call(post('/booking.php', { apikey: KEY }), { response: responseExample('/booking.php', 400, 'missing'), expect: 400 });
  const invalidHash = refundable.service_hash.replace(/-[1-4]-(\d{8})-/, '-7-$1-');
  await call(post('/booking.php', { apikey: KEY, service_hash: invalidHash }), { response: responseExample('/booking.php', 400, 'invalid'), expect: 400 });
  const soldOut = (await send(server, post('/hotel.php', { apikey: KEY, id: SOLD_OUT_HOTEL, ...stay }))).body as unknown as HotelResponse;
  await call(post('/booking.php', { apikey: KEY, service_hash: soldOut.rooms![0]!.rates[0]!.service_hash }), { response: responseExample('/booking.php', 409), expect: 409 });
  // An Idempotency-Key used again with another body (422), and a booking start the store cannot save (503).
  const keyed = (serviceHash: string): Exchange => ({ ...post('/booking.php', { apikey: KEY, service_hash: serviceHash }), headers: { 'Idempotency-Key': 'example-key-1' } });
  await send(server, keyed(refundable.service_hash));
  await call(keyed(soldOut.rooms![0]!.rates[0]!.service_hash), { response: responseExample('/booking.php', 422), expect: 422 });
  disk.full = true;
  try {
    await call(post('/booking.php', { apikey: KEY, service_hash: refundable.service_hash }), { response: sharedResponse('StorageUnavailable'), expect: 503 });
  } finally {
    disk.full = false;
  }

  await call(post('/booking_overview.php', { apikey: KEY }), { request: requestExample('/booking_overview.php', 'twoBookings'), response: component('BookingOverviewTwo'), expect: 200 });
  await call(post('/booking_overview.php', { apikey: EMPTY_KEY }), { request: requestExample('/booking_overview.php', 'empty'), response: responseExample('/booking_overview.php', 200, 'empty'), expect: 200 });
  await call({ method: 'POST', path: '/booking_overview.php', raw: `{"apikey": "${KEY}",` }, { response: responseExample('/booking_overview.php', 400), expect: 400 });

  await call(post('/retrieve_booking.php', { apikey: KEY, bookhash }), { request: requestExample('/retrieve_booking.php', 'unknownBookhash'), response: component('RetrieveConfirmed'), expect: 200 });
  await call(post('/retrieve_booking.php', { apikey: 'unknown-key', bookhash }), { response: responseExample('/retrieve_booking.php', 403, 'invalidKey'), expect: 403 });
  await call(post('/retrieve_booking.php', { apikey: OTHER_KEY, bookhash }), { response: responseExample('/retrieve_booking.php', 403, 'otherAccount'), expect: 403 });
  await call(post('/retrieve_booking.php', { apikey: KEY }), { response: sharedResponse('BadRequestBookhash'), expect: 400 });
  await call(post('/retrieve_booking.php', { apikey: KEY, bookhash: UNKNOWN_BOOKHASH }), { response: sharedResponse('BookingNotFound', 'unknownBookhash'), expect: 404 });

  // Cancels: the confirmed booking (200, then 409), the unpaid one (409), non-refundable and late ones (403).
  const unpaid = bookhashOf(await send(server, post('/booking.php', { apikey: KEY, service_hash: refundable.service_hash })));
  stable.stand(unpaid, 'bookhash');
  await call(post('/book/cancel.php', { apikey: KEY, bookhash }), { request: requestExample('/book/cancel.php', 'unknownBookhash'), response: responseExample('/book/cancel.php', 200), expect: 200 });
  await call(post('/book/cancel.php', { apikey: KEY, bookhash }), { response: responseExample('/book/cancel.php', 409, 'alreadyCancelled'), expect: 409 });
  await call(post('/book/cancel.php', { apikey: KEY, bookhash: unpaid }), { response: responseExample('/book/cancel.php', 409, 'notConfirmed'), expect: 409 });
  await call(post('/book/cancel.php', { apikey: 'unknown-key', bookhash }), { response: responseExample('/book/cancel.php', 403, 'invalidKey'), expect: 403 });
  if (nonRefundable) {
    const kept = bookhashOf(await send(server, post('/booking.php', { apikey: KEY, service_hash: nonRefundable.service_hash })));
    stable.stand(kept, 'bookhash');
    await pay(kept, 'success');
    await call(post('/book/cancel.php', { apikey: KEY, bookhash: kept }), { response: responseExample('/book/cancel.php', 403, 'nonRefundable'), expect: 403 });
  }
  const failing = (await send(server, post('/hotel.php', { apikey: KEY, id: SUPPLIER_FAILS_HOTEL, ...stay }))).body as unknown as HotelResponse;
  const failingRate = failing.rooms!.flatMap((room) => room.rates).find((rate) => rate.refundable)!;
  const atSupplier = bookhashOf(await send(server, post('/booking.php', { apikey: KEY, service_hash: failingRate.service_hash })));
  stable.stand(atSupplier, 'bookhash');
  await pay(atSupplier, 'success');
  await call(post('/book/cancel.php', { apikey: KEY, bookhash: atSupplier }), { response: responseExample('/book/cancel.php', 502), expect: 502 });
  const late = bookhashOf(await send(server, post('/booking.php', { apikey: KEY, service_hash: refundable.service_hash })));
  stable.stand(late, 'bookhash');
  await pay(late, 'success');
  server.clock.set(new Date(`${CHECKIN}T00:00:00Z`)); // past every deadline (check-in minus a day or more)
  await call(post('/book/cancel.php', { apikey: KEY, bookhash: late }), { response: responseExample('/book/cancel.php', 403, 'deadlinePassed'), expect: 403 });

  // Errors shared by several operations, produced on search.php and hotel.php.
  await call(post('/search.php', { ...stay, location: 'Amsterdam' }), { response: sharedResponse('Unauthorized'), expect: 401 });
  await call(post('/search.php', { apikey: 'unknown-key', ...stay, location: 'Amsterdam' }), { response: sharedResponse('Forbidden'), expect: 403 });
  await call({ method: 'GET', path: '/search.php' }, { response: sharedResponse('MethodNotAllowed'), expect: 405 });
  await call({ method: 'POST', path: '/search.php', raw: JSON.stringify({ apikey: KEY, pad: 'x'.repeat(70_000) }) }, { response: sharedResponse('PayloadTooLarge'), expect: 413 });
  const future = { checkin: CHECKIN, checkout: CHECKOUT };
  await call(post('/search.php', { apikey: KEY, checkout: future.checkout, location: 'Amsterdam' }), { response: sharedResponse('BadRequestSearch', 'missingDates'), expect: 400 });
  await call(post('/search.php', { apikey: KEY, checkin: '15-07-2027', checkout: future.checkout, location: 'Amsterdam' }), { response: sharedResponse('BadRequestSearch', 'invalidDate'), expect: 400 });
  await call(post('/search.php', { apikey: KEY, ...future }), { response: sharedResponse('BadRequestSearch', 'missingLocation'), expect: 400 });
  await call(post('/search.php', { apikey: KEY, checkin: future.checkin, checkout: '2027-08-15', location: 'Amsterdam' }), { response: sharedResponse('BadRequestSearch', 'tooLong'), expect: 400 });
  await call(post('/search.php', { apikey: KEY, ...future, location: 'Qqxzv Zzyqk' }), { response: sharedResponse('BadRequestSearch', 'unknownLocation'), expect: 400 });
  await call(post('/hotel.php', { apikey: KEY, id: chosen.id }), { response: sharedResponse('BadRequestHotel', 'neither'), expect: 400 });
  await call(post('/hotel.php', { apikey: KEY, ...future }), { response: sharedResponse('BadRequestHotel', 'missingId'), expect: 400 });
  server.clock.advance(2 * 3600); // the search example's search_id has expired by now
  await call(post('/hotel.php', { apikey: KEY, id: chosen.id, search_id: search.search_id }), { response: sharedResponse('BadRequestHotel', 'fromSearch'), expect: 400 });

  // Rate limits (spec limits): six searches in one minute, then 200 in one day.
  const limitedSearch = post('/search.php', { apikey: KEY, ...future, location: 'Amsterdam' });
  for (let i = 0; i < 5; i++) await send(limited, limitedSearch);
  limited.clock.advance(18);
  await call(limitedSearch, { response: sharedResponse('TooManyRequests', 'perMinute'), expect: 429 }, limited);
  limited.clock.advance(60);
  for (let accepted = 5; accepted < SPEC_RATE_LIMITS.perDay; accepted++) {
    const answer = await send(limited, limitedSearch);
    if (answer.status !== 200) throw new Error(`rate-limit story: search ${accepted + 1} got ${answer.status}`);
    limited.clock.advance(60 / SPEC_RATE_LIMITS.perMinute + 1);
  }
  await call(limitedSearch, { response: sharedResponse('TooManyRequests', 'perDay'), expect: 429 }, limited);

  // Failed authentications (reference behaviour): 30 unknown keys in a minute from one IP are answered
  // at once, the next ones one a second (three at once here), and one that would wait longer gets 429.
  const guess = post('/booking_overview.php', { apikey: 'unknown-key' });
  for (let i = 0; i < 30; i++) {
    const answer = await send(limited, guess);
    if (answer.status !== 403) throw new Error(`failed-authentication story: guess ${i + 1} got ${answer.status}`);
  }
  const slowed = await Promise.all([1, 2, 3].map(() => send(limited, guess)));
  if (slowed.some((answer) => answer.status !== 403)) throw new Error(`failed-authentication story: slowed guesses got ${slowed.map((answer) => answer.status).join(', ')}`);
  await call(guess, { response: sharedResponse('TooManyFailedAuthentications'), expect: 429 }, limited);

  // Schema-level examples repeat values of the story.
  const retrieved = examples.find((example) => example.at.join('/') === component('RetrieveConfirmed').join('/'))?.value as { booking: { created_at: string; bookhash: string } };
  const schema = (name: string, value: unknown) => examples.push({ at: ['components', 'schemas', name, 'example'], kind: 'schema', value });
  schema('Money', refundable.pricing.total_price);
  schema('Date', CHECKIN);
  schema('LocalDateTime', refundable.cancellation.free_cancellation_before ?? refundable.cancellation.policies[0]!.starts_at);
  schema('BookingTimestamp', retrieved.booking.created_at);
  schema('ServiceHash', refundable.service_hash);
  schema('Bookhash', retrieved.booking.bookhash);
  const summary = (name: string, text: string) => examples.push({ at: ['components', 'examples', name, 'summary'], kind: 'summary', value: text });
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  summary('SearchResponseAmsterdam', `${plural(search.hotels.length, 'hotel')} within ${point.radius_m} m of Amsterdam centre`);
  summary('HotelResponseWithRooms', `A hotel of that search with ${plural((live.rooms ?? []).length, 'room type')} and ${plural(rates.length, 'rate')}`);
  summary('HotelResponseNoRooms', `Scenario hotel ${NO_ROOMS_HOTEL}: no rooms for any dates`);
  return examples;
}

/** Registers the random values in an answer (search_id, bookhash, supplier_order_id), wherever they are. */
function registerRandomValues(stable: Stabiliser, body: unknown): void {
  const visit = (node: unknown, key?: string): void => {
    if (Array.isArray(node)) node.forEach((item) => visit(item));
    else if (node && typeof node === 'object') for (const [name, value] of Object.entries(node)) visit(value, name);
    else if (typeof node === 'string') {
      if (key === 'search_id') stable.stand(node, 'hex32');
      else if (key === 'bookhash') stable.stand(node, 'bookhash');
      else if (key === 'supplier_order_id') stable.stand(node, 'supplier');
      else if (key === 'booking_url') stable.stand(new URL(node).searchParams.get('bookhash') as string, 'bookhash');
    }
  };
  visit(body);
}
