/**
 * Hotel-local time. The API's zone-less date-times (cancellation deadlines, penalty periods,
 * check-in/out times) and "check-in today or later" are read in the hotel's IANA time zone;
 * this module converts between those wall-clock texts and instants.
 */
import tzLookup from '@photostructure/tz-lookup';
import { DateTime } from 'luxon';

/** IANA time zone at a point (offline lookup); `UTC` for a point the lookup cannot place. */
export function timeZoneAt(latitude: number, longitude: number): string {
  try {
    return tzLookup(latitude, longitude);
  } catch {
    return 'UTC';
  }
}

function zoned(instant: Date, zone: string): DateTime {
  return DateTime.fromMillis(instant.getTime(), { zone });
}

/** Per zone, the local day last asked for: the instants it spans (DST-aware) and its date. */
const lastDayOfZone = new Map<string, { fromMs: number; toMs: number; date: string }>();

/** `YYYY-MM-DD` of an instant on the wall calendar of a zone. */
export function localDateIn(instant: Date, zone: string): string {
  const ms = instant.getTime();
  const last = lastDayOfZone.get(zone);
  if (last && ms >= last.fromMs && ms < last.toMs) return last.date;
  const local = zoned(instant, zone);
  const day = local.startOf('day');
  const date = local.toFormat('yyyy-MM-dd');
  // Zones come from the time-zone lookup and the hotels: a few hundred IANA names at most.
  if (day.isValid) lastDayOfZone.set(zone, { fromMs: day.toMillis(), toMs: day.plus({ days: 1 }).toMillis(), date });
  return date;
}

const CACHE_LIMIT = 4096;
const localTextCache = new Map<string, string>();
const instantCache = new Map<string, number>();

/** Bounded memo: search prices many hotels of one zone at one instant, so most calls repeat. */
function remember<V>(cache: Map<string, V>, key: string, compute: () => V): V {
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const value = compute();
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

/** `YYYY-MM-DDTHH:MM:SS` of an instant on the wall clock of a zone (the API's zone-less shape). */
export function localDateTimeIn(instant: Date, zone: string): string {
  const ms = instant.getTime();
  return remember(localTextCache, `${zone}|${ms}`, () => zoned(instant, zone).toFormat("yyyy-MM-dd'T'HH:mm:ss"));
}

/**
 * Epoch milliseconds of a zone-less `YYYY-MM-DDTHH:MM:SS` read in a zone. A wall time skipped by a
 * DST jump moves forward by the jump (as clocks do). Cached: search asks for the same deadlines of
 * many hotels in one zone.
 */
export function instantMsOfLocal(localDateTime: string, zone: string): number {
  return remember(instantCache, `${zone}|${localDateTime}`, () => {
    const parsed = DateTime.fromISO(localDateTime, { zone });
    if (!parsed.isValid) throw new RangeError(`Invalid local date-time ${localDateTime} in ${zone}`);
    return parsed.toMillis();
  });
}
