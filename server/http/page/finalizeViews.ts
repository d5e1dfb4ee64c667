/**
 * The views of the finalization page (GET/POST /book/finalize): the review-and-pay form of a
 * `processing` booking, the outcome of a payment attempt, and message pages. Every value goes
 * through the escaping `html` tag.
 */
import type { BookingRecord } from '../../domain/bookings/record.js';
import { DEFAULT_TEST_CARD, TEST_CARDS } from '../../domain/bookings/payment.js';
import { MAX_REMARKS_LENGTH } from '../../domain/bookings/bookings.js';
import { html, type SafeHtml } from './html.js';
import { document } from './layout.js';

const MEAL_TEXT: Readonly<Record<BookingRecord['meal'], string>> = {
  nomeal: 'Room only (no meals)',
  breakfast: 'Breakfast included',
};

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function dateText(date: string): string {
  const weekday = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? '';
  return `${weekday} ${date}`;
}

const money = (amount: string, currency: string) => `${amount} ${currency}`;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function hotelSection(booking: BookingRecord): SafeHtml {
  const stars = booking.hotelStars > 0 ? ` ${'★'.repeat(booking.hotelStars)}` : '';
  return html`<section class="hotel" aria-label="Hotel">
  ${booking.hotelImage ? html`<img src="${booking.hotelImage}" alt="${booking.hotelName}" width="192" height="144">` : ''}
  <div>
    <h2 id="hotel-name">${booking.hotelName}<span aria-label="${booking.hotelStars} stars">${stars}</span></h2>
    <div>${booking.hotelAddress}, ${booking.hotelCity}, ${booking.hotelCountry}</div>
    ${booking.hotelPhone ? html`<div class="muted">Phone ${booking.hotelPhone}</div>` : ''}
  </div>
</section>`;
}

function staySection(booking: BookingRecord): SafeHtml {
  return html`<section aria-label="Your stay">
  <h2>Your stay</h2>
  <dl>
    <dt>Room</dt><dd id="room-name">${booking.roomName}</dd>
    <dt>Room type</dt><dd id="room-type">${booking.roomType}</dd>
    <dt>Bedding</dt><dd id="bedding">${booking.bedding}</dd>
    <dt>Guests</dt><dd id="persons">${plural(booking.persons, 'person')}</dd>
    <dt>Arrival</dt><dd id="arrival">${dateText(booking.arrival)}</dd>
    <dt>Departure</dt><dd id="departure">${dateText(booking.departure)}</dd>
    <dt>Nights</dt><dd id="nights">${plural(booking.nights, 'night')}</dd>
    <dt>Meal plan</dt><dd id="meal">${MEAL_TEXT[booking.meal]} <small>(${booking.meal})</small></dd>
  </dl>
</section>`;
}

function priceSection(booking: BookingRecord): SafeHtml {
  const changed = booking.quotedTotalPrice !== booking.totalPrice;
  const cityTaxes = booking.taxes.filter((tax) => tax.name === 'city_tax');
  const otherTaxes = booking.taxes.filter((tax) => tax.name !== 'city_tax');
  return html`<section aria-label="Price">
  <h2>Price</h2>
  ${
    changed
      ? html`<p class="notice" id="price-change">The hotel supplier changed the price when the booking started:
    the price changed from <s>${money(booking.quotedTotalPrice, booking.currency)}</s> to
    <strong>${money(booking.totalPrice, booking.currency)}</strong>. Please review it before you pay.</p>`
      : ''
  }
  <dl>
    <dt>Total price</dt><dd class="total" id="total-price">${money(booking.totalPrice, booking.currency)}</dd>
    <dt>Per night</dt><dd>${booking.pricePerNight.map((amount, index) => html`${index > 0 ? ', ' : ''}${amount}`)} ${booking.currency}</dd>
    ${cityTaxes.map(
      (tax) => html`<dt>City tax</dt><dd id="city-tax">${money(tax.amount, tax.currency)} <small>(not included; payable at the hotel)</small></dd>`,
    )}
    ${otherTaxes.map(
      (tax) => html`<dt>${tax.name.replace(/_/g, ' ')}</dt><dd>${money(tax.amount, tax.currency)} <small>(not included)</small></dd>`,
    )}
  </dl>
</section>`;
}

