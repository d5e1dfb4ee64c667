/**
 * The process's own metrics (heap, RSS, handles, GC, CPU, event-loop lag): the process's, not an
 * app's, so they live in one registry made once per process (tests build many apps in one process).
 *
 * prom-client's defaults, with two of them replaced because they read absurdly:
 * - `process_cpu_*_seconds_total` counted from the moment the metric was registered (the first
 *   scrape, 0.001 s after a 27 s run); here they are the process's CPU time since it started.
 * - `nodejs_eventloop_lag_{min,max,mean,stddev,p50,p90,p99}_seconds` covered "since the last
 *   scrape", read 9223372036.85 (min) and NaN (mean) when no sample had been taken yet, and split
 *   their samples between two scrapers. Here they cover the last minute, whoever scrapes and how
 *   often: samples go into 10-second windows, and the last six are reported together (before the
 *   first window closes, the one under way; with no sample at all, 0).
 */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';

/** How long one window of event-loop samples lasts, and how many windows are reported. */
export const LAG_WINDOW_MS = 10_000;
export const LAG_WINDOWS = 6;
/** The event-loop monitor's sampling interval (prom-client's default). */
const LAG_RESOLUTION_MS = 10;

const REPLACED = [
  'process_cpu_user_seconds_total',
  'process_cpu_system_seconds_total',
  'process_cpu_seconds_total',
  ...['', '_min', '_max', '_mean', '_stddev', '_p50', '_p90', '_p99'].map((suffix) => `nodejs_eventloop_lag${suffix}_seconds`),
];

/** One window's samples, as the monitor summarised them (nanoseconds). */
export interface LagWindow {
  count: number;
  min: number;
  max: number;
  mean: number;
  stddev: number;
  p50: number;
  p90: number;
  p99: number;
}

/** The lag figures of several windows together, in seconds; all 0 when there is no sample. */
export function combineWindows(windows: readonly LagWindow[]): Omit<LagWindow, 'count'> {
  const sampled = windows.filter((window) => window.count > 0);
  const count = sampled.reduce((sum, window) => sum + window.count, 0);
  if (count === 0) return { min: 0, max: 0, mean: 0, stddev: 0, p50: 0, p90: 0, p99: 0 };
  const mean = sampled.reduce((sum, window) => sum + window.count * window.mean, 0) / count;
  // Pooled: each window's spread plus how far its mean lies from the whole mean.
  const variance = sampled.reduce((sum, window) => sum + window.count * (window.stddev ** 2 + (window.mean - mean) ** 2), 0) / count;
  const highest = (pick: (window: LagWindow) => number) => Math.max(...sampled.map(pick));
  const seconds = (ns: number) => ns / 1e9;
  return {
    min: seconds(Math.min(...sampled.map((window) => window.min))),
    max: seconds(highest((window) => window.max)),
    mean: seconds(mean),
    stddev: seconds(Math.sqrt(variance)),
    // Percentiles of separate windows do not merge: the highest window's is reported (the safe side).
    p50: seconds(highest((window) => window.p50)),
    p90: seconds(highest((window) => window.p90)),
    p99: seconds(highest((window) => window.p99)),
  };
}

function summary(histogram: IntervalHistogram): LagWindow {
  if (histogram.count === 0) return { count: 0, min: 0, max: 0, mean: 0, stddev: 0, p50: 0, p90: 0, p99: 0 };
  return {
    count: histogram.count,
    min: histogram.min,
    max: histogram.max,
    mean: histogram.mean,
    stddev: histogram.stddev,
    p50: histogram.percentile(50),
    p90: histogram.percentile(90),
    p99: histogram.percentile(99),
  };
}

/** Event-loop delay in rotating windows (see the top of this file); the timer never keeps the process alive. */
class LagWindows {
  private readonly monitor = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  private readonly closed: LagWindow[] = [];
  /** The latest setImmediate delay, in seconds (`nodejs_eventloop_lag_seconds`). */
  latestLag = 0;

  constructor() {
    this.monitor.enable();
    setInterval(() => this.rotate(), LAG_WINDOW_MS).unref();
  }

  /** The last LAG_WINDOWS closed windows, or the one under way before the first closes. */
  figures(): Omit<LagWindow, 'count'> {
    return combineWindows(this.closed.length > 0 ? this.closed : [summary(this.monitor)]);
  }

  private rotate(): void {
    this.closed.push(summary(this.monitor));
    if (this.closed.length > LAG_WINDOWS) this.closed.shift();
    this.monitor.reset();
    const start = process.hrtime.bigint();
    setImmediate(() => {
      this.latestLag = Number(process.hrtime.bigint() - start) / 1e9;
    });
  }
}

function cpuCounters(registers: Registry[]): void {
  const user = new Counter({ name: 'process_cpu_user_seconds_total', help: 'User CPU time of this process since it started, in seconds', registers });
  const system = new Counter({ name: 'process_cpu_system_seconds_total', help: 'System CPU time of this process since it started, in seconds', registers });
  const total = new Counter({
    name: 'process_cpu_seconds_total',
    help: 'User and system CPU time of this process since it started, in seconds',
    registers,
    // One read sets all three (process.cpuUsage() counts from the process's start).
    collect() {
      const usage = process.cpuUsage();
      for (const [counter, micros] of [[user, usage.user], [system, usage.system], [total, usage.user + usage.system]] as const) {
        counter.reset();
        counter.inc(micros / 1e6);
      }
    },
  });
}

function lagGauges(registers: Registry[]): void {
  const windows = new LagWindows();
  const lag = (suffix: string, help: string) => new Gauge({ name: `nodejs_eventloop_lag${suffix}_seconds`, help, registers });
  const gauges = {
    min: lag('_min', 'The smallest event-loop delay of the last minute'),
    max: lag('_max', 'The largest event-loop delay of the last minute'),
    mean: lag('_mean', 'The mean event-loop delay of the last minute'),
    stddev: lag('_stddev', 'The standard deviation of the event-loop delays of the last minute'),
    p50: lag('_p50', 'The highest 50th percentile of event-loop delay of the 10-second windows of the last minute'),
    p90: lag('_p90', 'The highest 90th percentile of event-loop delay of the 10-second windows of the last minute'),
    p99: lag('_p99', 'The highest 99th percentile of event-loop delay of the 10-second windows of the last minute'),
  };
  new Gauge({
    name: 'nodejs_eventloop_lag_seconds',
    help: 'How late a setImmediate callback ran, measured every 10 seconds (the latest)',
    registers,
    collect() {
      this.set(windows.latestLag);
      const figures = windows.figures();
      for (const [name, gauge] of Object.entries(gauges)) gauge.set(figures[name as keyof typeof figures]);
    },
  });
}

let processRegistry: Registry | undefined;

/** Heap, RSS, CPU, event-loop lag, GC, handles… of this process, made once per process. */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    // Its own event-loop monitor is not read (replaced below): sampling once a second costs nothing.
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 1000 });
    for (const name of REPLACED) processRegistry.removeSingleMetric(name);
    cpuCounters([processRegistry]);
    lagGauges([processRegistry]);
  }
  return processRegistry;
}
