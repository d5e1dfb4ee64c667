/**
 * The gate's reading of Specmatic's `compare` output and its verdict, on output of the shape
 * Specmatic 2.55.1 prints; and the released copies are the release's own files.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findingsOf, partnerEntry, verdict } from './findings.js';
import { lastRelease, RELEASE_COMMITS } from './releases.js';

const OUTPUT = `[Compatibility Check] Verdict: FAIL
In scenario "Search hotels near a place. Response: Search results"
API: POST /search.php -> 200

  >> REQUEST.BODY.price_to (new.yaml:1177:9)
  
      R1003: Constraint violation
      Documentation: https://docs.specmatic.io/rules#r1003
      Summary: The value does not satisfy the constraints defined in the specification
  
      This is type number <= 9007199254740991 in the new specification, but type number in the old specification
  
  >> REQUEST.BODY.currency (new.yaml:1180:9)
  
      R1002: Value mismatch
      Documentation: https://docs.specmatic.io/rules#r1002
      Summary: The value does not match the expected value defined in the specification
  
      This is ("AED" or "EUR") in the new specification, but string in the old specification

In scenario "Search hotels near a place. Response: Bad request"
API: POST /search.php -> 400

  >> REQUEST.BODY.price_to (new.yaml:1177:9)
  
      R1003: Constraint violation
  
      This is type number <= 9007199254740991 in the new specification, but type number in the old specification
The newer contract is not backward compatible.
`;

const CHANGELOG = '# Changelog\n\n## 2.0.0 - 2027-01-10\n\n### Changed\n- currency is exact.\n\n### What to do\nSend upper-case codes.\n\n## 1.0.0\n\nFirst.\n';

describe('contract:compat', () => {
  it('reads each distinct finding once, with its operation, path, rule and explanation', () => {
    expect(findingsOf(OUTPUT)).toEqual([
      { operation: 'POST /search.php', at: 'REQUEST.BODY.price_to', rule: 'R1003', detail: 'This is type number <= 9007199254740991 in the new specification, but type number in the old specification' },
      { operation: 'POST /search.php', at: 'REQUEST.BODY.currency', rule: 'R1002', detail: 'This is ("AED" or "EUR") in the new specification, but string in the old specification' },
    ]);
    expect(findingsOf('The newer contract is backward compatible.\n')).toEqual([]);
    // A rule whose explanation is not "This is …" (a new required request property) is a finding too.
    const required = `API: POST /booking.php -> 200\n\n  >> REQUEST.BODY.guest_name (new.yaml:16:17)\n  \n      R2001: Missing required property\n      Documentation: https://docs.specmatic.io/rules#r2001\n      Summary: A required property defined in the specification is missing\n  \n      New specification expects property "guest_name" in the request but it is missing from the old specification\n`;
    expect(findingsOf(required)).toEqual([
      { operation: 'POST /booking.php', at: 'REQUEST.BODY.guest_name', rule: 'R2001', detail: 'New specification expects property "guest_name" in the request but it is missing from the old specification' },
    ]);
  });

  it('excuses only a listed false positive, and a break fails under the same major', () => {
    const findings = findingsOf(OUTPUT);
    const result = verdict({ contract: 'openapi.yaml', findings, releasedVersion: '1.0.0', version: '1.0.0', changelog: CHANGELOG });
    expect(result.ok).toBe(false);
    expect(result.lines.join('\n')).toMatch(/1 change\(s\) break 1\.0\.0's clients.*keeps the major/);
    expect(result.lines.join('\n')).toMatch(/breaking: POST \/search\.php REQUEST\.BODY\.currency R1002/);
    expect(result.lines.join('\n')).toMatch(/known false positive: POST \/search\.php REQUEST\.BODY\.price_to R1003 \(1\.0\.0 set no maximum/);
    // The same path under another contract or rule is not excused.
    expect(verdict({ contract: 'control-api.yaml', findings: findings.slice(0, 1), releasedVersion: '1.0.0', version: '1.0.0', changelog: '' }).ok).toBe(false);
    expect(verdict({ contract: 'openapi.yaml', findings: [{ ...findings[0]!, rule: 'R1002' }], releasedVersion: '1.0.0', version: '1.0.0', changelog: '' }).ok).toBe(false);
    expect(verdict({ contract: 'openapi.yaml', findings: findings.slice(0, 1), releasedVersion: '1.0.0', version: '1.0.0', changelog: '' }).ok).toBe(true);
  });

  it("a finding Specmatic also reports comparing today's contract with itself is no change", () => {
    const findings = findingsOf(OUTPUT);
    const currency = findings.filter((finding) => finding.at === 'REQUEST.BODY.currency');
    const result = verdict({ contract: 'openapi.yaml', findings, releasedVersion: '1.0.0', version: '1.0.0', changelog: '', selfFindings: currency });
    expect(result.ok).toBe(true);
    expect(result.lines.join('\n')).toMatch(/1 finding\(s\) Specmatic also reports comparing today's contract with itself/);
    expect(verdict({ contract: 'openapi.yaml', findings, releasedVersion: '1.0.0', version: '1.0.0', changelog: '', selfFindings: [{ ...currency[0]!, operation: 'POST /hotel.php' }] }).ok).toBe(false);
  });

  it('a break passes with a new major and its CHANGELOG entry telling partners what to do, not with either alone', () => {
    const findings = findingsOf(OUTPUT);
    expect(verdict({ contract: 'openapi.yaml', findings, releasedVersion: '1.0.0', version: '2.0.0', changelog: CHANGELOG }).ok).toBe(true);
    expect(verdict({ contract: 'openapi.yaml', findings, releasedVersion: '1.0.0', version: '1.1.0', changelog: CHANGELOG }).ok).toBe(false);
    const noWhatToDo = CHANGELOG.replace('### What to do\nSend upper-case codes.\n', '');
    expect(verdict({ contract: 'openapi.yaml', findings, releasedVersion: '1.0.0', version: '2.0.0', changelog: noWhatToDo }).ok).toBe(false);
    expect(verdict({ contract: 'openapi.yaml', findings, releasedVersion: '1.0.0', version: '3.0.0', changelog: CHANGELOG }).lines[0]).toMatch(/no "## 3\.0\.0" entry/);
    expect(partnerEntry(CHANGELOG, '2.0.0')).toMatch(/Send upper-case codes/);
    expect(partnerEntry(CHANGELOG, '1.0.0')).toBeUndefined();
  });

  it("the released copies are the release commit's own files (where the clone has the commit)", (context) => {
    const version = lastRelease(new URL('../../contract/released/', import.meta.url).pathname);
    const commit = RELEASE_COMMITS[version];
    expect(commit, `contract/released/${version} has its commit in RELEASE_COMMITS`).toMatch(/^[0-9a-f]{40}$/);
    const show = (path: string) => execFileSync('git', ['show', `${commit}:${path}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    let released: string;
    try {
      released = show('openapi.yaml');
    } catch {
      if (process.env.REQUIRE_PREVIOUS_RELEASE === '1') throw new Error(`commit ${commit} of release ${version} is not in this clone`);
      return context.skip(`commit ${commit} of release ${version} is not in this clone (shallow?)`);
    }
    const copy = (name: string) => readFileSync(new URL(`../../contract/released/${version}/${name}`, import.meta.url), 'utf8');
    expect(copy('openapi.yaml')).toBe(released);
    expect(copy('control-api.yaml')).toBe(show('server/control-api.yaml'));
  });

  it('the CHANGELOG ships its rule and an entry per release', () => {
    const changelog = readFileSync(new URL('../../CHANGELOG.md', import.meta.url), 'utf8');
    expect(changelog).toMatch(/^# Changelog/);
    expect(changelog).toMatch(/^## 1\.0\.0$/m);
    expect(changelog).toMatch(/npm run contract:compat/);
  });
});
