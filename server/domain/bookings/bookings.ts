/**
 * The bookings service: start, pay, list, retrieve and cancel bookings (spec 2.9–2.11, 3, 4.3–4.6
 * and the reference behaviour in openapi.yaml). No HTTP here: failures are ApiErrors, which
 * http/errorHandler.ts turns into responses. Every change is durable before a method resolves.
 */
import { checkFreeText } from '../freeText.js';
import type { Clock } from '../../clock.js';
import { bookingTimestamp } from '../../clock.js';
import type { Config } from '../../config.js';
import type { BookingDetail, BookingOverviewItem } from '../../contract.js';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../errors.js';
import type { IdempotencyCompletion, OutboxEmail, Store } from '../../store/store.js';
import type { Account } from '../accounts.js';
import type { Hotel } from '../hotel.js';
import { textLanguageOf } from '../i18n/languages.js';
import { instantMsOfLocal, localDateIn } from '../localTime.js';
import type { OfferRegistry } from '../offers.js';
import { parseServiceHash, quoteServiceHash } from '../rates/index.js';
import { roomNameIn } from '../rates/roomText.js';
import type { ScenarioName } from '../scenarios/catalogue.js';
import { bookingMark, hotelAtCancel, hotelUnder, paymentOutcomeUnder } from '../scenarios/effects.js';
import { validateStay } from '../stay.js';
import { hotelSummary } from '../world/details.js';
import type { World } from '../world/world.js';
import { cancellationEmail, confirmationEmail } from './email.js';
import { hotelPhone } from './hotelPhone.js';
import { keyInProgress, keyReused } from './idempotency.js';
import type { PaymentOutcome } from './payment.js';
import { increasePrices, type PriceSnapshot } from './priceChange.js';
import type { BookingRecord } from './record.js';
import { paidAt, refundSettlesAt } from './settlement.js';
import {
  INITIAL_STATUS, isOverviewStatus, nextStatus, type BookingEvent, type OverviewStatus,
} from './stateMachine.js';
import { newBookhash, newCsrfToken, newSupplierOrderId, tokensEqual } from './tokens.js';
import { vatOfBooking } from './vat.js';

/** Every method that reads time takes the clock of the booking's account. */
export interface BookingsOptions {
  store: Store;
  world: World;
  offers: OfferRegistry;
  config: Pick<Config, 'publicUrl' | 'supportEmail'> & Partial<Pick<Config, 'bookingsPerAccount'>>;
}

/** Terms of a booking whose service_hash this account was not offered within the last hour. */
export const DEFAULT_TERMS = { currency: 'EUR', residency: 'nl', language: 'en' } as const;

export const RATE_NO_LONGER_AVAILABLE = 'The rate is no longer available; search again';
export const BOOKING_NOT_FOUND = 'Booking not found';
export const OTHER_ACCOUNT = 'This booking belongs to another account';
export const ALREADY_CANCELLED = 'This reservation was already cancelled.';
export const SUPPLIER_CANCEL_FAILED =
  'The hotel supplier could not process the cancellation; the booking is still confirmed. Please try again later.';
/** Scenario 900009: the supplier refuses at booking start, before any record or payment exists. */
export const SOLD_OUT_AT_BOOKING = `${RATE_NO_LONGER_AVAILABLE} (the hotel supplier reports the room as sold out)`;
export const INVALID_FORM_TOKEN = 'The booking form is invalid or has expired; reload the booking page and try again.';
export const MAX_REMARKS_LENGTH = 1000;
/** A retry that finds its key's first request still running polls this often, at most this many times. */
const IN_PROGRESS_POLL_MS = 25;
const IN_PROGRESS_POLLS = 400;

export type StartResult = { status: 'ok'; booking_url: string };

const PAYMENT_EVENTS: Readonly<Record<PaymentOutcome, BookingEvent>> = {
  success: 'payment_succeeded',
  payment_failed: 'payment_declined',
  booking_failed: 'supplier_rejected',
};

type CancelDecision =
  | { kind: 'cancelled'; record: BookingRecord; settlesAt: Date }
  | { kind: 'not_confirmed'; status: BookingRecord['status'] }
  | { kind: 'non_refundable' }
  | { kind: 'deadline_passed'; deadline: string }
  | { kind: 'supplier_down' };

