/**
 * What the two published packages (hotel-conformance, hotel-sandbox) share: the version rule and
 * the manifest fields every package carries. Versions follow the contract: a package's version is
 * openapi.yaml's `info.version`, so a package always names the API version it implements or checks.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const root = fileURLToPath(new URL('../', import.meta.url));

/** openapi.yaml's info.version. */
export function contractVersion(): string {
  const contract = parse(readFileSync(`${root}openapi.yaml`, 'utf8')) as { info: { version: string } };
  return contract.info.version;
}

/** package.json's engines.node: the Node lines supported and tested (20 while partners run it, 22, 24). */
export function supportedNode(): string {
  const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { engines: { node: string } };
  return manifest.engines.node;
}

const REPOSITORY = 'https://github.com/hotel-booking-api/reference-kit';

/** The manifest of a published package: the given fields plus version, licence, engines and links. */
export function packageManifest(fields: { name: string; description: string } & Record<string, unknown>): Record<string, unknown> {
  const { name, description, ...rest } = fields;
  return {
    name,
    version: contractVersion(),
    description,
    type: 'module',
    license: 'MIT',
    repository: { type: 'git', url: `git+${REPOSITORY}.git` },
    bugs: { url: `${REPOSITORY}/issues` },
    homepage: `${REPOSITORY}#readme`,
    // The Node lines we support and test (.ci/run), as the repository's own package.json says.
    engines: { node: supportedNode() },
    ...rest,
  };
}

/** `npm pack` of the staged package into `outDir`; returns the tarball's path. */
export function npmPack(staging: string, outDir: string): string {
  const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', outDir], { cwd: staging, encoding: 'utf8' }).trim().split('\n').pop() ?? '';
  return join(outDir, tarball);
}

/**
 * The CI recipes (examples/ci: GitHub Actions, GitLab CI and the steps they run) into the package's
 * ci/, where the package README links them and `hotel-conformance init-ci` copies them from. (In the
 * repository, packages/<name>/ci is a link to examples/ci, so that those README links resolve there too.)
 */
export function copyCiRecipes(staging: string): void {
  cpSync(join(root, 'examples/ci'), join(staging, 'ci'), { recursive: true });
}

/**
 * Declarations for the `require` condition: a `.d.cts` beside each CommonJS entry that re-exports
 * the entry's declarations, so that TypeScript in a CommonJS project (module nodenext) types
 * `require('hotel-sandbox')` as the CommonJS file it loads. `entries`: .d.cts path → the .js path
 * of the declarations it stands for, both relative to the package.
 */
export function typesForRequire(staging: string, entries: Record<string, string>): void {
  for (const [file, declarations] of Object.entries(entries)) {
    const target = join(staging, file);
    mkdirSync(dirname(target), { recursive: true });
    const from = relative(dirname(target), join(staging, declarations));
    writeFileSync(target, `export * from '${from.startsWith('.') ? from : `./${from}`}';\n`);
  }
}
