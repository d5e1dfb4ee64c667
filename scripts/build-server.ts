/**
 * `npm run build` (and the first step of `npm start`): the reference server compiled to JavaScript,
 * so the running process carries no TypeScript loader, with its start-up cache filled (the world,
 * the geocoder's indexes, the parsed contracts and their compiled schemas: server/startupCaches.ts),
 * so a start reads them back instead of computing them.
 *
 * Replicas start independently. `build` is a link to an immutable version, `.build/<hash>/`, named
 * by a hash of everything the compiled code is made from (the sources of the modules the entries
 * reach, this script, compile.ts, esbuild's version):
 * - nothing changed: the version exists and nothing is compiled (a restart builds nothing);
 * - otherwise the version is built aside (`.build/<hash>.<pid>.tmp/`), its cache filled, and
 *   renamed into place; two builds of the same sources at once both succeed (the later rename
 *   finds the version made and its own copy is dropped);
 * - `build` is then switched by renaming a new link over it, which is atomic: a replica still
 *   running keeps reading its own version (Node resolved its modules through the link to
 *   `.build/<hash>/`), which stays until it is one of more than VERSIONS_KEPT versions.
 * A version mirrors the repository: server/… and contract/… compiled, cache/ filled, and links to
 * what the modules read at run time (openapi.yaml, server/control-api.yaml, fixtures/, package.json,
 * node_modules/) where the sources expect them.
 *
 *     npm run build [-- --out DIR]   → DIR/server/bin.js (default build/), DIR a link into .DIR/
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { version as esbuildVersion } from 'esbuild';
import { saveParsedContract } from '../contract/document.js';
import { digest } from '../contract/startupCache.js';
import { compileModules, moduleGraph } from './compile.js';
import { root } from './packaging.js';

/** What `npm start` runs, what the embedding API needs, and what fills the start-up cache. */
export const SERVER_ENTRIES = ['server/bin.ts', 'server/sandbox.ts', 'server/startupCaches.ts'];
/** Files and folders the compiled modules read relative to themselves. */
const RUNTIME_DATA = ['openapi.yaml', 'server/control-api.yaml', 'fixtures', 'package.json', 'node_modules'];
/** The data the start-up cache is made from besides the code (a change refills the cache of an unchanged version). */
const CACHE_DATA = ['openapi.yaml', 'server/control-api.yaml', 'fixtures', 'package-lock.json'];
/** Versions kept besides the one `build` points at, the most recently used first. */
const VERSIONS_KEPT = 3;
/** A version being built for longer than this was left by a build that died. */
const ABANDONED_MS = 60 * 60 * 1000;
/** In a version's cache/: the digest of the data its cache was filled from. */
const FILLED_FROM = '.filled-from';

export interface BuiltServer {
  /** The repository modules compiled (repo-relative .ts paths). */
  modules: string[];
  /** The version directory `outDir` now points at. */
  version: string;
  /** False when the version existed already (nothing was compiled). */
  compiled: boolean;
}

/** Builds (or reuses) the version of the current sources and points `outDir` at it. */
export async function buildServer(outDir: string, entries: readonly string[] = SERVER_ENTRIES): Promise<BuiltServer> {
  const versions = join(dirname(outDir), `.${basename(outDir)}`);
  const modules = await moduleGraph(entries);
  const version = join(versions, sourceHash(entries, modules));
  let compiled = false;
  if (!existsSync(version)) {
    const aside = `${version}.${process.pid}.tmp`;
    rmSync(aside, { recursive: true, force: true });
    await compileModules(entries, aside, modules);
    for (const data of RUNTIME_DATA) {
      const link = join(aside, data);
      mkdirSync(dirname(link), { recursive: true });
      symlinkSync(relative(dirname(link), join(root, data)), link);
    }
    carryCache(outDir, aside);
    await addStartupCaches(aside);
    try {
      renameSync(aside, version);
      compiled = true;
    } catch (error) {
      // Another build of the same sources renamed its copy first: theirs is as good as ours.
      rmSync(aside, { recursive: true, force: true });
      if (!existsSync(version)) throw error;
    }
  } else if (readFilledFrom(version) !== cacheDataDigest()) {
    await addStartupCaches(version);
  }
  pointAt(outDir, version);
  prune(versions, version);
  return { modules, version, compiled };
}

/**
 * Fills the start-up cache of a compiled tree (`dir/cache/`) by running its own
 * server/startupCaches.js in a new process (so every key is computed over the files that will
 * run; compiled into the tree first when it lacks it). The tree finds the repository's packages
 * through `dir/node_modules`, linked for the run when it has none. The sandbox pack calls it on
 * its staged package (whose manifest then lists cache/).
 */
