/**
 * Booking traffic for the container and deployment tests: a refundable rate found the way a client
 * finds one (search, then hotel details), then workers that start bookings and pay them for as long as
 * the test lets them, remembering every booking and payment the server acknowledged (a 200), so that
 * the test can ask afterwards whether each one was kept. Bounded: each worker stops after
 * MAX_ROUNDS rounds or when stopped.
 */
export type Json = Record<string, unknown>;

export interface Answer {
  status: number;
  body: Json;
}

/** One POST with a JSON body; a failed connection or time-out is status 0 with the error. */
export async function post(base: string, path: string, body: Json, headers: Record<string, string> = {}): Promise<Answer> {
  try {
    const response = await fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    let parsed: Json;
    try {
      parsed = JSON.parse(text) as Json;
    } catch {
      parsed = { text: text.slice(0, 200) };
    }
    return { status: response.status, body: parsed };
  } catch (error) {
    return { status: 0, body: { error: String((error as Error).cause ?? error) } };
  }
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The service_hash of a refundable rate near Amsterdam, found by a search and hotel details (at most 1 + 4 rate-limited calls, within the spec's 5 a minute). */
export async function firstRefundableRate(base: string, apikey: string, headers: Record<string, string> = {}): Promise<string> {
  const stay = { checkin: day(45), checkout: day(47) };
  const search = await post(base, '/search.php', { apikey, latitude: 52.3676, longitude: 4.9041, radius: 10_000, ...stay }, headers);
  if (search.status !== 200) throw new Error(`search: ${search.status} ${JSON.stringify(search.body)}`);
  for (const hotel of (search.body.hotels as { id: number }[]).slice(0, 4)) {
    const details = await post(base, '/hotel.php', { apikey, id: hotel.id, search_id: search.body.search_id }, headers);
    const rooms = (details.body.rooms ?? []) as { rates: { refundable: boolean; service_hash: string }[] }[];
    const rate = rooms.flatMap((room) => room.rates).find((candidate) => candidate.refundable);
    if (rate) return rate.service_hash;
  }
  throw new Error('no refundable rate in the first 4 hotels');
}

const MAX_ROUNDS = 5_000;

export interface TrafficResult {
  /** Bookhashes of bookings whose start was acknowledged (200). */
  started: string[];
  /** Bookhashes whose payment was acknowledged (200): they must be booking_confirmed. */
  paid: string[];
  /** Answers by status (0: no answer). */
  statuses: Record<number, number>;
  /** Why the first requests without an answer had none (at most 10). */
  noAnswer: string[];
  /** Requests without an answer by why (the error code, or "other side closed" for a connection closed under one). */
  noAnswerKinds?: Record<string, number>;
}

/** The kind of a failed request's error: its code (ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET, …) or the first words. */
function kindOf(error: string): string {
  return /\b(E[A-Z]{3,}|UND_ERR_[A-Z_]+|other side closed)\b/.exec(error)?.[1] ?? error.slice(0, 60);
}

/** Workers that start and pay bookings of `apikey` on `base` until stop(). */
export function bookingTraffic(base: string, serviceHash: string, apikey: string, options: { workers: number; headers?: Record<string, string> }) {
  const result: TrafficResult = { started: [], paid: [], statuses: {}, noAnswer: [], noAnswerKinds: {} };
  let stopped = false;
  const waiters: { count: number; resolve: () => void }[] = [];
  const count = ({ status, body }: Answer) => {
    result.statuses[status] = (result.statuses[status] ?? 0) + 1;
    if (status === 0 && result.noAnswer.length < 10) result.noAnswer.push(String(body.error));
    if (status === 0) {
      const kinds = (result.noAnswerKinds ??= {});
      const kind = kindOf(String(body.error));
      kinds[kind] = (kinds[kind] ?? 0) + 1;
    }
  };
  const wake = () => {
    for (const waiter of waiters.filter((w) => result.started.length >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  async function worker() {
    for (let round = 0; round < MAX_ROUNDS && !stopped; round++) {
      const started = await post(base, '/booking.php', { apikey, service_hash: serviceHash }, options.headers);
      count(started);
      if (started.status !== 200) {
        // Nothing to pay; a moment before the next try so a refused connection is not a busy loop.
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      const bookhash = new URL(String(started.body.booking_url)).searchParams.get('bookhash') ?? '';
      result.started.push(bookhash);
      wake();
      const paid = await post(base, '/_control/pay', { apikey, bookhash, outcome: 'success' }, options.headers);
      count(paid);
      if (paid.status === 200) result.paid.push(bookhash);
    }
  }
  const running = Promise.all(Array.from({ length: options.workers }, worker));
  return {
    result,
    /** Resolves once `n` more bookings than now were acknowledged (bounded: rejects after `timeoutMs`). */
    acknowledged(n: number, timeoutMs = 120_000) {
      return new Promise<void>((resolve, reject) => {
        const waiter = { count: result.started.length + n, resolve: () => (clearTimeout(timer), resolve()) };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`fewer than ${n} more bookings acknowledged within ${timeoutMs} ms: ${JSON.stringify(result.statuses)}`));
        }, timeoutMs);
        waiters.push(waiter);
        wake();
      });
    },
    async stop(): Promise<TrafficResult> {
      stopped = true;
      await running;
      return result;
    },
  };
}

/**
 * What became of the traffic's acknowledged bookings, asked on `base`: those not found (their
 * answers) and the acknowledged payments whose booking is not booking_confirmed, plus a line of figures.
 */
export async function keptBookings(base: string, apikey: string, { started, paid, statuses, noAnswer }: TrafficResult) {
  const found = await Promise.all(started.map((bookhash) => post(base, '/retrieve_booking.php', { apikey, bookhash })));
  const confirmed = new Set(found.flatMap((answer, index) => ((answer.body.booking as Json | undefined)?.status === 'booking_confirmed' ? [started[index]] : [])));
  const lost = found.filter((answer) => answer.status !== 200).map((answer) => answer.body);
  const unconfirmed = paid.filter((bookhash) => !confirmed.has(bookhash));
  const figures =
    `acknowledged bookings ${started.length}, kept ${started.length - lost.length}; acknowledged payments ${paid.length}, confirmed ${paid.length - unconfirmed.length}; ` +
    `answers by status ${JSON.stringify(statuses)}${noAnswer.length ? `; no answer: ${noAnswer.join(' | ')}` : ''}`;
  return { lost, unconfirmed, figures };
}

/** Polls `probe` until it returns true (bounded): a wait for a presence, never for an absence. `seen` says what was there instead. */
export async function until(what: string, probe: () => Promise<boolean>, seen: () => Promise<unknown> = async () => '', timeoutMs = 90_000): Promise<number> {
  const started = performance.now();
  while (!(await probe().catch(() => false))) {
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms: ${what} (last seen: ${JSON.stringify(await seen())})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return performance.now() - started;
}

/**
 * A port below Linux's ephemeral range, for what must know its port before it starts (HAProxy, the
 * replicas' PUBLIC_URL); callers pick again when it was in use, as server/testing/postgres.ts does.
 */
export const somePort = () => 20_000 + Math.floor(Math.random() * 12_000);
