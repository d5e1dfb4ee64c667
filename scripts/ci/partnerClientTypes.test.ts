/**
 * examples/partner-client type-checks against today's openapi.yaml, the way a partner's `tsc` would:
 * its API types are hotel-sandbox/contract's, which are generated from the contract with fields that
 * have a default left optional (here from the contract under test, with the same option), then its
 * sources compile with its own tsconfig. A contract change that breaks the example fails here, in
 * `npm test`, and not only later in scripts/ci/partner.sh.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const example = join(root, 'examples/partner-client');
// Inside the repository, so that openapi-fetch, vitest and @types/node resolve from its node_modules.
const work = mkdtempSync(join(root, 'node_modules/.partner-client-types-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function diagnostics(contractText?: string): Promise<string[]> {
  cpSync(join(example, 'src'), join(work, 'src'), { recursive: true });
  cpSync(join(example, 'tsconfig.json'), join(work, 'tsconfig.json'));
  const contract = join(work, 'openapi.yaml');
  writeFileSync(contract, contractText ?? readFileSync(join(root, 'openapi.yaml'), 'utf8'));
  // hotel-sandbox/contract's types: openapi-typescript … --default-non-nullable=false (contract/published.ts).
  const ast = await openapiTS(new URL(`file://${contract}`), { defaultNonNullable: false });
  writeFileSync(join(work, 'contract-types.d.ts'), astToString(ast));
  const config = ts.getParsedCommandLineOfConfigFile(join(work, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error('examples/partner-client/tsconfig.json did not parse');
  // The example imports hotel-sandbox, the package that server/sandbox.ts becomes, and its contract's types.
  const paths = { 'hotel-sandbox': [join(root, 'server/sandbox.ts')], 'hotel-sandbox/contract': [join(work, 'contract-types.d.ts')] };
  const options = { ...config.options, paths, allowImportingTsExtensions: true };
  const program = ts.createProgram(config.fileNames, options);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n')[0] ?? '');
}

describe('examples/partner-client against openapi.yaml', () => {
  it('type-checks', async () => {
    expect(await diagnostics()).toEqual([]);
  }, 60_000);

  it('fails when the contract drops what the client uses (the check can fail)', async () => {
    const renamed = readFileSync(join(root, 'openapi.yaml'), 'utf8').replace(/\bbooking_url:/g, 'booking_link:');
    expect((await diagnostics(renamed)).length).toBeGreaterThan(0);
  }, 60_000);
});