export class Bookings {
  private readonly store: Store;
  private readonly world: World;
  private readonly offers: OfferRegistry;
  private readonly config: BookingsOptions['config'];

  constructor(options: BookingsOptions) {
    this.store = options.store;
    this.world = options.world;
    this.offers = options.offers;
    this.config = options.config;
  }

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
    if (!idempotency) return this.startOnce(account, serviceHash, clock, scenario);
    const use = { accountId: account.id, ...idempotency };
    const atMs = clock.now().getTime();
    for (let poll = 0; poll <= IN_PROGRESS_POLLS; poll++) {
      const claim = await this.store.claimIdempotencyKey(use, atMs);
      if (claim.state !== 'claimed' && claim.fingerprint !== use.fingerprint) throw keyReused();
      if (claim.state === 'completed') return claim.response.body as StartResult;
      if (claim.state === 'claimed') {
        try {
          return await this.startOnce(account, serviceHash, clock, scenario, (body) => ({ ...use, atMs, response: { status: 200, body } }));
        } catch (error) {
          // Nothing was booked: the key is free for a corrected retry. (If the store is down, the
          // claim is abandoned and expires; the original error is what the client must see.)
          await this.store.releaseIdempotencyKey(use.accountId, use.key).catch(() => {});
          throw error;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, IN_PROGRESS_POLL_MS));
    }
    throw keyInProgress();
  }

  /** One booking start; `remember` gives the idempotency record stored with the booking. */
  private async startOnce(
    account: Account,
    serviceHash: string,
    clock: Clock,
    scenario: ScenarioName | undefined,
    remember?: (answer: StartResult) => IdempotencyCompletion,
  ): Promise<StartResult> {
    const invalid = (reason: string) => badRequest(`Invalid service_hash '${serviceHash}': ${reason}`);
    const parsed = parseServiceHash(serviceHash);
    if (!parsed.ok) throw invalid(parsed.reason);
    const reference = parsed.value;
    const hotel = hotelUnder(this.world.hotel(reference.hotelId), scenario);
    if (!hotel) throw invalid(`hotel ${reference.hotelId} does not exist`);
    const now = clock.now();
    try {
      // Check-in not in the past, on the hotel's local date.
      validateStay(reference.checkin, reference.checkout, localDateIn(now, hotel.timeZone));
    } catch (error) {
      throw error instanceof ApiError ? invalid(error.message) : error;
    }

    const terms = (await this.offers.termsFor(account.id, serviceHash, clock)) ?? DEFAULT_TERMS;
    const quote = quoteServiceHash(hotel, reference, terms, now);
    if (!quote.ok) {
      if (quote.reason === 'unknown_room') {
        throw invalid(`room code '${reference.roomCode}' is not a room of hotel ${hotel.id}`);
      }
      if (quote.reason === 'over_capacity') throw invalid(quote.message);
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
    const increase = scenarioEffect(hotel, 'price_increase_at_booking');
    const booked = increase ? increasePrices(quoted, increase.percent) : quoted;
    // Refused before a booking exists: booking_failed is only for a failure after payment (spec 3).
    if (scenarioEffect(hotel, 'sold_out_at_booking')) throw conflict(SOLD_OUT_AT_BOOKING);
    const bookhash = await this.unusedBookhash();
    const answer: StartResult = { status: 'ok', booking_url: this.bookingUrl(bookhash) };
    const mark = bookingMark(scenario);

    await this.store.insertBooking((id) => ({
      id,
      bookhash,
      accountId: account.id,
      hotelId: hotel.id,
      serviceHash,
      arrival: reference.checkin,
      departure: reference.checkout,
      nights: booked.pricePerNight.length,
      persons: reference.persons,
      guest: {
        first_name: account.first_name,
        last_name: account.last_name,
        email: account.email,
        phone: account.phone,
      },
      clientRemarks: null,
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
      status: INITIAL_STATUS,
      paid: 'no',
      supplierOrderId: null,
      hotelName: hotel.name,
      hotelAddress: hotel.address,
      hotelCity: hotel.city,
      hotelCountry: hotel.countryCode,
      hotelStars: hotel.starRating,
      hotelPhone: hotelPhone(hotel),
      hotelImage: this.hotelImage(hotel),
      createdAt: bookingTimestamp(now),
      csrfToken: newCsrfToken(),
      paymentAttemptedAt: null,
      cancelledAt: null,
      refundSettlesAt: null,
      supplierCancelFailedAt: null,
      language: terms.language,
      ...(mark ? { scenario: mark } : {}),
    }), remember?.(answer), this.config.bookingsPerAccount);
    return answer;
  }

  bookingUrl(bookhash: string): string {
    return `${this.config.publicUrl}/book/finalize?bookhash=${bookhash}`;
  }

  /** The booking with this bookhash, whatever its account (finalization page, control API). */
  find(bookhash: string): Promise<BookingRecord | undefined> {
    return this.store.findBooking(bookhash);
  }

  /**
   * Records a payment attempt of a `processing` booking (the finalization page's button, or
   * /_control/pay). With `csrfToken` (the page), the token must match the booking's; with `owner`
   * (the control API), the booking must be that account's (else 403, as retrieve). Anything but
   * a payable booking gives 409 and changes nothing. A success e-mails the guest the confirmation.
   */
  async pay(
    bookhash: string,
    outcome: PaymentOutcome,
    clock: Clock,
    options: { clientRemarks?: string | undefined; csrfToken?: string | undefined; owner?: Account } = {},
  ): Promise<BookingRecord> {
    const existing = options.owner ? await this.owned(options.owner, bookhash) : await this.store.findBooking(bookhash);
    if (!existing) throw notFound(BOOKING_NOT_FOUND);
    if (options.csrfToken !== undefined && !tokensEqual(options.csrfToken, existing.csrfToken)) {
      throw forbidden(INVALID_FORM_TOKEN);
    }
    checkFreeText('client_remarks', options.clientRemarks, true);
    const remarks = normaliseRemarks(options.clientRemarks);
    const now = clock.now();
    // A booking started with a payment scenario ends so, whatever the card.
    const effectiveOutcome = paymentOutcomeUnder(existing.scenario, outcome);
    const event = PAYMENT_EVENTS[effectiveOutcome];
    const refusal: { error?: ApiError } = {};
    const updated = await this.store.updateBooking(bookhash, (current) => {
      const status = nextStatus(current.status, event);
      if (status === undefined) {
        refusal.error = conflict(notPayableMessage(current));
        return undefined;
      }
      const booking: BookingRecord = {
        ...current,
        status,
        paid: effectiveOutcome === 'success' ? 'yes' : effectiveOutcome === 'booking_failed' ? 'refunded' : 'no',
        supplierOrderId: effectiveOutcome === 'success' ? newSupplierOrderId() : null,
        clientRemarks: remarks,
        paymentAttemptedAt: now.toISOString(),
      };
      if (effectiveOutcome !== 'success') return booking;
      // The confirmed status and the guest's confirmation e-mail become durable in one write.
      const email = confirmationEmail(booking, {
        sentAt: now,
        supportEmail: this.config.supportEmail,
        zone: this.timeZoneOf(booking),
        vat: vatOfBooking(booking, this.world.hotel(booking.hotelId)),
      });
      return { booking, emails: [email] };
    });
    if (refusal.error) throw refusal.error;
    if (!updated) throw notFound(BOOKING_NOT_FOUND);
    return updated;
  }

  /**
   * Bookings of the account where a payment was attempted (spec 4.4); newest first, ties (one
   * second) with the later-made first. Ids are random, so they cannot order.
   */
  async overview(account: Account): Promise<BookingOverviewItem[]> {
    return (await this.store.bookingsOfAccount(account.id))
      .reverse()
      .filter(
        (booking): booking is BookingRecord & { status: OverviewStatus } =>
          booking.paymentAttemptedAt !== null && isOverviewStatus(booking.status),
      )
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
      .map((booking) => ({
        booking_id: booking.id,
        bookhash: booking.bookhash,
        booked_at: booking.createdAt,
        arrival: booking.arrival,
        departure: booking.departure,
        guest_name: `${booking.guest.first_name} ${booking.guest.last_name}`,
        hotel_name: booking.hotelName,
        room_name: bookedRoomName(booking),
        status: booking.status,
      }));
  }

  /** One booking of the account: 404 when unknown, 403 when it belongs to another account. */
  async retrieve(account: Account, bookhash: string, clock: Clock): Promise<BookingDetail> {
    return this.detail(await this.owned(account, bookhash), clock);
  }

  /** The public view of a booking (BookingDetail), with the refund settled as of the account's clock. */
  detail(record: BookingRecord, clock: Clock): BookingDetail {
    return {
      id: record.id,
      arrival: record.arrival,
      departure: record.departure,
      persons: record.persons,
      first_name: record.guest.first_name,
      last_name: record.guest.last_name,
      email: record.guest.email,
      phone: record.guest.phone,
      client_remarks: record.clientRemarks,
      bookhash: record.bookhash,
      room_name: bookedRoomName(record),
      bedding: record.bedding,
      meal: record.meal,
      total_price: record.totalPrice,
      currency: record.currency,
      refundable: record.refundable,
      free_cancellation_before: record.freeCancellationBefore,
      status: record.status,
      paid: this.paidNow(record, clock),
      supplier_order_id: record.supplierOrderId,
      hotel_name: record.hotelName,
      hotel_address: record.hotelAddress,
      hotel_city: record.hotelCity,
      hotel_country: record.hotelCountry,
      hotel_stars: record.hotelStars,
      hotel_phone: record.hotelPhone,
      hotel_image: record.hotelImage,
      created_at: record.createdAt,
    };
  }

  /** The hotel's IANA zone, in which the booking's zone-less deadlines are meant (UTC if the hotel vanished). */
  timeZoneOf(record: BookingRecord): string {
    return this.world.hotel(record.hotelId)?.timeZone ?? 'UTC';
  }

  /** `paid` as of the clock: `yes` becomes `refunded` once a cancel's refund has settled. */
  paidNow(record: BookingRecord, clock: Clock): BookingRecord['paid'] {
    return paidAt(record.paid, record.refundSettlesAt, clock.now());
  }

  /**
   * Cancels a confirmed, refundable booking before its deadline. Checks in the documented order:
   * 404, ownership 403, status 409, refundable 403, deadline 403, supplier 502. The decision and
   * the status change happen in one atomic store update, so of simultaneous cancels exactly one wins.
   * `scenario` is the `Test` scenario sent with the cancel (supplier_unavailable: 502).
   */
  async cancel(
    account: Account,
    bookhash: string,
    clock: Clock,
    scenario?: ScenarioName,
  ): Promise<{ status: 'cancelled'; booking_id: number; bookhash: string }> {
    await this.owned(account, bookhash);
    const now = clock.now();
    const box: { decision?: CancelDecision } = {};
    await this.store.updateBooking(bookhash, (current) => {
      const decision = this.decideCancel(current, now, scenario);
      box.decision = decision;
      if (decision.kind === 'supplier_down') {
        // The supplier is down from the first failed attempt until it recovers.
        return current.supplierCancelFailedAt === null ? { ...current, supplierCancelFailedAt: now.toISOString() } : undefined;
      }
      if (decision.kind !== 'cancelled') return undefined;
      // The status change and the guest's e-mail become durable in one write.
      return { booking: decision.record, emails: [this.cancellationEmail(decision, now)] };
    });
    const decision = box.decision;
    if (!decision) throw notFound(BOOKING_NOT_FOUND);
    switch (decision.kind) {
      case 'cancelled':
        return { status: 'cancelled', booking_id: decision.record.id, bookhash: decision.record.bookhash };
      case 'not_confirmed':
        throw decision.status === 'booking_cancelled'
          ? conflict(ALREADY_CANCELLED, { status: 'already_cancelled' })
          : conflict(`Only confirmed bookings can be cancelled; this booking is ${decision.status}.`, {
              status: decision.status,
            });
      case 'non_refundable':
        throw forbidden(
          `This rate is non-refundable; online cancellation is unavailable. Please contact ${this.config.supportEmail}.`,
        );
      case 'deadline_passed':
        throw forbidden(
          `The free cancellation deadline (${decision.deadline}) has passed; online cancellation is no longer possible. ` +
            `Please contact ${this.config.supportEmail}.`,
        );
      case 'supplier_down':
        throw new ApiError(502, SUPPLIER_CANCEL_FAILED);
    }
  }

  private decideCancel(current: BookingRecord, now: Date, scenario: ScenarioName | undefined): CancelDecision {
    const cancelled = nextStatus(current.status, 'cancel');
    if (cancelled === undefined) return { kind: 'not_confirmed', status: current.status };
    if (!current.refundable || current.freeCancellationBefore === null) return { kind: 'non_refundable' };
    if (now.getTime() >= instantMsOfLocal(current.freeCancellationBefore, this.timeZoneOf(current))) {
      return { kind: 'deadline_passed', deadline: current.freeCancellationBefore };
    }
    const hotel = hotelAtCancel(this.world.hotel(current.hotelId), current.scenario, scenario);
    const failing = scenarioEffect(hotel, 'cancel_fails_at_supplier');
    if (failing) {
      const firstFailure = current.supplierCancelFailedAt === null ? now.getTime() : Date.parse(current.supplierCancelFailedAt);
      if (now.getTime() < firstFailure + failing.recoversAfterSeconds * 1000) return { kind: 'supplier_down' };
    }
    const settlesAt = refundSettlesAt(now);
    return {
      kind: 'cancelled',
      settlesAt,
      record: {
        ...current,
        status: cancelled,
        cancelledAt: now.toISOString(),
        refundSettlesAt: current.paid === 'yes' ? settlesAt.toISOString() : null,
      },
    };
  }

  private cancellationEmail(decision: { record: BookingRecord; settlesAt: Date }, now: Date): OutboxEmail {
    return cancellationEmail(decision.record, {
      sentAt: now,
      refundSettlesAt: decision.settlesAt,
      supportEmail: this.config.supportEmail,
    });
  }

  private async owned(account: Account, bookhash: string): Promise<BookingRecord> {
    const record = await this.store.findBooking(bookhash);
    if (!record) throw notFound(BOOKING_NOT_FOUND);
    if (record.accountId !== account.id) throw forbidden(OTHER_ACCOUNT);
    return record;
  }

  private async unusedBookhash(): Promise<string> {
    // 62^30 possibilities: a collision is practically impossible, but never reuse one.
    for (let attempt = 0; attempt < 10; attempt++) {
      const bookhash = newBookhash();
      if (!(await this.store.findBooking(bookhash))) return bookhash;
    }
    throw new Error('could not draw an unused bookhash');
  }

  private hotelImage(hotel: Hotel): string | null {
    const image = hotelSummary(hotel, 'en').image;
    return image ? `${this.config.publicUrl}${image}` : null;
  }
}

