/**
 * The cancellation confirmation e-mail to the guest (spec section 6: the only outgoing
 * notification), in the language of the booking.
 */
import { isoDate } from '../../clock.js';
import type { OutboxEmail } from '../../store/store.js';
import { textLanguageOf } from '../i18n/languages.js';
import { messagesFor } from '../i18n/messages.js';
import { beddingIn, roomNameIn } from '../rates/roomText.js';
import type { BookingRecord } from './record.js';

/** "Label:" padded so the values line up in a plain-text mail. */
function labelled(rows: ReadonlyArray<readonly [string, string]>): string[] {
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  return rows.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`);
}

export function cancellationEmail(
  booking: BookingRecord,
  options: { sentAt: Date; refundSettlesAt: Date; supportEmail: string },
): OutboxEmail {
  const language = textLanguageOf(booking.language);
  const m = messagesFor(language);
  const guestName = `${booking.guest.first_name} ${booking.guest.last_name}`;
  const total = `${booking.totalPrice} ${booking.currency}`;
  const text = [
    m.t('email.greeting', { name: guestName }),
    '',
    m.t('email.cancelled', { hotel: booking.hotelName }),
    '',
    ...labelled([
      [m.t('email.bookingId'), String(booking.id)],
      [m.t('email.reference'), booking.bookhash],
      [m.t('email.hotel'), `${booking.hotelName}, ${booking.hotelAddress}, ${booking.hotelCity}, ${booking.hotelCountry}`],
      [m.t('email.room'), `${roomNameIn(booking.roomName, language)} (${beddingIn(booking.bedding, language)})`],
      [m.t('email.arrival'), booking.arrival],
      [m.t('email.departure'), `${booking.departure} (${m.plural('nights', booking.nights)})`],
      [m.t('email.guests'), String(booking.persons)],
      [m.t('email.totalPrice'), total],
    ]),
    '',
    m.t('email.refund', { amount: total, date: isoDate(options.refundSettlesAt) }),
    '',
    m.t('email.questions', { support: options.supportEmail, bookhash: booking.bookhash }),
  ].join('\n');
  return {
    to: booking.guest.email,
    subject: m.t('email.subject', { hotel: booking.hotelName }),
    text,
    bookhash: booking.bookhash,
    sent_at: options.sentAt.toISOString(),
  };
}
