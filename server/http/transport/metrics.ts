/**
 * What operators watch (docs/operating.md): `GET /metrics` in Prometheus text format and
 * `GET /readyz` (readiness.ts). One middleware counts every request by endpoint and status (API
 * paths by name, everything else in a few fixed groups, so the label set stays small whatever URLs
 * clients send), times it per endpoint, counts the 429s of search.php and hotel.php, and counts each
 * API call per team (account and key id, a bounded number of series). Requests that played a
 * sandbox scenario (the `Test` header, a booking marked by it, a scenario hotel: a partner testing
 * its fault handling) are counted apart, in `http_scenario_requests_total`, and left out of
 * `http_requests_total` and the latency histogram, so an operator's 5xx and latency alerts never
 * fire on a partner's `Test: server_error` or `Test: slow`. Failed authentications are counted as
 * the throttle reports them (authThrottle.ts onFailedAuth): wrong or unknown keys and tokens only,
 * never an ownership 403, a cancel refusal or a refused form.
 *
 * /metrics exists only with SANDBOX_ADMIN_TOKEN set (404 otherwise) and answers only
 * `Authorization: Bearer <token>` (401 without one, 403 with a wrong one), compared in constant
 * time: the metrics show traffic and failures, which are nobody else's business.
 *
 * Each app has its own registry (tests build many apps in one process); the process's metrics are
 * processMetrics.ts's, the store's storeMetrics.ts's.
 */
