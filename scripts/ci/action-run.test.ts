/**
 * The GitHub Action's step (.github/action/run-kit.sh) run as the runner runs it: inputs as KIT_*
 * variables, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY as files, in a project whose
 * node_modules/.bin/hotel-conformance is this repository's kit. Against the reference server it
 * writes the three reports, the outputs and a green summary and exits 0; against an address where
 * nothing listens it exits 2 with the summary saying so, or 0 with fail-on-failure false; a reused
 * reports folder is cleared; args are never globbed; a project without the kit gets one clear error.
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAll, ROOT, startServer } from '../../server/testing/serverProcess.js';

const SCRIPT = join(ROOT, '.github/action/run-kit.sh');

interface StepRun {
  code: number;
  stdout: string;
  outputs: Record<string, string>;
  summary: string;
}

describe('the action step (.github/action/run-kit.sh)', () => {
  let project: string;
  let baseUrl: string;

  beforeAll(async () => {
    project = mkdtempSync(join(tmpdir(), 'action-run-'));
    mkdirSync(join(project, 'node_modules/.bin'), { recursive: true });
    const kit = join(project, 'node_modules/.bin/hotel-conformance');
    // tsx named by its file: the project's own folder has no node_modules/tsx to resolve it from.
    const tsx = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
    writeFileSync(kit, `#!/usr/bin/env bash\nexec "${process.execPath}" --import "${tsx}" "${join(ROOT, 'conformance/bin.ts')}" "$@"\n`);
    chmodSync(kit, 0o755);
    baseUrl = await startServer({ PORT: '0', DB_FILE: join(project, 'db.json'), LOG_LEVEL: 'silent' }).listeningUrl();
  }, 120_000);

  afterAll(() => {
    killAll();
    rmSync(project, { recursive: true, force: true });
  });

  function step(inputs: Record<string, string>, name: string, cwd = project): Promise<StepRun> {
    const outputFile = join(cwd, `${name}.output`);
    const summaryFile = join(cwd, `${name}.summary.md`);
    return new Promise((resolve) => {
      execFile('bash', [SCRIPT], {
        cwd,
        timeout: 300_000,
        env: { ...process.env, GITHUB_OUTPUT: outputFile, GITHUB_STEP_SUMMARY: summaryFile, ...inputs },
      }, (error, stdout) => {
        const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
        const outputs = Object.fromEntries(read(outputFile).trim().split('\n').filter(Boolean).map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]));
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, outputs, summary: read(summaryFile) });
      });
    });
  }

  it('runs the kit, writes the reports, the outputs and a green job summary', async () => {
    const result = await step(
      { KIT_BASE_URL: baseUrl, KIT_APIKEY: 'demo-key-1', KIT_APIKEY2: 'demo-key-2', KIT_CONTROL: baseUrl, KIT_PROFILE: 'spec', KIT_ARGS: '--only auth --negative 0', KIT_REPORTS: 'reports' },
      'green',
    );
    expect(result.code, result.stdout).toBe(0);
    expect(result.outputs).toMatchObject({ junit: 'reports/conformance.xml', json: 'reports/conformance.json', html: 'reports/conformance-report.html', 'exit-code': '0', failures: '0', skipped: '0' });
    expect(Number(result.outputs.tests)).toBeGreaterThan(0);
    for (const report of ['junit', 'json', 'html']) expect(existsSync(join(project, result.outputs[report]!)), report).toBe(true);
    expect(result.summary).toMatch(new RegExp(`^### ✅ Hotel Booking API conformance: ${result.outputs.tests} passed, 0 failed, 0 skipped`));
    expect(result.stdout).not.toContain('demo-key-1');
  }, 300_000);

  it('fails the step with the kit exit 2 when nothing answers, unless fail-on-failure is false', async () => {
    // A port that was just free and is closed again: nothing listens there.
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const inputs = { KIT_BASE_URL: `http://127.0.0.1:${closed}`, KIT_APIKEY: 'demo-key-1', KIT_REPORTS: 'down' };
    const failing = await step(inputs, 'down');
    expect(failing.code).toBe(2);
    expect(failing.outputs['exit-code']).toBe('2');
    expect(failing.summary).toContain('The kit stopped before the checks (exit 2)');
    const reported = await step({ ...inputs, KIT_FAIL: 'false' }, 'down-reported');
    expect(reported.code).toBe(0);
    expect(reported.outputs['exit-code']).toBe('2');

    // A reused folder: the green run's reports are gone, not summarised as this run's.
    const reused = await step({ ...inputs, KIT_REPORTS: 'reports' }, 'down-reused');
    expect(reused.code).toBe(2);
    expect(existsSync(join(project, 'reports/conformance.xml'))).toBe(false);
    expect(reused.summary).not.toContain('✅');
  }, 120_000);

  it('passes args as words, quotes grouping them, never globbed', async () => {
    // A file the glob would match if a shell expanded it: --only auth* must reach the kit as written.
    writeFileSync(join(project, 'auth-glob-bait'), '');
    const result = await step({ KIT_BASE_URL: baseUrl, KIT_APIKEY: 'demo-key-1', KIT_CONTROL: baseUrl, KIT_ARGS: `--only auth* --negative "0"`, KIT_REPORTS: 'globbed' }, 'globbed');
    expect(result.code, result.stdout).toBe(0);
    expect(Number(result.outputs.tests)).toBeGreaterThan(0);
    const unmatched = await step({ KIT_BASE_URL: baseUrl, KIT_APIKEY: 'demo-key-1', KIT_ARGS: `--only 'auth`, KIT_REPORTS: 'unmatched' }, 'unmatched');
    expect(unmatched.code).toBe(2);
    expect(unmatched.stdout).toContain('unmatched quote');
  }, 300_000);

  it('without an installed kit says so and exits 2, fetching nothing; a package that cannot be fetched is "did not start"', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'action-run-empty-'));
    try {
      const inputs = { KIT_BASE_URL: baseUrl, KIT_APIKEY: 'demo-key-1', KIT_REPORTS: 'reports' };
      const missing = await step(inputs, 'missing', empty);
      expect(missing.code).toBe(2);
      expect(missing.stdout).toContain('::error::hotel-conformance is not installed in');
      expect(missing.summary).toContain('did not run');
      expect(missing.stdout).not.toMatch(/^\s+at /m);
      const unfetchable = await step({ ...inputs, KIT_PACKAGE: join(empty, 'no-such-hotel-conformance.tgz') }, 'unfetchable', empty);
      expect(unfetchable.code).toBe(2);
      expect(unfetchable.stdout).toContain('hotel-conformance did not start');
      expect(unfetchable.summary).toContain('did not run');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 120_000);
});
