/**
 * What operators watch (docs/operating.md): `GET /metrics` in Prometheus text format and
 * `GET /readyz`. One middleware counts every request by endpoint and status (API paths by name,
 * everything else in a few fixed groups, so the label set stays small whatever URLs clients send),
 * times it per endpoint, and counts the 429s of search.php and hotel.php and the 401/403 answers
 * of the API, the control API, the console's sign-in and /metrics.
 *
 * /metrics exists only with SANDBOX_ADMIN_TOKEN set (404 otherwise) and answers only
 * `Authorization: Bearer <token>` (401 otherwise), compared in constant time: the metrics show
 * traffic and failures, which are nobody else's business.
 *
 * Each app has its own registry (tests build many apps in one process). The process metrics
 * (heap, RSS, event-loop lag, GC) are the process's, not an app's: they live in one registry made
 * on first use, so the event-loop monitor and GC observer they start exist once, not once per app.
 */
import type { ServerResponse } from 'node:http';
import { Router, type RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppContext } from '../../appContext.js';
import { ApiError } from '../../errors.js';
import { API_PATHS, RATE_LIMITED_PATHS } from './apiPipeline.js';
import { requireAdminToken } from './adminToken.js';

/** Labels of the paths that are not API operations: a fixed, small set. */
const GROUPS: ReadonlyArray<readonly [prefix: string, label: string]> = [
  ['/_control/admin/', '/_control/admin'],
  ['/_control/ui/', '/_control/ui'],
  ['/_control/', '/_control'],
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

/** 401/403 answers here are failed authentications (API keys, the admin token, console sign-ins). */
const AUTHENTICATED = new Set<string>([...API_PATHS, '/_control', '/_control/admin', '/_control/ui', '/metrics']);

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Requests of one endpoint and status counted since the last scrape, and the counter child they go to then. */
interface StatusCount {
  pending: number;
  child: Counter.Internal;
}

/** One endpoint's labelled children, made on its first request and reused. */
interface EndpointMetrics {
  label: string;
  byStatus: Map<number, StatusCount>;
  latency: Histogram.Internal<string>;
  /** Children of the 429 and 401/403 counters, on the endpoints that have them. */
  rateLimited: Counter.Internal | undefined;
  authFailures: { 401: Counter.Internal; 403: Counter.Internal } | undefined;
}

let processRegistry: Registry | undefined;
/** Heap, RSS, event-loop lag, GC, handles… of this process, collected once per process. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const START = Symbol('metricsStart');
type TimedResponse = ServerResponse & { [START]?: number };

export interface AppMetrics {
  /** Counts and times the request once it is over; put it first in the pipeline. */
  count: RequestHandler;
  /** The app's metrics followed by the process's, in Prometheus text format. */
  text(): Promise<string>;
  readonly contentType: string;
}

export function appMetrics(context: Pick<AppContext, 'store'>): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  const endpoints = new Map<string, EndpointMetrics>();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by endpoint (API path or group) and status',
    labelNames: ['endpoint', 'status'],
    registers,
    // A request adds 1 to a plain number; the counter takes the sums at each scrape (prom-client's
    // inc() hashes its labels on every call).
    collect() {
      for (const endpoint of endpoints.values()) {
        for (const count of endpoint.byStatus.values()) {
          if (count.pending > 0) count.child.inc(count.pending);
          count.pending = 0;
        }
      }
    },
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request reaching the app to the end of its answer, by endpoint',
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
    help: 'Failed authentications: 401/403 answers of the API, the control API, the console sign-in and /metrics',
    labelNames: ['endpoint', 'status'],
    registers,
  });
  storeGauges(context.store, registers);

  const endpointOf = (label: string): EndpointMetrics => {
    let found = endpoints.get(label);
    if (!found) {
      found = {
        label,
        byStatus: new Map(),
        latency: latency.labels(label),
        rateLimited: (RATE_LIMITED_PATHS as readonly string[]).includes(label) ? rateLimited.labels(label) : undefined,
        authFailures: AUTHENTICATED.has(label) ? { 401: authFailures.labels(label, '401'), 403: authFailures.labels(label, '403') } : undefined,
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
    let count = endpoint.byStatus.get(status);
    if (!count) endpoint.byStatus.set(status, (count = { pending: 0, child: requests.labels(endpoint.label, String(status)) }));
    count.pending += 1;
    endpoint.latency.observe((performance.now() - startedAt) / 1000);
    if (status === 429) endpoint.rateLimited?.inc();
    else if (status === 401 || status === 403) endpoint.authFailures?.[status].inc();
  }

  return {
    count: (_req, res, next) => {
      (res as TimedResponse)[START] = performance.now();
      res.on('close', onClose);
      next();
    },
    async text() {
      return `${await registry.metrics()}\n${await processMetrics().metrics()}`;
    },
    contentType: registry.contentType,
  };
}

/**
 * The counting middleware plus GET /metrics and GET /readyz, as one piece of the pipeline
 * (app.ts puts it right after the request log).
 */
export function observability(context: AppContext): Router {
  const metrics = appMetrics(context);
  const router = Router({ caseSensitive: true, strict: true });
  router.use(metrics.count);
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

  getOnly('/readyz', (_req, res) => {
    const store = context.store.kind ?? 'unknown';
    const answer = (ready: boolean, error?: string) => {
      res.set('Cache-Control', 'no-store');
      if (ready) res.json({ status: 'ready', store });
      else res.status(503).json({ status: 'not_ready', store, error: `The store cannot take writes: ${error}` });
    };
    const check = context.store.checkReady?.() ?? Promise.resolve();
    check.then(
      () => answer(true),
      (error: unknown) => answer(false, (error as Error).message || String(error)),
    );
  });
  return router;
}

/** What the store holds: bookings, the bounded transient state, and the embedded store's journal. */
function storeGauges(store: AppContext['store'], registers: Registry[]): void {
  new Gauge({
    name: 'store_bookings',
    help: 'Bookings in the store',
    registers,
    async collect() {
      try {
        this.set(await store.countBookings());
      } catch {
        this.set(Number.NaN); // not a stale count (nor 0); /readyz says why
      }
    },
  });
  if (store.transientSizes) {
    const sizes = store.transientSizes.bind(store);
    new Gauge({
      name: 'store_transient_entries',
      help: 'Entries held in the bounded transient state (search keys, offers, request-journal entries and their body bytes), by kind',
      labelNames: ['kind'],
      registers,
      async collect() {
        try {
          for (const [kind, count] of Object.entries(await sizes())) this.set({ kind }, count);
        } catch {
          // the store cannot say now; /readyz says why, and a stale figure is better left out
        }
      },
    });
  }
  if (store.journalStats) {
    const stats = () => store.journalStats!();
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({ name, help, registers, collect() { this.set(read()); } });
    gauge('store_snapshot_bytes', 'Size of DB_FILE as last written or read', () => stats().snapshotBytes);
    gauge('store_journal_bytes', 'Size of the journal (changes not yet in the snapshot)', () => stats().journalBytes);
    gauge('store_journal_entries', 'Changes journaled since the last snapshot (replayed on restart)', () => stats().journalEntries);
    gauge('store_journal_pending_entries', 'Changes waiting for their fsync', () => stats().pendingEntries);
    gauge('store_journal_write_failing', '1 when the last journal write failed (clients get 503)', () => (stats().writeFailing ? 1 : 0));
  }
}
