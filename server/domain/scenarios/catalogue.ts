/**
 * The scenarios a client can ask for with the sandbox's `Test` request header (in the manner of
 * Expedia Rapid's `Test:` header): what each one does and on which endpoints it may be sent.
 * Pure data and parsing; the HTTP middleware (http/scenarioHeader.ts) and the domain services act
 * on the parsed name.
 */

import { API_PATHS, type ApiPath } from '../../apiPaths.js';

/** The API operations, by path, that a scenario can apply to: all of them. */
export const SCENARIO_ENDPOINTS = API_PATHS;
export type ScenarioEndpoint = ApiPath;

export const SCENARIO_NAMES = [
  'standard',
  'no_availability',
  'price_changed',
  'sold_out',
  'supplier_unavailable',
  'payment_declined',
  'supplier_rejects',
  'slow',
  'server_error',
  'rate_limited',
  'connection_reset',
] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

/**
 * `transport`: the server fails the call itself, whatever the endpoint (after every check of the
 * request). `domain`: a supplier outcome, on the endpoint that meets it or, sent on booking.php, on
 * the booking for its later steps. `none`: the ordinary answer.
 */
export type ScenarioKind = 'none' | 'domain' | 'transport';

export interface ScenarioInfo {
  name: ScenarioName;
  kind: ScenarioKind;
  appliesTo: readonly ScenarioEndpoint[];
  effect: string;
}

/** Sent on booking.php, these scenarios are stored on the booking and act on a later step. */
export const BOOKING_MARKS: readonly ScenarioName[] = ['price_changed', 'payment_declined', 'supplier_rejects', 'supplier_unavailable'];

/** The price change of `price_changed`, as scenario hotel 900008. */
export const PRICE_CHANGE_PERCENT = 10;
/** A booking marked `supplier_unavailable` recovers like scenario hotel 900010. */
export const SUPPLIER_RECOVERS_AFTER_SECONDS = 600;
/** `slow` answers after this long: past the API's 5 s time-out (a test's config may shorten it: slowScenarioDelayMs). */
export const SLOW_DELAY_MS = 6000;
/** Retry-After of the simulated 429. */
export const SIMULATED_RETRY_AFTER_SECONDS = 10;

const EVERY_ENDPOINT = SCENARIO_ENDPOINTS;

export const SCENARIOS: readonly ScenarioInfo[] = [
  { name: 'standard', kind: 'none', appliesTo: EVERY_ENDPOINT, effect: 'The ordinary answer, as without the header.' },
  {
    name: 'no_availability',
    kind: 'domain',
    appliesTo: ['/search.php', '/hotel.php', '/booking.php'],
    effect:
      'As if no hotel had rooms: search answers 200 with no hotels, hotel details 200 with no rooms and the no-rooms message, ' +
      'booking start 409 "The rate is no longer available; search again" (no booking is created).',
  },
  {
    name: 'price_changed',
    kind: 'domain',
    appliesTo: ['/booking.php'],
    effect: `As hotel 900008: the booking is made at a price ${PRICE_CHANGE_PERCENT}% higher; the finalization page shows the old and the new price before payment.`,
  },
  {
    name: 'sold_out',
    kind: 'domain',
    appliesTo: ['/booking.php'],
    effect: 'As hotel 900009: booking start answers 409 "The rate is no longer available; search again (the hotel supplier reports the room as sold out)"; no booking is created.',
  },
  {
    name: 'supplier_unavailable',
    kind: 'domain',
    appliesTo: ['/booking.php', '/book/cancel.php'],
    effect:
      `On booking.php it marks the booking: as hotel 900010, cancelling it gives 502 until ${SUPPLIER_RECOVERS_AFTER_SECONDS} s (on the account's clock) ` +
      'after the first failed attempt. On cancel.php that cancel gives 502 (after the cancel\'s own checks) and the booking stays confirmed.',
  },
  {
    name: 'payment_declined',
    kind: 'domain',
    appliesTo: ['/booking.php'],
    effect: 'Marks the booking: its payment is declined whatever the card (payment_failed, paid: no).',
  },
  {
    name: 'supplier_rejects',
    kind: 'domain',
    appliesTo: ['/booking.php'],
    effect: 'Marks the booking: its payment is accepted, then the supplier rejects the booking whatever the card (booking_failed, paid: refunded).',
  },
  {
    name: 'slow',
    kind: 'transport',
    appliesTo: EVERY_ENDPOINT,
    effect: `The ordinary answer, after ${SLOW_DELAY_MS / 1000} s (past the API's 5 s time-out). A client that gives up before then cancels the request: it is not processed.`,
  },
  {
    name: 'server_error',
    kind: 'transport',
    appliesTo: EVERY_ENDPOINT,
    effect: '500 with a JSON error that says it is a simulated fault; nothing is processed.',
  },
  {
    name: 'rate_limited',
    kind: 'transport',
    appliesTo: EVERY_ENDPOINT,
    effect: `429 at once, with Retry-After: ${SIMULATED_RETRY_AFTER_SECONDS} and the error text of the real limit; nothing is processed.`,
  },
  {
    name: 'connection_reset',
    kind: 'transport',
    appliesTo: EVERY_ENDPOINT,
    effect: 'The connection is reset without an answer; nothing is processed.',
  },
];

const BY_NAME: ReadonlyMap<string, ScenarioInfo> = new Map(SCENARIOS.map((info) => [info.name, info]));

export type ScenarioChoice = { ok: true; scenario: ScenarioName } | { ok: false; message: string };

/**
 * The scenario a `Test` header value selects on an endpoint. Values are exact, the lower-case names
 * the contract's `enum` lists (so that the server, the contract and every tool that reads it agree:
 * `SLOW` is refused as Prism's validation proxy refuses it); surrounding spaces are not part of a
 * header value (RFC 9110) and are dropped. An unknown value, or one that does not apply to the
 * endpoint, is refused with a message naming the values allowed there (and the right spelling when
 * only the case was wrong).
 */
export function chooseScenario(headerValue: string, endpoint: ScenarioEndpoint): ScenarioChoice {
  const name = headerValue.trim();
  const info = BY_NAME.get(name);
  const here = SCENARIOS.filter((candidate) => candidate.appliesTo.includes(endpoint)).map((candidate) => candidate.name);
  if (!info) {
    const spelling = BY_NAME.has(name.toLowerCase()) ? ` (values are lower case: '${name.toLowerCase()}')` : '';
    return { ok: false, message: `Unknown Test scenario '${headerValue}'${spelling}; allowed values on ${endpoint.slice(1)}: ${here.join(', ')}` };
  }
  if (!info.appliesTo.includes(endpoint)) {
    return {
      ok: false,
      message:
        `Test scenario '${info.name}' does not apply to ${endpoint.slice(1)}; it applies to ` +
        `${info.appliesTo.map((path) => path.slice(1)).join(', ')}. Allowed values on ${endpoint.slice(1)}: ${here.join(', ')}`,
    };
  }
  return { ok: true, scenario: info.name };
}
