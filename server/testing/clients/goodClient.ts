/**
 * A deliberately good client: paces search and hotel calls (5 a minute per endpoint), waits the
 * full Retry-After after a 429, retries a timed-out call once, never repeats a call the answer
 * said not to repeat, retries a 502 cancel later and only a few times, and keeps the key in the
 * body. Its script walks the whole flow and meets every scenario certification looks for.
 */
import { call, isTimeout, payOnPage, pickRates, type Answer, type CallOptions, type ClientEnv } from './api.js';

const PACED = ['/search.php', '/hotel.php'];
const PER_MINUTE = 5;
const MINUTE_MS = 60_000;
/** A second of slack over the window, so clock granularity never makes a sixth call early. */
const PACING_SLACK_MS = 1_000;
const CANCEL_RETRY_DELAY_MS = 30_000;
const MAX_CANCEL_RETRIES = 3;

class PoliteApi {
  private readonly sent = new Map<string, number[]>();
  constructor(private readonly env: ClientEnv) {}

  /** One logical call: paced, one retry after a time-out, one retry after waiting out a 429. */
  async call(endpoint: string, body: Record<string, unknown>, options: CallOptions = {}): Promise<Answer> {
    let answer: Answer;
    try {
      answer = await this.send(endpoint, body, options);
    } catch (error) {
      if (!isTimeout(error)) throw error;
      // A `Test` header asks for one scenario answer; the retry goes without it.
      answer = await this.send(endpoint, body);
    }
    if (answer.status === 429) {
      await this.env.wait(Number(answer.headers.get('retry-after') ?? '60') * 1000);
      answer = await this.send(endpoint, body);
    }
    return answer;
  }

  private async send(endpoint: string, body: Record<string, unknown>, options: CallOptions = {}): Promise<Answer> {
    if (PACED.includes(endpoint)) {
      const recent = (this.sent.get(endpoint) ?? []).filter((at) => this.env.now() - at < MINUTE_MS + PACING_SLACK_MS);
      if (recent.length >= PER_MINUTE) await this.env.wait(recent[0]! + MINUTE_MS + PACING_SLACK_MS - this.env.now());
      this.sent.set(endpoint, [...recent.filter((at) => this.env.now() - at < MINUTE_MS + PACING_SLACK_MS), this.env.now()]);
    }
    return call(this.env, endpoint, body, options);
  }
}

export interface GoodRun {
  /** What the client saw at each step, for a test to check the script did what it says. */
  steps: Array<{ step: string; status: number }>;
}

export async function runGoodClient(env: ClientEnv): Promise<GoodRun> {
  const api = new PoliteApi(env);
  const steps: GoodRun['steps'] = [];
  const step = async (name: string, answer: Promise<Answer>) => {
    const result = await answer;
    steps.push({ step: name, status: result.status });
    return result;
  };
  const stay = { checkin: env.checkin, checkout: env.checkout };

  const search = await step('search', api.call('/search.php', { location: env.location, ...stay }));
  if (search.status !== 200 || search.body.hotels.length === 0) throw new Error(`search failed: ${search.status}`);
  const hotelId: number = search.body.hotels[0].id;
  const details = await step('details', api.call('/hotel.php', { id: hotelId, search_id: search.body.search_id }));
  const { refundable, nonRefundable } = pickRates(details.body);
  if (!refundable || !nonRefundable) throw new Error('hotel details had no refundable and non-refundable rates');

  // Each booking it means to make gets its own Idempotency-Key (a retry would reuse it).
  let bookings = 0;
  const book = async (name: string, serviceHash: string, scenario?: string) => {
    const headers = { 'Idempotency-Key': `good-client-booking-${++bookings}` };
    const started = await step(name, api.call('/booking.php', { service_hash: serviceHash }, { scenario, headers }));
    return started.status === 200 ? payOnPage(env, started.body.booking_url) : undefined;
  };

  // The flow, then a second cancel as a user's double click would send: the 409 ends it.
  const bookhash = await book('booking', refundable.service_hash);
  await step('overview', api.call('/booking_overview.php', {}));
  await step('retrieve', api.call('/retrieve_booking.php', { bookhash }));
  await step('cancel', api.call('/book/cancel.php', { bookhash }));
  await step('cancel again (409)', api.call('/book/cancel.php', { bookhash }));

  // Refusals to show, not to retry.
  const nonRefundableBooking = await book('booking non-refundable', nonRefundable.service_hash);
  await step('cancel non-refundable (403)', api.call('/book/cancel.php', { bookhash: nonRefundableBooking }));
  const lateBooking = await book('booking to cancel late', refundable.service_hash);
  const deadline = Date.parse(`${refundable.cancellation.free_cancellation_before}Z`);
  // Local time of the hotel: a day of slack covers every time zone.
  await env.advanceClock(Math.ceil((deadline - env.now()) / 1000) + 86_400);

  // Scenarios: each seen once, none repeated.
  const later = { checkin: shiftDate(env.checkout, 30), checkout: shiftDate(env.checkout, 32) };
  await step('cancel after the deadline (403)', api.call('/book/cancel.php', { bookhash: lateBooking }));
  // Different searches (radius) and rates, so no step repeats another one's call.
  const near = (radius: number) => ({ location: env.location, ...later, radius });
  await step('no availability', api.call('/search.php', near(1000), { scenario: 'no_availability' }));
  await step('slow search', api.call('/search.php', near(2000), { scenario: 'slow' }));
  await step('rate limited search', api.call('/search.php', near(3000), { scenario: 'rate_limited' }));
  const fresh = await step('search again', api.call('/search.php', near(10000)));
  const freshDetails = await step('details again', api.call('/hotel.php', { id: fresh.body.hotels[0].id, search_id: fresh.body.search_id }));
  const rates = pickRates(freshDetails.body);
  if (!rates.refundable || rates.all.length < 3) throw new Error('hotel details had fewer than three rates');
  const others = rates.all.filter((rate) => rate !== rates.refundable);
  await book('booking with a price change', others[0]!.service_hash, 'price_changed');
  await book('booking sold out', others[1]!.service_hash, 'sold_out');

  // A supplier failure on cancel: try again later, a few times at most.
  const troubled = await book('booking the supplier fails to cancel', rates.refundable.service_hash, 'supplier_unavailable');
  for (let attempt = 0; attempt <= MAX_CANCEL_RETRIES; attempt++) {
    const answer = await step('cancel with the supplier down', api.call('/book/cancel.php', { bookhash: troubled }));
    if (answer.status !== 502) break;
    await env.wait(CANCEL_RETRY_DELAY_MS);
  }
  return { steps };
}

function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
