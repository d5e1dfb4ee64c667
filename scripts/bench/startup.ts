/**
 * `npm run bench -- startup`: the server started as `npm start` starts it (same node flags, embedded
 * store in a temporary file), no traffic. Reports the time from spawn to the first 200 on /healthz
 * (the world and the geocoder are built before the first request is answered) and the server's own
 * "ready in N ms" (the app built after the listen, without node and tsx), then heap used and RSS at
 * rest (heap before and after a full GC, asked over IPC from a probe loaded first) 0.5 s after the
 * first 200 and again 10 s later, and the same after one search. Runs `--runs N` times (3 by default) and gives each run and the median.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isoDate } from '../../server/clock.js';
import { amsterdamSearch, dataModule, npmStartArguments, withPreload } from './processes.js';

/** The second look at rest, this long after the first (still no traffic). */
const SETTLE_MS = 10_000;

interface Memory {
  heapUsedMb: number;
  heapUsedAfterGcMb: number;
  rssMb: number;
  externalMb: number;
  /** CPU time (user + system) of the server process so far. */
  cpuMs: number;
}

/**
 * Loaded into the server process before it (`--import`, as a data: URL, so the server runs without
 * tsx exactly as `npm start` runs it): answers every IPC message with its memory, heap before and
 * after a full GC, and its CPU time so far (a Memory).
 */
export const PROBE = `
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
process.on('message', () => {
  const cpu = process.cpuUsage();
  const before = process.memoryUsage();
  setFlagsFromString('--expose-gc');
  runInNewContext('gc')();
  const after = process.memoryUsage();
  const mb = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;
  process.send({
    heapUsedMb: mb(before.heapUsed),
    heapUsedAfterGcMb: mb(after.heapUsed),
    rssMb: mb(after.rss),
    externalMb: mb(after.external),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  });
});
process.channel?.unref();
`;

export async function ask(child: ChildProcess): Promise<Memory> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no answer from the probe within 30 s')), 30_000);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message as Memory);
    });
    child.send('memory');
  });
}

/**
 * Milliseconds since `started` to the first 200 on /healthz (60 s at the most): the server listens on a
 * port the system picks (PORT=0) and prints it; from then on /healthz is asked every 10 ms.
 */
export async function firstHealthy(child: ChildProcess, started: number): Promise<{ readyMs: number; base: string; output: () => string }> {
  const deadline = started + 60_000;
  let output = '';
  let exited = false;
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.once('exit', () => (exited = true));
  while (performance.now() < deadline && !exited) {
    const base = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    if (base) {
      try {
        const response = await fetch(`${base}/healthz`);
        await response.arrayBuffer();
        if (response.status === 200) return { readyMs: performance.now() - started, base, output: () => output };
      } catch {
        // not answering yet
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(exited ? 'server exited before /healthz answered' : '/healthz did not answer 200 within 60 s');
}

async function oneRun(args: string[]): Promise<Record<string, number>> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-startup-'));
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: '0', DB_FILE: join(dir, 'db.json'), LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  try {
    const { readyMs, base, output } = await firstHealthy(child, started);
    await new Promise((resolve) => setTimeout(resolve, 500)); // let start-up settle; still no traffic
    const atRest = await ask(child);
    // V8 gives back the young generation grown during the build only after some idle time.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const settled = await ask(child);
    const today = isoDate(new Date());
    const response = await fetch(`${base}/search.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(amsterdamSearch(today)),
    });
    await response.arrayBuffer();
    const afterSearch = await ask(child);
    return {
      ready_ms: Math.round(readyMs),
      // CPU time to the first look at rest: depends far less than ready_ms on other load of the machine.
      cpu_ms_to_ready: atRest.cpuMs,
      // The server's own figure: from the listen to the app (world, geocoder) built, without node and tsx.
      app_built_ms: Number(/ready in (\d+) ms/.exec(output())?.[1] ?? NaN),
      heap_used_mb: atRest.heapUsedMb,
      heap_used_after_gc_mb: atRest.heapUsedAfterGcMb,
      rss_mb: atRest.rssMb,
      external_mb: atRest.externalMb,
      heap_used_after_gc_settled_mb: settled.heapUsedAfterGcMb,
      rss_settled_mb: settled.rssMb,
      heap_used_after_gc_after_one_search_mb: afterSearch.heapUsedAfterGcMb,
      rss_after_one_search_mb: afterSearch.rssMb,
    };
  } finally {
    child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** `runs`: how many starts to measure (`--runs N`, 3 by default, 20 at the most). */
export async function benchStartup(runsOption?: string): Promise<Record<string, unknown>> {
  const runs = Math.min(20, Math.max(1, Number(runsOption) || 3));
  const results: Array<Record<string, number>> = [];
  const plain = npmStartArguments();
  const probed = withPreload(plain, dataModule(PROBE));
  for (let i = 0; i < runs; i++) results.push(await oneRun(probed));
  const medians: Record<string, number> = {};
  for (const key of Object.keys(results[0] ?? {})) medians[key] = median(results.map((run) => run[key] as number));
  return {
    machine: `${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}`,
    node: process.version,
    command: `node ${plain.join(' ')}`,
    median: medians,
    runs: results,
  };
}
