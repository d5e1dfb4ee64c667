/**
 * Packs the reference server as its own npm package, `hotel-sandbox`: `npx hotel-sandbox` starts it
 * (every flag the server has; the embedded store in a temporary directory unless --db-file or
 * DB_FILE names one), and `import { startSandbox } from 'hotel-sandbox'` embeds it in a test run.
 *
 * Every server module is compiled to JavaScript one file at a time, in the repository's layout
 * (scripts/compile.ts, as `npm start` runs it), so that each keeps finding its data (openapi.yaml,
 * fixtures/) relative to itself; npm packages stay dependencies. The declarations come from tsc.
 *
 *     npm run pack:sandbox [-- --out DIR]   → DIR/hotel-sandbox-<version>.tgz (default dist/)
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { addStartupCaches } from './build-server.js';
import { compileModules, emitDeclarations } from './compile.js';
import { npmPack, packageManifest, root } from './packaging.js';

const { values: args } = parseArgs({ options: { out: { type: 'string' } } });
const outDir = resolve(args.out ?? join(root, 'dist'));
const staging = join(outDir, 'hotel-sandbox');
const ENTRIES = ['server/bin.ts', 'server/sandbox.ts'];

rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });

const modules = await compileModules(ENTRIES, staging);

// The data the modules read at run time.
for (const data of ['openapi.yaml', 'server/control-api.yaml', 'fixtures']) {
  cpSync(join(root, data), join(staging, data), { recursive: true, filter: (path) => !path.endsWith('README.md') });
}

// The start-up cache (the world, the geocoder's indexes, the parsed contracts, their compiled schemas).
await addStartupCaches(staging);

// Declarations of the embedding API (and of what its types reach).
emitDeclarations('server/sandbox.ts', join(staging, 'types'));

mkdirSync(join(staging, 'bin'), { recursive: true });
writeFileSync(
  join(staging, 'bin/hotel-sandbox.js'),
  `#!/usr/bin/env node
// The embedded store goes into a new temporary directory unless --db-file, DB_FILE or DATABASE_URL names one.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const named = process.argv.some((arg) => arg === '--db-file' || arg.startsWith('--db-file=')) || process.env.DB_FILE || process.env.DATABASE_URL;
const asksForHelp = process.argv.includes('--help') || process.argv.includes('-h');
if (!named && !asksForHelp) process.env.DB_FILE = join(mkdtempSync(join(tmpdir(), 'hotel-sandbox-')), 'db.json');
await import('../server/bin.js');
`,
  { mode: 0o755 },
);
cpSync(join(root, 'packages/hotel-sandbox/README.md'), join(staging, 'README.md'));
cpSync(join(root, 'LICENSE'), join(staging, 'LICENSE'));

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
      exports: { '.': { types: './types/server/sandbox.d.ts', import: './server/sandbox.js' } },
      main: './server/sandbox.js',
      types: './types/server/sandbox.d.ts',
      // What runs: the compiled modules' folders, their data and the declarations; no test ships.
      files: ['bin/', ...new Set(modules.map((module) => `${module.split('/')[0]}/`)), 'types/', 'fixtures/', 'openapi.yaml', 'cache/'],
      dependencies,
    }),
    null,
    2,
  )}\n`,
);
console.log(npmPack(staging, outDir));
