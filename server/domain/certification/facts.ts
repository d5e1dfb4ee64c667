/** Small readings of journal entries that several rules share. */
import type { JournalEntry, JsonValue } from '../journal/entry.js';
import { REPEAT_HORIZON_MS, REQUEST_TIMEOUT_MS, SLOW_SCENARIO } from './thresholds.js';

export { BOOKING, CANCEL, HOTEL, OVERVIEW, RETRIEVE, SEARCH } from '../../../contract/apiPaths.js';

export const atMs = (entry: JournalEntry): number => Date.parse(entry.at);

export function field(body: JsonValue | null, name: string): JsonValue | undefined {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? body[name] : undefined;
}

export const requestField = (entry: JournalEntry, name: string) => field(entry.request.body, name);
export const responseField = (entry: JournalEntry, name: string) => field(entry.response.body, name);

export function errorOf(entry: JournalEntry): string {
  const error = responseField(entry, 'error');
  return typeof error === 'string' ? error : '';
}

export function bookhashOf(entry: JournalEntry): string | undefined {
  const bookhash = requestField(entry, 'bookhash');
  return typeof bookhash === 'string' ? bookhash : undefined;
}

/**
 * The same call again: same client, endpoint, method, body (the key is already redacted) and `Test`
 * header (a call asking for another scenario, or for none, is another call).
 */
export function requestKey(entry: JournalEntry): string {
  return JSON.stringify([entry.client_address, entry.endpoint, entry.request.method, canonical(entry.request.body), entry.request.headers.test ?? null]);
}

function canonical(value: JsonValue | null): JsonValue | null {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => canonical(item));
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((name) => [name, canonical(value[name] as JsonValue)]),
  );
}

/** The client gave up on this call: it outlasted the time-out, or asked for the slow scenario. */
export const timedOut = (entry: JournalEntry): boolean =>
  entry.duration_ms > REQUEST_TIMEOUT_MS || entry.scenario === SLOW_SCENARIO;

/** Seconds of a 429's Retry-After, or undefined when absent or not a number of seconds. */
export function retryAfterSeconds(entry: JournalEntry): number | undefined {
  const header = entry.response.headers['retry-after'];
  return header !== undefined && /^\d+$/.test(header.trim()) ? Number(header) : undefined;
}

export function groupBy<T>(items: readonly T[], keyOf: (item: T) => string | undefined): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === undefined) continue;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

export const ids = (entries: readonly JournalEntry[]): number[] => entries.map((entry) => entry.id);

export const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The identical calls that came after `entries[index]` within REPEAT_HORIZON_MS, oldest first. */
export function repeatsOf(entries: readonly JournalEntry[], index: number): JournalEntry[] {
  const original = entries[index]!;
  const key = requestKey(original);
  const horizon = atMs(original) + REPEAT_HORIZON_MS;
  return entries.slice(index + 1).filter((e) => atMs(e) <= horizon && requestKey(e) === key);
}
