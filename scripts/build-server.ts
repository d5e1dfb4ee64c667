/**
 * `npm run build` (and the first step of `npm start`): the reference server compiled to JavaScript
 * in build/, so the running process carries no TypeScript loader. Measured on the 2-core machine:
 * about 35 MB less RSS at rest than under tsx, and no compile work before it listens
 * (docs/benchmarks.md, "The world in memory").
 *
 * build/ mirrors the repository: build/server/… and build/contract/… are the compiled modules, and
 * links to what they read at run time (openapi.yaml, server/control-api.yaml, fixtures/,
 * package.json, node_modules/) sit where the sources expect them. Each run rebuilds from scratch (under a second), so build/ never
 * holds a module that no longer exists.
 *
 *     npm run build [-- --out DIR]   → DIR/server/bin.js (default build/)
 */
import { mkdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { compileModules } from './compile.js';
import { root } from './packaging.js';

/** What `npm start` runs, and what the embedding API needs. */
export const SERVER_ENTRIES = ['server/bin.ts', 'server/sandbox.ts'];
/** Files and folders the compiled modules read relative to themselves. */
const RUNTIME_DATA = ['openapi.yaml', 'server/control-api.yaml', 'fixtures', 'package.json', 'node_modules'];

/** Compiles the server into `outDir` (replacing what was there) and links its data; returns the modules compiled. */
export async function buildServer(outDir: string): Promise<string[]> {
  // Built aside and swapped in, so a server already running from outDir never sees half a build.
  const staging = `${outDir}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  const modules = await compileModules(SERVER_ENTRIES, staging);
  for (const data of RUNTIME_DATA) {
    const link = join(staging, data);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(relative(dirname(link), join(root, data)), link);
  }
  rmSync(outDir, { recursive: true, force: true });
  renameSync(staging, outDir);
  return modules;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(root, 'scripts/build-server.ts')) {
  const { values } = parseArgs({ options: { out: { type: 'string' }, quiet: { type: 'boolean' } } });
  const outDir = resolve(values.out ?? join(root, 'build'));
  const modules = await buildServer(outDir);
  if (!values.quiet) console.log(`compiled ${modules.length} modules into ${outDir}`);
}
