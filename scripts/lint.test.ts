/**
 * The lint rules hold the lines: a server file importing the kit, a contract file importing the
 * server, the shipped kit importing the server, a promise nobody awaits and a function too long to
 * read in one sitting each fail `npm run lint`.
 * Probe files are written into the folders (so the rules of those folders apply) and removed after.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
const probes: string[] = [];
afterAll(() => {
  for (const probe of probes) rmSync(probe, { force: true });
});

async function ruleIdsOf(folder: string, source: string): Promise<string[]> {
  const file = `${root}${folder}/lint-probe-${process.pid}-${probes.length}.ts`;
  probes.push(file);
  writeFileSync(file, source);
  const [result] = await new ESLint({ cwd: root }).lintFiles([file]);
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('lint rules', () => {
  it('refuse a server→kit import and a floating promise in the server', async () => {
    const ids = await ruleIdsOf('server', "import { junitReport } from '../conformance/reports/junit.js';\nexport const report = junitReport;\nPromise.resolve(1);\n");
    expect(ids).toContain('no-restricted-imports');
    expect(ids).toContain('@typescript-eslint/no-floating-promises');
  }, 120_000);

  it('refuse contract→server and shipped-kit→server imports', async () => {
    expect(await ruleIdsOf('contract', "import { API_PATHS } from '../server/apiPaths.js';\nexport const paths = API_PATHS;\n")).toContain('no-restricted-imports');
    expect(await ruleIdsOf('conformance/kit', "import { API_PATHS } from '../../server/apiPaths.js';\nexport const paths = API_PATHS;\n")).toContain('no-restricted-imports');
  }, 120_000);

  it('refuse a function too long to read in one sitting', async () => {
    const body = Array.from({ length: 120 }, (_, i) => `  total += ${i};`).join('\n');
    expect(await ruleIdsOf('server', `export function long(): number {\n  let total = 0;\n${body}\n  return total;\n}\n`)).toContain('max-lines-per-function');
  }, 120_000);

  it('let the kit and the server import contract/, with nothing to report', async () => {
    expect(await ruleIdsOf('server', "import { API_PATHS } from '../contract/apiPaths.js';\nexport const paths = API_PATHS;\n")).toEqual([]);
  }, 120_000);
});