import type { ServerResponse } from 'node:http';
import { Router, type RequestHandler, type Response } from 'express';
import { Counter, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../../appContext.js';
import { ApiError } from '../../errors.js';
import type { Store } from '../../domain/ports/store.js';
import { API_PATHS, RATE_LIMITED_PATHS } from './apiPipeline.js';
import { requireAdminToken } from './adminToken.js';
import type { FailedAuthEvent } from './authThrottle.js';
import { processMetrics } from './processMetrics.js';
import { readiness } from './readiness.js';
import { storeGauges } from './storeMetrics.js';

/** The label of a team's own control API (its clock, payments, journal, keys). */
const CONTROL_LABEL = '/_control';

/** Labels of the paths that are not API operations: a fixed, small set. */
const GROUPS: ReadonlyArray<readonly [prefix: string, label: string]> = [
  ['/_control/admin/', '/_control/admin'],
  ['/_control/ui/', '/_control/ui'],
  ['/_control/', CONTROL_LABEL],
  ['/book/', '/book'],
  ['/images/', '/images'],
  ['/docs/', 'pages'],
];
const EXACT = new Map<string, string>([
  ['/metrics', '/metrics'],
  ['/readyz', '/readyz'],
  ['/healthz', '/healthz'],
  ['/_control/ui', '/_control/ui'],
  ...['/', '/docs', '/openapi.yaml', '/openapi.json', '/control-api.yaml', '/control-api.json', '/favicon.ico'].map(
    (path) => [path, 'pages'] as [string, string],
  ),
]);

/** The endpoint label of a path: an API path, one of the groups above, or "other". */
export function endpointLabel(path: string): string {
  if ((API_PATHS as readonly string[]).includes(path)) return path;
  const exact = EXACT.get(path);
  if (exact !== undefined) return exact;
  for (const [prefix, label] of GROUPS) if (path.startsWith(prefix)) return label;
  return 'other';
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Accounts with series of their own; the accounts seen after these are counted together under
 * `account="other"`, so a sandbox with many accounts cannot flood the scraper. Within an account,
 * at most MAX_KEY_SERIES_PER_ACCOUNT key ids have series of their own, the rest under `key="other"`
 * (finding 2 of issue 35: one account rolling 1,000 keys took 998 of the 1,000 team series, and a
 * new account's calls went to "other"): one account can never take another's series.
 */
export const MAX_TEAM_SERIES = 1_000;
export const MAX_KEY_SERIES_PER_ACCOUNT = 10;
const OTHER_TEAM = 'other';

/** Requests of one endpoint and status counted since the last scrape, and the counter child they go to then. */
interface StatusCount {
  pending: number;
  child: Counter.Internal;
}

/** One endpoint's labelled children, made on its first request and reused. */
interface EndpointMetrics {
  label: string;
  byStatus: Map<number, StatusCount>;
  /** The same for requests that played a scenario. */
  scenarioByStatus: Map<number, StatusCount>;
  latency: Histogram.Internal<string>;
  /** The 429 counter's child, on the rate-limited endpoints. */
  rateLimited: Counter.Internal | undefined;
  /** Counted in http_team_requests_total too. */
  team: boolean;
}

const START = Symbol('metricsStart');
type TimedResponse = ServerResponse & { [START]?: number };

/** A sandbox scenario played this request (see the top of this file). */
export function playedScenario(res: Pick<Response, 'locals'>): boolean {
  return res.locals.scenario !== undefined || res.locals.simulatedFault === true;
}

/** The team a call is counted under: its account id and key id (never the key), once authenticated. */
export function teamOf(res: Pick<Response, 'locals'>): { account: string; key: string } | undefined {
  const account = (res.locals.account as { id?: unknown } | undefined)?.id;
  if (typeof account !== 'number') return undefined;
  const key = res.locals.keyId;
  return { account: String(account), key: typeof key === 'string' ? key : '' };
}

/** A team series' class: 2xx, 4xx, 429, 5xx, or scenario (whatever its status). */
function teamClass(status: number, scenario: boolean): string {
  if (scenario) return 'scenario';
  if (status === 429) return '429';
  return `${Math.floor(status / 100)}xx`;
}

export interface AppMetrics {
  /** Counts and times the request once it is over; called first in the pipeline (observability). */
  count(res: Response): void;
  /** Counts a failed authentication; the app passes it to the throttle as onFailedAuth. */
  failedAuth(event: FailedAuthEvent): void;
  /** The app's metrics followed by the process's, in Prometheus text format. */
  text(): Promise<string>;
  readonly contentType: string;
}

/** The per-team counter: children by team and class, made on first use, at most `max` teams (then "other"). */
export function teamCounter(registers: Registry[], max = MAX_TEAM_SERIES): (team: { account: string; key: string }, teamClassName: string) => void {
  const counter = new Counter({
    name: 'http_team_requests_total',
    help: `API and control-API calls by team (account id and key id, never the key) and class (2xx, 4xx, 429, 5xx, scenario); past ${MAX_TEAM_SERIES} accounts, the rest under account="other"; past ${MAX_KEY_SERIES_PER_ACCOUNT} keys of an account, its rest under key="other"`,
    labelNames: ['account', 'key', 'class'],
    registers,
  });
  /** By account, then key id, then class. */
  const teams = new Map<string, Map<string, Map<string, Counter.Internal>>>();
  return (team, className) => {
    let account = team.account;
    let keys = teams.get(account);
    if (!keys && teams.size >= max) keys = teams.get((account = OTHER_TEAM));
    if (!keys) teams.set(account, (keys = new Map()));
    let key = account === OTHER_TEAM ? OTHER_TEAM : team.key;
    let children = keys.get(key);
    if (!children && keys.size >= MAX_KEY_SERIES_PER_ACCOUNT) children = keys.get((key = OTHER_TEAM));
    if (!children) keys.set(key, (children = new Map()));
    let child = children.get(className);
    if (!child) children.set(className, (child = counter.labels(account, key, className)));
    child.inc();
  };
}

export function appMetrics(store: Store): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  // Made with the app, not at the first scrape: the event-loop windows start filling now.
  processMetrics();
  const endpoints = new Map<string, EndpointMetrics>();
  const flush = (counts: Iterable<StatusCount>) => {
    for (const count of counts) {
      if (count.pending > 0) count.child.inc(count.pending);
      count.pending = 0;
    }
  };
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by endpoint (API path or group) and status; requests that played a sandbox scenario are in http_scenario_requests_total instead',
    labelNames: ['endpoint', 'status'],
    registers,
    // A request adds 1 to a plain number; the counter takes the sums at each scrape (prom-client's
    // inc() hashes its labels on every call).
    collect() {
      for (const endpoint of endpoints.values()) flush(endpoint.byStatus.values());
    },
  });
  const scenarioRequests = new Counter({
    name: 'http_scenario_requests_total',
    help: "API calls that played a sandbox scenario (a partner testing its fault handling: Test header, a booking marked by it, a scenario hotel), by endpoint and status; not the service's own faults",
    labelNames: ['endpoint', 'status'],
    registers,
    collect() {
      for (const endpoint of endpoints.values()) flush(endpoint.scenarioByStatus.values());
    },
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request reaching the app to the end of its answer, by endpoint (requests that played a scenario left out)',
    labelNames: ['endpoint'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const rateLimited = new Counter({
    name: 'http_rate_limited_total',
    help: '429 answers of the rate-limited endpoints (search.php, hotel.php)',
    labelNames: ['endpoint'],
    registers,
  });
  const authFailures = new Counter({
    name: 'http_auth_failures_total',
    help: 'Failed authentications (a wrong or unknown API key or admin token), by surface (api, control, console, admin: the admin calls and /metrics) and outcome (answered: 403; throttled: 429)',
    labelNames: ['surface', 'outcome'],
    registers,
  });
  const countTeam = teamCounter(registers);
  storeGauges(store, registers);

  const endpointOf = (label: string): EndpointMetrics => {
    let found = endpoints.get(label);
    if (!found) {
      found = {
        label,
        byStatus: new Map(),
        scenarioByStatus: new Map(),
        latency: latency.labels(label),
        rateLimited: (RATE_LIMITED_PATHS as readonly string[]).includes(label) ? rateLimited.labels(label) : undefined,
        // A team's calls: the API's and its own control API's (its clock, payments, journal), not the operator's /_control/admin.
        team: (API_PATHS as readonly string[]).includes(label) || label === CONTROL_LABEL,
      };
      endpoints.set(label, found);
    }
    return found;
  };
  /** Labels by path, for the paths seen (bounded: only exact known paths are remembered). */
  const byPath = new Map<string, EndpointMetrics>();

  function onClose(this: TimedResponse): void {
    const startedAt = this[START];
    if (startedAt === undefined) return;
    this[START] = undefined;
    const req = this.req as ServerResponse['req'] & { originalUrl?: string };
    const res = this as unknown as Response;
    const url = req.originalUrl ?? req.url ?? '';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    let endpoint = byPath.get(path);
    if (!endpoint) {
      endpoint = endpointOf(endpointLabel(path));
      // Remember only the exact spellings of a label (never one entry per raw URL).
      if (endpoint.label === path) byPath.set(path, endpoint);
    }
    const status = this.statusCode;
    const scenario = playedScenario(res);
    const counts = scenario ? endpoint.scenarioByStatus : endpoint.byStatus;
    let count = counts.get(status);
    if (!count) counts.set(status, (count = { pending: 0, child: (scenario ? scenarioRequests : requests).labels(endpoint.label, String(status)) }));
    count.pending += 1;
    if (!scenario) endpoint.latency.observe((performance.now() - startedAt) / 1000);
    if (status === 429 && !scenario) endpoint.rateLimited?.inc();
    if (endpoint.team) {
      const team = teamOf(res);
      if (team) countTeam(team, teamClass(status, scenario));
    }
  }

  return {
    count(res) {
      (res as TimedResponse)[START] = performance.now();
      res.on('close', onClose);
    },
    failedAuth(event) {
      authFailures.inc({ surface: event.surface, outcome: event.blocked ? 'throttled' : 'answered' });
    },
    async text() {
      return `${await registry.metrics()}\n${await processMetrics().metrics()}`;
    },
    contentType: registry.contentType,
  };
}

/**
 * The counting middleware plus GET /metrics and GET /readyz, as one piece of the pipeline
 * (app.ts puts it right after the request log). One middleware, not a mounted router: only those
 * two paths (exactly: the router is strict and case-sensitive) enter the router, and every other
 * request passes with two string comparisons instead of the router's matching of each route.
 */
export function observability(context: AppContext, metrics: AppMetrics): RequestHandler {
  const router = Router({ caseSensitive: true, strict: true });
  const getOnly = (path: string, ...handlers: RequestHandler[]) =>
    router
      .route(path)
      .get(...handlers)
      .all((req, _res, next) => next(new ApiError(405, `Method ${req.method} not allowed; use GET`, {}, { Allow: 'GET, HEAD' })));

  const token = context.config.adminToken;
  const adminOnly: RequestHandler =
    token === undefined
      ? (_req, _res, next) => next(new ApiError(404, 'No such endpoint: GET /metrics (it is served only when SANDBOX_ADMIN_TOKEN is set)'))
      : requireAdminToken(token, context.authThrottle);
  getOnly('/metrics', adminOnly, (_req, res, next) => {
    metrics.text().then((body) => {
      res.set('Cache-Control', 'no-store').type(metrics.contentType).send(body);
    }, next);
  });
  getOnly('/readyz', readiness(context.store));
  return (req, res, next) => {
    metrics.count(res);
    if (req.path === '/metrics' || req.path === '/readyz') return router(req, res, next);
    next();
  };
}
