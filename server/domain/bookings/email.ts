/** The cancellation confirmation e-mail to the guest (spec section 6: the only outgoing notification). */
import { isoDate } from '../../clock.js';
import type { OutboxEmail } from '../../store/store.js';
import type { BookingRecord } from './record.js';

export function cancellationEmail(
  booking: BookingRecord,
  options: { sentAt: Date; refundSettlesAt: Date; supportEmail: string },
): OutboxEmail {
  const guestName = `${booking.guest.first_name} ${booking.guest.last_name}`;
  const nights = `${booking.nights} night${booking.nights === 1 ? '' : 's'}`;
  const refundDate = isoDate(options.refundSettlesAt);
  const text = [
    `Dear ${guestName},`,
    '',
    `Your booking at ${booking.hotelName} has been cancelled. The hotel supplier has been informed.`,
    '',
    `Booking id:        ${booking.id}`,
    `Booking reference: ${booking.bookhash}`,
    `Hotel:             ${booking.hotelName}, ${booking.hotelAddress}, ${booking.hotelCity}, ${booking.hotelCountry}`,
    `Room:              ${booking.roomName} (${booking.bedding})`,
    `Arrival:           ${booking.arrival}`,
    `Departure:         ${booking.departure} (${nights})`,
    `Guests:            ${booking.persons}`,
    `Total price:       ${booking.totalPrice} ${booking.currency}`,
    '',
    `Refund: the full amount of ${booking.totalPrice} ${booking.currency} will be refunded to the card you paid with. ` +
      `Settlement is handled within two working days (expected by ${refundDate}).`,
    '',
    `Questions? Contact ${options.supportEmail} and mention booking reference ${booking.bookhash}.`,
  ].join('\n');
  return {
    to: booking.guest.email,
    subject: `Your booking at ${booking.hotelName} is cancelled`,
    text,
    bookhash: booking.bookhash,
    sent_at: options.sentAt.toISOString(),
  };
}
