/**
 * Filters over a journal (oldest first), as `/_control/journal` offers them. Pure.
 */
import { badRequest } from '../../errors.js';
import type { JournalEntry } from './entry.js';

export interface JournalFilter {
  endpoint?: string;
  /** An exact status (404) or a class ("4xx"). */
  status?: number | `${1 | 2 | 3 | 4 | 5}xx`;
  /** ISO 8601 instants, inclusive. */
  since?: string;
  until?: string;
  /** Only entries whose request or response does not conform to openapi.yaml. */
  nonConforming?: boolean;
  /** The newest `limit` entries that match. */
  limit?: number;
}

/** A journal as the store holds it (entries in no promised order), oldest first. */
export function oldestFirst(stored: readonly unknown[]): JournalEntry[] {
  return (stored as JournalEntry[]).slice().sort((a, b) => a.id - b.id);
}

export function filterJournal(entries: readonly JournalEntry[], filter: JournalFilter = {}): JournalEntry[] {
  const matches = entries.filter(journalFilterTest(filter));
  return filter.limit === undefined ? matches : matches.slice(Math.max(0, matches.length - filter.limit));
}

/** The filter's test of one entry (its `limit` aside); undefined when it lets every entry through. */
export function journalFilterTest(filter: JournalFilter): (entry: JournalEntry) => boolean;
export function journalFilterTest(filter: JournalFilter, orAll: 'undefined when all'): ((entry: JournalEntry) => boolean) | undefined;
export function journalFilterTest(filter: JournalFilter, orAll?: 'undefined when all'): ((entry: JournalEntry) => boolean) | undefined {
  const { endpoint, status, nonConforming } = filter;
  if (orAll && endpoint === undefined && status === undefined && filter.since === undefined && filter.until === undefined && !nonConforming) return undefined;
  const since = filter.since === undefined ? -Infinity : Date.parse(filter.since);
  const until = filter.until === undefined ? Infinity : Date.parse(filter.until);
  return (entry) => {
    const at = Date.parse(entry.at);
    return (
      (endpoint === undefined || entry.endpoint === endpoint) &&
      statusMatches(entry.response.status, status) &&
      at >= since &&
      at <= until &&
      (!nonConforming || !entry.conformance.request_valid || !entry.conformance.response_valid)
    );
  };
}

function statusMatches(status: number, wanted: JournalFilter['status']): boolean {
  if (wanted === undefined) return true;
  if (typeof wanted === 'number') return status === wanted;
  return Math.floor(status / 100) === Number(wanted[0]);
}

const STATUS_CLASS = /^[1-5]xx$/;

/** Reads a filter from untrusted input (a control request's body or query); 400 on anything odd. */
export function parseJournalFilter(input: Record<string, unknown>): JournalFilter {
  const filter: JournalFilter = {};
  const text = (name: string): string | undefined => {
    const value = input[name];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string' && typeof value !== 'number') throw badRequest(`'${name}' must be a string`);
    return String(value);
  };
  const endpoint = text('endpoint');
  if (endpoint !== undefined) filter.endpoint = endpoint.startsWith('/') ? endpoint : `/${endpoint}`;
  const status = text('status');
  if (status !== undefined) {
    if (STATUS_CLASS.test(status)) filter.status = status as JournalFilter['status'];
    else if (/^[1-5]\d\d$/.test(status)) filter.status = Number(status);
    else throw badRequest("'status' must be a status code (404) or a class (4xx)");
  }
  for (const name of ['since', 'until'] as const) {
    const value = text(name);
    if (value === undefined) continue;
    if (Number.isNaN(Date.parse(value))) throw badRequest(`'${name}' must be an ISO 8601 date-time`);
    filter[name] = value;
  }
  const nonConforming = input.non_conforming;
  if (nonConforming !== undefined) {
    if (nonConforming !== true && nonConforming !== false && nonConforming !== 'true' && nonConforming !== 'false') {
      throw badRequest("'non_conforming' must be true or false");
    }
    filter.nonConforming = nonConforming === true || nonConforming === 'true';
  }
  const limit = text('limit');
  if (limit !== undefined) {
    if (!/^\d+$/.test(limit) || Number(limit) < 1) throw badRequest("'limit' must be a positive integer");
    filter.limit = Number(limit);
  }
  return filter;
}
