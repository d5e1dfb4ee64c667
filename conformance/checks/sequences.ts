/**
 * Stateful sequences (as Schemathesis' stateful phase, on our own model): random sequences of the
 * operations, following the contract's links (search → hotel details by search_id; a rate's
 * service_hash → booking start; booking_url's bookhash → retrieve and cancel), with the control
 * actions they need (pay, decline, move the clock) when there is a harness. Every answer is
 * checked against the model of section 3 (kit/bookingModel.ts). A failing sequence is shrunk by
 * fast-check to the shortest one that still fails, run once more to record its requests, and
 * reported with them as its reproduction. The run's --seed seeds the sequences.
 */
import fc from 'fast-check';
import { errorText } from '../kit/assert.js';
import {
  afterPayment, cancelStatuses, localDeadlineMs, overviewProblems, retrieveStatuses,
  type BookingModel, type PaymentOutcome,
} from '../kit/bookingModel.js';
import type { CheckContext } from '../kit/context.js';
import { bookhashFromUrl } from '../kit/domain.js';
import { CheckFailure } from '../kit/failures.js';
import type { Exchange } from '../kit/recorder.js';
import { sequenceSteps } from '../kit/reproduction.js';
import type { Check } from '../kit/types.js';
import { defineCheck } from './support.js';

/** The server side of a run: the context, the calls made (for the reproduction), the last search. */
interface Real {
  ctx: CheckContext;
  calls: Exchange[];
  /** What each call had to answer, by call (for the reproduction's judged steps). */
  expected: Map<Exchange, string>;
  searchId?: string;
  hotelId?: number;
  /** When the last search was answered (server time, epoch ms): its search_id is valid 1 hour (4.2). */
  searchedAtMs?: number;
}

type Command = fc.AsyncCommand<BookingModel, Real>;

const SEARCH_ID_VALID_MS = 3_600_000;

/** A failed expectation inside a sequence: the call, and what the model expected of it. */
class ModelViolation extends Error {}

async function call(real: Real, path: Parameters<CheckContext['api']['postUnchecked']>[0], body: Record<string, unknown>): Promise<Exchange> {
  const exchange = await real.ctx.api.postUnchecked(path, { apikey: real.ctx.apikey, ...body });
  real.calls.push(exchange);
  return exchange;
}

function expectStatus(real: Real, exchange: Exchange, allowed: readonly number[], what: string): void {
  real.expected.set(exchange, allowed.join('|'));
  if (!allowed.includes(exchange.status)) {
    throw new ModelViolation(`${what}: expected ${allowed.join(' or ')}, got ${exchange.status} ${exchange.text.replace(/\s+/g, ' ').slice(0, 200)}`);
  }
  if (exchange.status >= 400 && errorText(exchange) === '') throw new ModelViolation(`${what}: the ${exchange.status} has no { "error": string }`);
}

const violation = (condition: boolean, message: string) => {
  if (!condition) throw new ModelViolation(message);
};

class Search implements Command {
  check = () => true;
  async run(_m: BookingModel, real: Real): Promise<void> {
    const answer = await call(real, '/search.php', { ...real.ctx.fixtures.baseSearchRequest(), apikey: real.ctx.apikey });
    expectStatus(real, answer, [200], 'search');
    const body = answer.json as { search_id?: string; hotels?: Array<{ id: number }> };
    real.searchId = body.search_id;
    real.hotelId = body.hotels?.[0]?.id;
    real.searchedAtMs = real.ctx.clock.now();
  }
  toString = () => 'search';
}

class HotelDetails implements Command {
  check = () => true;
  async run(_m: BookingModel, real: Real): Promise<void> {
    if (real.searchId === undefined || real.hotelId === undefined) return; // follows a search's link only
    const age = real.ctx.clock.now() - (real.searchedAtMs ?? 0);
    const answer = await call(real, '/hotel.php', { id: real.hotelId, search_id: real.searchId });
    // Valid 1 hour: fresh, it must answer; expired, it must be refused (the status is not stated); near the hour, either.
    if (age < SEARCH_ID_VALID_MS - 60_000) expectStatus(real, answer, [200], `hotel details of ${real.hotelId} by a search_id ${Math.round(age / 1000)} s old`);
    else if (age > SEARCH_ID_VALID_MS + 60_000) expectStatus(real, answer, [400, 404, 410], `hotel details by a search_id ${Math.round(age / 60_000)} min old (valid 1 hour)`);
  }
  toString = () => 'hotel details (link from the last search)';
}

