/**
 * Runs a selection of the catalogue against one implementation and returns the report. With a
 * harness it acts on the run's own accounts only (--apikey, and --apikey2 when given, whose clock
 * moves in step): it moves their clocks a day ahead first (so earlier requests from this IP are
 * outside every rate-limit window for them), moves them instead of waiting, and at the end resets
 * each account and restores the clock offset it found (unless keepState). Without a harness it
 * sleeps, and only on rate limits.
 */
import { CATALOGUE } from '../checks/index.js';
import { ControlHarness, type ClockState } from '../harness.js';
import { ApiClient } from './client.js';
import { HarnessClock, SleepingClock, type KitClock } from './clock.js';
import { CheckContext, type KitSettings } from './context.js';
import { CheckFailure, CheckSkipped, SetupFailure } from './failures.js';
import { Fixtures } from './fixtures.js';
import { SlidingWindowScheduler, specLimits } from './limiter.js';
import { Recorder } from './recorder.js';
import { selectChecks, type PlannedCheck } from './selection.js';
import type { CatalogueCheck, CheckResult, CheckStatus, RunReport, RunSummary } from './types.js';

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
  catalogue?: readonly CatalogueCheck[];
  /** Called as each check ends (progress output). */
  onResult?: (result: CheckResult) => void;
  /** With a harness: leave the account as the run left it (bookings, clock) instead of restoring it. */
  keepState?: boolean;
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
  const clock: KitClock = harness ? new HarnessClock(harness, harnesses.slice(1)) : new SleepingClock();
  const settings: KitSettings = {
    near: options.near ?? DEFAULT_NEAR,
    location: options.location ?? 'Amsterdam',
    perMinute: options.perMinute ?? 5,
    perDay: options.perDay ?? 200,
    maxSleepMs: options.maxSleepMs ?? 120_000,
  };
  const scheduler = new SlidingWindowScheduler(specLimits(options.pacePerMinute ?? settings.perMinute, options.pacePerDay ?? settings.perDay));
  const api = new ApiClient({
    baseUrl: options.baseUrl,
    clock,
    scheduler,
    timeoutMs: options.timeoutMs ?? 5000,
    budget: options.requestBudget,
    maxSleepMs: settings.maxSleepMs,
  });
  const ctx = new CheckContext(api, options.apikey, options.apikey2, harness, clock, scheduler, settings);
  ctx.fixtures = new Fixtures(ctx);

  const plan = selectChecks(options.catalogue ?? CATALOGUE, {
    profile: options.profile,
    only: options.only ?? [],
    skip: options.skip ?? [],
    has: { control: harness !== undefined, clock: harness !== undefined, apikey2: options.apikey2 !== undefined },
  });

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
  try {
    for (const planned of plan) {
      const result = setupProblem
        ? resultOf(planned.check, 'setup-failed', setupProblem, 0, new Recorder())
        : await runOne(planned, ctx);
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

  const controlCalls = harnesses.reduce((sum, h) => sum + h.calls, 0);
  const requestsPerEndpoint = { ...api.requests, ...(harness ? { control: controlCalls } : {}) };
  return {
    tool: 'hotel-conformance (Hotel Booking API v1.0.0)',
    baseUrl: options.baseUrl,
    control: harness?.url ?? null,
    profile: options.profile,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    results,
    summary: summarise(results),
    requestsPerEndpoint,
    waitedSeconds: Math.round(clock.sleptMs / 1000),
    clockAdvancedSeconds: Math.round(clock.movedMs / 1000),
    ...(accountState ? { accountState } : {}),
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

async function runOne(planned: PlannedCheck, ctx: CheckContext): Promise<CheckResult> {
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
    else if (error instanceof SetupFailure) [status, message] = ['setup-failed', `SETUP: ${error.message}`];
    else if (error instanceof CheckFailure) [status, message] = ['failed', error.message];
    else [status, message] = ['failed', `kit error: ${(error as Error).stack ?? String(error)}`];
  } finally {
    ctx.api.recorder = undefined;
  }
  const violations = recorder.schemaErrors();
  if (violations.length > 0 && status !== 'setup-failed') {
    const contract = `contract violations:\n${violations.map((v) => `  ${v}`).join('\n')}`;
    message = status === 'failed' && message ? `${message}\n${contract}` : contract;
    status = 'failed';
  } else if (status === 'passed' && recorder.notes.length > 0) {
    message = recorder.notes.join('; ');
  }
  return resultOf(check, status, message, performance.now() - started, recorder);
}

function resultOf(check: CatalogueCheck, status: CheckStatus, message: string | undefined, ms: number, recorder: Recorder): CheckResult {
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
  };
}

export function summarise(results: readonly CheckResult[]): RunSummary {
  const count = (status: CheckStatus) => results.filter((r) => r.status === status).length;
  return {
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped'),
    setupFailed: count('setup-failed'),
    total: results.length,
  };
}

/** Exit code of a run: 0 only when nothing failed (skipped checks do not fail a run). */
export function exitCodeOf(report: RunReport): number {
  return report.summary.failed + report.summary.setupFailed === 0 ? 0 : 1;
}
