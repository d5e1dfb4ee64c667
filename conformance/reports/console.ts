/**
 * Console output: one progress line per check as it ends (its whole message), then the summary:
 * one line per failed, blocked and skipped check, each a whole sentence, never cut. Control and
 * bidirectional characters a server sent are shown as `\u…` escapes, never sent to the terminal.
 */
import { visibleControls } from '../../contract/markup.js';
import { curlScript } from '../kit/reproduction.js';
import type { CheckResult, Endpoint, RunReport } from '../kit/types.js';

const MARKS = { passed: '✓', failed: '✗', skipped: '-', 'setup-failed': '✗', blocked: '⊘' } as const;
const LABELS = { passed: '', failed: '', skipped: '', 'setup-failed': 'SETUP ', blocked: 'BLOCKED ' } as const;

export function progressLine(result: CheckResult): string {
  return visibleControls(rawProgressLine(result));
}

function rawProgressLine(result: CheckResult): string {
  const head = `${MARKS[result.status]} ${LABELS[result.status]}${result.id} ${result.title}`;
  if (result.status === 'skipped') return `${head} (skipped: ${result.message ?? ''})`;
  if (result.status === 'blocked') return `${head} (${headline(result.message, false)})`;
  if (result.status === 'passed') return result.message ? `${head} (${result.message})` : head;
  const reproduction = result.reproduction && result.reproduction.length > 0
    ? `\n${indent(`reproduction (set BASE_URL and APIKEY, or save it and use --replay FILE):\n${curlScript(result.reproduction, `${result.id}: ${result.title}`).trimEnd()}`)}`
    : '';
  return `${head}\n${indent(result.message ?? '')}${reproduction}`;
}

const ENDPOINT_ORDER: readonly Endpoint[] = [
  '/search.php', '/hotel.php', '/booking.php', '/booking_overview.php', '/retrieve_booking.php', '/book/cancel.php', 'finalization-page', 'control',
];

export function summaryText(report: RunReport): string {
  return visibleControls(rawSummaryText(report));
}

function rawSummaryText(report: RunReport): string {
  const { summary } = report;
  const lines = [
    '',
    `Hotel Booking API conformance — ${report.baseUrl} (profile ${report.profile}, ${report.control ? `harness ${report.control}` : 'no harness'})`,
    `${summary.total} checks: ${summary.passed} passed, ${summary.failed + summary.setupFailed} failed${summary.setupFailed > 0 ? ` (${summary.setupFailed} SETUP)` : ''}${summary.blocked > 0 ? `, ${summary.blocked} blocked` : ''}, ${summary.skipped} skipped`,
  ];
  if (!report.complete) lines.push(`INCOMPLETE: interrupted; ${report.results.filter((r) => r.group !== 'fixtures').length} of ${report.planned} checks ended`);
  const failed = report.results.filter((r) => r.status === 'failed' || r.status === 'setup-failed');
  if (failed.length > 0) {
    lines.push('', 'Failed:');
    for (const r of failed) lines.push(`  ✗ ${r.status === 'setup-failed' ? 'SETUP ' : ''}${r.id} (${r.section}, ${r.tag}): ${headline(r.message)}`);
  }
  const blocked = report.results.filter((r) => r.status === 'blocked');
  if (blocked.length > 0) {
    lines.push('', 'Blocked (by a failed fixture above, so not judged):');
    for (const r of blocked) lines.push(`  ⊘ ${r.id}: ${headline(r.message)}`);
  }
  const skipped = report.results.filter((r) => r.status === 'skipped');
  if (skipped.length > 0) {
    lines.push('', 'Skipped:');
    for (const r of skipped) lines.push(`  - ${r.id}: ${headline(r.message)}`);
  }
  lines.push('', 'Requests per endpoint:');
  const rows = ENDPOINT_ORDER.filter((e) => report.requestsPerEndpoint[e] !== undefined).map((e): [string, number] => [
    e === 'control' ? 'control (harness)' : e,
    report.requestsPerEndpoint[e] ?? 0,
  ]);
  const api = rows.filter(([name]) => name !== 'control (harness)').reduce((sum, [, n]) => sum + n, 0);
  rows.push(['total API requests', api]);
  const width = Math.max(...rows.map(([name]) => name.length));
  for (const [name, n] of rows) lines.push(`  ${name.padEnd(width)}  ${String(n).padStart(5)}`);
  lines.push(
    '',
    `Time: ${(report.durationMs / 1000).toFixed(1)} s; slept ${report.waitedSeconds} s on rate limits; server clock moved ${report.clockAdvancedSeconds} s.` +
      (report.accountState ? ` Account ${report.accountState}.` : ''),
  );
  if (report.seed !== undefined) lines.push(`Seed: ${report.seed} (--seed ${report.seed} sends the same generated cases and sequences again).`);
  return lines.join('\n');
}

function indent(text: string): string {
  return text.split('\n').map((l) => `    ${l}`).join('\n');
}


/**
 * A message as one summary line: its first line, and when that only introduces what follows
 * ("contract violations:"), the first item too, so the line says what went wrong; then how many
 * lines more the check's own output above holds.
 */
export function headline(text: string | undefined, countMore = true): string {
  const lines = (text ?? '').split('\n').map((line) => line.trim()).filter((line) => line !== '');
  let head = lines[0] ?? '';
  let used = lines.length === 0 ? 0 : 1;
  while (head.endsWith(':') && used < lines.length) head = `${head} ${lines[used++]}`;
  const more = lines.length - used;
  return more > 0 && countMore ? `${head} (+${more} more line${more === 1 ? '' : 's'} above)` : head;
}
