/**
 * One clock per account, read by every time rule of that account's requests and bookings: each
 * account's clock is the sandbox's base clock (real time; a FakeClock in tests) plus the account's
 * own offset, which only that account's control calls move. Methods that read or change offsets
 * are async so that this state can later move into the Store (shared by replicas).
 */
import type { Clock } from '../clock.js';
import { assertClockInstant } from '../clockRange.js';

const DAY_MS = 86_400_000;
/** Offset changes kept per account: enough for a day of conformance runs, bounded for safety. */
const MAX_CHANGES = 10_000;

interface OffsetChange {
  /** Base-clock instant from which `offsetMs` applies. */
  fromBaseMs: number;
  offsetMs: number;
}

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
  /** Per account, its offset changes, oldest first; no entry means offset 0 since ever. */
  private readonly changes = new Map<number, OffsetChange[]>();

  constructor(readonly base: Clock) {}

  /** The account's clock as it is now (its offset is fixed for the request that asked). */
  async clockOf(accountId: number): Promise<ShiftedClock> {
    return new ShiftedClock(this.base, this.currentOffset(accountId));
  }

  async advance(accountId: number, seconds: number): Promise<ShiftedClock> {
    return this.setOffset(accountId, this.currentOffset(accountId) + seconds * 1000);
  }

  /** Sets the account's offset over the base clock (0 = real time); time keeps flowing. */
  async setOffset(accountId: number, offsetMs: number): Promise<ShiftedClock> {
    const baseMs = this.base.now().getTime();
    assertClockInstant(baseMs + offsetMs); // like the clocks themselves: years 2000–2100 only
    // Before its first change an account ran on real time.
    const known = this.changes.get(accountId) ?? [{ fromBaseMs: -Infinity, offsetMs: 0 }];
    const history = known.filter((change) => change.fromBaseMs < baseMs);
    history.push({ fromBaseMs: baseMs, offsetMs: Math.round(offsetMs) });
    this.changes.set(accountId, pruned(history, baseMs));
    return this.clockOf(accountId);
  }

  /** Back to real time (offset 0), forgetting the history. */
  async reset(accountId: number): Promise<void> {
    this.changes.delete(accountId);
  }

  async resetAll(): Promise<void> {
    this.changes.clear();
  }

  /**
   * What the account's clock showed at a base-clock instant (over a day ago: the offset then in
   * force). The rate limiter places the IP's stored requests on this timeline.
   */
  async timelineOf(accountId: number): Promise<(baseMs: number) => number> {
    const history = this.changes.get(accountId) ?? [];
    return (baseMs) => {
      let offsetMs = history[0]?.offsetMs ?? 0;
      for (const change of history) {
        if (change.fromBaseMs > baseMs) break;
        offsetMs = change.offsetMs;
      }
      return baseMs + offsetMs;
    };
  }

  private currentOffset(accountId: number): number {
    return this.changes.get(accountId)?.at(-1)?.offsetMs ?? 0;
  }
}

/** Keeps the changes of the last day, plus the one in force a day ago. */
function pruned(history: OffsetChange[], baseMs: number): OffsetChange[] {
  let first = 0;
  while (first < history.length - 1 && (history[first + 1] as OffsetChange).fromBaseMs <= baseMs - DAY_MS) first++;
  return history.slice(Math.max(first, history.length - MAX_CHANGES));
}
