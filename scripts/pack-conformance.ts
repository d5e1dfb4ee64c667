/**
 * Packs the conformance kit as its own npm package, `hotel-conformance`, runnable with
 * `npx hotel-conformance` from an installed tarball with no repository around it: the CLI and
 * every runtime dependency (ajv, yaml, openapi-fetch) bundled by esbuild into one ES module, with
 * openapi.yaml next to it. The package has no dependencies, so installing it needs no registry.
 * The library has a CommonJS twin (`require('hotel-conformance')`, Jest), `hotel-conformance/contract`
 * gives the contract's types and the path of openapi.yaml, and ci/ holds the CI recipes that
 * `npx hotel-conformance init-ci github|gitlab` writes into a project.
 *
 *     npm run pack:conformance [-- --out DIR]   → DIR/hotel-conformance-<version>.tgz (default dist/)
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { addContractCache } from './build-server.js';
import { bundleCommonJs } from './commonjs.js';
import { bundleModule, emitDeclarations } from './compile.js';
import { copyCiRecipes, npmPack, packageManifest, root, typesForRequire } from './packaging.js';

const { values: args } = parseArgs({ options: { out: { type: 'string' } } });
const outDir = resolve(args.out ?? join(root, 'dist'));
const staging = join(outDir, 'hotel-conformance');

rmSync(staging, { recursive: true, force: true });
mkdirSync(join(staging, 'bin'), { recursive: true });
await bundleModule('conformance/bin.ts', join(staging, 'bin/hotel-conformance.mjs'));
// The library entry (runConformance and the report writers), bundled the same way, with its declarations.
await bundleModule('conformance/index.ts', join(staging, 'lib/index.mjs'));
await bundleModule('contract/published.ts', join(staging, 'lib/contract.mjs'));
await bundleCommonJs('conformance/index.ts', join(staging, 'lib/index.cjs'), 'bundled');
await bundleCommonJs('contract/published.ts', join(staging, 'lib/contract.cjs'), 'bundled');
emitDeclarations('conformance/index.ts', join(staging, 'types'));
emitDeclarations('contract/published.ts', join(staging, 'types'));
typesForRequire(staging, { 'lib/index.d.cts': 'types/conformance/index.js', 'lib/contract.d.cts': 'types/contract/published.js' });
// The library finds openapi.yaml next to it as the CLI does; the control API's contract where the published contract says.
copyFileSync(join(root, 'openapi.yaml'), join(staging, 'lib/openapi.yaml'));
mkdirSync(join(staging, 'server'), { recursive: true });
copyFileSync(join(root, 'server/control-api.yaml'), join(staging, 'server/control-api.yaml'));
copyCiRecipes(staging);
// The entry's `#!/usr/bin/env -S npx tsx` becomes a plain node shebang.
const bundle = readFileSync(join(staging, 'bin/hotel-conformance.mjs'), 'utf8').replace(/^#!.*\n/, '');
writeFileSync(join(staging, 'bin/hotel-conformance.mjs'), `#!/usr/bin/env node\n${bundle}`, { mode: 0o755 });
copyFileSync(join(root, 'openapi.yaml'), join(staging, 'bin/openapi.yaml'));
// openapi.yaml parsed, in the start-up cache both bundles read it from.
addContractCache(staging);
copyFileSync(join(root, 'packages/hotel-conformance/README.md'), join(staging, 'README.md'));
copyFileSync(join(root, 'LICENSE'), join(staging, 'LICENSE'));
writeFileSync(
  join(staging, 'package.json'),
  `${JSON.stringify(
    packageManifest({
      name: 'hotel-conformance',
      description: 'Conformance kit for the Hotel Booking API v1.0.0: checks any implementation against the API description and openapi.yaml',
      keywords: ['hotel', 'booking', 'api', 'conformance', 'contract-testing', 'openapi'],
      bin: { 'hotel-conformance': 'bin/hotel-conformance.mjs' },
      exports: {
        '.': {
          import: { types: './types/conformance/index.d.ts', default: './lib/index.mjs' },
          require: { types: './lib/index.d.cts', default: './lib/index.cjs' },
        },
        './contract': {
          import: { types: './types/contract/published.d.ts', default: './lib/contract.mjs' },
          require: { types: './lib/contract.d.cts', default: './lib/contract.cjs' },
        },
        './openapi.yaml': './lib/openapi.yaml',
        './package.json': './package.json',
      },
      main: './lib/index.cjs',
      types: './types/conformance/index.d.ts',
      // TypeScript's older resolution (moduleResolution node10, common with ts-jest) reads no exports.
      typesVersions: { '*': { contract: ['./types/contract/published.d.ts'] } },
      files: ['bin/', 'lib/', 'types/', 'ci/', 'server/control-api.yaml', 'cache/'],
    }),
    null,
    2,
  )}\n`,
);
console.log(npmPack(staging, outDir));
