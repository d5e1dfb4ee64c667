/**
 * The test groups of vitest.config.ts stay true as files come and go: every listed file exists, and
 * a unit file that replaces a module (vi.mock, vi.doMock) is listed in MOCKING, since the unit
 * project shares one module registry per worker and a mock there would leak into other files.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEPLOY, E2E, MOCKING } from '../vitest.config.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SKIPPED = new Set(['node_modules', '.git', 'data', 'build', 'artifacts', 'packages', 'examples']);

function testFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(ROOT, path)] : [];
  });
}

describe('vitest test groups', () => {
  it('lists only files that exist', () => {
    const listed = [...E2E, ...MOCKING, ...DEPLOY].filter((path) => !path.includes('*'));
    expect(listed.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });

  it('runs every file that mocks a module in its own isolated project', () => {
    const mocking = testFiles(ROOT).filter((path) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(ROOT, path), 'utf8')));
    expect(mocking.length).toBeGreaterThan(0);
    const e2e = new Set(E2E);
    expect(mocking.filter((path) => !MOCKING.includes(path) && !e2e.has(path))).toEqual([]);
  });
});
