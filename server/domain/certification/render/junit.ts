/**
 * The report as JUnit XML for CI: one testcase per rule; not_seen is skipped, failed is a failure
 * carrying the reason and the journal entry ids. Escaping is the conformance reports' own.
 */
import { attr, text } from '../../../../conformance/reports/junit.js';
import type { CertificationReport, RuleResult } from '../types.js';

export function junitReport(report: CertificationReport): string {
  const { summary } = report;
  const total = report.rules.length;
  const counts = `tests="${total}" failures="${summary.failed}" errors="0" skipped="${summary.not_seen}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="hotel-certification" ${counts}>`,
    `  <testsuite name="Hotel Booking API client certification" ${counts} timestamp="${attr(report.generated_at.slice(0, 19))}">`,
    '    <properties>',
    `      <property name="verdict" value="${attr(report.verdict)}"/>`,
    `      <property name="journal_entries" value="${report.entries.count}"/>`,
    '    </properties>',
    ...report.rules.flatMap(testcase),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

const evidenceLine = (rule: RuleResult) =>
  rule.evidence.length > 0 ? `Journal entries: ${rule.evidence.join(', ')}` : 'Journal entries: none';

function testcase(rule: RuleResult): string[] {
  const lines = [`    <testcase classname="certification" name="${attr(`${rule.id} — ${rule.title}`)}" time="0">`];
  if (rule.verdict === 'failed') {
    lines.push(
      `      <failure message="${attr(rule.reason)}" type="NotCertified">${text(`${rule.reason}\n${evidenceLine(rule)}\nLooks for: ${rule.looks_for}`)}</failure>`,
    );
  } else if (rule.verdict === 'not_seen') {
    lines.push(`      <skipped message="${attr(`Not yet seen: ${rule.reason}`)}"/>`);
  } else {
    lines.push(`      <system-out>${text(`${rule.reason}\n${evidenceLine(rule)}`)}</system-out>`);
  }
  lines.push('    </testcase>');
  return lines;
}
