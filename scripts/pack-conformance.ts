/**
 * Packs the conformance kit as its own npm package, `hotel-conformance`, runnable with
 * `npx hotel-conformance` from an installed tarball with no repository around it: the CLI and
 * every runtime dependency (ajv, yaml, openapi-fetch) bundled by esbuild into one ES module, with
 * openapi.yaml next to it. The package has no dependencies, so installing it needs no registry.
 *
 *     npm run pack:conformance [-- --out DIR]   → DIR/hotel-conformance-<version>.tgz (default dist/)
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));
const outIndex = process.argv.indexOf('--out');
const outDir = resolve(outIndex > 0 ? (process.argv[outIndex + 1] ?? 'dist') : join(root, 'dist'));
const staging = join(outDir, 'hotel-conformance');
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;

rmSync(staging, { recursive: true, force: true });
mkdirSync(join(staging, 'bin'), { recursive: true });
await build({
  entryPoints: [join(root, 'conformance/bin.ts')],
  outfile: join(staging, 'bin/hotel-conformance.mjs'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Bundled CommonJS dependencies (ajv) call require(): give them one.
  banner: { js: "import { createRequire as __kitCreateRequire } from 'node:module'; const require = __kitCreateRequire(import.meta.url);" },
  legalComments: 'none',
  logLevel: 'warning',
});
// The entry's `#!/usr/bin/env -S npx tsx` becomes a plain node shebang.
const bundle = readFileSync(join(staging, 'bin/hotel-conformance.mjs'), 'utf8').replace(/^#!.*\n/, '');
writeFileSync(join(staging, 'bin/hotel-conformance.mjs'), `#!/usr/bin/env node\n${bundle}`, { mode: 0o755 });
copyFileSync(join(root, 'openapi.yaml'), join(staging, 'bin/openapi.yaml'));
copyFileSync(join(root, 'conformance/README.md'), join(staging, 'README.md'));
writeFileSync(join(staging, 'package.json'), `${JSON.stringify({
  name: 'hotel-conformance',
  version,
  description: 'Conformance kit for the Hotel Booking API v1.0.0: checks any implementation against the API description and openapi.yaml',
  type: 'module',
  bin: { 'hotel-conformance': 'bin/hotel-conformance.mjs' },
  files: ['bin/'],
  engines: { node: '>=20' },
  license: 'UNLICENSED',
}, null, 2)}\n`);
const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', outDir], { cwd: staging, encoding: 'utf8' }).trim().split('\n').pop() ?? '';
console.log(join(outDir, tarball));
