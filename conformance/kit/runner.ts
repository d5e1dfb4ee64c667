/**
 * Runs a selection of the catalogue against one implementation and returns the report. With a
 * harness it acts on the run's own accounts only (--apikey, and --apikey2 when given, whose clock
 * moves in step): it moves their clocks a day ahead first (so earlier requests from this IP are
 * outside every rate-limit window for them), moves them instead of waiting, and at the end resets
 * each account and restores the clock offset it found (unless keepState). Without a harness it
 * sleeps, and only on rate limits.
 */
import { CATALOGUE } from '../checks/index.js';
import { randomBytes } from 'node:crypto';
import { DEFAULT_NEGATIVE } from '../checks/generated.js';
import { ControlHarness, type ClockState } from '../harness.js';
import { ApiClient } from './client.js';
import { HarnessClock, SleepingClock, type KitClock, type WaitListener } from './clock.js';
import { CheckContext, type KitSettings } from './context.js';
import { BlockedByFixture, CheckFailure, CheckSkipped, SetupFailure } from './failures.js';
import { Fixtures, type FixtureProblem } from './fixtures.js';
import { SlidingWindowScheduler, specLimits } from './limiter.js';
import { Recorder, exchangeRecord, exchangeText, violationLines } from './recorder.js';
import { sequenceFor, stepOf } from './reproduction.js';
import { selectChecks, type PlannedCheck } from './selection.js';
import type { CatalogueCheck, CheckResult, CheckStatus, ReproductionStep, RunReport, RunSummary } from './types.js';

export interface RunOptions {
  baseUrl: string;
  apikey: string;
  apikey2?: string;
  /** The harness URL, or undefined for none. */
  control?: string;
  profile: 'spec' | 'reference';
  only?: readonly string[];
  skip?: readonly string[];
  requestBudget?: number;
  timeoutMs?: number;
  /** The limits the API states on search.php and hotel.php, which the limit checks expect (5, 200). */
  perMinute?: number;
  perDay?: number;
  /** The pace the kit keeps to itself on those endpoints (default: the stated limits); 0 switches a window off. */
  pacePerMinute?: number;
  pacePerDay?: number;
  near?: KitSettings['near'];
  location?: string;
  /** Longest single sleep without a harness (default 120 s). */
  maxSleepMs?: number;
  /**
   * Generated cases per operation and kind (checks/generated.ts), or `all`. Default: `all` with a
   * harness (a case costs no waiting), DEFAULT_NEGATIVE without.
   */
  negative?: number | 'all';
  /** Seeds the pick of generated cases and the sequences; default: a new one per run (printed in the report). */
  seed?: string;
  catalogue?: readonly CatalogueCheck[];
  /** Called once the checks to run are known, in the order they will run (progress output). */
  onPlan?: (plan: readonly PlannedCheck[]) => void;
  /** Called as each check ends (progress output). */
  onResult?: (result: CheckResult) => void;
  /** Called once at the start with a function giving the report so far (marked incomplete), e.g. for SIGINT. */
  onStart?: (reportSoFar: () => RunReport) => void;
  /** Told when the kit sleeps (on a rate limit, without a harness) and when the sleep ends. */
  onWait?: WaitListener;
  /** With a harness: leave the account as the run left it (bookings, clock) instead of restoring it. */
  keepState?: boolean;
  /** Without a harness, the clock the kit waits on (default: real time, waiting by sleeping); tests move a server clock instead. */
  clock?: KitClock;
  /** How a failed-authentication throttle is waited out (default: sleeping, harness or not); tests move a server clock instead. */
  throttleWait?: KitClock;
}

/** How far a run with a harness moves its account's clock before the first check. */
export const FRESH_WINDOWS_SECONDS = 86_400 + 60;

export const DEFAULT_NEAR = { latitude: 52.316, longitude: 4.971 }; // Sandbox Scenario Park, Amsterdam

