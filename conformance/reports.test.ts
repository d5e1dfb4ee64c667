/** The report writers: JUnit XML (well-formed, escaped, one testcase per check), JSON, console. */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { progressLine, summaryText } from './reports/console.js';
import { jsonReport } from './reports/json.js';
import { attr, junitReport, text } from './reports/junit.js';
import { summarise } from './kit/runner.js';
import type { CheckResult, RunReport } from './kit/types.js';

const NASTY = `<error attr="x" & 'y'>\u0000\u0007 bell, tab\tand\nnew line ]]> ünïcødé 🏨`;

function result(id: string, status: CheckResult['status'], message?: string): CheckResult {
  return { id, title: `title of ${id} & <more>`, group: 'search-responses', section: '4.1', tag: 'spec', needs: ['control'], status, message, durationMs: 12, requests: { '/search.php': 2 } };
}

const results = [
  result('search.a', 'passed'),
  result('search.b', 'failed', NASTY),
  result('search.c', 'skipped', 'needs the control harness (--control URL)'),
  result('search.d', 'setup-failed', 'SETUP: POST /_control/pay answered 409'),
];
const report: RunReport = {
  tool: 'hotel-conformance',
  baseUrl: 'http://127.0.0.1:1/?a=1&b=<2>',
  control: null,
  profile: 'spec',
  startedAt: '2026-11-21T10:00:00.000Z',
  durationMs: 1234,
  results,
  summary: summarise(results),
  requestsPerEndpoint: { '/search.php': 8, control: 3 },
  waitedSeconds: 0,
  clockAdvancedSeconds: 60,
};

describe('JUnit report', () => {
  const xml = junitReport(report);

  it('is well-formed XML', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
  });

  it('has one testcase per check, classname = group, name = id + title, section and tag as properties', () => {
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
    const suite = doc.testsuites.testsuite;
    expect(suite.tests).toBe('4');
    expect(suite.failures).toBe('2');
    expect(suite.skipped).toBe('1');
    const cases = suite.testcase as Array<Record<string, unknown>>;
    expect(cases).toHaveLength(4);
    expect(cases[0]).toMatchObject({ classname: 'search-responses', name: 'search.a — title of search.a & <more>' });
    const props = (cases[0]?.properties as { property: Array<{ name: string; value: string }> }).property;
    expect(props).toEqual(expect.arrayContaining([{ name: 'section', value: '4.1' }, { name: 'tag', value: 'spec' }]));
    expect(cases[1]?.failure).toBeDefined();
    expect((cases[2]?.skipped as { message: string }).message).toBe('needs the control harness (--control URL)');
    expect((cases[3]?.failure as { type: string }).type).toBe('SetupFailure');
  });

  it('escapes markup and drops characters XML cannot hold', () => {
    expect(text('a<b>&c')).toBe('a&lt;b&gt;&amp;c');
    expect(attr(`"q" 'a'\n`)).toBe('&quot;q&quot; &apos;a&apos;&#10;');
    expect(text('x\u0000y\u0007z\uFFFE')).toBe('xyz');
    expect(xml).not.toContain('\u0000');
    expect(xml).toContain('ünïcødé 🏨');
  });
});

describe('JSON report', () => {
  it('round-trips every check with status, message, duration and requests', () => {
    const parsed = JSON.parse(jsonReport(report)) as RunReport;
    expect(parsed.results.map((r) => [r.id, r.status])).toEqual(results.map((r) => [r.id, r.status]));
    expect(parsed.results[1]?.message).toBe(NASTY);
    expect(parsed.results[0]).toMatchObject({ durationMs: 12, requests: { '/search.php': 2 } });
    expect(parsed.summary).toEqual({ passed: 1, failed: 1, skipped: 1, setupFailed: 1, total: 4 });
  });
});

describe('console output', () => {
  it('prints one progress line per check with its mark', () => {
    expect(progressLine(results[0]!)).toBe('✓ search.a title of search.a & <more>');
    expect(progressLine(results[1]!)).toMatch(/^✗ search.b .*\n {4}<error/);
    expect(progressLine(results[2]!)).toMatch(/^- search.c .*\(skipped: needs the control harness/);
    expect(progressLine(results[3]!)).toMatch(/^✗ SETUP search.d/);
  });

  it('summarises passed, failed, skipped with reasons, and requests per endpoint', () => {
    const summary = summaryText(report);
    expect(summary).toContain('4 checks: 1 passed, 2 failed (1 SETUP), 1 skipped');
    expect(summary).toContain('- search.c: needs the control harness (--control URL)');
    expect(summary).toMatch(/\/search\.php\s+8/);
    expect(summary).toMatch(/control \(harness\)\s+3/);
    expect(summary).toMatch(/total API requests\s+8/);
  });
});
