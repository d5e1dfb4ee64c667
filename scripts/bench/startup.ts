/**
 * `npm run bench -- startup`: the server started as `npm start` starts it (same node flags, embedded
 * store in a temporary file), no traffic. Reports the time from spawn to the first 200 on /healthz
 * (the world and the geocoder are built before the first request is answered) and the server's own
 * "ready in N ms" (the app built after the listen, without node and tsx), then heap used and RSS at
 * rest (heap before and after a full GC, asked over IPC from a probe loaded first) 0.5 s after the
 * first 200 and again 10 s later, and the same after one search. Then a partner's embedding:
 * `startSandbox()` in a new process, from the compiled build and from the TypeScript sources
 * (tsx), to resolved and to the first 200. Runs `--runs N` times (3 by default), the kinds in
 * turn, and gives each run and the medians.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isoDate } from '../../server/clock.js';
import { amsterdamSearch, dataModule, npmStartArguments, withPreload, worktreeOf } from './processes.js';

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

async function oneRun(args: string[], cwd = process.cwd()): Promise<Record<string, number>> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-startup-'));
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd,
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

/**
 * A partner's embedding, in a new process: `import { startSandbox }` of the module at `entry` (the
 * compiled build, or the TypeScript sources through tsx), `await startSandbox()` to resolved, then
 * the first 200 on /healthz; RSS and heap 0.5 s later (after a full GC, as the probe does), and
 * after stop(). Times in the process itself (performance.now()), so the child's own start is not counted.
 */
const EMBED = `
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
const started = performance.now();
const { startSandbox } = await import(process.env.SANDBOX_ENTRY);
const imported = performance.now();
const cpuBefore = process.cpuUsage();
const sandbox = await startSandbox();
const resolved = performance.now();
const cpu = process.cpuUsage(cpuBefore);
const health = await fetch(sandbox.url + '/healthz');
await health.arrayBuffer();
const healthy = performance.now();
await new Promise((resolve) => setTimeout(resolve, 500));
setFlagsFromString('--expose-gc');
runInNewContext('gc')();
const memory = process.memoryUsage();
await sandbox.stop();
const mb = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;
console.log(JSON.stringify({
  import_ms: Math.round(imported - started),
  start_sandbox_ms: Math.round(resolved - imported),
  start_sandbox_cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
  first_200_after_import_ms: Math.round(healthy - imported),
  status: health.status,
  rss_mb: mb(memory.rss),
  heap_used_after_gc_mb: mb(memory.heapUsed),
  external_mb: mb(memory.external),
}));
`;

async function embedRun(entry: string, viaTsx: boolean): Promise<Record<string, number>> {
  const args = [...(viaTsx ? ['--import', 'tsx'] : []), '--input-type=module', '-e', EMBED];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, SANDBOX_ENTRY: entry }, stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(text);
      else reject(new Error(`embedding run exited with ${code}: ${text}`));
    });
  });
  const result = JSON.parse(output.trim().split('\n').pop() ?? '{}') as Record<string, number>;
  if (result.status !== 200) throw new Error(`the embedded sandbox answered /healthz ${result.status}`);
  return result;
}

function medians(results: Array<Record<string, number>>): Record<string, number> {
  const found: Record<string, number> = {};
  for (const key of Object.keys(results[0] ?? {})) found[key] = median(results.map((run) => run[key] as number));
  return found;
}

/**
 * `runs`: how many starts to measure (`--runs N`, 3 by default, 20 at the most). With
 * BENCH_AGAINST=<git ref>, that commit's server and compiled sandbox start in the same turns (the "before").
 */
export async function benchStartup(runsOption?: string): Promise<Record<string, unknown>> {
  const runs = Math.min(20, Math.max(1, Number(runsOption) || 3));
  const results: Array<Record<string, number>> = [];
  const compiled: Array<Record<string, number>> = [];
  const sources: Array<Record<string, number>> = [];
  const plain = npmStartArguments();
  const probed = withPreload(plain, dataModule(PROBE));
  const compiledEntry = pathToFileURL(resolve('build/server/sandbox.js')).href;
  const sourceEntry = pathToFileURL(resolve('server/sandbox.ts')).href;
  const against = process.env.BENCH_AGAINST ? await worktreeOf(process.env.BENCH_AGAINST) : undefined;
  const before = { server: [] as Array<Record<string, number>>, sandbox: [] as Array<Record<string, number>> };
  try {
    const beforeArgs = against && withPreload(npmStartArguments(against.directory), dataModule(PROBE));
    // The kinds of start take turns, so a change of the machine's load falls on all alike.
    for (let i = 0; i < runs; i++) {
      results.push(await oneRun(probed));
      compiled.push(await embedRun(compiledEntry, false));
      sources.push(await embedRun(sourceEntry, true));
      if (against && beforeArgs) {
        before.server.push(await oneRun(beforeArgs, against.directory));
        before.sandbox.push(await embedRun(pathToFileURL(join(against.directory, 'build/server/sandbox.js')).href, false));
      }
    }
  } finally {
    against?.remove();
  }
  return {
    ...(against ? { before: { commit: against.commit, median: medians(before.server), runs: before.server, start_sandbox_compiled: { median: medians(before.sandbox), runs: before.sandbox } } } : {}),
    machine: `${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}`,
    node: process.version,
    load_average: loadavg().map((value) => Math.round(value * 10) / 10),
    command: `node ${plain.join(' ')}`,
    median: medians(results),
    runs: results,
    start_sandbox_compiled: { median: medians(compiled), runs: compiled },
    start_sandbox_from_sources: { median: medians(sources), runs: sources },
  };
}
