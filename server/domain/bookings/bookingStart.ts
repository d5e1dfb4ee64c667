/**
 * The start of a booking (spec 2.9, openapi.yaml booking.php), step by step: the checks of the
 * service_hash (its form, its hotel, the stay dates), the rate re-priced on the terms the account
 * was offered it (room and guests checked), the scenario hotels' price change or refusal at
 * booking, and the new record in status `processing`. An Idempotency-Key makes a retried start
 * return the first answer. No HTTP here: failures are ApiErrors.
 */
import { bookingTimestamp, instantOf, type Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import { ApiError, badRequest, conflict } from '../../errors.js';
import type { IdempotencyCompletion, Store } from '../ports/store.js';
import type { Account } from '../accounts.js';
import type { Hotel } from '../hotel.js';
import { localDateIn } from '../localTime.js';
import type { OfferRegistry, OfferTerms } from '../offers.js';
import { parseServiceHash, quoteServiceHash } from '../rates/index.js';
import type { QuoteResult } from '../rates/rates.js';
import type { ParsedServiceHash } from '../rates/serviceHash.js';
import type { ScenarioName } from '../scenarios/catalogue.js';
import { bookingMark, hotelUnder } from '../scenarios/effects.js';
import { validateStay } from '../stay.js';
import { hotelImagePath } from '../world/details.js';
import type { World } from '../world/world.js';
import { hotelPhone } from './hotelPhone.js';
import { keyInProgress, keyReused } from './idempotency.js';
import { increasePrices, type PriceSnapshot } from './priceChange.js';
import type { BookingRecord } from './record.js';
import { scenarioEffect } from './scenarioEffect.js';
import { INITIAL_STATUS } from './stateMachine.js';
import { newBookhash, newCsrfToken } from './tokens.js';

/** Terms of a booking whose service_hash this account was not offered within the last hour. */
export const DEFAULT_TERMS = { currency: 'EUR', residency: 'nl', language: 'en' } as const;

export const RATE_NO_LONGER_AVAILABLE = 'The rate is no longer available; search again';
/** Scenario 900009: the supplier refuses at booking start, before any record or payment exists. */
export const SOLD_OUT_AT_BOOKING = `${RATE_NO_LONGER_AVAILABLE} (the hotel supplier reports the room as sold out)`;
/** A retry that finds its key's first request still running polls this often, at most this many times. */
const IN_PROGRESS_POLL_MS = 25;
const IN_PROGRESS_POLLS = 400;

export type StartResult = { status: 'ok'; booking_url: string };

export interface BookingStartOptions {
  store: Store;
  world: World;
  offers: OfferRegistry;
  config: Pick<Config, 'publicUrl'> & Partial<Pick<Config, 'bookingsPerAccount'>>;
}

/** A service_hash that passed its checks: what it names, and its hotel as the scenario makes it behave. */
interface CheckedOffer {
  reference: ParsedServiceHash;
  hotel: Hotel;
}

/** The rate of the service_hash: as quoted (search, hotel details) and as booked (after a price change at booking). */
interface BookedRate {
  rate: Extract<QuoteResult, { ok: true }>['rate'];
  room: Extract<QuoteResult, { ok: true }>['room'];
  quoted: PriceSnapshot;
  booked: PriceSnapshot;
}

/** Everything the new record is made of. */
interface NewBooking {
  account: Account;
  serviceHash: string;
  offer: CheckedOffer;
  terms: OfferTerms;
  price: BookedRate;
  bookhash: string;
  now: Date;
  scenario: ScenarioName | undefined;
  publicUrl: string;
}

/** The finalization page of the booking. */
export function bookingUrl(publicUrl: string, bookhash: string): string {
  return `${publicUrl}/book/finalize?bookhash=${bookhash}`;
}

export class BookingStart {
  constructor(private readonly options: BookingStartOptions) {}

  /**
   * Starts a booking for a service_hash: validates it completely, snapshots the rate on the terms
   * of the account's latest offer, stores the booking (durably) in status `processing` and returns
   * the finalization URL. Scenario hotels, and the `Test` scenario, may change the price or refuse
   * the booking here; a scenario for a later step is stored on the booking.
   */
  async start(
    account: Account,
    serviceHash: string,
    clock: Clock,
    idempotency?: { key: string; fingerprint: string },
    scenario?: ScenarioName,
  ): Promise<StartResult> {
    if (!idempotency) return this.once(account, serviceHash, clock, scenario);
    const { store } = this.options;
    const use = { accountId: account.id, ...idempotency };
    const at = instantOf(clock);
    for (let poll = 0; poll <= IN_PROGRESS_POLLS; poll++) {
      const claim = await store.claimIdempotencyKey(use, at);
      if (claim.state !== 'claimed' && claim.fingerprint !== use.fingerprint) throw keyReused();
      if (claim.state === 'completed') return claim.response.body as StartResult;
      if (claim.state === 'claimed') {
        try {
          return await this.once(account, serviceHash, clock, scenario, (body) => ({ ...use, at, response: { status: 200, body } }));
        } catch (error) {
          // Nothing was booked: the key is free for a corrected retry. (If the store is down, the
          // claim is abandoned and expires; the original error is what the client must see.)
          await store.releaseIdempotencyKey(use.accountId, use.key).catch(() => {});
          throw error;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, IN_PROGRESS_POLL_MS));
    }
    throw keyInProgress();
  }

  /** One booking start; `remember` gives the idempotency record stored with the booking. */
  private async once(
    account: Account,
    serviceHash: string,
    clock: Clock,
    scenario: ScenarioName | undefined,
    remember?: (answer: StartResult) => IdempotencyCompletion,
  ): Promise<StartResult> {
    const { store, offers, config } = this.options;
    const offer = this.checkedOffer(serviceHash, scenario);
    const now = clock.now();
    checkStayDates(serviceHash, offer, now);
    const terms = (await offers.termsFor(account.id, serviceHash, clock)) ?? DEFAULT_TERMS;
    const price = priceAtBooking(offer.hotel, quotedRate(serviceHash, offer, terms, now));
    const bookhash = await this.unusedBookhash();
    const answer: StartResult = { status: 'ok', booking_url: bookingUrl(config.publicUrl, bookhash) };
    const booking: NewBooking = { account, serviceHash, offer, terms, price, bookhash, now, scenario, publicUrl: config.publicUrl };
    await store.insertBooking((id) => newBookingRecord(id, booking), remember?.(answer), config.bookingsPerAccount);
    return answer;
  }

  /** The parsed service_hash and its hotel, as the scenario makes it behave; 400 when it names none. */
  private checkedOffer(serviceHash: string, scenario: ScenarioName | undefined): CheckedOffer {
    const parsed = parseServiceHash(serviceHash);
    if (!parsed.ok) throw invalidServiceHash(serviceHash, parsed.reason);
    const reference = parsed.value;
    const hotel = hotelUnder(this.options.world.hotel(reference.hotelId), scenario);
    if (!hotel) throw invalidServiceHash(serviceHash, `hotel ${reference.hotelId} does not exist`);
    return { reference, hotel };
  }

  private async unusedBookhash(): Promise<string> {
    // 62^30 possibilities: a collision is practically impossible, but never reuse one.
    for (let attempt = 0; attempt < 10; attempt++) {
      const bookhash = newBookhash();
      if (!(await this.options.store.findBooking(bookhash))) return bookhash;
    }
    throw new Error('could not draw an unused bookhash');
  }
}

function invalidServiceHash(serviceHash: string, reason: string): ApiError {
  return badRequest(`Invalid service_hash '${serviceHash}': ${reason}`);
}

/** The stay dates must be valid, with the check-in not in the past on the hotel's local date (400). */
function checkStayDates(serviceHash: string, { reference, hotel }: CheckedOffer, now: Date): void {
  try {
    validateStay(reference.checkin, reference.checkout, localDateIn(now, hotel.timeZone));
  } catch (error) {
    throw error instanceof ApiError ? invalidServiceHash(serviceHash, error.message) : error;
  }
}

/**
 * The rate re-priced on the account's terms, as the search or hotel details offered it: 400 for a
 * room the hotel does not have or more guests than the room takes, 409 when it is no longer sold.
 */
function quotedRate(serviceHash: string, { reference, hotel }: CheckedOffer, terms: OfferTerms, now: Date): Omit<BookedRate, 'booked'> {
  const quote = quoteServiceHash(hotel, reference, terms, now);
  if (!quote.ok) {
    if (quote.reason === 'unknown_room') {
      throw invalidServiceHash(serviceHash, `room code '${reference.roomCode}' is not a room of hotel ${hotel.id}`);
    }
    if (quote.reason === 'over_capacity') throw invalidServiceHash(serviceHash, quote.message);
    throw conflict(RATE_NO_LONGER_AVAILABLE);
  }
  const { rate, room } = quote;
  const quoted: PriceSnapshot = {
    currency: rate.pricing.currency,
    totalPrice: rate.pricing.total_price,
    pricePerNight: rate.pricing.price_per_night,
    chargeAmount: rate.pricing.charge_amount ?? rate.pricing.total_price,
    chargeCurrency: rate.pricing.charge_currency ?? rate.pricing.currency,
    policies: rate.cancellation.policies,
  };
  return { rate, room, quoted };
}

/** The price the booking is made at: a scenario hotel may raise it, or refuse the booking (409). */
function priceAtBooking(hotel: Hotel, quote: Omit<BookedRate, 'booked'>): BookedRate {
  const increase = scenarioEffect(hotel, 'price_increase_at_booking');
  const booked = increase ? increasePrices(quote.quoted, increase.percent) : quote.quoted;
  // Refused before a booking exists: booking_failed is only for a failure after payment (spec 3).
  if (scenarioEffect(hotel, 'sold_out_at_booking')) throw conflict(SOLD_OUT_AT_BOOKING);
  return { ...quote, booked };
}

/** The new record in status `processing`: the guest, the rate as booked and the hotel, as of now. */
function newBookingRecord(id: number, start: NewBooking): BookingRecord {
  const { account, offer: { reference, hotel }, price } = start;
  const mark = bookingMark(start.scenario);
  return {
    id,
    bookhash: start.bookhash,
    accountId: account.id,
    hotelId: hotel.id,
    serviceHash: start.serviceHash,
    arrival: reference.checkin,
    departure: reference.checkout,
    nights: price.booked.pricePerNight.length,
    persons: reference.persons,
    guest: {
      first_name: account.first_name,
      last_name: account.last_name,
      email: account.email,
      phone: account.phone,
    },
    clientRemarks: null,
    ...bookedRoomAndRate(price),
    status: INITIAL_STATUS,
    paid: 'no',
    supplierOrderId: null,
    ...bookedHotel(hotel, start.publicUrl),
    createdAt: bookingTimestamp(start.now),
    csrfToken: newCsrfToken(),
    paymentAttemptedAt: null,
    cancelledAt: null,
    refundSettlesAt: null,
    supplierCancelFailedAt: null,
    language: start.terms.language,
    ...(mark ? { scenario: mark } : {}),
  };
}

/** The record's snapshot of the room and the rate, so a later price or availability change never alters it. */
function bookedRoomAndRate({ rate, room, quoted, booked }: BookedRate) {
  return {
    roomName: room.roomName,
    roomType: room.roomType,
    bedding: room.bedding,
    meal: rate.meal,
    totalPrice: booked.totalPrice,
    currency: booked.currency,
    pricePerNight: booked.pricePerNight,
    quotedTotalPrice: quoted.totalPrice,
    chargeAmount: booked.chargeAmount,
    chargeCurrency: booked.chargeCurrency,
    taxes: rate.pricing.taxes ?? [],
    refundable: rate.refundable,
    freeCancellationBefore: rate.cancellation.free_cancellation_before,
    policies: booked.policies,
  } satisfies Partial<BookingRecord>;
}

/** The record's snapshot of the hotel (its page and e-mails show it as booked). */
function bookedHotel(hotel: Hotel, publicUrl: string) {
  const image = hotelImagePath(hotel);
  return {
    hotelName: hotel.name,
    hotelAddress: hotel.address,
    hotelCity: hotel.city,
    hotelCountry: hotel.countryCode,
    hotelStars: hotel.starRating,
    hotelPhone: hotelPhone(hotel),
    hotelImage: image ? `${publicUrl}${image}` : null,
  } satisfies Partial<BookingRecord>;
}
