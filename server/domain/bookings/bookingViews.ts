/**
 * What a client sees of stored bookings: the overview of an account's bookings (spec 4.4) and one
 * booking's detail (spec 4.5), in the contract's BookingOverviewItem and BookingDetail shapes.
 * Internal fields of the record never leave here.
 */
import type { BookingDetail, BookingOverviewItem } from '../../contract.js';
import { textLanguageOf } from '../i18n/languages.js';
import { roomNameIn } from '../rates/roomText.js';
import type { BookingRecord } from './record.js';
import { isOverviewStatus, type OverviewStatus } from './stateMachine.js';

/**
 * The account's bookings (in the store's order) where a payment was attempted; newest first, ties
 * (one second) with the later-made first. Ids are random, so they cannot order.
 */
export function overviewItems(records: BookingRecord[]): BookingOverviewItem[] {
  return records
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

/** The public view of a booking; `paid` as of the reader's clock (settlement.ts: paidAt). */
export function bookingDetail(record: BookingRecord, paid: BookingRecord['paid']): BookingDetail {
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
    currency: record.currency as BookingDetail['currency'], // the offer's display currency, checked when the stay was prepared
    refundable: record.refundable,
    free_cancellation_before: record.freeCancellationBefore,
    status: record.status,
    paid,
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

/** The room name in the booking's language, as the rate was offered (and as its page and e-mails show it). */
export function bookedRoomName(record: BookingRecord): string {
  return roomNameIn(record.roomName, textLanguageOf(record.language));
}
