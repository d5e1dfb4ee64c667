/**
 * What an operator (control API, console, CLI) may send about an account, checked once here:
 * the team's name and contact, the guest profile (names under the free-text rule, an e-mail the
 * contract's `format: email` accepts, a phone number in international form), a quota increase,
 * the return_url hosts, and a rolled key's grace period. Anything else is a 400 naming the field.
 */
import { isIPv4, isIPv6 } from 'node:net';
import { get as registrableDomain } from 'psl';
import ajvFormats from 'ajv-formats/dist/formats.js';
import { createRequire } from 'node:module';
import type { RateLimits } from '../config.js';
import { badRequest } from '../errors.js';
import { ROLL_GRACE_MAX_SECONDS } from './apiKeys.js';
import type { AccountProfile, Quota } from './accounts.js';

export type { AccountProfile };
import { freeTextProblem } from './freeText.js';

export const MAX_NAME_LENGTH = 100;
export const MAX_NOTE_LENGTH = 500;
export const MAX_RETURN_URL_HOSTS = 20;
/** The most a quota increase may raise the windows to (the address's ceiling holds anyway). */
export const MAX_QUOTA_PER_MINUTE = 100_000;
export const MAX_QUOTA_PER_DAY = 100_000_000;
/** A sandbox whose own limit is high may grant up to this many times it (see quotaCeiling). */
const QUOTA_CEILING_FACTOR = 1000;
/** A quota for a period ends within a year (a longer one is "for good"). */
const MAX_QUOTA_PERIOD_MS = 366 * 86_400_000;

export const PROFILE_FIELDS = ['name', 'contact', 'first_name', 'last_name', 'email', 'phone'] as const;

const emailFormat = (ajvFormats as unknown as { fullFormats: { email: RegExp } }).fullFormats.email;

type Body = Record<string, unknown>;

function onlyFields(body: Body, allowed: readonly string[]): void {
  const unknown = Object.keys(body).find((field) => !allowed.includes(field));
  if (unknown !== undefined) throw badRequest(`Unknown field '${unknown}'; allowed: ${allowed.join(', ')}`);
}

function text(body: Body, field: string): string {
  const value = body[field];
  if (typeof value !== 'string') throw badRequest(`'${field}' must be a string`);
  const trimmed = value.trim();
  if (trimmed === '') throw badRequest(`'${field}' must not be empty`);
  if (Array.from(trimmed).length > MAX_NAME_LENGTH) throw badRequest(`'${field}' must be at most ${MAX_NAME_LENGTH} characters`);
  const problem = freeTextProblem(field, trimmed, false) ?? invisibleProblem(field, value);
  if (problem) throw badRequest(problem);
  return trimmed;
}

/**
 * Names and contacts are shown to operators and partners, where an invisible character makes a
 * look-alike (finding 9 of issue 35: `Acme\u200BTravel`, a U+202F-free twin of another team):
 * format characters (Unicode Cf: zero-width spaces and joiners, U+FEFF, the bidi marks U+200E/F),
 * line and paragraph separators (U+2028/9) and unpaired surrogates are refused.
 */
const INVISIBLE = /[\p{Cf}\p{Zl}\p{Zp}]/u;

