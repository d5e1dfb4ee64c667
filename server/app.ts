/**
 * createApp({ store, clock, config }) builds the whole service as an Express app, with
 * no globals: tests build one in-process with a FakeClock and a temporary store, and
 * bin.ts only parses flags and listens. `clock` is the base (real) time; each account's clock
 * is that plus the account's own offset (AccountClocks).
 */
import express, { type Express, type RequestHandler } from 'express';
import type { AppContext } from './appContext.js';
import type { Clock } from './clock.js';
import { defaultAddressCeilingPerMinute, defaultConfig, type Config } from './config.js';
import { AccountClocks } from './domain/accountClocks.js';
import { AccountAdmin } from './domain/accountAdmin.js';
import { KEY_CHANGES_PER_MINUTE } from './domain/keyLifecycle.js';
import { securityHeaders } from './http/transport/securityHeaders.js';
import { AccountRegistry, demoAccounts, type DemoAccount } from './domain/accounts.js';
import { rateLimitWindows } from './domain/rateLimiter.js';
import { AddressCeiling } from './domain/addressCeiling.js';
import type { RequestLimits } from './domain/requestLimits.js';
import { Bookings } from './domain/bookings/bookings.js';
import { HotelDetailsService } from './domain/hotelDetails.js';
import { OfferRegistry } from './domain/offers.js';
import { SearchService } from './domain/search.js';
import { defaultWorld, type World } from './domain/world/world.js';
import type { Store } from './domain/ports/store.js';
import { inSequence } from './http/transport/inSequence.js';
import { consoleRouter } from './http/pages/discoveryPages.js';
import { controlRouter } from './http/control/controlApi.js';
import { controlUiRouter } from './http/console/controlUi.js';
import { CONTROL_UI_PATH } from './http/console/controlUiViews.js';
import { apiCors } from './http/transport/cors.js';
import { AuthThrottle, defaultAuthFailuresPerMinute, type FailedAuthEvent } from './http/transport/authThrottle.js';
import { DEFAULT_READS_PER_MINUTE, MinuteBudget } from './http/control/readBudget.js';
import { errorHandler } from './http/transport/errorHandler.js';
import { bookingEndpoint } from './http/api/bookingEndpoint.js';
import { bookingOverviewEndpoint } from './http/api/bookingOverviewEndpoint.js';
import { cancelEndpoint } from './http/api/cancelEndpoint.js';
import { hotelEndpoint } from './http/api/hotelEndpoint.js';
import { retrieveBookingEndpoint } from './http/api/retrieveBookingEndpoint.js';
import { searchEndpoint } from './http/api/searchEndpoint.js';
import { finalizeRouter } from './http/pages/finalizationPage.js';
import { imagesRouter } from './http/pages/hotelImages.js';
import { requestLog, silentLogger, type Logger } from './http/transport/requestLog.js';
import { appMetrics, observability } from './http/transport/metrics.js';
import { scenarioHeader } from './http/api/scenarioHeader.js';
import { stubAnswer } from './http/api/stubAnswer.js';
import { StubBook } from './domain/stubs/stubBook.js';
import { serialiseFrozenAnswersOnce, validateResponses } from './http/transport/answers.js';
import { journalRecorder } from './http/api/journalRecorder.js';
import { requestValidation } from './http/transport/requestValidation.js';
import { CONTRACT_PATH, CONTROL_CONTRACT_PATH, loadContract } from '../contract/document.js';
import { createContractValidator } from '../contract/validator.js';
import {
  API_PATHS,
  RATE_LIMITED_PATHS,
  authenticate,
  jsonBody,
  noEmptySegments,
  noStore,
  noSuchEndpoint,
  onlyPost,
  originForm,
  rateLimit,
  requireJson,
  requireObjectBody,
  type ApiPath,
} from './http/transport/apiPipeline.js';

export type { AppContext };

export interface AppOptions {
  store: Store;
  /** Real time (a FakeClock in tests); the control API moves accounts' offsets over it, never it. */
  clock: Clock;
  config?: Partial<Config>;
  /** Defaults to the shared seeded world (100,000 hotels plus the scenario hotels). */
  world?: World;
  /** The demo set (default: fixtures/accounts.json), used unless `config.demoAccounts` is false. */
  accounts?: DemoAccount[];
  /** The request log (and 500s); silent unless given (bin.ts passes one at LOG_LEVEL). */
  logger?: Logger;
  /** Told of every failed authentication (API, control API, console sign-in, admin token), e.g. for /metrics. */
  onFailedAuth?: (event: FailedAuthEvent) => void;
  /**
   * The request checks of step 5, by API path; defaults to requestValidation.ts over openapi.yaml.
   * `npm run bench -- validation` passes express-openapi-validator here to compare the two.
   */
  requestChecks?: Record<ApiPath, RequestHandler | RequestHandler[]>;
}

