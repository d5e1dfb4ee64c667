/** Child processes for the HTTP benchmarks: servers to measure and the load generator, each in its own process. */
import { execFileSync, execSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { addDays } from '../../server/clock.js';

export interface RunningProcess {
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `command args` and resolves once its output contains `ready` (60 s at the most). */
export async function startProcess(
  command: string,
  args: string[],
  ready: string | RegExp | ((output: string) => boolean),
  env: NodeJS.ProcessEnv = {},
  cwd?: string,
): Promise<RunningProcess> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], cwd });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command} ${args.join(' ')} not ready within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (typeof ready === 'string' ? output.includes(ready) : typeof ready === 'function' ? ready(output) : ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code} before it was ready:\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  return {
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** The address a server printed once listening: "listening on http://127.0.0.1:PORT" (it was given PORT=0). */
const LISTENING_ON = /listening on (http:\/\/127\.0\.0\.1:\d+)/;

/**
 * Starts a server on a port the system picks (PORT=0) and reads its address from the line it
 * prints once listening, so no other process can take the port between choosing and listening.
 */
export async function startListening(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  cwd?: string,
): Promise<{ base: string; process: RunningProcess }> {
  let base = '';
  const running = await startProcess(command, args, (output) => Boolean((base = LISTENING_ON.exec(output)?.[1] ?? '')), { ...env, PORT: '0' }, cwd);
  return { base, process: running };
}

/**
 * The node arguments `npm start` in `directory` runs the server with, so the benches start it as
 * users do. Its steps before the last (building the server into build/) run first, here; the last
 * must be "[exec] node <arguments>".
 */
export function npmStartArguments(directory = process.cwd()): string[] {
  const start = (JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const steps = start.split('&&').map((step) => step.trim());
  const last = steps.pop() ?? '';
  const env = { ...process.env, PATH: `${join(directory, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}` };
  for (const step of steps) execSync(step, { cwd: directory, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const args = /^(?:exec )?node (.+)$/.exec(last)?.[1]?.split(/\s+/);
  if (!args) throw new Error(`npm start does not end in "node …": ${start}`);
  return args;
}

/** Node arguments that import `module` before running the script they end with. */
export function withPreload(args: readonly string[], module: string): string[] {
  return [...args.slice(0, -1), '--import', module, ...args.slice(-1)];
}

/** JavaScript source as a module URL for `node --import`: a probe loaded into a server that runs without tsx. */
export function dataModule(source: string): string {
  return `data:text/javascript,${encodeURIComponent(source)}`;
}

export async function rssMegabytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024);
}

export interface LoadResult {
  requests_per_second: number;
  p50_ms: number;
  p99_ms: number;
  requests: number;
  non_2xx: number;
  errors: number;
}

export interface LoadPlan {
  url: string;
  /** Bodies sent in turn (one body: every request the same). */
  bodies: unknown[];
  connections: number;
  seconds: number;
}

/** Runs autocannon in a separate Node process (scripts/bench/loadgen.ts) and returns its summary. */
export async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/loadgen.ts'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdin.end(JSON.stringify(plan));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`load generator exited with ${code}: ${output}`);
  return JSON.parse(output) as LoadResult;
}

/**
 * The better of `rounds` runs (machines are shared and noisy; the best round is the least disturbed).
 * A plan may differ per round (e.g. fresh bodies, so a round never replays what an earlier one cached).
 */
export async function bestOf(rounds: number, plan: LoadPlan | ((round: number) => LoadPlan)): Promise<LoadResult> {
  let best: LoadResult | undefined;
  for (let round = 0; round < rounds; round++) {
    const result = await runLoad(typeof plan === 'function' ? plan(round) : plan);
    if (!best || result.requests_per_second > best.requests_per_second) best = result;
  }
  return best as LoadResult;
}

/** The benches' identical search: Amsterdam, 30 to 33 days after `today` (dates that stay in the future). */
export function amsterdamSearch(today: string): { apikey: string; checkin: string; checkout: string; location: string } {
  return { apikey: 'demo-key-1', checkin: addDays(today, 30), checkout: addDays(today, 33), location: 'Amsterdam' };
}

/**
 * A detached worktree of `ref`, with this checkout's node_modules when its lock file is the same and
 * its own (`npm ci`) otherwise; removed by the returned function.
 */
export async function worktreeOf(ref: string): Promise<{ directory: string; commit: string; remove(): void }> {
  const commit = execFileSync('git', ['rev-parse', '--short', ref], { encoding: 'utf8' }).trim();
  const directory = join(await mkdtemp(join(tmpdir(), 'bench-against-')), commit);
  execFileSync('git', ['worktree', 'add', '--detach', directory, ref], { stdio: 'ignore' });
  const sameLock = readFileSync(join(directory, 'package-lock.json'), 'utf8') === readFileSync('package-lock.json', 'utf8');
  if (sameLock) await symlink(resolve('node_modules'), join(directory, 'node_modules'));
  else execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: directory, stdio: 'ignore' });
  return { directory, commit, remove: () => execFileSync('git', ['worktree', 'remove', '--force', directory], { stdio: 'ignore' }) };
}
