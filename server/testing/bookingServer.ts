/**
 * Test support for the bookings tests (not used by the server): an in-process app listening on
 * 127.0.0.1, JSON POST helpers, and service_hashes obtained the way a client gets them (hotel
 * details of a hotel found by search).
 */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type AppOptions } from '../app.js';
import { addDays, FakeClock, isoDate } from '../clock.js';
import type { Config } from '../config.js';
import type { HotelRate, HotelResponse, HotelRoom, SearchResponse } from '../contract.js';
import { LowdbStore } from '../store/lowdbStore.js';
import type { Store } from '../domain/ports/store.js';
import type { DemoAccount } from '../domain/accounts.js';
import { World } from '../domain/world/world.js';

export const KEY_ANNA = 'demo-key-1';
export const KEY_BEN = 'demo-key-2';
export const KEY_CHLOE = 'demo-key-3';

/** Thursday 2026-11-19 10:00 UTC: the FakeClock start of the bookings tests. */
export const TEST_START = '2026-11-19T10:00:00Z';

let sharedWorld: World | undefined;
/** A small world (2,000 generated hotels plus the scenario hotels), built once per test file. */
export function testWorld(): World {
  sharedWorld ??= World.create({ hotelCount: 2000 });
  return sharedWorld;
}

export interface TestServer {
  url: string;
  clock: FakeClock;
  store: Store;
  close(): Promise<void>;
  post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }>;
}

/** An app on 127.0.0.1 with an ephemeral port; publicUrl is its real address. */
export async function startTestServer(
  options: { store?: Store; clock?: FakeClock; config?: Partial<Config>; world?: World; accounts?: DemoAccount[]; onFailedAuth?: AppOptions['onFailedAuth'] } = {},
): Promise<TestServer> {
  const store = options.store ?? (await LowdbStore.inMemory());
  const clock = options.clock ?? new FakeClock(TEST_START);
  // Listen first, so that publicUrl can be the real address; the app is built right after.
  // eslint-disable-next-line prefer-const -- the listener closes over `app` before it exists (503 until then)
  let app: RequestListener | undefined;
  const server = createServer((req, res) => (app ? app(req, res) : res.writeHead(503).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app = createApp({
    store,
    clock,
    world: options.world ?? testWorld(),
    accounts: options.accounts,
    onFailedAuth: options.onFailedAuth,
    // Generous limits: the tests search often; the rate limit has its own tests.
    config: { publicUrl: url, rateLimits: { perMinute: 100_000, perDay: 1_000_000 }, consoleSignInsPerMinute: 100_000, ...options.config },
  });
  return {
    url,
    clock,
    store,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
    post: (path, body) => postJson(url, path, body),
  };
}

export async function postJson(
  base: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { raw: text };
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** `YYYY-MM-DD` of the clock's today plus `days`. */
export function dayAfter(clock: FakeClock, days: number): string {
  return addDays(isoDate(clock.now()), days);
}

export interface RateChoice {
  refundable?: boolean;
  meal?: 'nomeal' | 'breakfast';
}

/** The rates of one hotel via hotel.php (fresh lookup), as a client sees them. */
export async function hotelRates(
  server: TestServer,
  apikey: string,
  hotelId: number,
  stay: { checkin: string; checkout: string; persons?: number; currency?: string },
): Promise<HotelResponse> {
  const response = await server.post('/hotel.php', { apikey, id: hotelId, ...stay });
  if (response.status !== 200) throw new Error(`hotel.php ${hotelId}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as unknown as HotelResponse;
}

export interface FoundRate {
  serviceHash: string;
  hotelId: number;
  hotelName: string;
  room: HotelRoom;
  rate: HotelRate;
}

function pickRate(details: HotelResponse, choice: RateChoice): { room: HotelRoom; rate: HotelRate } | undefined {
  for (const room of details.rooms ?? []) {
    for (const rate of room.rates) {
      if (choice.refundable !== undefined && rate.refundable !== choice.refundable) continue;
      if (choice.meal !== undefined && rate.meal !== choice.meal) continue;
      return { room, rate };
    }
  }
  return undefined;
}

/**
 * A rate the way a client finds one: search near a place, then hotel details of the found hotels
 * (in the same currency), until a rate matching `choice` turns up (at most 15 hotels).
 */
export async function findRate(
  server: TestServer,
  apikey: string,
  stay: { checkin: string; checkout: string; persons?: number; currency?: string },
  choice: RateChoice = {},
  place: { latitude: number; longitude: number } = { latitude: 52.3676, longitude: 4.9041 },
): Promise<FoundRate> {
  const search = await server.post('/search.php', { apikey, ...place, radius: 10_000, ...stay });
  if (search.status !== 200) throw new Error(`search.php: ${search.status} ${JSON.stringify(search.body)}`);
  const hotels = (search.body as unknown as SearchResponse).hotels.filter((hotel) => hotel.id < 900_000);
  for (const hotel of hotels.slice(0, 15)) {
    const picked = pickRate(await hotelRates(server, apikey, hotel.id, stay), choice);
    if (picked) return { serviceHash: picked.rate.service_hash, hotelId: hotel.id, hotelName: hotel.name, ...picked };
  }
  throw new Error(`no rate matching ${JSON.stringify(choice)} found near ${JSON.stringify(place)}`);
}

/** A rate of a scenario hotel (hotel.php with dates), matching `choice`. */
export async function scenarioRate(
  server: TestServer,
  apikey: string,
  hotelId: number,
  stay: { checkin: string; checkout: string; persons?: number; currency?: string },
  choice: RateChoice = {},
): Promise<FoundRate> {
  const details = await hotelRates(server, apikey, hotelId, stay);
  const picked = pickRate(details, choice);
  if (!picked) throw new Error(`scenario hotel ${hotelId} has no rate matching ${JSON.stringify(choice)}`);
  return { serviceHash: picked.rate.service_hash, hotelId, hotelName: details.name, ...picked };
}

/** Starts a booking and returns its bookhash (throws unless 200). */
export async function startBooking(server: TestServer, apikey: string, serviceHash: string): Promise<string> {
  const response = await server.post('/booking.php', { apikey, service_hash: serviceHash });
  if (response.status !== 200) throw new Error(`booking.php: ${response.status} ${JSON.stringify(response.body)}`);
  return bookhashOf(String(response.body.booking_url));
}

/** Pays a booking through the control API (no browser), as the account that owns it. */
export async function controlPay(
  server: TestServer,
  bookhash: string,
  outcome: 'success' | 'payment_failed' | 'booking_failed' = 'success',
  clientRemarks?: string,
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const owner = (await server.store.findBooking(bookhash))?.accountId;
  const apikey = [KEY_ANNA, KEY_BEN, KEY_CHLOE][(owner ?? 1) - 1];
  return server.post('/_control/pay', { apikey, bookhash, outcome, ...(clientRemarks === undefined ? {} : { client_remarks: clientRemarks }) });
}

/** The bookhash at the end of a booking_url. */
export function bookhashOf(bookingUrl: string): string {
  const bookhash = new URL(bookingUrl).searchParams.get('bookhash');
  if (!bookhash) throw new Error(`no bookhash in ${bookingUrl}`);
  return bookhash;
}
