import type { BookingStatus, Meal, Schemas } from '../../contract.js';
import type { ScenarioName } from '../scenarios/catalogue.js';

/**
 * A booking as stored. It holds a snapshot of the rate at booking time, so later
 * price or availability changes never alter it. Public fields are mapped to the
 * contract's BookingDetail/BookingOverviewItem by the bookings module; fields
 * marked internal never leave the server.
 */
export interface BookingRecord {
  id: number;
  /** 30 characters from a cryptographic random source. */
  bookhash: string;
  /** Internal. */
  accountId: number;
  /** Internal. */
  hotelId: number;
  /** Internal: the rate reference the booking was started with. */
  serviceHash: string;
  arrival: string;
  departure: string;
  nights: number;
  persons: number;
  guest: { first_name: string; last_name: string; email: string; phone: string };
  clientRemarks: string | null;
  roomName: string;
  /** e.g. "Superior Room" (shown on the finalization page). */
  roomType: string;
  bedding: string;
  meal: Meal;
  /** The price the guest pays (after any change at booking), display currency. */
  totalPrice: string;
  currency: string;
  /** One amount per night, display currency; sums to totalPrice. */
  pricePerNight: string[];
  /** The price quoted by the search or details response, before any change at booking. */
  quotedTotalPrice: string;
  /** Internal: amount the supplier charges (EUR). */
  chargeAmount: string;
  chargeCurrency: string;
  taxes: Schemas['Tax'][];
  refundable: boolean;
  freeCancellationBefore: string | null;
  policies: Schemas['PenaltyPolicy'][];
  status: BookingStatus;
  paid: 'no' | 'yes' | 'refunded';
  supplierOrderId: string | null;
  hotelName: string;
  hotelAddress: string;
  hotelCity: string;
  hotelCountry: string;
  hotelStars: number;
  hotelPhone: string | null;
  hotelImage: string | null;
  /** `YYYY-MM-DD HH:MM:SS`, server clock. */
  createdAt: string;
  /** Internal: CSRF token of the finalization form. */
  csrfToken: string;
  /** Internal: ISO instant of the payment attempt, if any. */
  paymentAttemptedAt: string | null;
  /** Internal: ISO instant of the successful cancel, if any. */
  cancelledAt: string | null;
  /** Internal: ISO instant when a cancel settles the refund (paid → refunded). */
  refundSettlesAt: string | null;
  /** Internal: ISO instant of the first cancel the supplier refused (scenario hotel). */
  supplierCancelFailedAt: string | null;
  /**
   * Internal: the language code of the response that offered the rate, as given (e.g. "de-de");
   * the finalization page and the e-mails speak it. Absent on bookings stored before it existed (= en).
   */
  language?: string;
  /**
   * Internal: the `Test` scenario booking start was sent with, when it acts on a later step
   * (payment_declined, supplier_rejects, supplier_unavailable; price_changed for the record).
   */
  scenario?: ScenarioName;
}
