/**
 * Test support: Prism (`prism mock openapi.yaml`) on a port of its own choosing (`--port 0`) of
 * 127.0.0.1, read from its "Prism is listening on <url>" line, started and stopped by the test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface RunningPrism {
  url: string;
  stop(): Promise<void>;
}

const LISTENING = /Prism is listening on (http:\/\/127\.0\.0\.1:\d+)/;

/**
 * The URL of a Prism started with `--port 0`, once its listening line is out (it prints it after the
 * listen); rejects when it exits first or says nothing within `limitMs`. `output` is what it printed so far.
 */
export function prismListening(child: ChildProcess, output: () => string, limitMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const url = LISTENING.exec(output())?.[1];
      if (url) done(() => resolve(url));
    };
    const exited = () => done(() => reject(new Error(`Prism exited (${child.exitCode ?? child.signalCode}) before listening:\n${output().slice(-2000)}`)));
    const timer = setTimeout(() => done(() => reject(new Error(`Prism did not listen within ${limitMs} ms:\n${output().slice(-2000)}`))), limitMs);
    const done = (settle: () => void) => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.off('exit', exited);
      settle();
    };
    // Registered after the caller's own 'data' listener, so output() already holds the chunk.
    child.stdout?.on('data', check);
    child.once('exit', exited);
    if (child.exitCode !== null || child.signalCode !== null) exited();
    else check();
  });
}

export async function startPrism(readyWithinMs = 30_000): Promise<RunningPrism> {
  const child: ChildProcess = spawn(`${ROOT}node_modules/.bin/prism`, ['mock', 'openapi.yaml', '--host', '127.0.0.1', '--port', '0'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  try {
    return { url: await prismListening(child, () => output, readyWithinMs), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
