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
  return {
    child,
    output,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    async waitFor(text, timeoutMs = START_TIMEOUT_MS) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (output().includes(text)) return;
        if (closed) throw new Error(`process exited before printing '${text}': ${output()}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`no '${text}' within ${timeoutMs} ms: ${output()}`);
    },
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
