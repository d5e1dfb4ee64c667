/**
 * The sandbox's `Test` request header (see domain/scenarios/catalogue.ts): one middleware, placed
 * after every check of the request (method, body, apikey, rate limit, request schema), so a
 * scenario never lets a malformed or unauthenticated request through and a client testing its
 * fault handling sees a valid request fail. It refuses an unknown or misplaced value with 400,
 * exposes the choice on `res.locals.scenario` (endpoints and the request journal read it), and
 * performs the transport faults itself; supplier outcomes are left to the endpoint's domain call.
 */
import type { RequestHandler, Response } from 'express';
import {
  SIMULATED_RETRY_AFTER_SECONDS, SLOW_DELAY_HEADER, SLOW_DELAY_MS, chooseScenario, chooseSlowDelay, type ScenarioEndpoint, type ScenarioName,
} from '../../domain/scenarios/catalogue.js';
import { ApiError, badRequest } from '../../errors.js';
import { waitUnlessClientLeaves } from '../transport/clientWait.js';
import { rateLimitExceeded } from '../transport/apiPipeline.js';

export const TEST_HEADER = 'Test';
/** How Node names it in `req.headers`. */
const TEST_HEADER_KEY = TEST_HEADER.toLowerCase();

/** The scenario the request's `Test` header chose, if any. */
export function scenarioOf(res: Response): ScenarioName | undefined {
  return res.locals.scenario as ScenarioName | undefined;
}

export interface ScenarioHeaderOptions {
  /** How long `slow` waits before answering when the request chooses no delay; unset, SLOW_DELAY_MS (5.2 s). startSandbox({ slowMs }) and tests shorten it. */
  slowDelayMs?: number;
  /** The real per-minute limit, named in the simulated 429 as the real one names it. */
  perMinute: number;
}

const SLOW_DELAY_HEADER_KEY = SLOW_DELAY_HEADER.toLowerCase();

/**
 * A `Test-Delay-Ms` without `Test: slow` changes nothing (example-driven tools send every header's
 * example together), but a value outside its declared range is refused all the same.
 */
function delayRefused(value: string | undefined): ApiError | undefined {
  const delay = chooseSlowDelay(value, 0);
  return delay.ok ? undefined : badRequest(delay.message);
}

export const scenarioHeader = (options: ScenarioHeaderOptions): RequestHandler => {
  const play = playScenario(options);
  // Most requests carry no `Test` header: they pass without the asynchronous machinery.
  return (req, res, next) => {
    if (req.headers[TEST_HEADER_KEY] !== undefined) return play(req, res, next);
    if (req.headers[SLOW_DELAY_HEADER_KEY] !== undefined) return next(delayRefused(req.get(SLOW_DELAY_HEADER)));
    next();
  };
};

const playScenario = (options: ScenarioHeaderOptions): RequestHandler =>
  async (req, res, next) => {
    const value = req.get(TEST_HEADER);
    if (value === undefined) return next();
    const choice = chooseScenario(value, req.path as ScenarioEndpoint);
    if (!choice.ok) return next(badRequest(choice.message));
    // Checked whatever the scenario (the contract declares its range), used only by `slow`.
    const delay = chooseSlowDelay(req.get(SLOW_DELAY_HEADER), options.slowDelayMs ?? SLOW_DELAY_MS);
    if (!delay.ok) return next(badRequest(delay.message));
    res.locals.scenario = choice.scenario;
    switch (choice.scenario) {
      case 'slow':
        if (await waitUnlessClientLeaves(res, delay.delayMs)) next();
        return;
      case 'server_error':
        return next(simulated(res, new ApiError(500, 'Simulated server error (Test header: server_error); the request was not processed.')));
      case 'rate_limited': {
        const limit = rateLimitExceeded(options.perMinute, 'minute', req.path, SIMULATED_RETRY_AFTER_SECONDS);
        return next(simulated(res, new ApiError(429, `${limit.message} (Simulated: Test header rate_limited.)`, {}, limit.headers)));
      }
      case 'connection_reset':
        // A TCP reset, as a crashed server or a dropped proxy connection gives: the client sees ECONNRESET.
        req.socket.resetAndDestroy();
        return;
      default:
        return next();
    }
  };

/**
 * Simulated faults answer outside the contract's responses on purpose (a 500, a 429 on an endpoint
 * that is not rate limited), so response validation lets them through (answers.ts).
 */
function simulated(res: Response, error: ApiError): ApiError {
  res.locals.simulatedFault = true;
  return error;
}
