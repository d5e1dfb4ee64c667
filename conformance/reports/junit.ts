/**
 * The JUnit XML report: one testcase per check (classname = group, name = id + title), with the
 * spec section and tag as properties, and failure/skipped elements carrying the messages. Written by
 * the contract layer's one JUnit writer, which escapes all text and drops characters XML 1.0 cannot
 * hold, so the file is always well-formed.
 */
import { junitXml, type JunitCase } from '../../contract/junit.js';
import type { CheckResult, RunReport } from '../kit/types.js';

export { xmlAttr as attr, xmlText as text } from '../../contract/markup.js';

const seconds = (ms: number) => (ms / 1000).toFixed(3);
const firstLine = (value: string) => value.split('\n')[0] ?? '';

export function junitReport(report: RunReport): string {
  return junitXml({
    name: 'hotel-conformance',
    suite: `Hotel Booking API conformance (${report.profile})${report.complete ? '' : ' INCOMPLETE'}`,
    time: seconds(report.durationMs),
    timestamp: report.startedAt.slice(0, 19),
    properties: [
      ['base_url', report.baseUrl],
      ['control', report.control ?? 'none'],
      ['profile', report.profile],
      ['complete', report.complete],
      ['planned', report.planned],
    ],
    cases: report.results.map(testcase),
  });
}

function testcase(result: CheckResult): JunitCase {
  const message = result.message ?? '';
  const failed = result.status === 'failed' || result.status === 'setup-failed';
  // A blocked check is reported as skipped (it was not judged) with the property status=blocked.
  const notJudged = result.status === 'skipped' || result.status === 'blocked';
  return {
    classname: result.group,
    name: `${result.id} — ${result.title}`,
    time: seconds(result.durationMs),
    properties: [
      ['section', result.section],
      ['tag', result.tag],
      ['status', result.status],
      ['needs', result.needs.join(',') || 'none'],
      ['requests', Object.values(result.requests).reduce((a, b) => a + (b ?? 0), 0)],
    ],
    ...(failed && { failure: { type: result.status === 'setup-failed' ? 'SetupFailure' : 'CheckFailure', message: firstLine(message), body: message } }),
    ...(notJudged && { skipped: result.status === 'blocked' ? `BLOCKED: ${firstLine(message)}` : message }),
  };
}
