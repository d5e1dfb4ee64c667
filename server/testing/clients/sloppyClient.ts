/**
 * A deliberately sloppy client, with the habits certification exists to catch: no pacing, instant
 * retries after a 429, a time-out retried three times, loops on answers that will not change, the
 * same malformed request sent twice, and the key copied into a header "for safety". It also never
 * uses search_id for hotel details, so the whole flow is never seen.
 */
import { call, isTimeout, payOnPage, pickRates, type Answer, type CallOptions, type ClientEnv } from './api.js';

const KEY_HEADER = 'X-Api-Key';
const HAMMER_SEARCHES = 7;
const STUBBORN_RETRIES = 3;

export async function runSloppyClient(env: ClientEnv): Promise<void> {
  const send = (endpoint: string, body: Record<string, unknown>, options: CallOptions = {}): Promise<Answer> =>
    call(env, endpoint, body, { ...options, headers: { [KEY_HEADER]: env.apikey } });
  const stay = { location: env.location, checkin: env.checkin, checkout: env.checkout };

  // Hammering search, retrying a 429 at once.
  let search: Answer | undefined;
  for (let i = 0; i < HAMMER_SEARCHES; i++) {
    const answer = await send('/search.php', { ...stay, radius: 1000 + i });
    if (answer.status === 429) await send('/search.php', { ...stay, radius: 1000 + i });
    else search ??= answer;
  }
  if (!search) throw new Error('the sloppy client never got a search through');
  await env.wait(61_000);

  // Details by dates, never by search_id.
  const details = await send('/hotel.php', { id: search.body.hotels[0].id, checkin: env.checkin, checkout: env.checkout });
  const { refundable, nonRefundable } = pickRates(details.body);

  // The same malformed request, twice.
  await send('/search.php', { location: env.location, checkin: env.checkin });
  await send('/search.php', { location: env.location, checkin: env.checkin });

  // A time-out retried three times; no availability asked again and again.
  const slow = { ...stay, radius: 4000 };
  for (let attempt = 0; attempt <= STUBBORN_RETRIES; attempt++) {
    try {
      await send('/search.php', slow, { scenario: 'slow' });
    } catch (error) {
      if (!isTimeout(error)) throw error;
    }
  }
  await env.wait(61_000);
  for (let attempt = 0; attempt <= STUBBORN_RETRIES; attempt++) await send('/search.php', { ...stay, radius: 4500 }, { scenario: 'no_availability' });

  // Cancelling again and again, whatever the answer.
  const book = async (serviceHash: string, scenario?: string) => {
    const started = await send('/booking.php', { service_hash: serviceHash }, { scenario });
    return payOnPage(env, started.body.booking_url);
  };
  const cancelRepeatedly = async (bookhash: string) => {
    for (let attempt = 0; attempt <= STUBBORN_RETRIES; attempt++) await send('/book/cancel.php', { bookhash });
  };
  await cancelRepeatedly(await book(refundable!.service_hash));
  await send('/booking.php', { service_hash: nonRefundable!.service_hash }); // a double click: two starts, no Idempotency-Key
  await cancelRepeatedly(await book(nonRefundable!.service_hash));
  await cancelRepeatedly(await book(refundable!.service_hash, 'supplier_unavailable'));
}