export function createContext(options: AppOptions): AppContext {
  const config = defaultConfig(options.config);
  const world = options.world ?? defaultWorld();
  // Build the gazetteer and the address index now: built on the first search, they blocked every client.
  world.geocoder().prepareAddressIndex();
  const { store, clock } = options;
  const accounts = new AccountRegistry(store, config.demoAccounts ? (options.accounts ?? demoAccounts()) : [], clock);
  // Loaded now, awaited by the first request that needs a key (a failed load is tried again then).
  accounts.ready().catch(() => {});
  // Clocks, searches, offers and rate-limit windows live in the store: replicas on one database share them.
  const clocks = new AccountClocks(clock, store);
  const offers = new OfferRegistry(store);
  const requestLimits: RequestLimits = {
    store,
    clocks,
    windows: rateLimitWindows(config.rateLimits),
    ceiling: new AddressCeiling(config.addressCeilingPerMinute ?? defaultAddressCeilingPerMinute(config.rateLimits)),
    quotaOf: (accountId) => accounts.byIdOf(accountId)?.quota,
  };
  const search = new SearchService({ world, offers, store, publicUrl: config.publicUrl });
  const hotelDetails = new HotelDetailsService({ world, offers, search, publicUrl: config.publicUrl });
  const bookings = new Bookings({ store, world, offers, config });
  const keyChanges = new MinuteBudget<number>(clock, KEY_CHANGES_PER_MINUTE);
  const accountAdmin = new AccountAdmin({
    store,
    keyChanges,
    registry: accounts,
    clock,
    rateLimits: config.rateLimits,
    forgetInProcess: (accountId) => hotelDetails.reset(accountId),
  });
  const authThrottle = new AuthThrottle({
    clock,
    limitPerMinute: config.authFailuresPerMinute ?? defaultAuthFailuresPerMinute(config.rateLimits.perMinute),
    onFailedAuth: options.onFailedAuth,
  });
  const readBudget = new MinuteBudget<number>(clock, config.readsPerMinute ?? DEFAULT_READS_PER_MINUTE);
  const stubs = new StubBook(store, () => createContractValidator());
  return {
    store,
    clock,
    clocks,
    config,
    world,
    accounts,
    accountAdmin,
    requestLimits,
    search,
    hotelDetails,
    bookings,
    authThrottle,
    readBudget,
    stubs,
    async resetAccount(accountId) {
      // The account's rate-limit windows start empty again (the address's ceiling keeps what it
      // counted: a reset frees no capacity). The store drops the account's clock, searches and offers for every replica; the live
      // hotel cache of this process goes too (other replicas' caches stay: see hotelDetails.ts).
      await store.resetAccount(accountId);
      hotelDetails.reset(accountId);
    },
    async reset() {
      await store.reset();
      hotelDetails.resetAll();
      authThrottle.reset();
      readBudget.reset();
      keyChanges.reset();
      requestLimits.ceiling.reset();
    },
  };
}

export function createApp(options: AppOptions): Express {
  // Before the context: the throttle reports failed authentications to the metrics.
  const metrics = appMetrics(options.store);
  const context = createContext({
    ...options,
    onFailedAuth: (event) => {
      metrics.failedAuth(event);
      options.onFailedAuth?.(event);
    },
  });
  const { config } = context;
  const app = express();
  app.disable('x-powered-by');
  // One spelling per path, as in the contract: Express would otherwise also route /SEARCH.PHP and
  // /search.php/, paths the contract (and so the request checks and the journal) does not know.
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  app.set('trust proxy', config.trustProxy);
  // Express 5 parses queries with node:querystring unless told otherwise; qs keeps `a[b]=1` as the
  // request checks, the journal and the finalization page have always read it (Express 4's default).
  app.set('query parser', 'extended');
  app.locals.context = context;
  const logger = options.logger ?? silentLogger();
  app.use(securityHeaders(config.publicUrl));
  app.use(requestLog(logger));
  app.use(observability(context, metrics)); // counts every request; GET /metrics and /readyz
  app.use(inSequence(noStore, originForm, noEmptySegments));

  const endpoints = {
    '/search.php': searchEndpoint(context),
    '/hotel.php': hotelEndpoint(context),
    '/booking.php': bookingEndpoint(context),
    '/booking_overview.php': bookingOverviewEndpoint(context),
    '/retrieve_booking.php': retrieveBookingEndpoint(context),
    '/book/cancel.php': cancelEndpoint(context),
  } as const;

  // The request schema checks of the six operations, compiled here once (step 5 of the order of checks).
  const requestChecks = options.requestChecks ?? requestValidation(loadContract(CONTRACT_PATH), API_PATHS);

  const cors = apiCors(config.corsOrigins);
  const contract = createContractValidator();
  serialiseFrozenAnswersOnce(app);
  // Every API call goes into its account's request journal (after the answer; never delays it).
  const recordJournal = journalRecorder({
    store: context.store,
    accounts: context.accounts,
    clocks: context.clocks,
    validator: contract,
    onError: (err) => logger.warn({ err }, 'request journal entry not recorded'),
  });
  for (const path of API_PATHS) {
    const checks = [
      ...(cors ? [cors] : []),
      recordJournal,
      onlyPost,
      requireJson,
      jsonBody(config.bodyLimitBytes),
      requireObjectBody,
      authenticate(context.accounts, context.clocks, context.authThrottle, 'api'),
      ...(RATE_LIMITED_PATHS.includes(path) ? [rateLimit(context.requestLimits, path, config.supportEmail, config.rateLimitRaiseHint)] : []),
      ...[requestChecks[path]].flat(),
      ...(config.validateResponses ? [validateResponses(contract, path)] : []),
      stubAnswer(context.stubs),
      scenarioHeader({ slowDelayMs: config.slowScenarioDelayMs, perMinute: config.rateLimits.perMinute }),
    ];
    app.all(path, ...checks, endpoints[path]);
  }

  app.use(consoleRouter(context, { contractPath: CONTRACT_PATH, controlContractPath: CONTROL_CONTRACT_PATH }));
  app.use('/book', finalizeRouter(context));
  app.use('/images', imagesRouter(context.world));
  if (config.controlApi) {
    // Before the control router, which takes JSON only: the console's forms are url-encoded.
    app.use(CONTROL_UI_PATH, controlUiRouter(context));
    app.use('/_control', controlRouter(context));
  }

  app.use(noSuchEndpoint);
  app.use(errorHandler);
  return app;
}
