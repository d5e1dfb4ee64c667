/**
 * The run book's recipes (docs/operating.md) as written, for the tests that run them: the shell
 * blocks under a heading, copied out of the page, never retyped in a test, so a recipe that stops
 * working fails its test.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../../server/testing/serverProcess.js';

const run = promisify(execFile);

/** The ```sh blocks of the section under `heading` (a `#…` line of docs/operating.md), in order. */
export function runBookBlocks(heading: string): string[] {
  const page = readFileSync(join(ROOT, 'docs/operating.md'), 'utf8');
  const start = page.split('\n').findIndex((line) => /^#+ /.test(line) && line.replace(/^#+ /, '') === heading);
  if (start < 0) throw new Error(`docs/operating.md has no heading '${heading}'`);
  const lines = page.split('\n').slice(start + 1);
  const end = lines.findIndex((line) => /^#{1,3} /.test(line));
  const section = (end < 0 ? lines : lines.slice(0, end)).join('\n');
  // A block in a numbered step is indented: the indent is the page's, not the command's.
  return [...section.matchAll(/^( *)```sh\n([\s\S]*?)^\1```$/gm)].map(([, indent, body]) => body!.replace(new RegExp(`^${indent}`, 'gm'), ''));
}

/** Runs a block with bash from a checkout, this one unless `cwd` (as an operator pastes it, stopping at the first failure). */
export async function runBlock(block: string, env: NodeJS.ProcessEnv, options: { cwd?: string; timeout?: number } = {}): Promise<{ stdout: string; stderr: string }> {
  return run('bash', ['-euo', 'pipefail', '-c', block], { cwd: options.cwd ?? ROOT, env, timeout: options.timeout ?? 300_000 });
}
