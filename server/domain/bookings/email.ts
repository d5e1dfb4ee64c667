/**
 * The e-mails to the guest, in the language of the booking: the booking confirmation after a
 * successful payment, and the cancellation confirmation (spec section 6). Dates are written out
 * in that language; deadlines name the hotel's zone.
 */
import { isoDate } from '../../clock.js';
import type { Schemas } from '../../contract.js';
import type { OutboxEmail } from '../ports/store.js';
import { formatDate, formatWallTime } from '../i18n/dates.js';
import { textLanguageOf, type Language } from '../i18n/languages.js';
import { messagesFor, type Messages } from '../i18n/messages.js';
import { beddingIn, roomNameIn } from '../rates/roomText.js';
import type { BookingRecord } from './record.js';

type Row = readonly [string, string];

/** "Label:" padded so the values line up in a plain-text mail. */
function labelled(rows: readonly Row[]): string[] {
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  return rows.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`);
}

const totalOf = (booking: BookingRecord) => `${booking.totalPrice} ${booking.currency}`;
const guestNameOf = (booking: BookingRecord) => `${booking.guest.first_name} ${booking.guest.last_name}`;

/** The booking's summary rows; `extra` rows follow the reference. */
function summaryRows(booking: BookingRecord, m: Messages, language: Language, extra: readonly Row[] = []): Row[] {
  return [
    [m.t('email.bookingId'), String(booking.id)],
    [m.t('email.reference'), booking.bookhash],
    ...extra,
    [m.t('email.hotel'), `${booking.hotelName}, ${booking.hotelAddress}, ${booking.hotelCity}, ${booking.hotelCountry}`],
    [m.t('email.room'), `${roomNameIn(booking.roomName, language)} (${beddingIn(booking.bedding, language)})`],
    [m.t('email.arrival'), formatDate(booking.arrival, language)],
    [m.t('email.departure'), `${formatDate(booking.departure, language)} (${m.plural('nights', booking.nights)})`],
    [m.t('email.guests'), String(booking.persons)],
    [m.t('email.totalPrice'), totalOf(booking)],
  ];
}

function email(booking: BookingRecord, subject: string, paragraphs: ReadonlyArray<string | string[]>, sentAt: Date): OutboxEmail {
  return {
    to: booking.guest.email,
    subject,
    text: paragraphs.map((paragraph) => (typeof paragraph === 'string' ? paragraph : paragraph.join('\n'))).join('\n\n'),
    bookhash: booking.bookhash,
    sent_at: sentAt.toISOString(),
  };
}

/**
 * The booking confirmation, sent in the same durable write as the successful payment. `zone` is
 * the hotel's IANA zone (of the deadline); `vat` the VAT payable on top, if any.
 */
export function confirmationEmail(
  booking: BookingRecord,
  options: { sentAt: Date; supportEmail: string; zone: string; vat: Schemas['Vat'] | undefined },
): OutboxEmail {
  const language = textLanguageOf(booking.language);
  const m = messagesFor(language);
  const onTop = [
    ...booking.taxes.map((tax) => `${tax.name === 'city_tax' ? m.t('page.cityTax') : tax.name.replace(/_/g, ' ')} ${tax.amount} ${tax.currency}`),
    ...(options.vat ? [`${m.t('page.vat')} ${options.vat.amount} ${options.vat.currency}`] : []),
  ];
  const cancellation = booking.refundable && booking.freeCancellationBefore
    ? m.t('page.freeCancellation', { deadline: formatWallTime(booking.freeCancellationBefore, language), zone: options.zone })
    : `${m.t('page.nonRefundable')}${m.t('page.nonRefundableText')}`;
  return email(booking, m.t('email.confirmedSubject', { hotel: booking.hotelName }), [
    m.t('email.greeting', { name: guestNameOf(booking) }),
    m.t('email.confirmed', { amount: totalOf(booking), hotel: booking.hotelName }),
    labelled([
      ...summaryRows(booking, m, language, booking.supplierOrderId ? [[m.t('email.supplierOrder'), booking.supplierOrderId]] : []),
      ...(booking.clientRemarks ? [[m.t('page.yourRemarks'), booking.clientRemarks] as const] : []),
    ]),
    ...(onTop.length > 0 ? [m.t('email.notIncluded', { taxes: m.list(onTop) })] : []),
    cancellation,
    m.t('email.questions', { support: options.supportEmail, bookhash: booking.bookhash }),
  ], options.sentAt);
}

export function cancellationEmail(
  booking: BookingRecord,
  options: { sentAt: Date; refundSettlesAt: Date; supportEmail: string },
): OutboxEmail {
  const language = textLanguageOf(booking.language);
  const m = messagesFor(language);
  return email(booking, m.t('email.subject', { hotel: booking.hotelName }), [
    m.t('email.greeting', { name: guestNameOf(booking) }),
    m.t('email.cancelled', { hotel: booking.hotelName }),
    labelled(summaryRows(booking, m, language)),
    m.t('email.refund', { amount: totalOf(booking), date: formatDate(isoDate(options.refundSettlesAt), language) }),
    m.t('email.questions', { support: options.supportEmail, bookhash: booking.bookhash }),
  ], options.sentAt);
}
