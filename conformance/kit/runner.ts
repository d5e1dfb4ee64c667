/**
 * Runs a selection of the catalogue against one implementation and returns the report. With a
 * harness it resets the sandbox first (clean counters) and moves the server clock instead of
 * waiting; without one it sleeps, and only on rate limits.
 */
import { CATALOGUE } from '../checks/index.js';
import { ControlHarness } from '../harness.js';
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
}

export const DEFAULT_NEAR = { latitude: 52.316, longitude: 4.971 }; // Sandbox Scenario Park, Amsterdam

export async function runConformance(options: RunOptions): Promise<RunReport> {
  const startedAt = new Date();
  const started = performance.now();
  const harness = options.control ? new ControlHarness(options.control, options.timeoutMs ?? 5000) : undefined;
  const clock: KitClock = harness ? new HarnessClock(harness) : new SleepingClock();
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
    profile: options.profile,
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
  if (harness && clock instanceof HarnessClock) {
    try {
      await clock.sync(await harness.reset());
    } catch (error) {
      setupProblem = `the harness reset failed: ${(error as Error).message}`;
    }
  }

  const results: CheckResult[] = [];
  for (const planned of plan) {
    const result = setupProblem
      ? resultOf(planned.check, 'setup-failed', setupProblem, 0, new Recorder())
      : await runOne(planned, ctx);
    results.push(result);
    options.onResult?.(result);
  }

  const requestsPerEndpoint = { ...api.requests, ...(harness ? { control: harness.calls } : {}) };
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
  };
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
