/**
 * The numbers the rules judge by, named once. The API limits come from the API description
 * (section 8); the others are the reference kit's reading of "not in a loop" and "later".
 */

/** search.php and hotel.php: at most this many calls per client and endpoint … */
export const PACING_LIMIT = 5;
/** … in any window this long. */
export const PACING_WINDOW_MS = 60_000;

/** A call that took longer than this timed out at the client (API description: 5 s). */
export const REQUEST_TIMEOUT_MS = 5_000;
/** A timed-out call may be retried this many times. */
export const MAX_TIMEOUT_RETRIES = 1;
/** Identical calls this soon after a timed-out or failed one are its repeats (later ones are new calls). */
export const REPEAT_HORIZON_MS = 5 * 60_000;

/** After a scenario's failing answer, the identical call may be repeated this many times before it is a loop. */
export const MAX_REPEATS_OF_FAILED_CALL = 1;

/** After a 502 on cancel: at most this many later attempts on the same booking … */
export const MAX_CANCEL_RETRIES_AFTER_502 = 3;
/** … each at least this long after the previous attempt (anything quicker is a tight loop). */
export const MIN_CANCEL_RETRY_GAP_MS = 10_000;

/** Sandbox scenario that answers after the time-out. */
export const SLOW_SCENARIO = 'slow';

/** Two booking starts of one rate this close together: the later is a retry of the earlier. */
export const BOOKING_RETRY_WINDOW_MS = 60_000;
