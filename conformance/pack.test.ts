/**
 * Packaging: `npm run pack:conformance` builds the hotel-conformance tarball; installed into an
 * empty directory (offline: the package has no dependencies), `npx hotel-conformance` prints its
 * help and runs against a local reference server, with no repository around it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningServer } from './testing/support/referenceServer.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'hotel-conformance-pack-'));
const project = join(work, 'project');
let server: RunningServer;

/** Runs a command in the temp project; never throws, gives the exit code. */
async function sh(command: string, args: string[], cwd = project): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd, timeout: 90_000, env: { ...process.env, npm_config_update_notifier: 'false' } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

beforeAll(async () => {
  const packed = await sh('npx', ['tsx', 'scripts/pack-conformance.ts', '--out', join(work, 'dist')], ROOT);
  expect(packed.code, packed.stderr).toBe(0);
  const tarball = packed.stdout.trim().split('\n').pop() ?? '';
  await sh('mkdir', ['-p', project], work);
  writeFileSync(join(project, 'package.json'), '{ "name": "consumer", "version": "1.0.0", "private": true }\n');
  const installed = await sh('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball]);
  expect(installed.code, installed.stderr).toBe(0);
  server = await startReferenceServer();
}, 180_000);

afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('the packed kit (npx hotel-conformance)', () => {
  it('has no dependencies and ships the bundle with openapi.yaml', () => {
    const manifest = JSON.parse(readFileSync(join(project, 'node_modules/hotel-conformance/package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.bin).toEqual({ 'hotel-conformance': 'bin/hotel-conformance.mjs' });
    expect(readFileSync(join(project, 'node_modules/hotel-conformance/bin/openapi.yaml'), 'utf8')).toBe(readFileSync(join(ROOT, 'openapi.yaml'), 'utf8'));
  });

  it('prints its help', async () => {
    const help = await sh('npx', ['--offline', 'hotel-conformance', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('hotel-conformance --base-url URL --apikey KEY [options]');
  });

  it('runs against a local reference server and writes its reports', async () => {
    const result = await sh('npx', [
      '--offline', 'hotel-conformance', '--base-url', server.url, '--apikey', 'demo-key-1', '--control', server.url,
      '--only', 'auth,search.money.decimal-strings,hotel.rates.order', '--json', 'out/report.json', '--report', 'html',
    ]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/15 checks: 15 passed, 0 failed, 0 skipped/);
    const report = JSON.parse(readFileSync(join(project, 'out/report.json'), 'utf8')) as { complete: boolean; profile: string };
    expect(report).toMatchObject({ complete: true, profile: 'spec' });
    expect(readFileSync(join(project, 'conformance-report.html'), 'utf8')).toMatch(/^<!doctype html>/);
  });
});
