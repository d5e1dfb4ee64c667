/**
 * `hotel-conformance init-ci github|gitlab`: writes the CI recipe that ships in the package (ci/) into
 * the project in the current directory, where its CI looks for it. The recipe runs the steps from the
 * installed package (node_modules/hotel-conformance/ci/steps), so this one file is all it needs. An
 * existing file is never overwritten unless --force says so.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nearestName } from '../contract/didYouMean.js';

export const CI_RECIPES = {
  github: { file: 'github-actions.yml', target: '.github/workflows/hotel-api.yml' },
  gitlab: { file: 'gitlab-ci.yml', target: '.gitlab-ci.yml' },
} as const;

export type CiSystem = keyof typeof CI_RECIPES;

/** What the recipes' steps write into the project: the sandbox's state, the reports, npm's cache (GitLab). */
export const IGNORED_OUTPUT = ['.sandbox/', 'artifacts/', '.npm/'];

/** Adds to the project's .gitignore (made if missing) the lines of IGNORED_OUTPUT it lacks; returns them. */
function ignoreOutput(projectDir: string): string[] {
  const path = join(projectDir, '.gitignore');
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const present = new Set(text.split(/\r?\n/).map((line) => line.trim().replace(/^\//, '')));
  const missing = IGNORED_OUTPUT.filter((line) => !present.has(line) && !present.has(line.slice(0, -1)));
  if (missing.length > 0) {
    const separator = text === '' || text.endsWith('\n') ? '' : '\n';
    writeFileSync(path, `${text}${separator}# Written by the Hotel Booking API CI recipe's steps (hotel-conformance init-ci)\n${missing.join('\n')}\n`);
  }
  return missing;
}

/** The recipes' folder: ci/ in the package (beside bin/), examples/ci in the repository. */
function recipesDir(): string {
  const candidates = ['../ci/', '../examples/ci/'].map((path) => fileURLToPath(new URL(path, import.meta.url)));
  return candidates.find((dir) => existsSync(join(dir, CI_RECIPES.github.file))) ?? (candidates[0] as string);
}

export interface InitCiResult {
  code: number;
  lines: string[];
}

/** Writes the recipe for `system` under `projectDir`; the lines to print and the exit code (2: usage). */
export function initCi(args: readonly string[], projectDir = process.cwd()): InitCiResult {
  const force = args.includes('--force');
  const rest = args.filter((arg) => arg !== '--force');
  const systems = Object.keys(CI_RECIPES);
  const system = rest[0];
  if (rest.length !== 1 || system === undefined || !(system in CI_RECIPES)) {
    const near = system === undefined ? undefined : nearestName(system, systems);
    return {
      code: 2,
      lines: [`hotel-conformance init-ci: name the CI system: ${systems.join(' or ')}${near ? ` (did you mean ${near}?)` : ''}`, 'Usage: hotel-conformance init-ci github|gitlab [--force]'],
    };
  }
  const recipe = CI_RECIPES[system as CiSystem];
  const target = resolve(projectDir, recipe.target);
  if (existsSync(target) && !force) {
    return { code: 2, lines: [`hotel-conformance init-ci: ${recipe.target} exists; --force replaces it`] };
  }
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, readFileSync(join(recipesDir(), recipe.file), 'utf8'));
  const ignored = ignoreOutput(projectDir);
  return {
    code: 0,
    lines: [
      `wrote ${recipe.target}`,
      ...(ignored.length > 0 ? [`added ${ignored.join(', ')} to .gitignore (what the steps write)`] : []),
      'It needs hotel-sandbox and hotel-conformance in your devDependencies (npm ci installs them), and runs',
      'your tests with `npm test` (set HOTEL_CLIENT_TESTS for another command); they find the sandbox at',
      '$HOTEL_SANDBOX_URL. JUnit XML your tests write into artifacts/ is kept with the kit\'s reports.',
    ],
  };
}
