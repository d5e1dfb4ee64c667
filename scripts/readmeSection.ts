/** Generated sections of the docs: the text between a start and an end marker is replaced whole. */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The pages that hold generated tables. */
export const BENCHMARKS_DOC = new URL('../docs/benchmarks.md', import.meta.url);
export const KIT_DOC = new URL('../docs/conformance-kit.md', import.meta.url);

/** README text with the section between the markers replaced; throws when the markers are missing. */
export function withReadmeSection(readme: string, start: string, end: string, body: string): string {
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error(`no ${start} … ${end} markers`);
  return `${readme.slice(0, from + start.length)}\n${body}\n${readme.slice(to)}`;
}

/** The command-line side: rewrite the section, or with `--check` exit 1 when it is stale. */
export function rewriteReadmeSection(file: URL, start: string, end: string, body: string, what: string, command: string): void {
  const name = fileURLToPath(file);
  const readme = readFileSync(file, 'utf8');
  const updated = withReadmeSection(readme, start, end, body);
  if (parseArgs({ options: { check: { type: 'boolean' } } }).values.check) {
    if (updated !== readme) {
      console.error(`${name}: ${what} is stale; run \`${command}\`.`);
      process.exit(1);
    }
    console.log(`${name}: ${what} is up to date.`);
  } else {
    writeFileSync(file, updated);
    console.log(`${name}: ${what} rewritten.`);
  }
}
