/**
 * Moving one account's clock, as the control API (/_control/clock) and the sandbox console
 * (/_control/ui) both do: set it to an instant, advance it, or set its offset over real time.
 * Years 2000–2100 and at most 50 years per move (clockRange.ts), so every stored timestamp stays
 * servable; a refused move is a 400 and leaves the clock as it was.
 */
import { clockMoveError } from '../clockRange.js';
import { badRequest } from '../errors.js';
import type { AccountClocks, ShiftedClock } from './accountClocks.js';

export type ClockChange = { now: Date } | { advanceSeconds: number } | { offsetSeconds: number };

/** The clock as the control API answers it. */
export function clockState(clock: ShiftedClock): { now: string; offset_seconds: number } {
  return { now: clock.now().toISOString(), offset_seconds: clock.offsetMs / 1000 };
}

export async function changeAccountClock(clocks: AccountClocks, accountId: number, change: ClockChange): Promise<ShiftedClock> {
  // Computed from the offset in force when the move is made (moves of one account run one at a time).
  return clocks.move(accountId, (currentOffsetMs) => {
    const baseMs = clocks.base.now().getTime();
    const offsetMs =
      'now' in change
        ? change.now.getTime() - baseMs
        : 'advanceSeconds' in change
          ? currentOffsetMs + change.advanceSeconds * 1000
          : change.offsetSeconds * 1000;
    const rangeError = clockMoveError(baseMs + currentOffsetMs, baseMs + offsetMs);
    if (rangeError) throw badRequest(rangeError);
    return offsetMs;
  });
}
