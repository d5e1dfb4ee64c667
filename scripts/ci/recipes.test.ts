/**
 * The CI recipes of examples/ci/ (GitHub Actions and GitLab CI), which ship in both packages' ci/, are
 * valid against their published JSON schemas, and they run the very steps scripts/ci/partner.sh runs in
 * our own CI, from the installed hotel-conformance package, in the same order, so that a recipe cannot
 * drift from what is tested. They ask nothing a partner's project does not have: no `npm run gen`, no
 * test runner's own flags on `npm test`, no hidden file to find.
 *
 * The schemas come from npm packages, not from files copied here: @action-validator/core validates a
 * workflow with SchemaStore's github-workflow schema (compiled into its WebAssembly module), and
 * gitlab-ci-local embeds GitLab's own ci.json (the schema SchemaStore's catalogue lists for
 * .gitlab-ci.yml) in its bundle, from which it is read out here as the object literal it is.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const require = createRequire(import.meta.url);
const { validateWorkflow } = require('@action-validator/core') as typeof import('@action-validator/core');
const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

const GITHUB = 'examples/ci/github-actions.yml';
const GITLAB = 'examples/ci/gitlab-ci.yml';

/** The object literal in a bundle that starts at `marker`, evaluated (strings may hold braces). */
function objectLiteralAt(source: string, marker: string): unknown {
  const start = source.indexOf(marker);
  if (start < 0) throw new Error(`${marker} not found`);
  let depth = 0;
  let quote: string | undefined;
  for (let i = start; i < source.length; i += 1) {
    const c = source[i];
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '{') depth += 1;
    else if (c === '}' && --depth === 0) {
      return runInNewContext(`(${source.slice(start, i + 1)})`, Object.create(null), { timeout: 5000 });
    }
  }
  throw new Error(`${marker}: no end`);
}

function gitlabValidator() {
  const bundle = readFileSync(require.resolve('gitlab-ci-local/dist/index.js'), 'utf8');
  const schema = objectLiteralAt(bundle, '{$schema:"http://json-schema.org/draft-07/schema#",$id:"https://gitlab.com/.gitlab-ci.yml"') as Record<string, unknown>;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv);
  return ajv.compile(JSON.parse(JSON.stringify(schema)));
}

/** The steps (`node_modules/hotel-conformance/ci/steps/*.sh`) a file runs as its own lines (a script line, a `run:`, a list item), in order. */
const stepsOf = (text: string) =>
  [...text.matchAll(/^\s*(?:- |run: )?bash (?:node_modules\/hotel-conformance\/ci\/steps|"\$steps")\/([a-z-]+\.sh)"?$/gm)].map((match) => match[1]);

describe('CI recipes (examples/ci)', () => {
  it('the GitHub Actions workflow is valid against SchemaStore github-workflow, and a broken one is not', () => {
    const recipe = read(GITHUB);
    expect(validateWorkflow(recipe).errors).toEqual([]);
    expect(validateWorkflow(recipe.replace('    runs-on: ubuntu-latest\n', '')).errors.length).toBeGreaterThan(0);
    expect(validateWorkflow(recipe.replace('timeout-minutes: 20', 'timeout-minutes: soon')).errors.length).toBeGreaterThan(0);
    expect(validateWorkflow(recipe.replace('uses: actions/checkout@v4', 'uses: [actions/checkout@v4]')).errors.length).toBeGreaterThan(0);
  });

  it('the GitLab CI file is valid against GitLab ci.json, and a broken one is not', () => {
    const validate = gitlabValidator();
    const recipe = parse(read(GITLAB)) as Record<string, unknown>;
    expect(validate(recipe) ? [] : validate.errors).toEqual([]);
    const broken = parse(read(GITLAB).replace('when: always', 'when: sometimes')) as unknown;
    expect(validate(broken)).toBe(false);
    expect(validate(parse(read(GITLAB).replace('image: node:${NODE_VERSION}', 'image: 24')))).toBe(false);
    expect(validate(parse(read(GITLAB).replace("- NODE_VERSION: ['22', '24']", 'NODE_VERSION: 22')))).toBe(false);
    expect(validate(parse(read(GITLAB).replace('junit:', 'junits:')))).toBe(false);
  });

  it('both recipes run the steps of scripts/ci/partner.sh from the installed package, in its order, and every step exists', () => {
    const ours = stepsOf(read('scripts/ci/partner.sh'));
    expect(ours).toEqual(['start-sandbox.sh', 'client-tests.sh', 'conformance.sh', 'stop-sandbox.sh']);
    for (const recipe of [GITHUB, GITLAB]) expect(stepsOf(read(recipe)), recipe).toEqual(ours);
    for (const step of ours) expect(existsSync(new URL(`examples/ci/steps/${step}`, root)), step).toBe(true);
  });

  it('use the pinned actions and Node 22 and 24, and publish the reports the steps write', () => {
    const github = parse(read(GITHUB)) as { jobs: Record<string, { steps: { uses?: string; with?: Record<string, unknown> }[] }> };
    const steps = Object.values(github.jobs).flatMap((job) => job.steps);
    const uses = steps.map((step) => step.uses).filter(Boolean);
    expect(uses).toEqual(['actions/checkout@v4', 'actions/setup-node@v4', 'actions/upload-artifact@v4']);
    expect(steps.find((step) => step.uses === 'actions/setup-node@v4')?.with?.['node-version']).toBe('${{ matrix.node }}');
    expect(Object.values(github.jobs).map((job) => (job as { strategy?: { matrix?: { node?: number[] } } }).strategy?.matrix?.node)).toEqual([[22, 24]]);
    const uploaded = String(steps.find((step) => step.uses === 'actions/upload-artifact@v4')?.with?.path).trim();

    const gitlab = parse(read(GITLAB)) as Record<string, { image?: string; parallel?: { matrix: Record<string, string[]>[] }; artifacts?: { paths: string[]; reports: { junit: string[] } } }>;
    const job = gitlab['hotel-api-client'];
    expect(job?.image).toBe('node:${NODE_VERSION}');
    expect(job?.parallel?.matrix).toEqual([{ NODE_VERSION: ['22', '24'] }]);
    // The whole artifacts/ folder: the kit's reports and whatever JUnit the partner's own runner writes there.
    expect(uploaded).toBe('artifacts/');
    expect(job?.artifacts?.paths).toEqual(['artifacts/']);
    expect(job?.artifacts?.reports.junit).toEqual(['artifacts/*.xml']);
    const conformance = read('examples/ci/steps/conformance.sh');
    for (const report of ['/conformance.xml', '/conformance-report.html']) expect(conformance).toContain(`"$out${report}"`);
    expect(conformance).toContain('out=${ARTIFACTS:-artifacts}');
  });

  it('ask for nothing a partner\'s project lacks: no npm run, no Vitest flags, no hidden recipe file', () => {
    const texts = [GITHUB, GITLAB, ...['start-sandbox', 'client-tests', 'conformance', 'stop-sandbox'].map((step) => `examples/ci/steps/${step}.sh`)].map(read);
    for (const text of texts) {
      expect(text).not.toMatch(/npm run |--reporter|vitest|--outputFile/);
    }
    // The client's tests: npm test unless HOTEL_CLIENT_TESTS says otherwise, told where the sandbox is.
    const clientTests = read('examples/ci/steps/client-tests.sh');
    expect(clientTests).toContain('"${HOTEL_CLIENT_TESTS:-npm test}"');
    expect(clientTests).toContain('export HOTEL_SANDBOX_URL');
    expect(existsSync(new URL('examples/ci/.gitlab-ci.yml', root))).toBe(false);
  });
});
