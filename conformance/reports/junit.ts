/**
 * The JUnit XML report: one testcase per check (classname = group, name = id + title), with the
 * spec section and tag as properties, and failure/skipped elements carrying the messages. All text
 * is escaped, and characters XML 1.0 cannot hold are dropped, so the file is always well-formed.
 */
import type { CheckResult, RunReport } from '../kit/types.js';

export function junitReport(report: RunReport): string {
  const { summary } = report;
  const failures = summary.failed + summary.setupFailed;
  // A blocked check is reported as skipped (it was not judged) with the property status=blocked.
  const skipped = summary.skipped + summary.blocked;
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="hotel-conformance" tests="${summary.total}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(report.durationMs)}">`,
    `  <testsuite name="${attr(`Hotel Booking API conformance (${report.profile})${report.complete ? '' : ' INCOMPLETE'}`)}" tests="${summary.total}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(report.durationMs)}" timestamp="${attr(report.startedAt.slice(0, 19))}">`,
    '    <properties>',
    `      <property name="base_url" value="${attr(report.baseUrl)}"/>`,
    `      <property name="control" value="${attr(report.control ?? 'none')}"/>`,
    `      <property name="profile" value="${attr(report.profile)}"/>`,
    `      <property name="complete" value="${report.complete}"/>`,
    `      <property name="planned" value="${report.planned}"/>`,
    '    </properties>',
    ...report.results.flatMap((r) => testcase(r, seconds(r.durationMs))),
    '  </testsuite>',
    '</testsuites>',
    '',
  ];
  return lines.join('\n');
}

function testcase(result: CheckResult, time: string): string[] {
  const open = `    <testcase classname="${attr(result.group)}" name="${attr(`${result.id} — ${result.title}`)}" time="${time}">`;
  const properties = [
    '      <properties>',
    `        <property name="section" value="${attr(result.section)}"/>`,
    `        <property name="tag" value="${attr(result.tag)}"/>`,
    `        <property name="status" value="${attr(result.status)}"/>`,
    `        <property name="needs" value="${attr(result.needs.join(',') || 'none')}"/>`,
    `        <property name="requests" value="${Object.values(result.requests).reduce((a, b) => a + (b ?? 0), 0)}"/>`,
    '      </properties>',
  ];
  const message = result.message ?? '';
  const outcome =
    result.status === 'failed' || result.status === 'setup-failed'
      ? [`      <failure message="${attr(firstLine(message))}" type="${result.status === 'setup-failed' ? 'SetupFailure' : 'CheckFailure'}">${text(message)}</failure>`]
      : result.status === 'skipped' || result.status === 'blocked'
        ? [`      <skipped message="${attr(result.status === 'blocked' ? `BLOCKED: ${firstLine(message)}` : message)}"/>`]
        : [];
  return [open, ...properties, ...outcome, '    </testcase>'];
}

/** Drops what XML 1.0 cannot contain at all (most control characters, lone surrogates, U+FFFE/U+FFFF). */
export function xmlSafe(value: string): string {
  // eslint-disable-next-line no-control-regex -- the point: the control characters XML 1.0 allows are named to keep them
  return value.replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');
}

export function text(value: string): string {
  return xmlSafe(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function attr(value: string): string {
  return text(value).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

function firstLine(value: string): string {
  return value.split('\n')[0] ?? '';
}
