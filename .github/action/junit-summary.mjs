// The job summary of action.yml, from a JUnit XML report (the kit's, or any writer's): the counts, then
// a table of the failed cases with their messages, then the skipped ones folded. Also appends
// tests=, failures= and skipped= to the step outputs. Needs nothing but Node (a composite action has
// no node_modules).
//
//     node junit-summary.mjs REPORT.xml EXIT_CODE SUMMARY_FILE [OUTPUT_FILE]
import { appendFileSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescape = (text) =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name) => {
    if (name[0] !== '#') return ENTITIES[name] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
const attributes = (tag) => Object.fromEntries([...tag.matchAll(/([\w:-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)].map((m) => [m[1], unescape(m[3] ?? m[4] ?? '')]));

/** The cases of every <testcase>, with failure (or error) and skipped messages. */
export function parseJunit(xml) {
  const text = xml.replace(/<!--[\s\S]*?-->/g, '').replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, data) => data.replace(/&/g, '&amp;').replace(/</g, '&lt;'));
  const cases = [];
  for (const match of text.matchAll(/<testcase\b([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const { name = '', classname = '' } = attributes(match[1]);
    const body = match[3] ?? '';
    const failed = /<(failure|error)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/.exec(body);
    const skipped = /<skipped\b([^>]*?)(?:\/>|>([\s\S]*?)<\/skipped>)/.exec(body);
    const message = (m, text) => attributes(m).message || unescape(text ?? '').trim().split('\n')[0] || '';
    cases.push({
      name,
      classname,
      status: failed ? 'failed' : skipped ? 'skipped' : 'passed',
      message: failed ? message(failed[2], failed[3]) : skipped ? message(skipped[1], skipped[2]) : '',
    });
  }
  return cases;
}

const cell = (text, max = 300) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return (flat.length > max ? `${flat.slice(0, max - 1)}…` : flat).replace(/[|\\`*_<>[\]]/g, (c) => `\\${c}`);
};
/** At most this many rows per table: a job summary holds 1 MiB. */
const MAX_ROWS = 200;

export function summaryMarkdown(cases, exitCode) {
  const count = (status) => cases.filter((c) => c.status === status).length;
  const [passed, failed, skipped] = [count('passed'), count('failed'), count('skipped')];
  const verdict = exitCode === 0 ? '✅' : exitCode === 2 ? '⚠️' : '❌';
  const lines = [`### ${verdict} Hotel Booking API conformance: ${passed} passed, ${failed} failed, ${skipped} skipped (${cases.length} checks)`, ''];
  if (exitCode === 2) lines.push('The kit stopped before the checks (exit 2): a usage error, or the base URL did not answer. See the step log.', '');
  const table = (title, rows) => {
    if (rows.length === 0) return;
    if (title) lines.push(title, '');
    lines.push('| Check | Message |', '|---|---|');
    for (const row of rows.slice(0, MAX_ROWS)) lines.push(`| ${cell(row.name, 120)} | ${cell(row.message)} |`);
    if (rows.length > MAX_ROWS) lines.push(`| … | ${rows.length - MAX_ROWS} more in the JUnit report |`);
    lines.push('');
  };
  table(`**Failed (${failed})**`, cases.filter((c) => c.status === 'failed'));
  const skips = cases.filter((c) => c.status === 'skipped');
  if (skips.length > 0) {
    lines.push(`<details><summary>Skipped (${skips.length})</summary>`, '');
    table('', skips);
    lines.push('</details>', '');
  }
  return { markdown: `${lines.join('\n')}\n`, passed, failed, skipped };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [report, exitCode, summaryFile, outputFile] = process.argv.slice(2);
  let cases = [];
  try {
    cases = parseJunit(readFileSync(report, 'utf8'));
  } catch (error) {
    if (Number(exitCode) !== 2) throw error;
  }
  const { markdown, failed, skipped } = summaryMarkdown(cases, Number(exitCode));
  appendFileSync(summaryFile, markdown);
  if (outputFile) appendFileSync(outputFile, `tests=${cases.length}\nfailures=${failed}\nskipped=${skipped}\n`);
}
