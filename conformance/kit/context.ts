/**
 * What a check gets: the client, the keys, the harness (when there is one), the kit clock, shared
 * fixtures, date planning and the rate-limit tools. One context per run; the runner points it at
 * each check's recorder in turn.
 */
import type { ControlHarness } from '../harness.js';
import type { ApiClient } from './client.js';
import type { KitClock } from './clock.js';
import tzLookup from '@photostructure/tz-lookup';
import { addDays, isoDay, localDate } from './domain.js';
import { CheckFailure, CheckSkipped, SetupFailure } from './failures.js';
import type { Fixtures } from './fixtures.js';
import { MINUTE_MS, type SlidingWindowScheduler } from './limiter.js';
import type { Exchange } from './recorder.js';
import type { CaseRecord, Endpoint, KitSettings, Stay } from './vocabulary.js';

export type { KitSettings, Stay };

export class CheckContext {
  fixtures!: Fixtures;

  constructor(
    readonly api: ApiClient,
    readonly apikey: string,
    readonly apikey2: string | undefined,
    readonly harness: ControlHarness | undefined,
    readonly clock: KitClock,
    readonly scheduler: SlidingWindowScheduler,
    readonly settings: KitSettings,
  ) {}

  /** Ends the check as skipped, with the reason shown in the report. */
  skip(reason: string): never {
    throw new CheckSkipped(reason);
  }

  note(text: string): void {
    this.api.recorder?.note(text);
  }

  /** A generated case and its verdict, for the report (and its reproduction when it failed). */
  recordCase(record: CaseRecord, exchange?: Exchange): void {
    this.api.recorder?.recordCase(record, exchange);
  }

  /** The harness; the runner only runs checks that need it when there is one. */
  control(): ControlHarness {
    if (!this.harness) throw new SetupFailure('this check needs the control harness (--control URL)');
    return this.harness;
  }

  /** The second account's key (checks that need it are only run when it is given). */
  secondKey(): string {
    if (this.apikey2 === undefined) throw new SetupFailure('this check needs --apikey2');
    return this.apikey2;
  }

  /** Today (UTC) on the server's clock as far as the kit knows it. */
  today(): string {
    return isoDay(this.clock.now());
  }

  /**
   * Today at the search point (its local date, by its IANA zone), on the server's clock as far as
   * the kit knows it: the API's dates carry no zone, so a server may judge "today" locally, and
   * a check about today must not depend on where UTC midnight falls.
   */
  todayAtSearchPoint(): string {
    const { latitude, longitude } = this.settings.near;
    return localDate(this.clock.now(), tzLookup(latitude, longitude));
  }

  /**
   * Makes sure the search point's local date stays what it is for at least `marginMs`: a check that
   * sends "today" there must not have the server's day end under it. Moves the clock past local
   * midnight with a harness, else sleeps that long (at most `marginMs`).
   */
  async awayFromMidnight(marginMs = 60_000): Promise<void> {
    const today = this.todayAtSearchPoint();
    const { latitude, longitude } = this.settings.near;
    const zone = tzLookup(latitude, longitude);
    if (localDate(this.clock.now() + marginMs, zone) === today) return;
    let untilTomorrowMs = marginMs;
    // The first millisecond of the next local day, found in whole seconds within the margin.
    for (let seconds = 0; seconds * 1000 <= marginMs; seconds++) {
      if (localDate(this.clock.now() + seconds * 1000, zone) !== today) {
        untilTomorrowMs = seconds * 1000 + 1000;
        break;
      }
    }
    this.note(`${this.clock.moves ? 'moved the clock' : 'waited'} ${Math.ceil(untilTomorrowMs / 1000)} s past local midnight at the search point`);
    await this.clock.pass(untilTomorrowMs, 'local midnight at the search point');
  }

  /** A stay starting `daysAhead` days from today, of `nights` nights. */
  stay(daysAhead = 30, nights = 3): Stay {
    const checkin = addDays(this.today(), daysAhead);
    return { checkin, checkout: addDays(checkin, nights) };
  }

  /**
   * Empties the kit's minute window on a limited endpoint, so that a check can count requests
   * from zero: moves the clock with a harness, else sleeps (at most a minute).
   */
  async freshWindow(endpoint: Endpoint): Promise<void> {
    const delay = this.scheduler.delayUntilEmpty(endpoint, this.clock.now(), MINUTE_MS);
    if (delay <= 0) return;
    if (!this.clock.moves && delay > this.settings.maxSleepMs) {
      throw new CheckFailure(`${endpoint} is blocked for ${Math.ceil(delay / 1000)} s more; run with --control or later`);
    }
    this.note(`${this.clock.moves ? 'moved the clock' : 'waited'} ${Math.ceil(delay / 1000)} s for an empty window on ${endpoint}`);
    await this.clock.pass(delay, `an empty rate-limit window on ${endpoint}`);
  }

  /**
   * The kit sees only its own traffic: a 429 before the limit means another client on its IP used
   * the window just before. Waits a whole window (at most once per check), then the count starts again.
   */
  async outwaitUnseenTraffic(endpoint: Endpoint): Promise<void> {
    const delay = MINUTE_MS + 1000;
    this.scheduler.blockUntil(endpoint, this.clock.now() + delay);
    this.note(`another client on this IP used ${endpoint}'s window; ${this.clock.moves ? 'moved the clock' : 'waited'} ${delay / 1000} s for an empty window`);
    await this.clock.pass(delay, `an empty rate-limit window on ${endpoint} (another client on this IP used it)`);
  }
}
