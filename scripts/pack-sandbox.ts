/**
 * Packs the reference server as its own npm package, `hotel-sandbox`: `npx hotel-sandbox` starts it
 * (every flag the server has; the embedded store in a temporary directory, removed on exit, unless
 * --db-file, DB_FILE or DATABASE_URL names one), `import { startSandbox } from 'hotel-sandbox'` (or
 * `require`) embeds it in a test run, and `hotel-sandbox/contract` gives the contract's types and
 * the path of openapi.yaml.
 *
 * Every server module is compiled to JavaScript one file at a time, in the repository's layout
 * (scripts/compile.ts, as `npm start` runs it), so that each keeps finding its data (openapi.yaml,
 * fixtures/) relative to itself; npm packages stay dependencies. The CommonJS entries are bundles
 * whose modules keep those paths (scripts/commonjs.ts). The declarations come from tsc. /docs's
 * renderer (Redoc's standalone bundle) is copied in, so no install pulls redoc and its ~75 packages.
 *
 *     npm run pack:sandbox [-- --out DIR]   → DIR/hotel-sandbox-<version>.tgz (default dist/)
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { VENDORED_REDOC_PATH } from '../server/http/pages/redocBundle.js';
import { PACKED } from '../contract/startupCache.js';
import { addStartupCaches } from './build-server.js';
import { bundleCommonJs } from './commonjs.js';
import { compileModules, emitDeclarations } from './compile.js';
import { copyCiRecipes, npmPack, packageManifest, root, typesForRequire } from './packaging.js';

const { values: args } = parseArgs({ options: { out: { type: 'string' } } });
const outDir = resolve(args.out ?? join(root, 'dist'));
const staging = join(outDir, 'hotel-sandbox');
const ENTRIES = ['server/bin.ts', 'server/sandbox.ts', 'contract/published.ts'];

rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });

const modules = await compileModules(ENTRIES, staging);

// The data the modules read at run time.
for (const data of ['openapi.yaml', 'server/control-api.yaml', 'fixtures']) {
  cpSync(join(root, data), join(staging, data), { recursive: true, filter: (path) => !path.endsWith('README.md') });
}

// /docs's renderer, with the licences of what its bundle holds.
const redocBundle = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
mkdirSync(join(staging, dirname(VENDORED_REDOC_PATH)), { recursive: true });
cpSync(redocBundle, join(staging, VENDORED_REDOC_PATH));
cpSync(`${redocBundle}.LICENSE.txt`, join(staging, `${VENDORED_REDOC_PATH}.LICENSE.txt`));
cpSync(join(dirname(redocBundle), '../LICENSE'), join(staging, dirname(VENDORED_REDOC_PATH), 'redoc.LICENSE'));

// The CommonJS entries (require(), Jest), beside their ES module twins.
await bundleCommonJs('server/sandbox.ts', join(staging, 'cjs/sandbox.cjs'), { twinsUnder: staging });
await bundleCommonJs('contract/published.ts', join(staging, 'cjs/contract.cjs'), { twinsUnder: staging });

// The start-up cache (the world, the geocoder's indexes, the parsed contracts, their compiled schemas).
await addStartupCaches(staging);
// The world's entry is most of the install: shipped gzipped (worldCache.ts unpacks it at start).
for (const name of readdirSync(join(staging, 'cache')).filter((file) => file.startsWith('world-') && file.endsWith('.bin'))) {
  writeFileSync(join(staging, 'cache', `${name}${PACKED}`), gzipSync(readFileSync(join(staging, 'cache', name)), { level: 9 }));
  rmSync(join(staging, 'cache', name));
}

// Declarations of the embedding API and of the published contract (and of what their types reach).
emitDeclarations('server/sandbox.ts', join(staging, 'types'));
emitDeclarations('contract/published.ts', join(staging, 'types'));
typesForRequire(staging, { 'cjs/sandbox.d.cts': 'types/server/sandbox.js', 'cjs/contract.d.cts': 'types/contract/published.js' });

mkdirSync(join(staging, 'bin'), { recursive: true });
writeFileSync(
  join(staging, 'bin/hotel-sandbox.js'),
  `#!/usr/bin/env node
// The reference server; its embedded store is a temporary directory, removed on exit, unless one is named (see --help).
import { runCommandLine } from '../server/cli/commands.js';

await runCommandLine({ defaultStore: 'temporary', followNpm: true });
`,
  { mode: 0o755 },
);
copyCiRecipes(staging);
cpSync(join(root, 'packages/hotel-sandbox/README.md'), join(staging, 'README.md'));
cpSync(join(root, 'LICENSE'), join(staging, 'LICENSE'));
// What changed in the contract between versions, and what partners do about it (in `files`: npm 7+ no longer adds it).
cpSync(join(root, 'CHANGELOG.md'), join(staging, 'CHANGELOG.md'));

const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
// tsx runs the TypeScript sources in the repository; the package ships JavaScript.
const dependencies = Object.fromEntries(Object.entries(rootManifest.dependencies).filter(([name]) => name !== 'tsx'));
writeFileSync(
  join(staging, 'package.json'),
  `${JSON.stringify(
    packageManifest({
      name: 'hotel-sandbox',
      description: 'Reference server and sandbox of the Hotel Booking API v1.0.0: run it with npx, or start it inside your own tests',
      keywords: ['hotel', 'booking', 'api', 'sandbox', 'mock-server', 'openapi', 'testing'],
      bin: { 'hotel-sandbox': 'bin/hotel-sandbox.js' },
      exports: {
        '.': {
          import: { types: './types/server/sandbox.d.ts', default: './server/sandbox.js' },
          require: { types: './cjs/sandbox.d.cts', default: './cjs/sandbox.cjs' },
        },
        './contract': {
          import: { types: './types/contract/published.d.ts', default: './contract/published.js' },
          require: { types: './cjs/contract.d.cts', default: './cjs/contract.cjs' },
        },
        './openapi.yaml': './openapi.yaml',
        './control-api.yaml': './server/control-api.yaml',
        './package.json': './package.json',
      },
      main: './cjs/sandbox.cjs',
      types: './types/server/sandbox.d.ts',
      // TypeScript's older resolution (moduleResolution node10, common with ts-jest) reads no exports.
      typesVersions: { '*': { contract: ['./types/contract/published.d.ts'] } },
      // What runs: the compiled modules' folders, their data and the declarations; no test ships.
      files: ['bin/', 'cjs/', 'ci/', 'vendor/', ...new Set(modules.map((module) => `${module.split('/')[0]}/`)), 'types/', 'fixtures/', 'openapi.yaml', 'cache/', 'CHANGELOG.md'],
      dependencies,
    }),
    null,
    2,
  )}\n`,
);
console.log(npmPack(staging, outDir));
