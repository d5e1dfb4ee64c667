/**
 * Packaging: `npm run pack:conformance` builds the hotel-conformance tarball; installed into an
 * empty directory (offline: the package has no dependencies; small, no install scripts),
 * `npx hotel-conformance` prints its help, runs against a local reference server, stops with a hint
 * on a wrong base URL and writes the CI recipes it ships; the library loads with `import` and with
 * `require()`, and `hotel-conformance/contract` gives the path of openapi.yaml — with no repository
 * around it.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedTree } from '../scripts/installedTree.js';
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

  it('installs small, with no install scripts, and a README that names no path of the repository but links the recipes it ships', () => {
    const tree = installedTree(join(project, 'node_modules'));
    console.log(`hotel-conformance installed: ${tree.packages.length} packages, ${(tree.diskBytes / 1e6).toFixed(1)} MB on disk`);
    expect(tree.packages).toEqual(['hotel-conformance']);
    expect(tree.diskBytes).toBeLessThanOrEqual(10e6);
    expect(tree.installScripts).toEqual([]);
    const installed = join(project, 'node_modules/hotel-conformance');
    const readme = readFileSync(join(installed, 'README.md'), 'utf8');
    expect(readme).not.toMatch(/npm run |npm start|(?<![-\w])(server|conformance|examples|scripts)\/|\.\.\/shared|\.test\.ts/);
    for (const link of ['ci/github-actions.yml', 'ci/gitlab-ci.yml', 'ci/steps/']) {
      expect(readme).toContain(`](${link})`);
      expect(existsSync(join(installed, link)), link).toBe(true);
    }
  });

  it('loads as a library from ES modules and from CommonJS, with the contract\'s path', async () => {
    writeFileSync(join(project, 'lib.mjs'), `import { CATALOGUE, runConformance } from 'hotel-conformance';
import { openapiPath } from 'hotel-conformance/contract';
console.log(JSON.stringify({ checks: CATALOGUE.length, run: typeof runConformance, openapiPath }));
`);
    writeFileSync(join(project, 'lib.cjs'), `const { CATALOGUE, runConformance } = require('hotel-conformance');
const { openapiPath } = require('hotel-conformance/contract');
console.log(JSON.stringify({ checks: CATALOGUE.length, run: typeof runConformance, openapiPath }));
`);
    const contract = join(project, 'node_modules/hotel-conformance/lib/openapi.yaml');
    for (const file of ['lib.mjs', 'lib.cjs']) {
      // require() of ES modules off, as on Node 20 before 20.19 and in Jest.
      const result = await sh('node', ['--no-experimental-require-module', file]);
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout), file).toEqual({ checks: expect.any(Number), run: 'function', openapiPath: contract });
    }
    expect(readFileSync(contract, 'utf8')).toBe(readFileSync(join(ROOT, 'openapi.yaml'), 'utf8'));
  });

  it('stops at once with exit 2 and a hint on a base URL with a path too many, and names the option meant', async () => {
    const wrong = await sh('npx', ['--offline', 'hotel-conformance', '--base-url', `${server.url}/api`, '--apikey', 'demo-key-1']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(`Hint: did you mean --base-url ${server.url}?`);
    const typo = await sh('npx', ['--offline', 'hotel-conformance', '--base-url', server.url, '--api-key', 'demo-key-1']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("unknown option '--api-key'; did you mean --apikey?");
  });

  it('init-ci writes the recipes it ships into the project', async () => {
    for (const [system, file, recipe] of [['github', '.github/workflows/hotel-api.yml', 'github-actions.yml'], ['gitlab', '.gitlab-ci.yml', 'gitlab-ci.yml']] as const) {
      const result = await sh('npx', ['--offline', 'hotel-conformance', 'init-ci', system]);
      expect(result.code, result.stderr).toBe(0);
      expect(readFileSync(join(project, file), 'utf8')).toBe(readFileSync(join(ROOT, 'examples/ci', recipe), 'utf8'));
    }
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