export async function runConformance(options: RunOptions): Promise<RunReport> {
  const startedAt = new Date();
  const started = performance.now();
  const control = options.control;
  const keys = [options.apikey, ...(options.apikey2 ? [options.apikey2] : [])];
  const harnesses = control ? keys.map((key) => new ControlHarness(control, key, options.timeoutMs ?? 5000)) : [];
  const harness = harnesses[0];
  const clock: KitClock = harness ? new HarnessClock(harness, harnesses.slice(1)) : (options.clock ?? new SleepingClock(options.onWait));
  const settings: KitSettings = {
    near: options.near ?? DEFAULT_NEAR,
    location: options.location ?? 'Amsterdam',
    perMinute: options.perMinute ?? 5,
    perDay: options.perDay ?? 200,
    maxSleepMs: options.maxSleepMs ?? 120_000,
    negative: options.negative ?? (harness ? 'all' : DEFAULT_NEGATIVE),
    seed: options.seed ?? newSeed(),
  };
  // The server counts a request when it arrives, a little after the kit sent it, and late by more
  // on a loaded machine: keep a margin. Moving the server clock costs nothing, so there it is wide.
  const scheduler = new SlidingWindowScheduler(
    specLimits(options.pacePerMinute ?? settings.perMinute, options.pacePerDay ?? settings.perDay),
    clock.moves ? 5000 : 1000,
  );
  // A throttle of failed authentications counts in real time: waited out by sleeping, harness or not.
  const throttleWait = options.throttleWait ?? (clock instanceof SleepingClock ? clock : new SleepingClock(options.onWait));
  const api = new ApiClient({
    baseUrl: options.baseUrl,
    clock,
    scheduler,
    timeoutMs: options.timeoutMs ?? 5000,
    budget: options.requestBudget,
    maxSleepMs: settings.maxSleepMs,
    profile: options.profile,
    runKeys: keys,
    throttleWait,
  });
  const ctx = new CheckContext(api, options.apikey, options.apikey2, harness, clock, scheduler, settings);
  ctx.fixtures = new Fixtures(ctx);

  const plan = selectChecks(options.catalogue ?? CATALOGUE, {
    profile: options.profile,
    only: options.only ?? [],
    skip: options.skip ?? [],
    has: { control: harness !== undefined, clock: harness !== undefined, apikey2: options.apikey2 !== undefined },
  });
  options.onPlan?.(plan.map((p) => (p.skipReason === undefined && p.check.plannedRequests ? { ...p, plannedRequests: p.check.plannedRequests(settings) } : p)));

  let setupProblem: string | undefined;
  let found: ClockState[] | undefined;
  if (harness && clock instanceof HarnessClock) {
    try {
      found = await Promise.all(harnesses.map((h) => h.clockState()));
      const start = await harness.advance(FRESH_WINDOWS_SECONDS);
      const offset = (found[0] as ClockState).offsetSeconds + FRESH_WINDOWS_SECONDS;
      for (const follower of harnesses.slice(1)) await follower.setOffset(offset);
      await clock.sync(start);
    } catch (error) {
      setupProblem = `the harness set-up failed: ${(error as Error).message}`;
    }
  }

  const results: CheckResult[] = [];
  let accountState: RunReport['accountState'];
  const report = (complete: boolean): RunReport => ({
    tool: 'hotel-conformance (Hotel Booking API v1.0.0)',
    baseUrl: options.baseUrl,
    control: harness?.url ?? null,
    profile: options.profile,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    results: [...results],
    summary: summarise(results),
    requestsPerEndpoint: { ...api.requests, ...(harness ? { control: harnesses.reduce((sum, h) => sum + h.calls, 0) } : {}) },
    waitedSeconds: Math.round((clock.sleptMs + (throttleWait === clock ? 0 : throttleWait.sleptMs)) / 1000),
    clockAdvancedSeconds: Math.round(clock.movedMs / 1000),
    complete,
    planned: plan.length,
    ...(accountState ? { accountState } : {}),
    seed: settings.seed,
  });
  options.onStart?.(() => report(false));

  try {
    for (const planned of plan) {
      const result = setupProblem
        ? resultOf(planned.check, 'setup-failed', setupProblem, 0, new Recorder())
        : await runOne(planned, ctx, keys);
      // A fixture that failed during this check is reported once, before the checks it blocked.
      for (const problem of ctx.fixtures.newProblems()) {
        const fixtureResult = fixtureResultOf(problem);
        results.push(fixtureResult);
        options.onResult?.(fixtureResult);
      }
      results.push(result);
      options.onResult?.(result);
    }
  } finally {
    if (found && options.keepState) accountState = 'kept';
    else if (found) {
      const states = await Promise.all(harnesses.map((h, i) => restore(h, found[i] as ClockState)));
      accountState = states.every((state) => state === 'restored') ? 'restored' : states.join('; ');
    }
  }
  return report(true);
}

/** The one result that carries a fixture's failure, with its requests and responses. */
function fixtureResultOf(problem: FixtureProblem): CheckResult {
  const lines = [
    ...(problem.failure ? [problem.failure.message] : []),
    ...(problem.exchanges.some((e) => e.schemaErrors.length > 0)
      ? ['contract violations:', ...problem.exchanges.flatMap(violationLines).map((l) => `  ${l}`)]
      : []),
    ...problem.exchanges.map((e) => exchangeText(exchangeRecord(e))),
    'Every check that needed this fixture is blocked by it (status blocked).',
  ];
  return {
    id: problem.id,
    title: problem.title,
    group: 'fixtures',
    section: '2',
    tag: 'spec',
    needs: [],
    status: 'failed',
    message: lines.join('\n'),
    durationMs: 0,
    requests: {},
    exchanges: problem.exchanges.map((e) => exchangeRecord(e)),
  };
}

