/**
 * Test support: Prism (`prism mock openapi.yaml`) on a free 127.0.0.1 port, started and stopped
 * by the test, with a bounded readiness poll.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/testing/freePort.js';

export { freePort };

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface RunningPrism {
  url: string;
  stop(): Promise<void>;
}


export async function startPrism(readyWithinMs = 30_000): Promise<RunningPrism> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(`${ROOT}node_modules/.bin/prism`, ['mock', 'openapi.yaml', '--host', '127.0.0.1', '--port', String(port)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });

  const deadline = Date.now() + readyWithinMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`prism exited (${child.exitCode}): ${output.slice(-500)}`);
    try {
      await fetch(`${url}/booking_overview.php`, { method: 'POST', signal: AbortSignal.timeout(1000) });
      return { url, stop };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  await stop();
  throw new Error(`prism did not answer within ${readyWithinMs} ms: ${output.slice(-500)}`);
}
