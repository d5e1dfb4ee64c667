/**
 * How TypeScript in this repository becomes the JavaScript that runs outside tsx: `npm start`
 * (scripts/build-server.ts), the hotel-sandbox package and the hotel-conformance package use these,
 * so the three are compiled the same way.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build, transform } from 'esbuild';
import { root } from './packaging.js';

/** The Node release the compiled code targets: the oldest one we support (package.json engines). */
const TARGET = 'node20';

/** The repository's own modules (repo-relative .ts paths) that `entries` reach; npm packages are not followed. */
export async function moduleGraph(entries: readonly string[]): Promise<string[]> {
  return (await moduleImports(entries)).modules;
}

/** moduleGraph's modules, and the packages (and Node built-ins) they import. */
export async function moduleImports(entries: readonly string[]): Promise<{ modules: string[]; packages: string[] }> {
  const { metafile } = await build({
    entryPoints: entries.map((entry) => join(root, entry)),
    bundle: true,
    write: false,
    metafile: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    outdir: join(root, '.module-graph'),
    logLevel: 'warning',
  });
  const packages = new Set<string>();
  for (const input of Object.values(metafile.inputs)) for (const { path, external } of input.imports) if (external) packages.add(path);
  return { modules: Object.keys(metafile.inputs).filter((input) => input.endsWith('.ts')), packages: [...packages].sort() };
}

/**
 * Compiles the repository's own modules that `entries` reach (npm packages stay imports) into
 * `outDir`, one file at a time in the repository's layout, so each module keeps finding its data
 * (openapi.yaml, fixtures/) at the same relative path. Returns the modules compiled (repo-relative).
 */
export async function compileModules(entries: readonly string[], outDir: string, modules?: readonly string[]): Promise<string[]> {
  modules ??= await moduleGraph(entries);
  await Promise.all(
    modules.map(async (module) => {
      const source = readFileSync(join(root, module), 'utf8').replace(/^#!.*\n/, '');
      const { code } = await transform(source, { loader: 'ts', format: 'esm', target: TARGET, sourcefile: module });
      const target = join(outDir, module.replace(/\.ts$/, '.js'));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, code);
    }),
  );
  return [...modules];
}

/** One ES module holding `entry` and every dependency, for a package that installs with no registry. */
export async function bundleModule(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    target: TARGET,
    format: 'esm',
    // Bundled CommonJS dependencies (ajv) call require(): give them one.
    banner: { js: "import { createRequire as __kitCreateRequire } from 'node:module'; const require = __kitCreateRequire(import.meta.url);" },
    legalComments: 'none',
    logLevel: 'warning',
  });
}

/** The declarations (.d.ts) of `entry` and of what its types reach, into `outDir` in the repository's layout. */
export function emitDeclarations(entry: string, outDir: string): void {
  execFileSync(
    join(root, 'node_modules/.bin/tsc'),
    ['--declaration', '--emitDeclarationOnly', '--noEmit', 'false', '--skipLibCheck', '--module', 'NodeNext', '--moduleResolution', 'NodeNext',
      '--target', 'ES2022', '--strict', '--esModuleInterop', '--resolveJsonModule', '--types', 'node', '--rootDir', root, '--outDir', outDir,
      join(root, entry)],
    { stdio: 'inherit' },
  );
}
