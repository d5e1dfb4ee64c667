/**
 * Generates generated/openapi.ts from openapi.yaml with openapi-typescript.
 * `--check` regenerates in memory and fails when the committed file is stale,
 * so `npm test` catches a contract change whose types were not regenerated.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const root = new URL('../', import.meta.url);
const contractUrl = new URL('openapi.yaml', root);
const outputPath = fileURLToPath(new URL('generated/openapi.ts', root));

const header = '/* Generated from openapi.yaml by `npm run gen`. Do not edit by hand. */\n\n';
// defaultNonNullable: false keeps fields with a default optional: a client may omit them.
const ast = await openapiTS(contractUrl, { alphabetize: false, exportType: true, defaultNonNullable: false });
const generated = header + astToString(ast);

if (process.argv.includes('--check')) {
  const committed = await readFile(outputPath, 'utf8').catch(() => '');
  if (committed !== generated) {
    console.error('generated/openapi.ts is stale: run `npm run gen` and commit the result.');
    process.exit(1);
  }
  console.log('generated/openapi.ts is up to date.');
} else {
  await writeFile(outputPath, generated);
  console.log(`wrote ${outputPath}`);
}