class StartBooking implements Command {
  constructor(readonly refundable: boolean) {}
  check = () => true;
  async run(model: BookingModel, real: Real): Promise<void> {
    const rate = await real.ctx.fixtures.rate(this.refundable);
    const answer = await call(real, '/booking.php', { service_hash: rate.service_hash });
    expectStatus(real, answer, [200], `booking start of a ${this.refundable ? '' : 'non-'}refundable rate`);
    const bookhash = bookhashFromUrl((answer.json as { booking_url?: string }).booking_url ?? '');
    violation(bookhash !== undefined, 'booking start: no 30-character bookhash in booking_url');
    model.bookings.push({
      bookhash: bookhash as string,
      refundable: rate.refundable,
      deadlineMs: localDeadlineMs(rate.cancellation.free_cancellation_before),
      status: 'processing',
    });
  }
  toString = () => `start a booking (${this.refundable ? 'refundable' : 'non-refundable'} rate)`;
}

/** Commands on a booking the sequence made: the latest (n = 0), the one before it (1), ... (modulo their number). */
abstract class OnBooking implements Command {
  constructor(readonly n: number) {}
  check = (model: Readonly<BookingModel>) => model.bookings.length > 0;
  protected booking(model: BookingModel) {
    return latest(model.bookings, this.n);
  }
  protected get which(): string {
    return this.n === 0 ? 'the latest booking' : `the booking ${this.n} before the latest`;
  }
  abstract run(model: BookingModel, real: Real): Promise<void>;
  abstract toString(): string;
}

class Retrieve extends OnBooking {
  async run(model: BookingModel, real: Real): Promise<void> {
    const booking = this.booking(model);
    const answer = await call(real, '/retrieve_booking.php', { bookhash: booking.bookhash });
    expectStatus(real, answer, [200], `retrieve of ${this.which}`);
    const status = (answer.json as { booking?: { status?: string } }).booking?.status ?? '';
    violation(retrieveStatuses(booking.status).includes(status), `retrieve shows status ${status}; the model expects ${retrieveStatuses(booking.status).join(' or ')}`);
  }
  toString = () => `retrieve ${this.which}`;
}

class Cancel extends OnBooking {
  async run(model: BookingModel, real: Real): Promise<void> {
    const booking = this.booking(model);
    const allowed = cancelStatuses(booking, real.ctx.clock.now());
    const answer = await call(real, '/book/cancel.php', { bookhash: booking.bookhash });
    expectStatus(real, answer, allowed, `cancel of a ${booking.status} ${booking.refundable ? 'refundable' : 'non-refundable'} booking`);
    if (answer.status === 200) booking.status = 'booking_cancelled';
  }
  toString = () => `cancel ${this.which}`;
}

class Pay extends OnBooking {
  constructor(n: number, readonly outcome: PaymentOutcome) {
    super(n);
  }
  override check = (model: Readonly<BookingModel>) => model.bookings.some((b) => b.status === 'processing');
  async run(model: BookingModel, real: Real): Promise<void> {
    const booking = latest(model.bookings.filter((b) => b.status === 'processing'), this.n);
    const harness = real.ctx.control();
    await harness.pay(booking.bookhash, this.outcome);
    real.calls.push(controlCall(harness.url, '/pay', { bookhash: booking.bookhash, outcome: this.outcome }));
    booking.status = afterPayment(this.outcome);
  }
  toString = () => `pay ${this.n === 0 ? 'the latest processing booking' : `the processing booking ${this.n} before the latest`} (${this.outcome}, control)`;
}

class MoveClock implements Command {
  constructor(readonly hours: number) {}
  check = () => true;
  async run(model: BookingModel, real: Real): Promise<void> {
    await real.ctx.clock.pass(this.hours * 3_600_000, 'a stateful sequence');
    real.calls.push(controlCall(real.ctx.control().url, '/clock', { advance_seconds: this.hours * 3600 }));
    model.nowMs = real.ctx.clock.now();
  }
  toString = () => `move the clock ${this.hours} h (control)`;
}

class Overview implements Command {
  check = () => true;
  async run(model: BookingModel, real: Real): Promise<void> {
    const answer = await call(real, '/booking_overview.php', {});
    expectStatus(real, answer, [200], 'overview');
    const listed = (answer.json as { bookings?: Array<{ bookhash: string; status: string }> }).bookings ?? [];
    const problems = overviewProblems(model, listed);
    violation(problems.length === 0, `overview: ${problems.join('; ')}`);
  }
  toString = () => 'overview';
}