function invisibleProblem(field: string, text: string): string | undefined {
  if (/\p{Cs}/u.test(text)) return `'${field}' must be well-formed Unicode (it holds an unpaired surrogate)`;
  const match = INVISIBLE.exec(text);
  if (!match) return undefined;
  const codePoint = `U+${(match[0].codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;
  return `'${field}' must not contain invisible format characters or line separators: ${codePoint} at character ${Array.from(text.slice(0, match.index)).length + 1}`;
}

function email(body: Body, field: string): string {
  const value = text(body, field);
  if (!emailFormat.test(value)) throw badRequest(`'${field}' must be an e-mail address (got '${value}')`);
  return value;
}

/** libphonenumber, loaded on the first phone number checked (~40 ms: not on every start). */
let parsePhoneNumber: typeof import('libphonenumber-js').parsePhoneNumberFromString | undefined;

function phone(body: Body, field: string): string {
  const value = text(body, field);
  parsePhoneNumber ??= (createRequire(import.meta.url)('libphonenumber-js') as typeof import('libphonenumber-js')).parsePhoneNumberFromString;
  const parsed = value.startsWith('+') ? parsePhoneNumber(value) : undefined;
  if (!parsed?.isPossible()) throw badRequest(`'${field}' must be a phone number in international form, e.g. +31 20 555 0101 (got '${value}')`);
  return value;
}

const READERS: Record<(typeof PROFILE_FIELDS)[number], (body: Body, field: string) => string> = {
  name: text, contact: email, first_name: text, last_name: text, email, phone,
};

/** A new account's profile (every field required) and, optionally, its return_url hosts. */
export function newAccountInput(body: Body): { profile: AccountProfile; returnUrlHosts: string[] | null } {
  onlyFields(body, [...PROFILE_FIELDS, 'return_url_hosts']);
  const profile = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, READERS[field](body, field)])) as unknown as AccountProfile;
  return { profile, returnUrlHosts: body.return_url_hosts === undefined ? null : returnUrlHostsInput(body.return_url_hosts) };
}

/** A change of profile fields and return_url hosts (each optional, at least one). */
export function accountChangeInput(body: Body): { profile: Partial<AccountProfile>; returnUrlHosts?: string[] | null } {
  onlyFields(body, [...PROFILE_FIELDS, 'return_url_hosts']);
  if (Object.keys(body).length === 0) throw badRequest(`Give at least one of ${[...PROFILE_FIELDS, 'return_url_hosts'].join(', ')}`);
  const profile: Partial<AccountProfile> = {};
  for (const field of PROFILE_FIELDS) if (body[field] !== undefined) profile[field] = READERS[field](body, field);
  return body.return_url_hosts === undefined ? { profile } : { profile, returnUrlHosts: returnUrlHostsInput(body.return_url_hosts) };
}

/**
 * `partner.example`, `*.partner.example`, `partner.example:8443`, `localhost:8080`, `127.0.0.1` or
 * `[::1]:8443`: lower case, at most MAX_RETURN_URL_HOSTS; null: any host (the default: the outcome
 * page shows the return link as a plain link naming its host, never a redirect; a list narrows it).
 * Checked against the Public Suffix List (psl, which holds its private section too: `github.io`), as a
 * security reviewer expects (finding 7 of issue 35): no host or wildcard that is a public suffix
 * (`com`, `*.co.uk`, `*.github.io`), ports 1–65535, host names of at most 253 characters in labels
 * of at most 63, IPv6 addresses that parse.
 */
export function returnUrlHostsInput(value: unknown): string[] | null {
  if (value === null) return null;
  if (!Array.isArray(value)) throw badRequest("'return_url_hosts' must be an array of host names, or null for any host");
  if (value.length > MAX_RETURN_URL_HOSTS) throw badRequest(`'return_url_hosts' holds at most ${MAX_RETURN_URL_HOSTS} hosts`);
  const hosts = value.map((host, index) => {
    const normalised = typeof host === 'string' ? host.trim().toLowerCase() : '';
    const problem = returnUrlHostProblem(normalised);
    if (problem) throw badRequest(`'return_url_hosts[${index}]' ${problem}`);
    return normalised;
  });
  return [...new Set(hosts)];
}

const HOST_NAME = /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/;

/** Why `entry` is no host a return_url may name, or undefined. */
function returnUrlHostProblem(entry: string): string | undefined {
  const example = 'must be a host name such as partner.example, *.partner.example or localhost:8080';
  const ipv6 = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry);
  const named = ipv6 ? undefined : /^(\*\.)?([^:]+)(?::(\d{1,5}))?$/.exec(entry);
  const port = ipv6?.[2] ?? named?.[3];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535 || port.startsWith('0'))) return 'has a port outside 1–65535';
  if (ipv6) return isIPv6(ipv6[1]!) ? undefined : 'is not a valid IPv6 address';
  if (!named) return example;
  const [, wildcard, host] = named as unknown as [string, string | undefined, string];
  if (host.length > 253) return 'is longer than 253 characters';
  if (isIPv4(host)) return wildcard ? 'cannot be a wildcard over an IP address' : undefined;
  if (!HOST_NAME.test(host)) return example;
  if (host === 'localhost' && !wildcard) return undefined;
  // A registrable domain, or a host under one: never a public suffix itself, nor a wildcard over one.
  if (registrableDomain(host) === null) return `names a public suffix (${wildcard ?? ''}${host}): give the partner's own domain`;
  return undefined;
}
/**
 * A quota increase: `per_minute` and/or `per_day` (at least the sandbox's limits: an increase never
 * lowers them), or `lifted: true` (no limit of the account's own); `until` (ISO 8601, in the future,
 * within a year) or `days`, else for good; `note`: the use case.
 */
