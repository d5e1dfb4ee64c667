import { createHash } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { certify } from './engine.js';
import { CERTIFICATION_PAGE_CSP, htmlReport } from './render/html.js';
import { jsonReport } from './render/json.js';
import { junitReport } from './render/junit.js';
import { CERTIFICATION_RULES } from './rules/index.js';
import { TEST_KEY, TestJournal } from '../../testing/certificationJournal.js';
import type { CertificationRule, Verdict } from './types.js';

const fixed = (id: string, verdict: Verdict, reason = `${id} reason`): CertificationRule => ({
  id,
  title: `${id} title`,
  looks_for: `${id} looks for`,
  evaluate: () => ({ verdict, reason, evidence: verdict === 'not_seen' ? [] : [1, 2] }),
});

describe('certify', () => {
  it('lists every rule once, in the table order, with unique ids', () => {
    const report = certify([]);
    expect(report.rules.map((r) => r.id)).toEqual(CERTIFICATION_RULES.map((r) => r.id));
    expect(new Set(report.rules.map((r) => r.id)).size).toBe(CERTIFICATION_RULES.length);
    expect(report).toMatchObject({ verdict: 'incomplete', certified: false, entries: { count: 0, first_at: null, last_at: null } });
    expect(report.not_seen).toHaveLength(CERTIFICATION_RULES.length);
  });

  it('is failed as soon as one rule failed, certified only when all passed', () => {
    expect(certify([], { rules: [fixed('a', 'passed'), fixed('b', 'not_seen')] })).toMatchObject({ verdict: 'incomplete', failed: [], not_seen: ['b'] });
    expect(certify([], { rules: [fixed('a', 'failed'), fixed('b', 'not_seen')] })).toMatchObject({
      verdict: 'failed',
      failed: ['a'],
      not_seen: ['b'],
      summary: { passed: 0, failed: 1, not_seen: 1 },
    });
    expect(certify([], { rules: [fixed('a', 'passed')], now: '2026-12-01T00:00:00.000Z' })).toMatchObject({
      verdict: 'certified',
      certified: true,
      generated_at: '2026-12-01T00:00:00.000Z',
    });
  });

  it('reads the journal in id order, whatever order it is given in', () => {
    const journal = new TestJournal();
    journal.call('/search.php', { at: 0, headers: { 'x-api-key': TEST_KEY } });
    journal.call('/search.php', { at: 1 });
    const report = certify([...journal.entries].reverse());
    expect(report.entries).toEqual({ count: 2, first_at: journal.entries[0]!.at, last_at: journal.entries[1]!.at });
    expect(report.rules.find((r) => r.id === 'key-in-body')).toMatchObject({ verdict: 'failed', evidence: [1] });
  });
});

describe('renderers', () => {
  const hostile = '<script>alert("x")</script> & \u0001';
  const report = certify([], { rules: [fixed('ok', 'passed'), fixed('bad', 'failed', hostile), fixed('later', 'not_seen')], now: '2026-12-01T00:00:00.000Z' });

  it('JSON is the report itself', () => {
    expect(JSON.parse(jsonReport(report))).toEqual(report);
  });

  it('JUnit has one testcase per rule: failure with evidence, skipped for not seen', () => {
    const xml = junitReport(report);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
    const suite = parsed.testsuites.testsuite;
    expect(suite).toMatchObject({ tests: '3', failures: '1', skipped: '1' });
    const [ok, bad, later] = suite.testcase;
    expect(ok['system-out']).toContain('Journal entries: 1, 2');
    expect(bad.failure.message).toBe('<script>alert("x")</script> & \\u0001'); // the control character shown as an escape (finding 9)
    expect(bad.failure['#text']).toContain('Journal entries: 1, 2');
    expect(later.skipped.message).toBe('Not yet seen: later reason');
  });

  it('HTML is one page with no script and no external resource, every value escaped, its style allowed by its CSP', () => {
    const page = htmlReport(report, { account: 'Demo <Partner>' });
    expect(page).not.toMatch(/<script|src=|href=|@import|url\(/i);
    expect(page).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp;');
    expect(page).toContain('Demo &lt;Partner&gt;');
    expect(page.match(/<tr id=/g)).toHaveLength(3);
    const style = /<style>([\s\S]*?)<\/style>/.exec(page)![1]!;
    expect(CERTIFICATION_PAGE_CSP).toContain(`'sha256-${createHash('sha256').update(style, 'utf8').digest('base64')}'`);
    expect(page).not.toMatch(/ style=/);
  });
});

describe('reasons with control or bidirectional characters (finding 9)', () => {
  it('are shown as escapes in the HTML and JUnit reports, never raw', () => {
    const report = certify([], { rules: [fixed('a', 'failed', 'sent gnp\u202Efdp.exe\u0085 twice'), fixed('b', 'not_seen', '\u2067hidden\u2069')] });
    for (const written of [htmlReport(report), junitReport(report)]) {
      expect(written).not.toMatch(/[\u0080-\u009F\u202A-\u202E\u2066-\u2069]/);
      expect(written).toContain('sent gnp\\u202Efdp.exe\\u0085 twice');
      expect(written).toContain('\\u2067hidden\\u2069');
    }
  });
});
