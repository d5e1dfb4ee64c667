/**
 * The rewritten patterns accept exactly the strings their originals accepted (within the schema's
 * maxLength): a corpus of valid and invalid values, hand-picked at the edges and generated over an
 * alphabet that holds every character the patterns name. Both sides are read from the documents, so
 * a pattern changed in one place only fails here.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONTRACT_PATH, loadContract } from '../../contract/document.js';
import { EQUIVALENT_PATTERNS } from './patternRewrites.js';

const current = loadContract(CONTRACT_PATH);
const released = parse(readFileSync(new URL('../../contract/released/1.0.0/openapi.yaml', import.meta.url), 'utf8')) as typeof current;
const schemaOf = (document: typeof current, name: string) => document.components!.schemas![name] as { pattern: string; maxLength: number };
const searchProperty = (document: typeof current, name: string) =>
  (schemaOf(document, 'SearchRequest') as unknown as { properties: Record<string, { pattern: string; not?: { pattern: string } }> }).properties[name]!;
/** As ajv compiles a pattern (unicode mode). */
const regex = (pattern: string) => new RegExp(pattern, 'u');

const digits = (n: number) => '7'.repeat(n);
const SERVICE_HASHES = [
  '72863-SUPSTEMLT-3-20270715-20270718-2', '1-A-1-20270715-20270718-1', '1-a-b-c-4-20270715-20270718-5', '1---1-20270715-20270718-1',
  '1-😀-1-20270715-20270718-1', '1-\u202E-1-20270715-20270718-1', '1-x\ny-1-20270715-20270718-1', '1-x\u2028-1-20270715-20270718-1',
  `1-${'X'.repeat(176)}-1-20270715-20270718-1`, `1-${'X'.repeat(177)}-1-20270715-20270718-1`, `${digits(176)}-X-1-20270715-20270718-1`,
  `${digits(177)}-X-1-20270715-20270718-1`, `12-${'-'.repeat(174)}-1-20270715-20270718-1`, '1--1-20270715-20270718-1', '-A-1-20270715-20270718-1',
  '1-A-5-20270715-20270718-1', '1-A-1-2027071-20270718-1', '1-A-1-20270715-20270718-6', '1-A-1-20270715-20270718-1\n', ' 1-A-1-20270715-20270718-1',
  '1-A-1-20270715-20270718-1-20270715-20270718-1', '1-A-1-20270715-20270718', '', 'x',
];

describe('equivalent patterns', () => {
  it('the contract writes each rewritten pattern, and the released copy the original', () => {
    for (const rewrite of EQUIVALENT_PATTERNS) {
      expect(schemaOf(current, rewrite.schema)).toMatchObject({ pattern: rewrite.after, maxLength: rewrite.maxLength });
      expect(schemaOf(released, rewrite.schema).pattern).toBe(rewrite.before);
    }
  });

  for (const rewrite of EQUIVALENT_PATTERNS) {
    const [before, after] = [regex(rewrite.before), regex(rewrite.after)];
    const accepted = (re: RegExp, value: string) => value.length <= rewrite.maxLength && re.test(value);
    it(`${rewrite.schema}: the same strings within maxLength ${rewrite.maxLength}, hand-picked`, () => {
      const valid = SERVICE_HASHES.filter((value) => accepted(before, value));
      expect(valid.length).toBeGreaterThan(5);
      expect(SERVICE_HASHES.length - valid.length).toBeGreaterThan(5);
      for (const value of SERVICE_HASHES) expect(accepted(after, value), JSON.stringify(value)).toBe(accepted(before, value));
    });
    it(`${rewrite.schema}: the same strings within maxLength ${rewrite.maxLength}, generated`, () => {
      const piece = fc.oneof(
        fc.constantFrom('-', '1', '4', '5', '9', 'A', 'z', '\n', '\u2028', '😀', ' ', '20270715', '-3-', '-20270718-', '-2'),
        fc.stringMatching(/^[0-9]{1,3}-[A-Z0-9-]{1,30}-[1-4]-[0-9]{8}-[0-9]{8}-[1-5]$/),
      );
      const value = fc.oneof(fc.array(piece, { maxLength: 40 }).map((parts) => parts.join('')), fc.integer({ min: 150, max: 230 }).map((n) => `1-${'Y'.repeat(n)}-1-20270715-20270718-1`));
      let bothValid = 0;
      fc.assert(
        fc.property(value, (text) => {
          if (accepted(before, text)) bothValid += 1;
          return accepted(after, text) === accepted(before, text);
        }),
        { numRuns: 5_000, seed: 37 },
      );
      expect(bothValid).toBeGreaterThan(100);
    });
  }

  it("location: 1.0.0's one pattern is today's pattern and not-pattern (the rule split in two)", () => {
    const before = regex(searchProperty(released, 'location').pattern);
    const now = searchProperty(current, 'location');
    const [pattern, not] = [regex(now.pattern), regex(now.not!.pattern)];
    const corpus = ['Amsterdam', 'Москва', '東京', 'a\u200Eb', 'tab\there', 'a\u0000', '\u001F', '\u007F', '\u009F', '\u00A0', '\u202A', 'x\u202Ey', '\u2066', '\u2069', '\u2065', '\u206A', '😀', ''];
    const all = fc.array(fc.constantFrom('a', ' ', '\u0000', '\u0009', '\u001F', '\u0020', '\u007E', '\u007F', '\u009F', '\u00A0', '\u2029', '\u202A', '\u202E', '\u202F', '\u2066', '\u2069', '😀'), { maxLength: 8 }).map((chars) => chars.join(''));
    for (const value of corpus) expect(pattern.test(value) && !not.test(value), JSON.stringify(value)).toBe(before.test(value));
    fc.assert(fc.property(all, (value) => (pattern.test(value) && !not.test(value)) === before.test(value)), { numRuns: 3_000, seed: 37 });
  });
});
