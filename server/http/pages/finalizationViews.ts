/**
 * The views of the finalization page (GET/POST /book/finalize): the review-and-pay form of a
 * `processing` booking, the outcome of a payment attempt, and message pages, in the language
 * of the given Messages. Every value goes through the escaping `html` tag.
 */
import type { Schemas } from '../../contract.js';
import type { BookingRecord } from '../../domain/bookings/record.js';
import { DEFAULT_TEST_CARD, TEST_CARDS } from '../../domain/bookings/payment.js';
import { MAX_REMARKS_LENGTH } from '../../domain/bookings/bookings.js';
import { formatDate, formatWallTime } from '../../domain/i18n/dates.js';
import type { MessageKey, Messages } from '../../domain/i18n/messages.js';
import { beddingIn, roomNameIn, roomTypeIn } from '../../domain/rates/roomText.js';
import { html, type SafeHtml } from '../../../contract/markup.js';
import { document } from './layout.js';
import type { ReturnUrl } from './returnUrl.js';

/** What the booking's page needs besides the booking itself. */
export interface PageFacts {
  /** The hotel's IANA zone, in which the booking's zone-less deadlines are meant. */
  zone: string;
  /** VAT payable on top of the price (as the hotel's rates state it), if any. */
  vat: Schemas['Vat'] | undefined;
  /** The page's `lang` override, carried through the form. */
  lang?: string | undefined;
  /** The partner's link back after payment, carried through the form. */
  returnUrl?: ReturnUrl | undefined;
}

/** The page's own address with its carried parameters (relative: the page is at /book/finalize). */
export function pageLink(bookhash: string, facts: Pick<PageFacts, 'lang' | 'returnUrl'> = {}): string {
  const query = new URLSearchParams({ bookhash });
  if (facts.lang !== undefined) query.set('lang', facts.lang);
  if (facts.returnUrl !== undefined) query.set('return_url', facts.returnUrl.href);
  return `finalize?${query.toString()}`;
}

/** A date in the page's language, machine-readable in `datetime`. */
function dateText(date: string, m: Messages): SafeHtml {
  return html`<time datetime="${date}">${formatDate(date, m.language)}</time>`;
}

const money = (amount: string, currency: string) => `${amount} ${currency}`;

/** A message whose one placeholder `name` is shown in bold, e.g. the free-cancellation deadline. */
function withStrong(m: Messages, key: MessageKey, name: string, value: string | SafeHtml, other: Record<string, string> = {}): SafeHtml {
  const marker = '\u0000';
  const [before = '', after = ''] = m.t(key, { ...other, [name]: marker }).split(marker);
  return html`${before}<strong>${value}</strong>${after}`;
}

function hotelSection(booking: BookingRecord, m: Messages): SafeHtml {
  const stars = booking.hotelStars > 0 ? ` ${'★'.repeat(booking.hotelStars)}` : '';
  return html`<section class="hotel" aria-label="${m.t('page.hotel')}">
  ${booking.hotelImage ? html`<img src="${booking.hotelImage}" alt="${booking.hotelName}" width="192" height="144">` : ''}
  <div>
    <h2 id="hotel-name">${booking.hotelName}<span aria-label="${m.t('page.stars', { count: booking.hotelStars })}">${stars}</span></h2>
    <div>${booking.hotelAddress}, ${booking.hotelCity}, ${booking.hotelCountry}</div>
    ${booking.hotelPhone ? html`<div class="muted">${m.t('page.phone', { phone: booking.hotelPhone })}</div>` : ''}
  </div>
</section>`;
}

function staySection(booking: BookingRecord, m: Messages): SafeHtml {
  return html`<section aria-label="${m.t('page.yourStay')}">
  <h2>${m.t('page.yourStay')}</h2>
  <dl>
    <dt>${m.t('page.room')}</dt><dd id="room-name">${roomNameIn(booking.roomName, m.language)}</dd>
    <dt>${m.t('page.roomType')}</dt><dd id="room-type">${roomTypeIn(booking.roomType, m.language)}</dd>
    <dt>${m.t('page.bedding')}</dt><dd id="bedding">${beddingIn(booking.bedding, m.language)}</dd>
    <dt>${m.t('page.guests')}</dt><dd id="persons">${m.plural('persons', booking.persons)}</dd>
    <dt>${m.t('page.arrival')}</dt><dd id="arrival">${dateText(booking.arrival, m)}</dd>
    <dt>${m.t('page.departure')}</dt><dd id="departure">${dateText(booking.departure, m)}</dd>
    <dt>${m.t('page.nights')}</dt><dd id="nights">${m.plural('nights', booking.nights)}</dd>
    <dt>${m.t('page.mealPlan')}</dt><dd id="meal">${m.t(`meal.${booking.meal}`)} <small>(${booking.meal})</small></dd>
  </dl>
</section>`;
}

