/**
 * What the scripted clients share: one API call over fetch (JSON body, optional sandbox `Test`
 * header, the client's own time-out) and the guest's visit to the payment page. Only the public
 * API and the page are used; time is the environment's, so a test can run them on a fake clock.
 */
import type { components } from '../../../contract/generated/openapi.js';

export type Schemas = components['schemas'];

export interface ClientEnv {
  baseUrl: string;
  apikey: string;
  fetch: typeof fetch;
  /** Milliseconds on the clock the sandbox uses for this account. */
  now(): number;
  /** Lets `ms` pass on that clock (sleeping, or moving a test clock). */
  wait(ms: number): Promise<void>;
  /**
   * Sandbox time travel for the one step that needs days to pass (a cancellation deadline);
   * a partner's own test suite would call POST /_control/clock.
   */
  advanceClock(seconds: number): Promise<void>;
  /** Stay dates, in the future of the sandbox clock. */
  checkin: string;
  checkout: string;
  location: string;
  /**
   * The client's time-out, CLIENT_TIMEOUT_MS unless a test shortens it together with the server's
   * `slowScenarioDelayMs`, so a `slow` call still outlasts it without seconds of real waiting.
   */
  timeoutMs?: number;
}

/** The API description's time-out. */
export const CLIENT_TIMEOUT_MS = 5_000;

export interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response JSON off the wire; each client checks the fields it reads
  body: any;
}

export interface CallOptions {
  scenario?: string;
  /** Extra headers (the sloppy client's key-in-a-header habit). */
  headers?: Record<string, string>;
}

/** One POST; rejects with a TimeoutError when no answer came within the client's time-out. */
export async function call(env: ClientEnv, endpoint: string, body: Record<string, unknown>, options: CallOptions = {}): Promise<Answer> {
  const response = await env.fetch(`${env.baseUrl}${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(options.scenario ? { Test: options.scenario } : {}), ...options.headers },
    body: JSON.stringify({ apikey: env.apikey, ...body }),
    signal: AbortSignal.timeout(env.timeoutMs ?? CLIENT_TIMEOUT_MS),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

export const isTimeout = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/** The guest opens booking_url and pays with the default test card; returns the bookhash. */
export async function payOnPage(env: ClientEnv, bookingUrl: string): Promise<string> {
  const url = new URL(bookingUrl);
  const bookhash = url.searchParams.get('bookhash');
  if (!bookhash) throw new Error(`booking_url without a bookhash: ${bookingUrl}`);
  const page = await (await env.fetch(url)).text();
  const csrf = /name="csrf_token" value="([^"]*)"/.exec(page)?.[1];
  if (csrf === undefined) return bookhash; // nothing to pay (e.g. sold out at start)
  await env.fetch(new URL('finalize', url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ bookhash, csrf_token: csrf, card: '4242424242424242' }).toString(),
    redirect: 'manual',
  });
  return bookhash;
}

/** Every rate of a hotel-details answer, and its first refundable and first non-refundable one. */
export function pickRates(hotel: Schemas['HotelResponse']): {
  all: Schemas['HotelRate'][];
  refundable?: Schemas['HotelRate'];
  nonRefundable?: Schemas['HotelRate'];
} {
  const rates = (hotel.rooms ?? []).flatMap((room) => room.rates);
  return {
    all: rates,
    refundable: rates.find((r) => r.refundable && r.cancellation.free_cancellation_before !== null),
    nonRefundable: rates.find((r) => !r.refundable),
  };
}
