/**
 * The CommonJS face of a package (`require('hotel-sandbox')`, Jest, `"type": "commonjs"` projects),
 * built at pack time so that it works on every Node the packages support: Node 20 before 20.19 has
 * no require() of ES modules, and Jest has none on any Node.
 *
 * One CommonJS file per entry, bundled by esbuild. Our modules find their data (openapi.yaml,
 * fixtures/) relative to `import.meta.url`; in the bundle each module's `import.meta.url` is the
 * URL its ES module twin has in the package, so every relative path still resolves. CommonJS-only
 * dependencies stay the package's own dependencies; those with an ES module build (lowdb, kdbush,
 * openapi-fetch, …) are bundled in from it.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { root } from './packaging.js';

/** The file's own package.json says ES module (or it is a .mjs): require() cannot load it everywhere. */
function isEsModuleFile(file: string): boolean {
  if (file.endsWith('.mjs')) return true;
  if (file.endsWith('.cjs') || file.endsWith('.json')) return false;
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { type?: string; name?: string };
      // A nested package.json without a name only sets the type of its folder; keep looking only when it says nothing.
      if (manifest.type !== undefined || manifest.name !== undefined) return manifest.type === 'module';
    } catch {
      // no package.json here
    }
  }
  return false;
}

/**
 * Keeps a dependency external when it is CommonJS only: the package's `require` then loads the very
 * file our ES modules import. A dependency with an ES module build (ES module only, or dual) is
 * bundled from that build, as our modules import it: a dual package's CommonJS build may differ in
 * its default export, and an ES module one cannot be required everywhere.
 */
function commonJsOnlyExternals(): Plugin {
  const SKIP = { skip: true };
  return {
    name: 'commonjs-only-externals',
    setup(builder) {
      builder.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.path.startsWith('node:') || (args.pluginData as typeof SKIP | undefined)?.skip) return undefined;
        const asImport = await builder.resolve(args.path, { kind: 'import-statement', resolveDir: args.resolveDir, pluginData: SKIP });
        if (asImport.external || asImport.errors.length > 0) return undefined; // a Node built-in, or left to esbuild to report
        const asRequire = await builder.resolve(args.path, { kind: 'require-call', resolveDir: args.resolveDir, pluginData: SKIP });
        const commonJsOnly = asRequire.errors.length === 0 && asRequire.path === asImport.path && !isEsModuleFile(asImport.path);
        return commonJsOnly ? { path: args.path, external: true } : undefined;
      });
    },
  };
}

/** Gives each of our modules the `import.meta.url` of its ES module twin at `layoutDir`. */
function moduleUrls(outfile: string, layoutDir: string): Plugin {
  return {
    name: 'module-urls',
    setup(builder) {
      builder.onLoad({ filter: /\.ts$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8').replace(/^#!.*\n/, '');
        const twin = join(layoutDir, relative(root, args.path).replace(/\.ts$/, '.js'));
        const fromBundle = relative(dirname(outfile), twin);
        return { contents: source.replaceAll('import.meta.url', `__esModuleTwinUrl(${JSON.stringify(fromBundle)})`), loader: 'ts' };
      });
    },
  };
}

/**
 * Bundles `entry` as one CommonJS file at `outfile`. `layout`: where our modules' ES module twins are
 * (`{ twinsUnder: dir }`, a package of one file per module), or `'bundled'` when the ES module face
 * is itself one bundle beside this one (every module's URL is then the bundle's, and every
 * dependency is bundled too, as there).
 */
export async function bundleCommonJs(entry: string, outfile: string, layout: { twinsUnder: string } | 'bundled'): Promise<void> {
  const bundled = layout === 'bundled';
  await build({
    entryPoints: [join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    banner: {
      js: bundled
        ? "const __esModuleTwinUrl = () => require('node:url').pathToFileURL(__filename).href;"
        : "const __esModuleTwinUrl = (path) => require('node:url').pathToFileURL(require('node:path').join(__dirname, path)).href;",
    },
    plugins: bundled ? [moduleUrls(outfile, dirname(outfile))] : [commonJsOnlyExternals(), moduleUrls(outfile, layout.twinsUnder)],
    legalComments: 'none',
    logLevel: 'warning',
  });
}
