/**
 * Where a run stands: checks done of planned, time so far, and an estimate of the time left. A run
 * without a harness is paced by the rate limits (5 a minute on search.php and hotel.php), so its time
 * is mostly the rate-limited requests still to send: the estimate counts, per rate-limited endpoint,
 * the planned schedule (the requests a check says it will send: the generated checks' cases) and,
 * for the checks that cannot say, the requests the unplanned checks ended so far sent per check,
 * at the pace the kit keeps. With a harness nothing waits, and time per check is the measure.
 */
import { RATE_LIMITED_PATHS, type CheckResult, type Endpoint } from '../kit/types.js';

export interface ProgressCheck {
  endpoints: readonly Endpoint[];
  /** Skipped before it runs (a need the run lacks): ends at once. */
  skipped: boolean;
  /** The requests it will send per endpoint, when known before it runs (the generated checks' cases). */
  plannedRequests?: Partial<Record<Endpoint, number>>;
}

export interface ProgressOptions {
  /** Requests a minute the kit allows itself on each rate-limited endpoint; 0 or absent: unpaced. */
  pacePerMinute?: number;
  /** Epoch ms of the start (default now). */
  startedAt?: number;
}

export interface ProgressState {
  done: number;
  planned: number;
  elapsedMs: number;
  /** undefined until a first check has ended. */
  leftMs: number | undefined;
}

const LIMITED = RATE_LIMITED_PATHS as readonly Endpoint[];

export class ProgressEstimate {
  private done = 0;
  private readonly startedAt: number;
  private readonly sent = new Map<Endpoint, { requests: number; checks: number }>();
  private runMs = 0;
  private runChecks = 0;

  constructor(
    private readonly plan: readonly ProgressCheck[],
    private readonly options: ProgressOptions = {},
  ) {
    this.startedAt = options.startedAt ?? Date.now();
  }

  /** A check (or a fixture's report, which is not in the plan) ended. */
  ended(result: CheckResult): void {
    if (result.group === 'fixtures') return;
    const planned = this.plan[this.done];
    this.done = Math.min(this.plan.length, this.done + 1);
    if (!planned || planned.skipped) return;
    this.runMs += result.durationMs;
    this.runChecks++;
    for (const endpoint of LIMITED) {
      if (!planned.endpoints.includes(endpoint)) continue;
      const seen = this.sent.get(endpoint) ?? { requests: 0, checks: 0 };
      if (planned.plannedRequests?.[endpoint] !== undefined) continue; // planned: not part of the average of the others
      this.sent.set(endpoint, { requests: seen.requests + (result.requests[endpoint] ?? 0), checks: seen.checks + 1 });
    }
  }

  state(now = Date.now()): ProgressState {
    return { done: this.done, planned: this.plan.length, elapsedMs: now - this.startedAt, leftMs: this.leftMs() };
  }

  private leftMs(): number | undefined {
    const pace = this.options.pacePerMinute ?? 0;
    // Before a first check ends, a paced run can still be estimated from its planned schedule.
    if (this.done >= this.plan.length) return 0;
    if (this.runChecks === 0 && (pace === 0 || !this.plan.some((check) => check.plannedRequests !== undefined))) return undefined;
    const left = this.plan.slice(this.done).filter((check) => !check.skipped);
    let pacedMs = 0;
    let unpacedRuns = left.length;
    if (pace > 0) {
      for (const endpoint of LIMITED) {
        const seen = this.sent.get(endpoint);
        const perCheck = seen && seen.checks > 0 ? seen.requests / seen.checks : 1;
        // The planned schedule where a check knows it; the average of the unplanned checks so far elsewhere.
        const requests = left
          .filter((check) => check.endpoints.includes(endpoint))
          .reduce((sum, check) => sum + (check.plannedRequests?.[endpoint] ?? perCheck), 0);
        // The endpoints' windows refill side by side: the busier one sets the pace.
        pacedMs = Math.max(pacedMs, (requests / pace) * 60_000);
      }
      unpacedRuns = left.filter((check) => !check.endpoints.some((e) => LIMITED.includes(e))).length;
      // Time per check without waits is not measured apart; a paced run's checks are quick beside a minute's window.
      return Math.round(pacedMs + unpacedRuns * Math.min(this.runChecks === 0 ? 0 : this.runMs / this.runChecks, 2000));
    }
    return Math.round(unpacedRuns * (this.runMs / this.runChecks));
  }
}