export async function addStartupCaches(dir: string): Promise<string[]> {
  if (!existsSync(join(dir, 'server/startupCaches.js'))) await compileModules(['server/startupCaches.ts'], dir);
  const modules = join(dir, 'node_modules');
  const linked = !existsSync(modules);
  if (linked) symlinkSync(relative(dir, join(root, 'node_modules')), modules);
  try {
    const entry = pathToFileURL(join(dir, 'server/startupCaches.js')).href;
    const files = execFileSync(process.execPath, ['--input-type=module', '-e', `const { warmStartupCaches } = await import(${JSON.stringify(entry)}); console.log(JSON.stringify(warmStartupCaches()));`], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    writeFileSync(join(dir, 'cache', FILLED_FROM), cacheDataDigest());
    return JSON.parse(files.trim().split('\n').pop() ?? '[]') as string[];
  } finally {
    if (linked) rmSync(modules, { force: true });
  }
}

/**
 * The cache of the version `outDir` points at, linked into a new version before it is filled: most
 * changes leave the world's sources alone, and its entry is then read back instead of made again.
 * An entry whose key no longer fits is not read (its name holds the key) and is pruned later.
 */
function carryCache(outDir: string, into: string): void {
  const from = join(outDir, 'cache');
  if (!existsSync(from)) return;
  mkdirSync(join(into, 'cache'), { recursive: true });
  for (const file of readdirSync(from).filter((name) => !name.startsWith('.'))) {
    try {
      linkSync(join(from, file), join(into, 'cache', file));
    } catch {
      copyFileSync(join(from, file), join(into, 'cache', file));
    }
  }
}

/**
 * The parsed openapi.yaml in `dir/cache/`, where the bundled conformance kit's loadContract looks
 * for it (its modules are one bundle: the start-up cache holds only this for it). The kit pack
 * calls it on its staged package (whose manifest then lists cache/).
 */
export function addContractCache(dir: string): void {
  if (!saveParsedContract(join(root, 'openapi.yaml'), join(dir, 'cache'))) throw new Error('openapi.yaml has a value JSON cannot hold: no parsed copy to ship');
}

/** What the compiled code is made from: the modules' sources, the build's own code, esbuild's version. */
function sourceHash(entries: readonly string[], modules: readonly string[]): string {
  const parts: Array<string | Buffer> = ['build 1', esbuildVersion, ...entries, ...RUNTIME_DATA];
  for (const file of ['scripts/build-server.ts', 'scripts/compile.ts', ...modules]) parts.push(file, readFileSync(join(root, file)));
  return digest(...parts).slice(0, 24);
}

/** What the start-up cache is made from besides the code: the contracts, the fixtures, the locked packages, the Node release. */
function cacheDataDigest(): string {
  const parts: Array<string | Buffer> = [process.version];
  const add = (path: string): void => {
    if (statSync(path).isDirectory()) for (const entry of readdirSync(path).sort()) add(join(path, entry));
    else parts.push(relative(root, path), readFileSync(path));
  };
  for (const data of CACHE_DATA) add(join(root, data));
  return digest(...parts);
}

function readFilledFrom(version: string): string | undefined {
  try {
    return readFileSync(join(version, 'cache', FILLED_FROM), 'utf8');
  } catch {
    return undefined;
  }
}

/** Points `outDir` at `version` by renaming a new link over it (a directory left by an older build is moved aside first). */
function pointAt(outDir: string, version: string): void {
  const link = `${outDir}.${process.pid}.link`;
  rmSync(link, { force: true });
  symlinkSync(relative(dirname(outDir), version), link, 'dir');
  try {
    renameSync(link, outDir);
  } catch (error) {
    if (!lstatSync(outDir).isDirectory()) throw error;
    // build/ as a directory (before versions): moved into the versions folder, where pruning removes it.
    renameSync(outDir, join(dirname(version), `previous-${process.pid}-${Date.now()}`));
    renameSync(link, outDir);
  }
  const now = new Date();
  utimesSync(version, now, now);
}

/** Removes versions beyond the VERSIONS_KEPT most recently used (never `current`) and abandoned builds. */
function prune(versions: string, current: string): void {
  const entries = readdirSync(versions).map((name) => {
    const path = join(versions, name);
    return { path, name, time: statSync(path).mtimeMs };
  });
  const now = Date.now();
  for (const { path, time } of entries.filter((entry) => entry.name.endsWith('.tmp'))) {
    if (now - time > ABANDONED_MS) rmSync(path, { recursive: true, force: true });
  }
  const finished = entries.filter((entry) => !entry.name.endsWith('.tmp') && entry.path !== current).sort((a, b) => b.time - a.time);
  for (const { path } of finished.slice(VERSIONS_KEPT)) rmSync(path, { recursive: true, force: true });
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(root, 'scripts/build-server.ts')) {
  const { values } = parseArgs({ options: { out: { type: 'string' }, quiet: { type: 'boolean' } } });
  const outDir = resolve(values.out ?? join(root, 'build'));
  const { modules, version, compiled } = await buildServer(outDir);
  if (!values.quiet) console.log(compiled ? `compiled ${modules.length} modules into ${version}` : `${version} is up to date`);
}