/** The parameters of a scenario effect of the hotel, if it has that effect. */
function scenarioEffect<K extends Hotel['scenario'][number]['kind']>(
  hotel: Hotel | undefined,
  kind: K,
): Extract<Hotel['scenario'][number], { kind: K }> | undefined {
  return hotel?.scenario.find((effect): effect is Extract<Hotel['scenario'][number], { kind: K }> => effect.kind === kind);
}

/** Trimmed remarks, at most MAX_REMARKS_LENGTH characters; empty → null. */
export function normaliseRemarks(remarks: string | undefined): string | null {
  const trimmed = (remarks ?? '').trim();
  if (trimmed === '') return null;
  return Array.from(trimmed).slice(0, MAX_REMARKS_LENGTH).join('');
}

/** The room name in the booking's language, as the rate was offered (and as its page and e-mails show it). */
export function bookedRoomName(record: BookingRecord): string {
  return roomNameIn(record.roomName, textLanguageOf(record.language));
}

/** Why a booking cannot be paid (the 409 text). */
export function notPayableMessage(record: BookingRecord): string {
  switch (record.status) {
    case 'booking_confirmed':
      return 'This booking is already paid and confirmed; it cannot be paid again.';
    case 'payment_failed':
      return 'The payment of this booking failed; it cannot be paid again. Please start a new booking.';
    case 'booking_failed':
      return 'This booking failed at the hotel supplier after payment and the payment was refunded; please start a new booking.';
    case 'booking_cancelled':
      return 'This booking was cancelled; it cannot be paid.';
    default:
      return `This booking is ${record.status} and cannot be paid.`;
  }
}
