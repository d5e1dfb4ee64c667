/**
 * The real server as a child process, for tests of what only a process shows (signals, exit
 * codes, flags). Each child gets its own process group so `killAll` can always clean up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 60_000;

export interface ServerProcess {
  child: ChildProcess;
  /** stdout and stderr so far. */
  output(): string;
  stdout(): string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once `text` appears in the output (bounded; rejects if the process exits first). */
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  /**
   * The address the server listens on, from its "listening on <url> (…" line once printed (bounded,
   * as waitFor; behind a PUBLIC_URL the line's "bound to <url>"). Start it with PORT=0 (or --port 0)
   * and read the port it took: no other process can take that port between the choice and the listen.
   */
  listeningUrl(timeoutMs?: number): Promise<string>;
}

const running: ChildProcess[] = [];

/** `command args…` in the repository, e.g. (process.execPath, ['--import', 'tsx', 'server/bin.ts']). */
export function startProcess(command: string, args: string[], env: Record<string, string> = {}): ServerProcess {
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  running.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  let closed = false;
  void exited.then(() => (closed = true));
  const output = () => stdout + stderr;
  /** Resolves with what `found` returns once it returns something; woken by each chunk of output. */
  const waitUntil = <T>(found: () => T | undefined, what: string, timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const value = found();
        if (value !== undefined) finish(() => resolve(value));
        else if (closed) finish(() => reject(new Error(`process exited before printing ${what}: ${output()}`)));
      };
      const timer = setTimeout(() => finish(() => reject(new Error(`no ${what} within ${timeoutMs} ms: ${output()}`))), timeoutMs);
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stderr?.off('data', onData);
        settle();
      };
      // After the buffers above took the chunk: those listeners were added first.
      const onData = () => check();
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      void exited.then(check);
      check();
    });
  return {
    child,
    output,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    async waitFor(text, timeoutMs = START_TIMEOUT_MS) {
      await waitUntil(() => (output().includes(text) ? true : undefined), `'${text}'`, timeoutMs);
    },
    listeningUrl: (timeoutMs = START_TIMEOUT_MS) =>
      waitUntil(() => {
        const line = /listening on (https?:\/\/\S+) \((?:bound to (https?:\/\/\S+), )?/.exec(stdout);
        return line ? (line[2] ?? line[1]) : undefined;
      }, "'listening on <url> ('", timeoutMs),
  };
}

/** The server the way `npm start` runs it. */
export const startServer = (env: Record<string, string>, args: string[] = []) =>
  startProcess(process.execPath, ['--import', 'tsx', 'server/bin.ts', ...args], env);

/** SIGKILL to every process group started here that is still alive (afterEach). */
export function killAll(): void {
  for (const child of running.splice(0)) {
    if (child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