/** Puts the run's account back: its bookings (reset) and the clock offset found at the start. */
async function restore(harness: ControlHarness, found: ClockState): Promise<string> {
  try {
    await harness.reset();
    if (found.offsetSeconds !== 0) await harness.setOffset(found.offsetSeconds);
    return 'restored';
  } catch (error) {
    return `not restored: ${(error as Error).message}`;
  }
}

/** A seed for a run that names none: short enough to type back with --seed. */
export function newSeed(): string {
  return randomBytes(4).toString('hex');
}

async function runOne(planned: PlannedCheck, ctx: CheckContext, keys: readonly string[]): Promise<CheckResult> {
  const { check, skipReason } = planned;
  const recorder = new Recorder();
  if (skipReason) return resultOf(check, 'skipped', skipReason, 0, recorder);
  ctx.api.recorder = recorder;
  const started = performance.now();
  let status: CheckStatus = 'passed';
  let message: string | undefined;
  try {
    await check.run(ctx);
  } catch (error) {
    if (error instanceof CheckSkipped) [status, message] = ['skipped', error.reason];
    else if (error instanceof BlockedByFixture) [status, message] = ['blocked', error.message];
    else if (error instanceof SetupFailure) [status, message] = ['setup-failed', `SETUP: ${error.message}`];
    else if (error instanceof CheckFailure) [status, message] = ['failed', error.message];
    else [status, message] = ['failed', `kit error: ${(error as Error).stack ?? String(error)}`];
  } finally {
    ctx.api.recorder = undefined;
  }
  const violations = recorder.schemaErrors();
  const brokenFixtures = recorder.brokenFixtures();
  if (violations.length > 0 && status !== 'setup-failed') {
    const contract = `contract violations:\n${violations.map((v) => `  ${v}`).join('\n')}`;
    message = status === 'failed' && message ? `${message}\n${contract}` : contract;
    status = 'failed';
  } else if (brokenFixtures.length > 0 && (status === 'passed' || status === 'failed')) {
    // One cause, one failure: the fixture's violation is reported on the fixture; what the check
    // itself found may well be the same cause, so it is kept as a detail only.
    const own = status === 'failed' && message ? `\n(what the check found with it: ${message.split('\n')[0]})` : '';
    message = `blocked by ${brokenFixtures.join(', ')}: its response violates the contract (reported there)${own}`;
    status = 'blocked';
  } else if (status === 'passed' && recorder.notes.length > 0) {
    message = recorder.notes.join('; ');
  }
  return resultOf(check, status, message, performance.now() - started, recorder, keys);
}

/**
 * The shortest request sequence that shows a failure: a failed generated case alone (every case
 * is independent of the others) after the requests that gave the values it sends, else the check's own requests (what it built on from the shared
 * fixtures is not repeated: a replay makes its own).
 */
function reproductionOf(recorder: Recorder, keys: readonly string[]): ReproductionStep[] {
  if (recorder.reproduction) return recorder.reproduction;
  const [firstFailed] = recorder.failedCases;
  if (firstFailed) return sequenceFor(firstFailed[1], recorder.exchanges, keys, firstFailed[0].what, firstFailed[0].expect);
  return recorder.exchanges.filter((e) => !recorder.fixtureOf.has(e)).slice(-10).map((e) => stepOf(e, keys, `${e.method} ${e.endpoint}`, ''));
}

function resultOf(check: CatalogueCheck, status: CheckStatus, message: string | undefined, ms: number, recorder: Recorder, keys: readonly string[] = []): CheckResult {
  const failed = status === 'failed' || status === 'setup-failed';
  return {
    id: check.id,
    title: check.title,
    group: check.group,
    section: check.section,
    tag: check.tag,
    needs: check.needs,
    status,
    ...(message === undefined ? {} : { message }),
    durationMs: Math.round(ms),
    requests: { ...recorder.requests },
    ...(failed ? { exchanges: recorder.exchanges.filter((e) => !recorder.fixtureOf.has(e)).slice(-5).map((e) => exchangeRecord(e)) } : {}),
    ...(recorder.cases.length > 0 ? { cases: [...recorder.cases] } : {}),
    ...(status === 'failed' && recorder.exchanges.length > 0 ? { reproduction: reproductionOf(recorder, keys) } : {}),
  };
}

export function summarise(results: readonly CheckResult[]): RunSummary {
  const count = (status: CheckStatus) => results.filter((r) => r.status === status).length;
  return {
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped'),
    setupFailed: count('setup-failed'),
    blocked: count('blocked'),
    total: results.length,
  };
}

/** Exit code of a run: 0 only when nothing failed or was blocked (skipped checks do not fail a run). */
export function exitCodeOf(report: RunReport): number {
  return report.summary.failed + report.summary.setupFailed + report.summary.blocked === 0 ? 0 : 1;
}
