/**
 * The report as JUnit XML for CI: one testcase per rule; not_seen is skipped, failed is a failure
 * carrying the reason and the journal entry ids. Written by the contract layer's one JUnit writer.
 */
import { junitXml, type JunitCase } from '../../../../contract/junit.js';
import type { CertificationReport, RuleResult } from '../types.js';

export function junitReport(report: CertificationReport): string {
  return junitXml({
    name: 'hotel-certification',
    suite: 'Hotel Booking API client certification',
    timestamp: report.generated_at.slice(0, 19),
    properties: [
      ['verdict', report.verdict],
      ['journal_entries', report.entries.count],
    ],
    cases: report.rules.map(testcase),
  });
}

const evidenceLine = (rule: RuleResult) =>
  rule.evidence.length > 0 ? `Journal entries: ${rule.evidence.join(', ')}` : 'Journal entries: none';

function testcase(rule: RuleResult): JunitCase {
  const name = `${rule.id} — ${rule.title}`;
  if (rule.verdict === 'failed') {
    const body = `${rule.reason}\n${evidenceLine(rule)}\nLooks for: ${rule.looks_for}`;
    return { classname: 'certification', name, time: '0', failure: { type: 'NotCertified', message: rule.reason, body } };
  }
  if (rule.verdict === 'not_seen') return { classname: 'certification', name, time: '0', skipped: `Not yet seen: ${rule.reason}` };
  return { classname: 'certification', name, time: '0', systemOut: `${rule.reason}\n${evidenceLine(rule)}` };
}
