import { assertClockInstant } from './clockRange.js';

/**
 * The one clock every time rule reads: caches, search_id expiry, rate-limit windows,
 * cancellation deadlines, settlement and booked_at. The control API moves it.
 */
export interface Clock {
  now(): Date;
  /** An account's clock (accountClocks.ts): its offset over real time. Any other clock is real time itself. */
  readonly offsetMs?: number;
}

/** An instant read on the two clocks a lifetime is judged by: the account's clock and real (base) time. */
export interface Instant {
  accountMs: number;
  baseMs: number;
}

/** What `clock` reads now, on the account's clock and in real time. */
export function instantOf(clock: Clock): Instant {
  const accountMs = clock.now().getTime();
  return { accountMs, baseMs: accountMs - (clock.offsetMs ?? 0) };
}

/** Both clocks refuse (RangeError) an instant outside clockRange.ts's range. */
export interface ControllableClock extends Clock {
  /** Jump to an instant; time keeps flowing from there (or stays, for a frozen clock). */
  set(instant: Date): void;
  advance(seconds: number): void;
  /** Back to real time. */
  reset(): void;
}

/** Real time plus an offset that the control API can change. Used by the running server. */
export class OffsetClock implements ControllableClock {
  private shiftMs = 0;
  now(): Date {
    return new Date(Date.now() + this.shiftMs);
  }
  set(instant: Date): void {
    assertClockInstant(instant.getTime());
    this.shiftMs = instant.getTime() - Date.now();
  }
  advance(seconds: number): void {
    assertClockInstant(this.now().getTime() + seconds * 1000);
    this.shiftMs += seconds * 1000;
  }
  reset(): void {
    this.shiftMs = 0;
  }
}

/** A clock that moves only when told to. Tests use it so that every time rule is exact. */
export class FakeClock implements ControllableClock {
  private current: number;
  private readonly start: number;
  constructor(start: Date | string = '2026-11-21T10:00:00Z') {
    this.start = new Date(start).getTime();
    assertClockInstant(this.start);
    this.current = this.start;
  }
  now(): Date {
    return new Date(this.current);
  }
  set(instant: Date): void {
    assertClockInstant(instant.getTime());
    this.current = instant.getTime();
  }
  advance(seconds: number): void {
    assertClockInstant(this.current + seconds * 1000);
    this.current += seconds * 1000;
  }
  reset(): void {
    this.current = this.start;
  }
}

/** `YYYY-MM-DD` of an instant, UTC. */
export function isoDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The `YYYY-MM-DD` date `days` after (or, negative, before) a `YYYY-MM-DD` date, UTC. */
export function addDays(date: string, days: number): string {
  return isoDate(new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000));
}

/** `YYYY-MM-DD HH:MM:SS` (UTC): the shape of booked_at and created_at. */
export function bookingTimestamp(instant: Date): string {
  return instant.toISOString().slice(0, 19).replace('T', ' ');
}