/** The n-th booking from the end (modulo their number; the list is not empty). */
const latest = <T>(list: readonly T[], n: number): T => list[list.length - 1 - (n % list.length)] as T;

/** A control call as the reproduction shows it (the harness is the reference sandbox's /_control). */
function controlCall(base: string, path: string, body: Record<string, unknown>): Exchange {
  return { endpoint: 'control', method: 'POST', url: `${base}${path}`, requestBody: body, status: 200, headers: new Headers(), text: '', json: undefined, data: undefined, ms: 0, schemaErrors: [], notes: [] };
}

function commandsFor(withHarness: boolean, maxCommands: number) {
  const index = fc.nat({ max: 2 });
  const start = fc.boolean().map((refundable) => new StartBooking(refundable));
  const cancel = index.map((n) => new Cancel(n));
  const pay = fc.tuple(index, fc.constantFrom<PaymentOutcome>('success', 'success', 'payment_failed', 'booking_failed')).map(([n, o]) => new Pay(n, o));
  // Listed twice: the moves of section 3 (start, pay, cancel) come up as often as the reads.
  const api: Array<fc.Arbitrary<Command>> = [
    fc.constant(new Search()),
    fc.constant(new HotelDetails()),
    start,
    start,
    index.map((n) => new Retrieve(n)),
    cancel,
    cancel,
    fc.constant(new Overview()),
  ];
  const control: Array<fc.Arbitrary<Command>> = [pay, pay, fc.integer({ min: 1, max: 48 }).map((hours) => new MoveClock(hours))];
  return fc.commands([...api, ...(withHarness ? control : [])], { maxCommands });
}

const seedNumber = (seed: string) => [...seed].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, 7);

export const SEQUENCE_CHECKS: Check[] = [
  defineCheck({
    id: 'sequences.bookings.model',
    title: 'random sequences of the operations (and, with a harness, payments and clock moves) answer as the booking states of section 3 say',
    section: '3, 4.3-4.6 (stateful, generated)',
    tag: 'spec',
    needs: [],
    endpoints: ['/search.php', '/hotel.php', '/booking.php', '/booking_overview.php', '/retrieve_booking.php', '/book/cancel.php'],
    // It moves the clock by up to days: after the checks that judge shared bookings by the clock.
    labels: ['moves-clock'],
    async run(ctx) {
      const withHarness = ctx.harness !== undefined;
      // Without a harness each search waits on the rate limit: a few short sequences only.
      const [numRuns, maxCommands] = withHarness ? [25, 12] : [2, 5];
      const fresh = (): Real => ({ ctx, calls: [], expected: new Map() });
      let last: Real = fresh();
      const setup = () => {
        last = fresh();
        return { model: { bookings: [], nowMs: ctx.clock.now() } as BookingModel, real: last };
      };
      const result = await fc.check(
        fc.asyncProperty(commandsFor(withHarness, maxCommands), async (commands) => {
          await fc.asyncModelRun(setup, commands);
          ctx.recordCase({ what: `sequence: ${[...commands].map((c) => c.toString()).join(' → ')}`, status: last.calls.at(-1)?.status ?? 0, passed: true, expect: 'as the model of section 3' });
        }),
        { numRuns, seed: seedNumber(ctx.settings.seed), endOnFailure: false, interruptAfterTimeLimit: 40_000, markInterruptAsFailure: false },
      );
      if (!result.failed || !result.counterexample) {
        ctx.note(`${result.numRuns} sequences of up to ${maxCommands} operations (seed ${ctx.settings.seed})`);
        return;
      }
      // The shrunk sequence once more, to record its own requests for the reproduction.
      const [commands] = result.counterexample;
      const { model, real } = setup();
      let error: unknown = result.errorInstance;
      try {
        for (const command of commands) if (command.check(model)) await command.run(model, real);
      } catch (e) {
        error = e;
      }
      const failing = real.calls.at(-1);
      const sequence = [...commands].map((c) => c.toString()).join(' → ');
      if (failing) ctx.recordCase({ what: sequence, status: failing.status, passed: false, expect: real.expected.get(failing) ?? 'as the model of section 3' }, failing);
      ctx.api.recorder?.reproduceWith(sequenceSteps(real.calls, [ctx.apikey], real.expected));
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof Error && !(error instanceof ModelViolation)) throw error;
      throw new CheckFailure(`a sequence of ${[...commands].length} operations, shrunk to the shortest that still fails (${result.numShrinks} shrinks):\n${sequence}\n${reason}`);
    },
  }),
];