function priceSection(booking: BookingRecord, m: Messages, vat: PageFacts['vat']): SafeHtml {
  const changed = booking.quotedTotalPrice !== booking.totalPrice;
  const cityTaxes = booking.taxes.filter((tax) => tax.name === 'city_tax');
  const otherTaxes = booking.taxes.filter((tax) => tax.name !== 'city_tax');
  return html`<section aria-label="${m.t('page.price')}">
  <h2>${m.t('page.price')}</h2>
  ${
    changed
      ? html`<p class="notice" id="price-change">${m.t('page.priceChanged', {
        before: money(booking.quotedTotalPrice, booking.currency),
        after: money(booking.totalPrice, booking.currency),
      })}</p>`
      : ''
  }
  <dl>
    <dt>${m.t('page.totalPrice')}</dt><dd class="total" id="total-price">${money(booking.totalPrice, booking.currency)}</dd>
    <dt>${m.t('page.perNight')}</dt><dd>${booking.pricePerNight.map((amount, index) => html`${index > 0 ? ', ' : ''}${amount}`)} ${booking.currency}</dd>
    ${cityTaxes.map(
      (tax) => html`<dt>${m.t('page.cityTax')}</dt><dd id="city-tax">${money(tax.amount, tax.currency)} <small>${m.t('page.cityTaxNote')}</small></dd>`,
    )}
    ${vat ? html`<dt>${m.t('page.vat')}</dt><dd id="vat">${money(vat.amount, vat.currency)} <small>${m.t('page.vatNote')}</small></dd>` : ''}
    ${otherTaxes.map(
      (tax) => html`<dt>${tax.name.replace(/_/g, ' ')}</dt><dd>${money(tax.amount, tax.currency)} <small>${m.t('page.otherTaxNote')}</small></dd>`,
    )}
  </dl>
</section>`;
}

/** The deadlines are the hotel's wall-clock times, so the page names the hotel's zone. */
function cancellationSection(booking: BookingRecord, m: Messages, zone: string): SafeHtml {
  const penalties = booking.policies.map(
    (policy) => html`<li>${m.t('page.penalty', {
      from: formatWallTime(policy.starts_at, m.language),
      until: formatWallTime(policy.ends_at, m.language),
      zone,
      amount: money(policy.penalty_amount, booking.currency),
    })}</li>`,
  );
  return html`<section aria-label="${m.t('page.cancellationPolicy')}">
  <h2>${m.t('page.cancellationPolicy')}</h2>
  <p id="cancellation">${
    booking.refundable && booking.freeCancellationBefore
      ? withStrong(m, 'page.freeCancellation', 'deadline', html`<time datetime="${booking.freeCancellationBefore}">${
        formatWallTime(booking.freeCancellationBefore, m.language)
      }</time>`, { zone })
      : html`<strong>${m.t('page.nonRefundable')}</strong>${m.t('page.nonRefundableText')}`
  }</p>
  ${penalties.length > 0 ? html`<ul>${penalties}</ul>` : ''}
</section>`;
}

function guestSection(booking: BookingRecord, m: Messages): SafeHtml {
  return html`<section aria-label="${m.t('page.guestDetails')}">
  <h2>${m.t('page.guestDetails')}</h2>
  <dl>
    <dt>${m.t('page.name')}</dt><dd id="guest-name">${booking.guest.first_name} ${booking.guest.last_name}</dd>
    <dt>${m.t('page.email')}</dt><dd id="guest-email">${booking.guest.email}</dd>
    <dt>${m.t('page.guestPhone')}</dt><dd id="guest-phone">${booking.guest.phone}</dd>
  </dl>
  <p class="muted"><small>${m.t('page.fromAccount')}</small></p>
</section>`;
}

function summary(booking: BookingRecord, m: Messages, facts: PageFacts): SafeHtml {
  return html`${hotelSection(booking, m)}${staySection(booking, m)}${priceSection(booking, m, facts.vat)}${
    cancellationSection(booking, m, facts.zone)}${guestSection(booking, m)}`;
}

/** The review-and-pay page of a payable booking: one form, one button. */
export function reviewPage(booking: BookingRecord, m: Messages, facts: PageFacts): string {
  const cards = TEST_CARDS.map(
    (card) => html`<label class="card"><input type="radio" name="card" value="${card.number}"${
      card.number === DEFAULT_TEST_CARD.number ? html` checked` : ''
    }> <code>${card.display}</code> — ${m.t(`page.card.${card.outcome}`)}</label>`,
  );
  return document(
    m.t('page.reviewTitle', { hotel: booking.hotelName }),
    html`<h1>${m.t('page.reviewHeading')}</h1>
${summary(booking, m, facts)}
<form method="post" action="finalize" aria-label="${m.t('page.payAndConfirm')}">
  <input type="hidden" name="bookhash" value="${booking.bookhash}">
  <input type="hidden" name="csrf_token" value="${booking.csrfToken}">
  ${facts.lang === undefined ? '' : html`<input type="hidden" name="lang" value="${facts.lang}">`}
  ${facts.returnUrl === undefined ? '' : html`<input type="hidden" name="return_url" value="${facts.returnUrl.href}">`}
  <section aria-label="${m.t('page.remarksSection')}">
    <h2><label for="client_remarks">${m.t('page.remarks')}</label></h2>
    <textarea id="client_remarks" name="client_remarks" maxlength="${MAX_REMARKS_LENGTH}" placeholder="${m.t('page.remarksPlaceholder')}"></textarea>
  </section>
  <section aria-label="${m.t('page.payment')}">
    <h2>${m.t('page.payment')}</h2>
    <p class="muted">${m.t('page.sandboxNote')}</p>
    <fieldset>
      <legend>${m.t('page.testCard')}</legend>
      ${cards}
    </fieldset>
    <button type="submit" id="pay">${m.t('page.pay', { amount: money(booking.totalPrice, booking.currency) })}</button>
  </section>
</form>`,
    m,
  );
}

