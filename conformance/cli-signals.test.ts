/**
 * Clear runs, end to end through the real process: while paced (no harness, the spec's 5/min) the
 * CLI says what it waits for; on SIGTERM it writes the JUnit, JSON and HTML reports so far, marked
 * incomplete, and exits 143.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningServer } from './testing/support/referenceServer.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'hotel-conformance-signal-'));
let server: RunningServer;
let exitCode: number | null;
let stdout = '';

beforeAll(async () => {
  server = await startReferenceServer();
  const child = spawn(process.execPath, [
    '--import', 'tsx', 'conformance/bin.ts', '--base-url', server.url, '--apikey', 'demo-key-1',
    '--only', 'search', '--junit', join(out, 'r.xml'), '--json', join(out, 'r.json'), '--report', 'html', '--html', join(out, 'r.html'),
  ], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  exitCode = await new Promise<number | null>((resolve) => {
    // The 6th search of the minute must wait for the window: interrupt the run there.
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    let sent = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!sent && /waiting \d+ s for/.test(stdout)) {
        sent = true;
        child.kill('SIGTERM');
      }
    });
    child.on('exit', (code) => {
      clearTimeout(killer);
      resolve(code);
    });
  });
}, 90_000);

afterAll(async () => {
  await server?.close();
  rmSync(out, { recursive: true, force: true });
});

describe('an interrupted, paced run', () => {
  it('said what it was waiting for', () => {
    expect(stdout).toMatch(/waiting \d+ s for the rate limit on \/search\.php \(the kit keeps to the stated limits; --pace off for a server without limits\)/);
  });

  it('exits 143 on SIGTERM with the reports so far, marked incomplete', () => {
    expect(exitCode).toBe(143);
    const report = JSON.parse(readFileSync(join(out, 'r.json'), 'utf8')) as { complete: boolean; planned: number; results: unknown[] };
    expect(report.complete).toBe(false);
    expect(report.results.length).toBeGreaterThan(0);
    expect(report.results.length).toBeLessThan(report.planned);
    expect(readFileSync(join(out, 'r.xml'), 'utf8')).toContain('<property name="complete" value="false"/>');
    expect(readFileSync(join(out, 'r.html'), 'utf8')).toContain('INCOMPLETE');
    expect(stdout).toMatch(/INCOMPLETE: interrupted; \d+ of \d+ checks ended/);
  });
});
