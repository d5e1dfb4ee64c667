/**
 * The GitHub Action (action.yml) and the release workflow (.github/workflows/release.yml) are valid
 * against SchemaStore's github-action and github-workflow schemas (@action-validator/core, compiled
 * into its WebAssembly module), and a broken one is not; the action's inputs reach its script only
 * as environment variables; the release publishes with provenance only after the tests; and the job
 * summary is read from a JUnit report written by the one JUnit writer (contract/junit.ts).
 * The action's script run for real against a server: scripts/ci/action-run.test.ts (e2e).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { junitXml } from '../../contract/junit.js';
import { contractVersion } from '../packaging.js';

const require = createRequire(import.meta.url);
const { validateAction, validateWorkflow } = require('@action-validator/core') as typeof import('@action-validator/core');
const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Action {
  inputs: Record<string, { required?: boolean; default?: string; description?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}
interface Workflow {
  on: { push?: { tags?: string[] } };
  permissions?: Record<string, string>;
  jobs: Record<string, { needs?: string | string[]; permissions?: Record<string, string>; steps: Step[] }>;
}

const ACTION = read('action.yml');
const RELEASE = read('.github/workflows/release.yml');
const action = parse(ACTION) as Action;
const release = parse(RELEASE) as Workflow;

describe('the GitHub Action (action.yml)', () => {
  it('is valid against the github-action schema, and a broken one is not', () => {
    expect(validateAction(ACTION).errors).toEqual([]);
    expect(validateAction(ACTION.replace('  using: composite\n', '')).errors.length).toBeGreaterThan(0);
    expect(validateAction(ACTION.replace('      shell: bash\n', '      shell: [bash]\n')).errors.length).toBeGreaterThan(0);
    expect(validateAction(ACTION.replace('    required: true\n', '    required: sometimes\n')).errors.length).toBeGreaterThan(0);
  });

  it('takes the base URL, keys, profile and control URL, and gives the report paths', () => {
    expect(Object.keys(action.inputs)).toEqual(expect.arrayContaining(['base-url', 'apikey', 'apikey2', 'profile', 'control']));
    expect(action.inputs['base-url']?.required).toBe(true);
    expect(action.inputs.apikey?.required).toBe(true);
    expect(action.inputs.profile?.default).toBe('spec');
    expect(action.inputs.control?.default).toBe('none');
    expect(Object.keys(action.outputs)).toEqual(expect.arrayContaining(['junit', 'json', 'html', 'exit-code']));
    const kit = action.runs.steps.find((step) => step.id === 'kit');
    for (const [name, output] of Object.entries(action.outputs)) expect(output.value, name).toBe(`\${{ steps.kit.outputs.${name} }}`);
    // Every output the action declares is one its script writes.
    const script = read('.github/action/run-kit.sh') + read('.github/action/junit-summary.mjs');
    for (const name of Object.keys(action.outputs)) expect(script, name).toMatch(new RegExp(`\\b${name}=`));
    expect(kit?.run).toBe('bash "$GITHUB_ACTION_PATH/.github/action/run-kit.sh"');
  });

  it('passes every input to its script as an environment variable, never pasted into a run line', () => {
    for (const step of action.runs.steps) expect(step.run ?? '', step.name).not.toContain('${{');
    const env = action.runs.steps.find((step) => step.id === 'kit')?.env ?? {};
    const passed = Object.values(env).map((value) => /^\$\{\{ inputs\.([\w-]+) \}\}$/.exec(value)?.[1]);
    expect(passed.every((name) => name !== undefined && name in action.inputs), JSON.stringify(env)).toBe(true);
    // The rest are used by the steps' own fields.
    const unused = Object.keys(action.inputs).filter((name) => !passed.includes(name));
    expect(unused.sort()).toEqual(['node-version', 'working-directory']);
    const script = read('.github/action/run-kit.sh');
    for (const variable of Object.keys(env)) expect(script, variable).toContain(variable);
  });

  it("fetches no package by default: a registry name could be someone else's", () => {
    expect(action.inputs.package?.default).toBe('');
    expect(action.inputs.package?.description).toContain(`hotel-conformance-${contractVersion()}.tgz`);
  });
});

describe('the release workflow (.github/workflows/release.yml)', () => {
  it('is valid against the github-workflow schema, and a broken one is not', () => {
    expect(validateWorkflow(RELEASE).errors).toEqual([]);
    expect(validateWorkflow(RELEASE.replace('    runs-on: ubuntu-latest\n    timeout-minutes: 20\n', '    timeout-minutes: 20\n')).errors.length).toBeGreaterThan(0);
    expect(validateWorkflow(RELEASE.replace('timeout-minutes: 90', 'timeout-minutes: later')).errors.length).toBeGreaterThan(0);
    expect(validateWorkflow(RELEASE.replace('      id-token: write', '      id-token: always')).errors.length).toBeGreaterThan(0);
  });

  it('runs on a version tag, tests first, and publishes the tested tarballs with provenance', () => {
    expect(release.on.push?.tags).toEqual(['v*.*.*']);
    expect(release.permissions).toEqual({ contents: 'read' });
    const { test, pack, 'publish-npm': publish } = release.jobs;
    expect(test?.steps.some((step) => step.run === 'bash .ci/run')).toBe(true);
    expect(pack?.needs).toBe('test');
    const packRuns = pack?.steps.map((step) => step.run ?? '').join('\n') ?? '';
    for (const script of ['pack:sandbox', 'pack:conformance']) {
      expect(packRuns).toContain(`npm run ${script}`);
      expect(Object.keys((JSON.parse(read('package.json')) as { scripts: object }).scripts)).toContain(script);
    }
    expect(packRuns).toContain('bash .github/release/smoke.sh dist');
    expect(existsSync(new URL('.github/release/smoke.sh', root))).toBe(true);
    expect(publish?.needs).toBe('pack');
    expect(publish?.permissions?.['id-token']).toBe('write');
    const publishRun = publish?.steps.map((step) => step.run ?? '').join('\n') ?? '';
    expect(publishRun).toMatch(/npm publish "\$tarball" --provenance --access public/);
    expect(publishRun).toContain('hotel-sandbox-*.tgz');
    expect(publishRun).toContain('hotel-conformance-*.tgz');
  });

  it('checks that the tag names the contract version', () => {
    const check = release.jobs.pack?.steps.find((step) => step.name === 'The tag names the contract\'s version');
    expect(check?.run).toContain('"v$version"');
    expect(check?.run).toContain("info.version");
  });
});

describe('the job summary (.github/action/junit-summary.mjs)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'junit-summary-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function summarise(xml: string, exitCode: number) {
    const report = join(dir, 'report.xml');
    const summary = join(dir, `summary-${exitCode}.md`);
    const output = join(dir, `output-${exitCode}`);
    writeFileSync(report, xml);
    execFileSync(process.execPath, [new URL('.github/action/junit-summary.mjs', root).pathname, report, String(exitCode), summary, output]);
    return { summary: readFileSync(summary, 'utf8'), output: readFileSync(output, 'utf8') };
  }

  it('counts the cases and lists each failure and skip with its message, escaped for a Markdown table', () => {
    const xml = junitXml({
      name: 'hotel-conformance',
      suite: 'Hotel Booking API conformance (spec)',
      timestamp: '2026-06-01T09:00:00',
      properties: [],
      cases: [
        { classname: 'search', name: 'search.ok', time: '0.1' },
        { classname: 'search', name: 'search.radius', time: '0.1', failure: { type: 'failed', message: 'radius 0 gave 200 | expected <400> & "error"', body: 'first\nsecond' } },
        { classname: 'auth', name: 'auth.second-key', time: '0', skipped: 'needs --apikey2 ✓' },
        { classname: 'hotel', name: 'hotel.ok', time: '0.2' },
      ],
    });
    const { summary, output } = summarise(xml, 1);
    expect(summary.split('\n')[0]).toBe('### ❌ Hotel Booking API conformance: 2 passed, 1 failed, 1 skipped (4 checks)');
    expect(summary).toContain('| search.radius | radius 0 gave 200 \\| expected \\<400\\> & "error" |');
    expect(summary).toContain('<details><summary>Skipped (1)</summary>');
    expect(summary).toContain('| auth.second-key | needs --apikey2 ✓ |');
    expect(summary).not.toContain('search.ok');
    expect(output).toBe('tests=4\nfailures=1\nskipped=1\n');
  });

  it('says the kit stopped before the checks when it exited 2 without a report', () => {
    const summary = join(dir, 'stopped.md');
    execFileSync(process.execPath, [new URL('.github/action/junit-summary.mjs', root).pathname, join(dir, 'missing.xml'), '2', summary]);
    expect(readFileSync(summary, 'utf8')).toContain('The kit stopped before the checks (exit 2)');
  });
});
