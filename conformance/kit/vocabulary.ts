/**
 * The vocabulary of the kit, apart from a check itself (types.ts): what a check needs, what a run
 * produces, the kit's settings. It imports nothing of the kit, so every kit module can use it.
 */
import type { ApiPath } from '../../contract/apiPaths.js';

/** `spec`: a rule the API description states. `reference`: a choice our reference server makes where it says "not shown". */
export type Tag = 'spec' | 'reference';

/** Which rules a run judges by: `spec` only what the API description states, `reference` also the reference's choices. */
export type Profile = Tag;

/** What a check cannot run without. `clock` means the harness can move the server clock. */
export type Need = 'control' | 'apikey2' | 'clock';

export { API_PATHS, BOOKING, CANCEL, HOTEL, OVERVIEW, RATE_LIMITED_PATHS, RETRIEVE, SEARCH, type ApiPath } from '../../contract/apiPaths.js';

/**
 * Accounting keys: the API paths, the finalization page (booking_url), the harness, and any other
 * operation of the contract (one a link leads to that is not among the six, checks/links.ts).
 */
export type Endpoint = ApiPath | 'finalization-page' | 'control' | 'other-operation';

export interface KitSettings {
  /** Search point of the shared searches. */
  near: { latitude: number; longitude: number };
  /** Free-text location for the location check. */
  location: string;
  /** The limits the API states, which the limit checks expect. */
  perMinute: number;
  perDay: number;
  /** Longest sleep the kit accepts without a harness. */
  maxSleepMs: number;
  /** Generated cases per operation and kind (`--negative N`; the rate-limited operations get a third), or `all`. */
  negative: number | 'all';
  /** Seeds the pick of generated cases and the stateful sequences (`--seed`; printed in the report, replays them). */
  seed: string;
}

export interface Stay {
  checkin: string;
  checkout: string;
}

/**
 * `blocked`: the check could not be judged because a shared fixture it needed (the shared search,
 * the shared hotel details, ...) failed; that failure is reported once, on the fixture's own result.
 */
export type CheckStatus = 'passed' | 'failed' | 'skipped' | 'setup-failed' | 'blocked';

export interface CheckResult {
  id: string;
  title: string;
  group: string;
  section: string;
  tag: Tag;
  needs: readonly Need[];
  status: CheckStatus;
  /** Failure text, skip reason, or notes (waits on Retry-After) of a pass. */
  message?: string;
  durationMs: number;
  /** Requests this check sent, per endpoint (fixtures count where they were first made). */
  requests: Partial<Record<Endpoint, number>>;
  /** For a failure: the last requests it made and their responses (bodies cut at 2000 characters). */
  exchanges?: ExchangeRecord[];
  /** Generated and sequence checks: every case sent, with its verdict. */
  cases?: CaseRecord[];
  /** For a failure: the shortest request sequence that shows it, replayable (reproduction.ts). */
  reproduction?: ReproductionStep[];
}

/** One generated case as a report lists it. */
export interface CaseRecord {
  what: string;
  /** The status the server answered. */
  status: number;
  passed: boolean;
  /** What the kit expected, readably (`4xx with an error text`). */
  expect: string;
}

/**
 * One request of a reproduction: the body as sent, with the run's keys as `$APIKEY` / `$APIKEY2`
 * (never the keys themselves), and what the answer must be.
 */
export interface ReproductionStep {
  method: 'POST' | 'GET';
  path: string;
  body?: unknown;
  /** The statuses a conforming server may answer (`4xx`, `200`, `not 400`...), as the kit judged it. */
  expect: string;
  /** What the server under test answered in the run. */
  got: number;
  what: string;
  /**
   * Values later steps use, by variable name: the dotted path in this step's JSON answer
   * (`{ SEARCH_ID: 'search_id' }`); later bodies hold `$SEARCH_ID` where the run sent the value.
   */
  capture?: Record<string, string>;
}

/** One request and its response, as a report shows them. */
export interface ExchangeRecord {
  method: string;
  url: string;
  requestBody?: string;
  status: number;
  responseBody: string;
}

export interface RunSummary {
  passed: number;
  failed: number;
  skipped: number;
  setupFailed: number;
  blocked: number;
  total: number;
}

export interface RunReport {
  tool: string;
  baseUrl: string;
  control: string | null;
  profile: 'spec' | 'reference';
  startedAt: string;
  durationMs: number;
  results: CheckResult[];
  summary: RunSummary;
  requestsPerEndpoint: Partial<Record<Endpoint, number>>;
  /** Seconds really slept on rate limits, and seconds the server clock was moved instead. */
  waitedSeconds: number;
  clockAdvancedSeconds: number;
  /** false when the run was interrupted (SIGINT/SIGTERM): the results are those of the checks that ended. */
  complete: boolean;
  /** Checks selected for the run (results also hold one entry per failed fixture). */
  planned: number;
  /** With a harness: 'restored' (account reset, clock offset put back), 'kept' (--keep-state) or why not. */
  accountState?: string;
  /** The seed of the generated cases and sequences (`--seed` replays them). */
  seed?: string;
}
