/**
 * Generates the contract types with openapi-typescript: contract/generated/openapi.ts from openapi.yaml
 * (the API) and contract/generated/control-api.ts from server/control-api.yaml (the sandbox control API).
 * `--check` regenerates in memory and fails when a committed file is stale, so `npm test` catches
 * a contract change whose types were not regenerated.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';

const root = new URL('../', import.meta.url);
const TARGETS = [
  { contract: 'openapi.yaml', output: 'contract/generated/openapi.ts' },
  { contract: 'server/control-api.yaml', output: 'contract/generated/control-api.ts' },
];

const { check } = parseArgs({ options: { check: { type: 'boolean' } } }).values;
let stale = false;
for (const { contract, output } of TARGETS) {
  const outputPath = fileURLToPath(new URL(output, root));
  const header = `/* Generated from ${contract} by \`npm run gen\`. Do not edit by hand. */\n\n`;
  // defaultNonNullable: false keeps fields with a default optional: a client may omit them.
  const ast = await openapiTS(new URL(contract, root), { alphabetize: false, exportType: true, defaultNonNullable: false });
  const generated = header + astToString(ast);
  if (check) {
    const committed = await readFile(outputPath, 'utf8').catch(() => '');
    if (committed === generated) console.log(`${output} is up to date.`);
    else {
      console.error(`${output} is stale: run \`npm run gen\` and commit the result.`);
      stale = true;
    }
  } else {
    await writeFile(outputPath, generated);
    console.log(`wrote ${outputPath}`);
  }
}
if (stale) process.exit(1);
