/**
 * The range the sandbox clock may take. Outside it, dates stop fitting their formats (year -500,
 * +275760) or arithmetic overflows, and every endpoint would fail; bookings paid meanwhile would
 * store timestamps that no longer validate. One pure rule serves the control API (`now` and
 * `advance_seconds`) and the clocks themselves, so nothing can set the clock outside it.
 */
export const CLOCK_EARLIEST_MS = Date.parse('2000-01-01T00:00:00Z');
/** The last millisecond of the year 2100. */
export const CLOCK_LATEST_MS = Date.parse('2101-01-01T00:00:00Z') - 1;
export const MAX_CLOCK_MOVE_YEARS = 50;
const MAX_CLOCK_MOVE_MS = MAX_CLOCK_MOVE_YEARS * 365.25 * 86_400_000;

export const CLOCK_RANGE_TEXT = 'between 2000-01-01T00:00:00Z and 2100-12-31T23:59:59Z (years 2000–2100)';

/** Why the clock may not stand at `instantMs`, or undefined when it may. */
export function clockInstantError(instantMs: number): string | undefined {
  if (Number.isFinite(instantMs) && instantMs >= CLOCK_EARLIEST_MS && instantMs <= CLOCK_LATEST_MS) return undefined;
  return `The clock must stay ${CLOCK_RANGE_TEXT}`;
}

/** Why the clock may not move from `fromMs` to `toMs`, or undefined when it may. */
export function clockMoveError(fromMs: number, toMs: number): string | undefined {
  const outside = clockInstantError(toMs);
  if (outside) return outside;
  if (Math.abs(toMs - fromMs) > MAX_CLOCK_MOVE_MS) {
    return `The clock moves at most ${MAX_CLOCK_MOVE_YEARS} years at a time (and stays ${CLOCK_RANGE_TEXT})`;
  }
  return undefined;
}

/** Throws a RangeError when the clock may not stand at `instantMs` (the clocks' own guard). */
export function assertClockInstant(instantMs: number): void {
  const error = clockInstantError(instantMs);
  if (error) throw new RangeError(`${error} (got ${Number.isFinite(instantMs) ? instantMs : String(instantMs)} ms)`);
}
