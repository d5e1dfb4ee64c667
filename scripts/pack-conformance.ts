/**
 * Packs the conformance kit as its own npm package, `hotel-conformance`, runnable with
 * `npx hotel-conformance` from an installed tarball with no repository around it: the CLI and
 * every runtime dependency (ajv, yaml, openapi-fetch) bundled by esbuild into one ES module, with
 * openapi.yaml next to it. The package has no dependencies, so installing it needs no registry.
 *
 *     npm run pack:conformance [-- --out DIR]   → DIR/hotel-conformance-<version>.tgz (default dist/)
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { addContractCache } from './build-server.js';
import { bundleModule, emitDeclarations } from './compile.js';
import { npmPack, packageManifest, root } from './packaging.js';

const { values: args } = parseArgs({ options: { out: { type: 'string' } } });
const outDir = resolve(args.out ?? join(root, 'dist'));
const staging = join(outDir, 'hotel-conformance');

rmSync(staging, { recursive: true, force: true });
mkdirSync(join(staging, 'bin'), { recursive: true });
await bundleModule('conformance/bin.ts', join(staging, 'bin/hotel-conformance.mjs'));
// The library entry (runConformance and the report writers), bundled the same way, with its declarations.
await bundleModule('conformance/index.ts', join(staging, 'lib/index.mjs'));
emitDeclarations('conformance/index.ts', join(staging, 'types'));
// The library finds openapi.yaml next to it as the CLI does.
copyFileSync(join(root, 'openapi.yaml'), join(staging, 'lib/openapi.yaml'));
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
      exports: { '.': { types: './types/conformance/index.d.ts', import: './lib/index.mjs' } },
      types: './types/conformance/index.d.ts',
      files: ['bin/', 'lib/', 'types/', 'cache/'],
    }),
    null,
    2,
  )}\n`,
);
console.log(npmPack(staging, outDir));
