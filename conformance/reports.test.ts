/** The report writers: JUnit XML (well-formed, escaped, one testcase per check), JSON, console. */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { progressLine, summaryText } from './reports/console.js';
import { jsonReport } from './reports/json.js';
import { escapeHtml, htmlReport } from './reports/html.js';
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
  complete: true,
  planned: 4,
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

  it('escapes markup, shows control characters visibly and drops what XML cannot hold', () => {
    expect(text('a<b>&c')).toBe('a&lt;b&gt;&amp;c');
    expect(attr(`"q" 'a'\n`)).toBe('&quot;q&quot; &apos;a&apos;&#10;');
    expect(text('x\u0000y\u0007z\uFFFE')).toBe('x\\u0000y\\u0007z');
    expect(xml).not.toContain('\u0000');
    expect(xml).toContain('ünïcødé 🏨');
  });

  it('shows bidirectional overrides and C1 controls as escapes, in the JUnit and HTML reports and on the console (finding 9)', () => {
    const spoof = result('search.z', 'failed', 'expected invoice.pdf, got gnp\u202Efdp.exe\u0085 and \u2066x\u2069\u001B[31m');
    const spoofed: RunReport = { ...report, results: [spoof], summary: summarise([spoof]) };
    for (const written of [junitReport(spoofed), htmlReport(spoofed), progressLine(spoof), summaryText(spoofed)]) {
      // eslint-disable-next-line no-control-regex -- the point: none of these reaches a report raw
      expect(written).not.toMatch(/[\u0080-\u009F\u202A-\u202E\u2066-\u2069\u001B]/);
      expect(written).toContain('gnp\\u202Efdp.exe\\u0085');
      expect(written).toContain('\\u2066x\\u2069\\u001B[31m');
    }
    expect(escapeHtml('\u202E')).toBe('\\u202E');
  });
});

describe('JSON report', () => {
  it('round-trips every check with status, message, duration and requests', () => {
    const parsed = JSON.parse(jsonReport(report)) as RunReport;
    expect(parsed.results.map((r) => [r.id, r.status])).toEqual(results.map((r) => [r.id, r.status]));
    expect(parsed.results[1]?.message).toBe(NASTY);
    expect(parsed.results[0]).toMatchObject({ durationMs: 12, requests: { '/search.php': 2 } });
    expect(parsed.summary).toEqual({ passed: 1, failed: 1, skipped: 1, setupFailed: 1, blocked: 0, total: 4 });
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

describe('blocked checks, incomplete runs and the HTML report', () => {
  const fixture: CheckResult = {
    ...result('fixture.search', 'failed', 'contract violations:\n  POST /search.php → 200: /hotels/0/rate/pricing/total_price: pattern'),
    group: 'fixtures',
    exchanges: [{ method: 'POST', url: 'http://x/search.php', requestBody: '{"apikey":"k"}', status: 200, responseBody: NASTY }],
  };
  const blocked = result('search.e', 'blocked', 'blocked by fixture.search: its response violates the contract (reported there)');
  const failedWithExchange: CheckResult = {
    ...result('search.f', 'failed', 'expected HTTP 400, got 200'),
    exchanges: [{ method: 'POST', url: 'http://x/search.php?<b>', requestBody: '{"radius":"<script>alert(1)</script>"}', status: 200, responseBody: '{"error":"<img src=x onerror=alert(1)>"}' }],
  };
  const all = [...results, fixture, blocked, failedWithExchange];
  const partial: RunReport = { ...report, results: all, summary: summarise(all), complete: false, planned: 150 };

  it('counts blocked apart and marks it in every report', () => {
    expect(partial.summary).toMatchObject({ failed: 3, blocked: 1, total: 7 });
    expect(progressLine(blocked)).toMatch(/^⊘ BLOCKED search\.e .*\(blocked by fixture\.search/);
    expect(summaryText(partial)).toContain('1 blocked');
    expect(summaryText(partial)).toContain('INCOMPLETE: interrupted; 6 of 150 checks ended');
    const xml = junitReport(partial);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('<property name="status" value="blocked"/>');
    expect(xml).toContain('<skipped message="BLOCKED: blocked by fixture.search');
    expect(xml).toContain('<property name="complete" value="false"/>');
    expect(JSON.parse(jsonReport(partial))).toMatchObject({ complete: false, planned: 150, summary: { blocked: 1 } });
  });

  it('writes one self-contained HTML page: summary, groups, failures with request and response, all escaped', () => {
    const html = htmlReport(partial);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<script|<img|<link|src=["']http/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('INCOMPLETE');
    expect(html).toMatch(/<summary><b>fixtures<\/b>/);
    expect(html).toMatch(/<summary><b>search-responses<\/b>/);
    expect(html).toContain('request: <code>POST http://x/search.php?&lt;b&gt;</code>');
    expect(html).toContain('<span class="blocked">BLOCKED</span>');
    expect(escapeHtml(`<a href="x" title='y'>&`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;');
  });
});