export function quotaInput(body: Body, defaults: RateLimits, now: Date): Quota {
  onlyFields(body, ['per_minute', 'per_day', 'lifted', 'until', 'days', 'note']);
  const lifted = body.lifted ?? false;
  if (typeof lifted !== 'boolean') throw badRequest("'lifted' must be true or false");
  const limit = (field: 'per_minute' | 'per_day', least: number, most: number): number | null => {
    const value = body[field];
    if (value === undefined || value === null) return null;
    if (lifted) throw badRequest(`Give '${field}' or 'lifted: true', not both`);
    if (!Number.isSafeInteger(value) || (value as number) < least || (value as number) > most) {
      throw badRequest(`'${field}' must be a whole number from ${least} (the sandbox's limit) to ${most}`);
    }
    return value as number;
  };
  const perMinute = limit('per_minute', defaults.perMinute, quotaCeiling(defaults.perMinute, MAX_QUOTA_PER_MINUTE));
  const perDay = limit('per_day', defaults.perDay, quotaCeiling(defaults.perDay, MAX_QUOTA_PER_DAY));
  if (!lifted && perMinute === null && perDay === null) throw badRequest("Give 'per_minute', 'per_day' or 'lifted: true'");
  const note = body.note ?? '';
  if (typeof note !== 'string' || Array.from(note).length > MAX_NOTE_LENGTH) throw badRequest(`'note' must be a string of at most ${MAX_NOTE_LENGTH} characters`);
  const noteProblem = freeTextProblem('note', note, true);
  if (noteProblem) throw badRequest(noteProblem);
  return { per_minute: perMinute, per_day: perDay, lifted, until: quotaEnd(body, now), note: note.trim(), granted_at: now.toISOString() };
}

/**
 * The most a window may be raised to: the fixed cap, or for a sandbox whose own limit is near or
 * above it (RATE_LIMIT_PER_MINUTE above 100,000 for load tests), QUOTA_CEILING_FACTOR times that
 * limit, so the range from the sandbox's limit up is never empty.
 */
function quotaCeiling(sandboxLimit: number, cap: number): number {
  return Math.min(Number.MAX_SAFE_INTEGER, Math.max(cap, sandboxLimit * QUOTA_CEILING_FACTOR));
}

function quotaEnd(body: Body, now: Date): string | null {
  if (body.until !== undefined && body.days !== undefined) throw badRequest("Give 'until' or 'days', not both");
  let endMs: number | undefined;
  if (body.days !== undefined && body.days !== null) {
    if (!Number.isSafeInteger(body.days) || (body.days as number) < 1 || (body.days as number) > 366) throw badRequest("'days' must be a whole number from 1 to 366");
    endMs = now.getTime() + (body.days as number) * 86_400_000;
  } else if (body.until !== undefined && body.until !== null) {
    endMs = typeof body.until === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(body.until) ? Date.parse(body.until) : NaN;
    if (Number.isNaN(endMs)) throw badRequest("'until' must be an ISO 8601 date-time (e.g. 2027-01-31T00:00:00Z)");
  }
  if (endMs === undefined) return null;
  if (endMs <= now.getTime() || endMs - now.getTime() > MAX_QUOTA_PERIOD_MS) throw badRequest("'until' must lie in the future and within a year");
  return new Date(endMs).toISOString();
}

/** A rolled key's grace period in seconds: 0 (the old key stops now) to ROLL_GRACE_MAX_SECONDS; 3600 unless given. */
export function graceSecondsInput(value: unknown): number {
  if (value === undefined) return 3600;
  const seconds = typeof value === 'string' && /^\d{1,6}$/.test(value.trim()) ? Number(value) : value;
  if (!Number.isSafeInteger(seconds) || (seconds as number) < 0 || (seconds as number) > ROLL_GRACE_MAX_SECONDS) {
    throw badRequest(`'grace_seconds' must be a whole number from 0 to ${ROLL_GRACE_MAX_SECONDS} (24 hours)`);
  }
  return seconds as number;
}
