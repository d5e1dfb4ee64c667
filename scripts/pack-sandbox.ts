/**
 * Packs the reference server as its own npm package, `hotel-sandbox`: `npx hotel-sandbox` starts it
 * (every flag the server has; the embedded store in a temporary directory unless --db-file or
 * DB_FILE names one), and `import { startSandbox } from 'hotel-sandbox'` embeds it in a test run.
 *
 * Every server module is compiled to JavaScript by esbuild one file at a time, in the repository's
 * layout, so that each keeps finding its data (openapi.yaml, fixtures/) relative to itself; npm
 * packages stay dependencies. The declarations of the embedding API come from tsc.
 *
 *     npm run pack:sandbox [-- --out DIR]   → DIR/hotel-sandbox-<version>.tgz (default dist/)
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build, transform } from 'esbuild';
import { packageManifest, root } from './packaging.js';

const { values: args } = parseArgs({ options: { out: { type: 'string' } } });
const outDir = resolve(args.out ?? join(root, 'dist'));
const staging = join(outDir, 'hotel-sandbox');
const ENTRIES = ['server/bin.ts', 'server/sandbox.ts'];

rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });

// The repository's own modules the entries reach (npm packages stay outside).
const { metafile } = await build({
  entryPoints: ENTRIES.map((entry) => join(root, entry)),
  bundle: true,
  write: false,
  metafile: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  outdir: staging,
  logLevel: 'warning',
});
const modules = Object.keys(metafile.inputs).filter((input) => input.endsWith('.ts'));
for (const module of modules) {
  const source = readFileSync(join(root, module), 'utf8').replace(/^#!.*\n/, '');
  const { code } = await transform(source, { loader: 'ts', format: 'esm', target: 'node20', sourcefile: module });
  const target = join(staging, module.replace(/\.ts$/, '.js'));
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, code);
}

// The data the modules read at run time.
for (const data of ['openapi.yaml', 'server/control-api.yaml', 'fixtures']) {
  cpSync(join(root, data), join(staging, data), { recursive: true, filter: (path) => !path.endsWith('README.md') });
}

// Declarations of the embedding API (and of what its types reach).
execFileSync(
  join(root, 'node_modules/.bin/tsc'),
  ['--declaration', '--emitDeclarationOnly', '--noEmit', 'false', '--skipLibCheck', '--module', 'NodeNext', '--moduleResolution', 'NodeNext',
    '--target', 'ES2022', '--strict', '--esModuleInterop', '--resolveJsonModule', '--types', 'node', '--rootDir', root, '--outDir', join(staging, 'types'),
    join(root, 'server/sandbox.ts')],
  { stdio: 'inherit' },
);

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
      files: ['bin/', ...new Set(modules.map((module) => `${module.split('/')[0]}/`)), 'types/', 'fixtures/', 'openapi.yaml'],
      dependencies,
    }),
    null,
    2,
  )}\n`,
);
const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', outDir], { cwd: staging, encoding: 'utf8' }).trim().split('\n').pop() ?? '';
console.log(join(outDir, tarball));