/** `4 min 10 s`, `47 s`, `1 h 3 min`. */
export function duration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The estimate as said: "about 6 min left", rounded up to whole minutes past one. */
function leftText(state: ProgressState): string {
  if (state.leftMs === undefined) return 'estimating the time left';
  if (state.leftMs < 60_000) return 'less than a minute left';
  return `about ${Math.ceil(state.leftMs / 60_000)} min left`;
}

/** One plain line, for CI logs and other non-terminals. */
export function progressText(state: ProgressState): string {
  return `progress: ${state.done}/${state.planned} checks, ${duration(state.elapsedMs)} elapsed, ${leftText(state)}`;
}

/** A bar for a terminal status line: `[████████░░░░░░░░] 57/140 · 4 min 10 s · about 6 min left`. */
export function progressBar(state: ProgressState, width = 20): string {
  const filled = state.planned === 0 ? width : Math.round((state.done / state.planned) * width);
  return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${state.done}/${state.planned} · ${duration(state.elapsedMs)} · ${leftText(state)}`;
}

/** Where the display writes: plain lines, and on a terminal a status line rewritten in place. */
export interface ProgressOutput {
  out: (line: string) => void;
  /** Rewrites the status line ('' clears it); absent where there is no terminal (CI): plain lines then. */
  status?: (line: string) => void;
}

/** How often a plain progress line is printed at most, where there is no status line. */
export const PLAIN_PROGRESS_EVERY_MS = 30_000;

/**
 * The run as it goes: each check's line, and where the run stands — on a terminal a bar with the
 * time left under the lines (and what the kit waits for, counted down), elsewhere a progress line
 * at most every 30 s and whenever a wait starts. Lines are printed whole; only the status line is
 * fitted to the terminal, and it is cleared before any line is printed.
 */
export class ProgressDisplay {
  private estimate: ProgressEstimate | undefined;
  private waiting: { until: number; why: string } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastPlain = 0;

  constructor(
    private readonly output: ProgressOutput,
    private readonly options: ProgressOptions = {},
    private readonly now: () => number = Date.now,
  ) {}

  planned(checks: readonly ProgressCheck[]): void {
    this.estimate = new ProgressEstimate(checks, { ...this.options, startedAt: this.options.startedAt ?? this.now() });
    this.lastPlain = this.now();
    this.render();
  }

  /** A line of the run (a check's result); the status line stays under it. */
  line(text: string): void {
    this.output.status?.('');
    this.output.out(text);
    this.render();
  }

  ended(result: CheckResult, text: string): void {
    this.estimate?.ended(result);
    this.line(text);
    if (!this.output.status && this.estimate && this.now() - this.lastPlain >= PLAIN_PROGRESS_EVERY_MS) this.plain();
  }

  /** The kit waits `ms` (0: the wait is over) for `why`. */
  wait(ms: number, why: string): void {
    clearInterval(this.timer);
    this.waiting = ms > 0 ? { until: this.now() + ms, why } : undefined;
    if (!this.output.status) {
      if (this.waiting) {
        this.output.out(`waiting ${Math.ceil(ms / 1000)} s for ${why}`);
        if (this.estimate) this.plain();
      }
      return;
    }
    this.render();
    if (this.waiting) {
      this.timer = setInterval(() => this.render(), 1000);
      this.timer.unref();
    }
  }

  /** Clears the status line (the run is over, or interrupted). */
  close(): void {
    clearInterval(this.timer);
    this.output.status?.('');
  }

  private plain(): void {
    if (!this.estimate) return;
    this.output.out(progressText(this.estimate.state(this.now())));
    this.lastPlain = this.now();
  }

  private render(): void {
    if (!this.output.status || !this.estimate) return;
    const wait = this.waiting ? ` · waiting ${Math.max(0, Math.ceil((this.waiting.until - this.now()) / 1000))} s for ${this.waiting.why}` : '';
    this.output.status(`${progressBar(this.estimate.state(this.now()))}${wait}`);
  }
}