/** The deadlines are the hotel's wall-clock times, so the page names its zone. */
function cancellationSection(booking: BookingRecord, timeZone: string): SafeHtml {
  const penalties = booking.policies.map(
    (policy) =>
      html`<li>From ${policy.starts_at} until ${policy.ends_at} (${timeZone}): penalty ${money(policy.penalty_amount, booking.currency)}</li>`,
  );
  return html`<section aria-label="Cancellation policy">
  <h2>Cancellation policy</h2>
  <p id="cancellation">${
    booking.refundable && booking.freeCancellationBefore
      ? html`Free cancellation until <strong>${booking.freeCancellationBefore}</strong> (${timeZone}, the hotel's local time).`
      : html`<strong>Non-refundable</strong>: this booking cannot be cancelled free of charge.`
  }</p>
  ${penalties.length > 0 ? html`<ul>${penalties}</ul>` : ''}
</section>`;
}

function guestSection(booking: BookingRecord): SafeHtml {
  return html`<section aria-label="Guest details">
  <h2>Guest details</h2>
  <dl>
    <dt>Name</dt><dd id="guest-name">${booking.guest.first_name} ${booking.guest.last_name}</dd>
    <dt>E-mail</dt><dd id="guest-email">${booking.guest.email}</dd>
    <dt>Phone</dt><dd id="guest-phone">${booking.guest.phone}</dd>
  </dl>
  <p class="muted"><small>Taken from the account the booking was made with.</small></p>
</section>`;
}

function summary(booking: BookingRecord, timeZone: string): SafeHtml {
  return html`${hotelSection(booking)}${staySection(booking)}${priceSection(booking)}${cancellationSection(booking, timeZone)}${guestSection(booking)}`;
}

/** The review-and-pay page of a payable booking: one form, one button. */
export function reviewPage(booking: BookingRecord, timeZone: string): string {
  const cards = TEST_CARDS.map(
    (card) => html`<label class="card"><input type="radio" name="card" value="${card.number}"${
      card.number === DEFAULT_TEST_CARD.number ? html` checked` : ''
    }> <code>${card.display}</code> — ${card.label}</label>`,
  );
  return document(
    `Review and pay — ${booking.hotelName}`,
    html`<h1>Review and pay your booking</h1>
${summary(booking, timeZone)}
<form method="post" action="finalize" aria-label="Pay and confirm">
  <input type="hidden" name="bookhash" value="${booking.bookhash}">
  <input type="hidden" name="csrf_token" value="${booking.csrfToken}">
  <section aria-label="Remarks">
    <h2><label for="client_remarks">Remarks for the hotel</label></h2>
    <textarea id="client_remarks" name="client_remarks" maxlength="${MAX_REMARKS_LENGTH}" placeholder="For example: late arrival, around 23:00."></textarea>
  </section>
  <section aria-label="Payment">
    <h2>Payment</h2>
    <p class="muted">Sandbox: no real card is charged. Choose a test card to choose the outcome.</p>
    <fieldset>
      <legend>Test card</legend>
      ${cards}
    </fieldset>
    <button type="submit" id="pay">Pay ${money(booking.totalPrice, booking.currency)} and confirm</button>
  </section>
</form>`,
  );
}

/** The page of a booking that is no longer payable: its outcome. */
export function outcomePage(booking: BookingRecord, paid: BookingRecord['paid'], timeZone: string): string {
  const reference = html`<dl>
    <dt>Booking reference</dt><dd><code id="bookhash">${booking.bookhash}</code></dd>
    <dt>Booking id</dt><dd>${booking.id}</dd>
    <dt>Status</dt><dd id="status">${booking.status}</dd>
    <dt>Payment</dt><dd id="paid">${paid}</dd>
    ${booking.supplierOrderId ? html`<dt>Supplier order</dt><dd id="supplier-order-id">${booking.supplierOrderId}</dd>` : ''}
    ${booking.clientRemarks ? html`<dt>Your remarks</dt><dd id="client-remarks">${booking.clientRemarks}</dd>` : ''}
  </dl>`;
  const outcome = outcomeText(booking);
  return document(
    `${outcome.title} — ${booking.hotelName}`,
    html`<h1 id="outcome">${outcome.title}</h1>
<section class="${outcome.tone}" aria-label="Outcome">
  <p>${outcome.text}</p>
  ${reference}
</section>
${summary(booking, timeZone)}`,
  );
}

function outcomeText(booking: BookingRecord): { title: string; text: string; tone: 'ok' | 'error' | 'notice' } {
  if (booking.unavailableReason !== null) {
    return { title: 'This room is no longer available', text: booking.unavailableReason, tone: 'error' };
  }
  switch (booking.status) {
    case 'booking_confirmed':
      return {
        title: 'Your booking is confirmed',
        text: `Payment received and the hotel supplier confirmed the booking (supplier order ${booking.supplierOrderId ?? '—'}). A confirmation is on its way to ${booking.guest.email}.`,
        tone: 'ok',
      };
    case 'payment_failed':
      return {
        title: 'Payment failed',
        text: 'The card was declined, so nothing was charged and the booking was not made. Please start a new booking to try again.',
        tone: 'error',
      };
    case 'booking_failed':
      return {
        title: 'Booking failed',
        text: 'The payment was accepted, but the hotel supplier rejected the booking. The payment has been refunded. Please search again for another room.',
        tone: 'error',
      };
    case 'booking_cancelled':
      return { title: 'Booking cancelled', text: 'This booking was cancelled.', tone: 'notice' };
    default:
      return { title: 'Booking in progress', text: `This booking is ${booking.status}.`, tone: 'notice' };
  }
}

/** A page with one message (errors such as 404, 403, 409), with an optional link back to the booking. */
export function messagePage(title: string, text: string, bookhash?: string): string {
  return document(
    title,
    html`<h1 id="outcome">${title}</h1>
<section class="error" role="alert"><p id="message">${text}</p></section>
${bookhash ? html`<p><a href="finalize?bookhash=${encodeURIComponent(bookhash)}">Back to the booking</a></p>` : ''}`,
  );
}
