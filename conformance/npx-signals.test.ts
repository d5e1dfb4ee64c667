/**
 * The kit as partners run it, `npx hotel-conformance`, and a signal sent to npx alone (not to its
 * process group, as `kill PID` or a CI runner's cancel does): npm never passes it on to the kit
 * (contract/npmParent.ts), so the kit follows npm. SIGINT (npm stays) and SIGTERM (npm exits 143)
 * each stop the run within seconds, with the reports so far written and marked INCOMPLETE.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningServer } from './testing/support/referenceServer.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'hotel-conformance-npx-'));
const project = join(work, 'project');
let server: RunningServer;

beforeAll(async () => {
  server = await startReferenceServer();
  // A package whose bin is this repository's kit, installed from a directory (no registry), so npx runs it through npm exec.
  const pkg = join(work, 'pkg');
  mkdirSync(pkg);
  mkdirSync(project);
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'hotel-conformance', version: '0.0.0', bin: { 'hotel-conformance': 'bin.sh' } }));
  writeFileSync(join(pkg, 'bin.sh'), `#!/bin/sh\nexec "${process.execPath}" --import "file://${ROOT}node_modules/tsx/dist/loader.mjs" "${ROOT}conformance/bin.ts" "$@"\n`, { mode: 0o755 });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'project', version: '0.0.0', private: true }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '../pkg'], { cwd: project, stdio: 'ignore' });
}, 120_000);

afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Runs the kit through npx until it waits on the rate limit, then sends `signal` to npx alone. */
async function interrupted(signal: 'SIGINT' | 'SIGTERM') {
  const json = join(project, `${signal}.json`);
  const npx = spawn('npx', ['--offline', 'hotel-conformance', '--base-url', server.url, '--apikey', 'demo-key-1', '--only', 'search', '--json', json], {
    cwd: project,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let signalledAt = 0;
  const npxCode = await new Promise<number | null>((resolve) => {
    const killer = setTimeout(() => npx.kill('SIGKILL'), 90_000);
    npx.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (signalledAt === 0 && /waiting \d+ s for/.test(stdout)) {
        signalledAt = Date.now();
        npx.kill(signal);
      }
    });
    npx.on('exit', (code, by) => {
      clearTimeout(killer);
      // npm ends with the code, or re-raises the signal on itself.
      resolve(code ?? (by === 'SIGTERM' ? 143 : by === 'SIGINT' ? 130 : null));
    });
  });
  // The kit writes its report as it stops (npm may have ended before it, on SIGTERM).
  for (let i = 0; i < 50 && !existsSync(json); i++) await new Promise((r) => setTimeout(r, 100));
  return { npxCode, stoppedMs: Date.now() - signalledAt, report: existsSync(json) ? (JSON.parse(readFileSync(json, 'utf8')) as { complete: boolean }) : undefined, stdout };
}

describe('npx hotel-conformance, a signal to npx alone', () => {
  it('SIGINT stops the kit with its report marked incomplete (npm then exits 130)', async () => {
    const { npxCode, stoppedMs, report, stdout } = await interrupted('SIGINT');
    expect(report?.complete, stdout).toBe(false);
    expect(npxCode).toBe(130);
    expect(stoppedMs).toBeLessThan(10_000);
  }, 120_000);

  it('SIGTERM stops the kit with its report marked incomplete', async () => {
    const { report, stoppedMs, stdout } = await interrupted('SIGTERM');
    expect(report?.complete, stdout).toBe(false);
    expect(stoppedMs).toBeLessThan(10_000);
  }, 120_000);
});
