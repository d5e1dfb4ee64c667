/**
 * The one JUnit XML writer (the kit's run report and the sandbox's certification report): a model of
 * suites and cases in, well-formed XML out (every text escaped by contract/markup.ts).
 */
import { xmlAttr, xmlText } from './markup.js';

export type JunitProperties = readonly (readonly [name: string, value: string | number | boolean])[];

export interface JunitCase {
  classname: string;
  name: string;
  /** Seconds, as written (e.g. "0.125"). */
  time: string;
  properties?: JunitProperties;
  /** A failed case: its first line is the message attribute unless `message` is given. */
  failure?: { type: string; message: string; body: string };
  /** A case not judged, with why. */
  skipped?: string;
  /** What a passed case has to say. */
  systemOut?: string;
}

export interface JunitReport {
  /** The <testsuites> name. */
  name: string;
  /** The one <testsuite>'s name. */
  suite: string;
  /** Seconds of the whole run, if measured. */
  time?: string;
  timestamp: string;
  properties: JunitProperties;
  cases: readonly JunitCase[];
}

function propertyLines(properties: JunitProperties, indent: string): string[] {
  return [`${indent}<properties>`, ...properties.map(([name, value]) => `${indent}  <property name="${xmlAttr(name)}" value="${xmlAttr(String(value))}"/>`), `${indent}</properties>`];
}

function caseLines(testcase: JunitCase): string[] {
  const lines = [`    <testcase classname="${xmlAttr(testcase.classname)}" name="${xmlAttr(testcase.name)}" time="${xmlAttr(testcase.time)}">`];
  if (testcase.properties) lines.push(...propertyLines(testcase.properties, '      '));
  if (testcase.failure) {
    const { type, message, body } = testcase.failure;
    lines.push(`      <failure message="${xmlAttr(message)}" type="${xmlAttr(type)}">${xmlText(body)}</failure>`);
  } else if (testcase.skipped !== undefined) {
    lines.push(`      <skipped message="${xmlAttr(testcase.skipped)}"/>`);
  } else if (testcase.systemOut !== undefined) {
    lines.push(`      <system-out>${xmlText(testcase.systemOut)}</system-out>`);
  }
  lines.push('    </testcase>');
  return lines;
}

export function junitXml(report: JunitReport): string {
  const tests = report.cases.length;
  const failures = report.cases.filter((testcase) => testcase.failure).length;
  const skipped = report.cases.filter((testcase) => !testcase.failure && testcase.skipped !== undefined).length;
  const counts = `tests="${tests}" failures="${failures}" errors="0" skipped="${skipped}"${report.time === undefined ? '' : ` time="${xmlAttr(report.time)}"`}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlAttr(report.name)}" ${counts}>`,
    `  <testsuite name="${xmlAttr(report.suite)}" ${counts} timestamp="${xmlAttr(report.timestamp)}">`,
    ...propertyLines(report.properties, '    '),
    ...report.cases.flatMap(caseLines),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
