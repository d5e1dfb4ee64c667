/**
 * temporaryDirectory() in a process of its own that ends each way a test run can end: the
 * directory is gone afterwards, by the process itself or (SIGKILL) by the next one made.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sweepDeadProcessDirectories, temporaryDirectory } from './temporaryDirectory.js';

const MODULE = fileURLToPath(new URL('./temporaryDirectory.ts', import.meta.url));
const parent = mkdtempSync(join(tmpdir(), 'temporary-directory-test-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/**
 * A node process that makes a directory in `parent`, prints its path, then runs `then` (code with
 * `dir` in scope); resolves with the path and how the process ended.
 */
function childThat(then: string, { signal }: { signal?: NodeJS.Signals } = {}): Promise<{ path: string; code: number | null; signal: NodeJS.Signals | null }> {
  const script = `
    const { temporaryDirectory } = await import(${JSON.stringify(MODULE)});
    const dir = temporaryDirectory(${JSON.stringify(parent)});
    process.stdout.write(dir.path + '\\n');
    ${then}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (signal && out.includes('\n')) child.kill(signal);
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.once('close', (code, ended) => {
      clearTimeout(killer);
      resolve({ path: out.trim(), code, signal: ended });
    }),
  );
}

const KEEP_RUNNING = 'setInterval(() => {}, 1000);';

describe('temporaryDirectory', () => {
  it.each([
    ['process.exit()', 'process.exit(3);', undefined, { code: 3, signal: null }],
    ['a natural end', '', undefined, { code: 0, signal: null }],
    ['an uncaught throw', "setTimeout(() => { throw new Error('boom'); }, 10);", undefined, { code: 1, signal: null }],
    ['SIGTERM, nobody else listening', KEEP_RUNNING, 'SIGTERM', { code: null, signal: 'SIGTERM' }],
    ['SIGINT (Ctrl-C), nobody else listening', KEEP_RUNNING, 'SIGINT', { code: null, signal: 'SIGINT' }],
    ["SIGTERM to a process whose own handler exits", `process.on('SIGTERM', () => setTimeout(() => process.exit(0), 50)); ${KEEP_RUNNING}`, 'SIGTERM', { code: 0, signal: null }],
  ] as const)('is removed after %s, and the process ends as it would have', { timeout: 40_000 }, async (_how, then, signal, ended) => {
    const child = await childThat(then, signal ? { signal } : {});
    expect(child.path.startsWith(join(parent, 'hotel-sandbox-'))).toBe(true);
    expect({ code: child.code, signal: child.signal }).toEqual(ended);
    expect(existsSync(child.path)).toBe(false);
  });

  it("is left by a SIGKILL, and removed by the next one made, while a live process's stays", { timeout: 40_000 }, async () => {
    const killed = await childThat(KEEP_RUNNING, { signal: 'SIGKILL' });
    expect(killed.signal).toBe('SIGKILL');
    expect(existsSync(killed.path)).toBe(true);
    const mine = temporaryDirectory(parent);
    expect(existsSync(killed.path)).toBe(false);
    expect(sweepDeadProcessDirectories(parent)).toEqual([]);
    expect(existsSync(mine.path)).toBe(true);
    mine.remove();
    expect(existsSync(mine.path)).toBe(false);
    // Nothing of this module stays listening once its directories are gone.
    expect(process.listeners('SIGINT').some((listener) => Symbol.for('hotel-sandbox.temporaryDirectory') in listener)).toBe(false);
  });
});
