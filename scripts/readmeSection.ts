/** Generated sections of README.md: the text between a start and an end marker is replaced whole. */
import { readFileSync, writeFileSync } from 'node:fs';

export const README_FILE = new URL('../README.md', import.meta.url);

/** README text with the section between the markers replaced; throws when the markers are missing. */
export function withReadmeSection(readme: string, start: string, end: string, body: string): string {
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error(`README.md has no ${start} … ${end} markers`);
  return `${readme.slice(0, from + start.length)}\n${body}\n${readme.slice(to)}`;
}

/** The command-line side: rewrite the section, or with `--check` exit 1 when it is stale. */
export function rewriteReadmeSection(start: string, end: string, body: string, what: string, command: string): void {
  const readme = readFileSync(README_FILE, 'utf8');
  const updated = withReadmeSection(readme, start, end, body);
  if (process.argv.includes('--check')) {
    if (updated !== readme) {
      console.error(`README.md: ${what} is stale; run \`${command}\`.`);
      process.exit(1);
    }
    console.log(`README.md: ${what} is up to date.`);
  } else {
    writeFileSync(README_FILE, updated);
    console.log(`README.md: ${what} rewritten.`);
  }
}
