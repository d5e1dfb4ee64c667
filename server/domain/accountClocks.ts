/**
 * One clock per account, read by every time rule of that account's requests and bookings: each
 * account's clock is the sandbox's base clock (real time; a FakeClock in tests) plus the account's
 * own offset, which only that account's control calls move. Offsets and their change history live
 * in the Store (one row per account; PostgreSQL replicas keep a copy that every change drops on
 * every replica before the control call answers), so replicas sharing a database show every
 * account the same clock. Moves of one account's clock are made one at a time in a process (an
 * advance reads the offset it adds to); two control calls moving one account's clock at the same
 * instant on two replicas: the later write wins.
 *
 * Every move is kept in the history with the order it was recorded in (timeline.ts): a request
 * recorded before a move in the same millisecond stays on the offset it was made with.
 */
import type { Clock } from '../clock.js';
import { assertClockInstant } from '../clockRange.js';
import type { Store } from './ports/store.js';
import type { OffsetChange, Timeline } from './timeline.js';

const DAY_MS = 86_400_000;
/** Offset changes kept per account: enough for a day of conformance runs, bounded for safety. */
const MAX_CHANGES = 10_000;

/** Stands for "since ever" in a stored history (JSON has no -Infinity): the earliest Date. */
const SINCE_EVER_MS = -8.64e15;

export type { OffsetChange, Timeline };

/** A clock that shows a fixed offset over a base clock. */
export class ShiftedClock implements Clock {
  constructor(
    private readonly base: Clock,
    readonly offsetMs: number,
  ) {}
  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }
}

export class AccountClocks {
  /** The move under way per account (dropped when it settles): the next waits for it. */
  private readonly moving = new Map<number, Promise<unknown>>();

  constructor(
    readonly base: Clock,
    private readonly store: Pick<Store, 'getClockOffset' | 'getClockHistory' | 'setClockOffset'>,
  ) {}

  /** The account's clock as it is now (its offset is fixed for the request that asked). */
  async clockOf(accountId: number): Promise<ShiftedClock> {
    return new ShiftedClock(this.base, await this.store.getClockOffset(accountId));
  }

  async advance(accountId: number, seconds: number): Promise<ShiftedClock> {
    return this.move(accountId, (offsetMs) => offsetMs + seconds * 1000);
  }

  /** Sets the account's offset over the base clock (0 = real time); time keeps flowing. */
  async setOffset(accountId: number, offsetMs: number): Promise<ShiftedClock> {
    return this.move(accountId, () => offsetMs);
  }

  /**
   * Moves the account's clock to `offsetOf(current offset)`, after the moves of this account
   * already under way in this process, so that every advance adds to the offset the one before it set.
   */
  async move(accountId: number, offsetOf: (currentOffsetMs: number) => number): Promise<ShiftedClock> {
    const before = this.moving.get(accountId);
    const moved = (async () => {
      await before?.catch(() => undefined);
      return this.write(accountId, offsetOf(await this.store.getClockOffset(accountId)));
    })();
    this.moving.set(accountId, moved);
    try {
      return await moved;
    } finally {
      if (this.moving.get(accountId) === moved) this.moving.delete(accountId);
    }
  }

  private async write(accountId: number, offsetMs: number): Promise<ShiftedClock> {
    const baseMs = this.base.now().getTime();
    assertClockInstant(baseMs + offsetMs); // like the clocks themselves: years 2000–2100 only
    const stored = await this.store.getClockHistory(accountId);
    // Before its first change an account ran on real time.
    const known = stored.length > 0 ? stored : [{ fromBaseMs: SINCE_EVER_MS, offsetMs: 0 }];
    // Moves of this same millisecond stay: requests recorded between them were made on their offsets.
    const history = known.filter((change) => change.fromBaseMs <= baseMs);
    const rounded = Math.round(offsetMs);
    // No `fromSeq`: the store stamps the move as it records it, after every request recorded before.
    history.push({ fromBaseMs: baseMs, offsetMs: rounded });
    await this.store.setClockOffset(accountId, rounded, pruned(history, baseMs));
    return new ShiftedClock(this.base, rounded);
  }

  /**
   * The account's timeline: what its clock showed at each base-clock instant (over a day ago: the
   * offset then in force). The rate limiter places the IP's stored requests on it.
   */
  async timelineOf(accountId: number): Promise<Timeline> {
    return this.store.getClockHistory(accountId);
  }
}

/** Keeps the changes of the last day, plus the one in force a day ago. */
function pruned(history: OffsetChange[], baseMs: number): OffsetChange[] {
  let first = 0;
  while (first < history.length - 1 && (history[first + 1] as OffsetChange).fromBaseMs <= baseMs - DAY_MS) first++;
  return history.slice(Math.max(first, history.length - MAX_CHANGES));
}
