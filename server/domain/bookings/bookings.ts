/**
 * The bookings service: start, pay, list, retrieve and cancel bookings (spec 2.9–2.11, 3, 4.3–4.6
 * and the reference behaviour in openapi.yaml). No HTTP here: failures are ApiErrors, which
 * http/errorHandler.ts turns into responses. Every change is durable before a method resolves.
 *
 * The steps live beside it: bookingStart.ts (the checks and the new record), paymentAttempt.ts,
 * cancellation.ts, and bookingViews.ts (what a client sees of a booking).
 */
import { checkFreeText } from '../freeText.js';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { BookingDetail, BookingOverviewItem } from '../../contract.js';
import { ApiError, conflict, forbidden, notFound } from '../../errors.js';
import type { Store } from '../ports/store.js';
import type { Account } from '../accounts.js';
import type { OfferRegistry } from '../offers.js';
import type { ScenarioName } from '../scenarios/catalogue.js';
import { hotelAtCancel, paymentOutcomeUnder } from '../scenarios/effects.js';
import type { World } from '../world/world.js';
import { BookingStart, bookingUrl, type StartResult } from './bookingStart.js';
import { bookingDetail, overviewItems } from './bookingViews.js';
import { cancelRefusal, decideCancel, type CancelDecision } from './cancellation.js';
import { cancellationEmail, confirmationEmail } from './email.js';
import type { PaymentOutcome } from './payment.js';
import { afterPayment, INVALID_FORM_TOKEN, normaliseRemarks, notPayableMessage } from './paymentAttempt.js';
import type { BookingRecord } from './record.js';
import { paidAt } from './settlement.js';
import { tokensEqual } from './tokens.js';
import { vatOfBooking } from './vat.js';

export { DEFAULT_TERMS, RATE_NO_LONGER_AVAILABLE, SOLD_OUT_AT_BOOKING, type StartResult } from './bookingStart.js';
export { bookedRoomName } from './bookingViews.js';
export { ALREADY_CANCELLED, SUPPLIER_CANCEL_FAILED } from './cancellation.js';
export { INVALID_FORM_TOKEN, MAX_REMARKS_LENGTH, normaliseRemarks, notPayableMessage } from './paymentAttempt.js';

/** Every method that reads time takes the clock of the booking's account. */
export interface BookingsOptions {
  store: Store;
  world: World;
  offers: OfferRegistry;
  config: Pick<Config, 'publicUrl' | 'supportEmail'> & Partial<Pick<Config, 'bookingsPerAccount'>>;
}

export const BOOKING_NOT_FOUND = 'Booking not found';
export const OTHER_ACCOUNT = 'This booking belongs to another account';

export class Bookings {
  private readonly store: Store;
  private readonly world: World;
  private readonly config: BookingsOptions['config'];
  private readonly starts: BookingStart;

  constructor(options: BookingsOptions) {
    this.store = options.store;
    this.world = options.world;
    this.config = options.config;
    this.starts = new BookingStart(options);
  }

  /**
   * Starts a booking for a service_hash (bookingStart.ts): validates it completely, snapshots the
   * rate on the terms of the account's latest offer, stores the booking (durably) in status
   * `processing` and returns the finalization URL. With an Idempotency-Key, a retry gets the first answer.
   */
  start(
    account: Account,
    serviceHash: string,
    clock: Clock,
    idempotency?: { key: string; fingerprint: string },
    scenario?: ScenarioName,
  ): Promise<StartResult> {
    return this.starts.start(account, serviceHash, clock, idempotency, scenario);
  }

  bookingUrl(bookhash: string): string {
    return bookingUrl(this.config.publicUrl, bookhash);
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
    const refusal: { error?: ApiError } = {};
    const updated = await this.store.updateBooking(bookhash, (current) => {
      const booking = afterPayment(current, effectiveOutcome, remarks, now);
      if (booking === undefined) {
        refusal.error = conflict(notPayableMessage(current));
        return undefined;
      }
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
   * second) with the later-made first.
   */
  async overview(account: Account): Promise<BookingOverviewItem[]> {
    return overviewItems(await this.store.bookingsOfAccount(account.id));
  }

  /** One booking of the account: 404 when unknown, 403 when it belongs to another account. */
  async retrieve(account: Account, bookhash: string, clock: Clock): Promise<BookingDetail> {
    return this.detail(await this.owned(account, bookhash), clock);
  }

  /** The public view of a booking (BookingDetail), with the refund settled as of the account's clock. */
  detail(record: BookingRecord, clock: Clock): BookingDetail {
    return bookingDetail(record, this.paidNow(record, clock));
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
   * 404, ownership 403, status 409, refundable 403, deadline 403, supplier 502 (cancellation.ts).
   * The decision and the status change happen in one atomic store update, so of simultaneous
   * cancels exactly one wins. `scenario` is the `Test` scenario sent with the cancel
   * (supplier_unavailable: 502).
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
      const hotel = hotelAtCancel(this.world.hotel(current.hotelId), current.scenario, scenario);
      const decision = decideCancel(current, now, { zone: this.timeZoneOf(current), hotel });
      box.decision = decision;
      if (decision.kind === 'supplier_down') {
        // The supplier is down from the first failed attempt until it recovers.
        return current.supplierCancelFailedAt === null ? { ...current, supplierCancelFailedAt: now.toISOString() } : undefined;
      }
      if (decision.kind !== 'cancelled') return undefined;
      // The status change and the guest's e-mail become durable in one write.
      const email = cancellationEmail(decision.record, {
        sentAt: now,
        refundSettlesAt: decision.settlesAt,
        supportEmail: this.config.supportEmail,
      });
      return { booking: decision.record, emails: [email] };
    });
    const decision = box.decision;
    if (!decision) throw notFound(BOOKING_NOT_FOUND);
    if (decision.kind !== 'cancelled') throw cancelRefusal(decision, this.config.supportEmail);
    return { status: 'cancelled', booking_id: decision.record.id, bookhash: decision.record.bookhash };
  }

  private async owned(account: Account, bookhash: string): Promise<BookingRecord> {
    const record = await this.store.findBooking(bookhash);
    if (!record) throw notFound(BOOKING_NOT_FOUND);
    if (record.accountId !== account.id) throw forbidden(OTHER_ACCOUNT);
    return record;
  }
}
