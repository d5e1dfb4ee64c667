/**
 * Our client of the Hotel Booking API: one method per endpoint, typed from the provider's contract
 * (the types hotel-sandbox publishes as `hotel-sandbox/contract`, generated from its openapi.yaml).
 * Every non-2xx answer becomes a HotelApiError carrying the status, the API's error text and, on 429,
 * the Retry-After seconds, so callers decide whether to retry, search again or tell the guest.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from 'hotel-sandbox/contract';

type Schemas = components['schemas'];
export type SearchQuery = Omit<Schemas['SearchRequest'], 'apikey'>;
export type HotelQuery = Omit<Schemas['HotelRequest'], 'apikey'>;
export type SearchResponse = Schemas['SearchResponse'];
export type HotelResponse = Schemas['HotelResponse'];
export type HotelRate = Schemas['HotelRate'];

/** The sandbox's `Test` header (a production server ignores it). */
export type Scenario = NonNullable<paths['/booking.php']['post']['parameters']['header']>['Test'];

export class HotelApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Seconds to wait, from Retry-After (429 only). */
    readonly retryAfterSeconds?: number,
    /** The cancel 409's `status`, e.g. already_cancelled. */
    readonly errorStatus?: string,
  ) {
    super(`${status}: ${message}`);
  }
}

export interface HotelClientOptions {
  baseUrl: string;
  apikey: string;
  /** The API's 5-second time-out. */
  timeoutMs?: number;
}

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

function unwrap<T>({ data, error, response }: Answer<T>): T {
  if (data !== undefined && response.ok) return data;
  const body = (error ?? {}) as { error?: string; status?: string };
  const retryAfter = response.headers.get('retry-after');
  throw new HotelApiError(
    response.status,
    body.error ?? response.statusText,
    retryAfter === null ? undefined : Number(retryAfter),
    body.status,
  );
}

export function createHotelClient({ baseUrl, apikey, timeoutMs = 5000 }: HotelClientOptions) {
  const http = createClient<paths>({ baseUrl });
  // Only booking start takes a scenario here: each operation declares its own Test values.
  const options = () => ({ signal: AbortSignal.timeout(timeoutMs) });

  return {
    async search(query: SearchQuery): Promise<SearchResponse> {
      return unwrap(await http.POST('/search.php', { body: { apikey, ...query }, ...options() }));
    },
    async hotel(query: HotelQuery): Promise<HotelResponse> {
      return unwrap(await http.POST('/hotel.php', { body: { apikey, ...query }, ...options() }));
    },
    /** Starts a booking; the guest finishes it on `bookingUrl`. */
    async startBooking(serviceHash: string, scenario?: Scenario): Promise<{ bookingUrl: string; bookhash: string }> {
      const { booking_url } = unwrap(await http.POST('/booking.php', {
        body: { apikey, service_hash: serviceHash },
        ...options(),
        ...(scenario === undefined ? {} : { params: { header: { Test: scenario } } }),
      }));
      const bookhash = new URL(booking_url).searchParams.get('bookhash');
      if (bookhash === null) throw new Error(`booking_url without a bookhash: ${booking_url}`);
      return { bookingUrl: booking_url, bookhash };
    },
    async overview() {
      return unwrap(await http.POST('/booking_overview.php', { body: { apikey }, ...options() }));
    },
    async retrieve(bookhash: string) {
      return unwrap(await http.POST('/retrieve_booking.php', { body: { apikey, bookhash }, ...options() })).booking;
    },
    async cancel(bookhash: string) {
      return unwrap(await http.POST('/book/cancel.php', { body: { apikey, bookhash }, ...options() }));
    },
  };
}

export type HotelClient = ReturnType<typeof createHotelClient>;

/** The first refundable rate of a hotel-details answer: the one a guest can cancel for free. */
export function firstRefundableRate(hotel: HotelResponse): HotelRate | undefined {
  return (hotel.rooms ?? []).flatMap((room) => room.rates).find((rate) => rate.refundable && rate.cancellation.free_cancellation_before !== null);
}