/** The page of a booking that is no longer payable: its outcome, and the partner's link back if given. */
export function outcomePage(booking: BookingRecord, paid: BookingRecord['paid'], m: Messages, facts: PageFacts): string {
  const reference = html`<dl>
    <dt>${m.t('page.bookingReference')}</dt><dd><code id="bookhash">${booking.bookhash}</code></dd>
    <dt>${m.t('page.bookingId')}</dt><dd>${booking.id}</dd>
    <dt>${m.t('page.status')}</dt><dd id="status">${m.t(`status.${booking.status}`)} <small>(${booking.status})</small></dd>
    <dt>${m.t('page.paid')}</dt><dd id="paid">${m.t(`paid.${paid}`)} <small>(${paid})</small></dd>
    ${booking.supplierOrderId ? html`<dt>${m.t('page.supplierOrder')}</dt><dd id="supplier-order-id">${booking.supplierOrderId}</dd>` : ''}
    ${booking.clientRemarks ? html`<dt>${m.t('page.yourRemarks')}</dt><dd id="client-remarks">${booking.clientRemarks}</dd>` : ''}
  </dl>`;
  const outcome = outcomeText(booking, m);
  return document(
    `${outcome.title} — ${booking.hotelName}`,
    html`<h1 id="outcome">${outcome.title}</h1>
<section class="${outcome.tone}" aria-label="${m.t('page.outcome')}">
  <p>${outcome.text}</p>
  ${reference}
</section>
${returnLink(m, facts.returnUrl)}
${summary(booking, m, facts)}`,
    m,
  );
}

function outcomeText(booking: BookingRecord, m: Messages): { title: string; text: string; tone: 'ok' | 'error' | 'notice' } {
  switch (booking.status) {
    case 'booking_confirmed':
      return {
        title: m.t('page.confirmed.title'),
        text: m.t('page.confirmed.text', { order: booking.supplierOrderId ?? '—', email: booking.guest.email }),
        tone: 'ok',
      };
    case 'payment_failed':
      return { title: m.t('page.paymentFailed.title'), text: m.t('page.paymentFailed.text'), tone: 'error' };
    case 'booking_failed':
      return { title: m.t('page.bookingFailed.title'), text: m.t('page.bookingFailed.text'), tone: 'error' };
    case 'booking_cancelled':
      return { title: m.t('page.cancelled.title'), text: m.t('page.cancelled.text'), tone: 'notice' };
    default:
      return { title: m.t('page.inProgress.title'), text: m.t('page.inProgress.text', { status: m.t(`status.${booking.status}`) }), tone: 'notice' };
  }
}

/** A plain link (never a redirect) back to the partner's site. */
function returnLink(m: Messages, returnUrl: ReturnUrl | undefined): SafeHtml | '' {
  return returnUrl === undefined
    ? ''
    : html`<p class="return"><a id="return-link" href="${returnUrl.href}" rel="noreferrer">${m.t('page.returnLink', { site: returnUrl.site })}</a></p>`;
}

/**
 * A page with one message (errors such as 404, 403, 409), with an optional link back to the
 * booking that keeps the page's carried parameters.
 */
export function messagePage(
  m: Messages, title: string, text: string, back?: { bookhash: string } & Pick<PageFacts, 'lang' | 'returnUrl'>,
): string {
  return document(
    title,
    html`<h1 id="outcome">${title}</h1>
<section class="error" role="alert"><p id="message">${text}</p></section>
${back ? html`<p><a id="back-link" href="${pageLink(back.bookhash, back)}">${m.t('page.backToBooking')}</a></p>` : ''}`,
    m,
  );
}

/** Why this booking cannot be paid (the 409 page). */
export function notPayableText(booking: BookingRecord, m: Messages): string {
  switch (booking.status) {
    case 'booking_confirmed':
      return m.t('page.notPayable.confirmed');
    case 'payment_failed':
      return m.t('page.notPayable.paymentFailed');
    case 'booking_failed':
      return m.t('page.notPayable.bookingFailed');
    case 'booking_cancelled':
      return m.t('page.notPayable.cancelled');
    default:
      return m.t('page.notPayable.other', { status: m.t(`status.${booking.status}`) });
  }
}
