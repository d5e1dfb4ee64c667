/**
 * The README and docs stay true: every relative link leads to a file of the repository, every
 * `npm run <script>` they quote exists in the package.json it belongs to, and every repository
 * path they quote in backticks exists.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

function markdownUnder(dir: string): string[] {
  if (!existsSync(join(ROOT, dir))) return [];
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md') && !file.includes('node_modules'))
    .map((file) => join(dir, file));
}

const PAGES = [
  'README.md',
  'conformance/README.md',
  'fixtures/README.md',
  ...markdownUnder('docs').filter((page) => !page.startsWith(join('docs', 'spec'))),
  ...markdownUnder('packages'),
  ...markdownUnder('examples'),
];

/** The scripts of the package.json nearest above the page (examples have their own). */
function scriptsFor(page: string): Set<string> {
  let dir = dirname(join(ROOT, page));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return new Set(Object.keys((JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts?: object }).scripts ?? {}));
}

/** Backticked repository paths: a top-level folder of ours, then a file name with an extension. */
const REPO_PATH = /`((?:server|conformance|scripts|fixtures|docs|examples|packages|generated)\/[\w./-]*\.(?:ts|yaml|json|md|sh|yml))`/g;

describe('README and docs', () => {
  it('has the pages it promises', () => {
    expect(PAGES).toEqual(expect.arrayContaining(['docs/testing-your-client.md', 'docs/conformance-kit.md', 'docs/operating.md', 'docs/contract.md', 'docs/architecture.md', 'docs/benchmarks.md']));
    expect(existsSync(join(ROOT, 'docs/spec/hotel-booking-api.md'))).toBe(true);
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(200);
  });

  for (const page of PAGES) {
    it(`${page}: relative links, npm scripts and repository paths exist`, () => {
      const text = readFileSync(join(ROOT, page), 'utf8');
      const missing: string[] = [];
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (!target || /^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
        const file = resolve(dirname(join(ROOT, page)), decodeURI(target.split('#')[0] ?? ''));
        if (!existsSync(file)) missing.push(`link ${target}`);
        expect(relative(ROOT, file).startsWith('..'), `${target} leaves the repository`).toBe(false);
      }
      const scripts = scriptsFor(page);
      for (const [, script] of text.matchAll(/npm run ([\w:-]+)/g)) if (script && !scripts.has(script)) missing.push(`npm run ${script}`);
      for (const [, path] of text.matchAll(REPO_PATH)) if (path && !existsSync(join(ROOT, path))) missing.push(`path ${path}`);
      expect(missing).toEqual([]);
    });
  }
});
