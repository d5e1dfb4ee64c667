import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestingError } from './jsonBody.js';

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;

describe('nestingError (depth check on the raw text)', () => {
  it(`allows ${MAX_JSON_DEPTH} levels and refuses one more, for arrays and objects alike`, () => {
    expect(nestingError(nested(MAX_JSON_DEPTH))).toBeUndefined();
    expect(nestingError(nested(MAX_JSON_DEPTH + 1))).toMatch(/nesting deeper than 32 levels/);
    const objects = `${'{"a":'.repeat(MAX_JSON_DEPTH + 1)}1${'}'.repeat(MAX_JSON_DEPTH + 1)}`;
    expect(nestingError(objects)).toMatch(/deeper/);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestingError(JSON.stringify({ location: '['.repeat(1000), quote: '"[[[[\\"{{{{' }))).toBeUndefined();
    expect(nestingError(`{"a":"\\\\"}`)).toBeUndefined();
    expect(nestingError(`{"a":"\\\\",${'['.repeat(40)}`)).toMatch(/deeper/);
  });

  it('counts depth, not the number of brackets', () => {
    expect(nestingError(JSON.stringify({ a: Array.from({ length: 10_000 }, () => [[1]]) }))).toBeUndefined();
  });

  it('handles a megabyte of brackets in one pass without recursion', () => {
    expect(nestingError('['.repeat(1_000_000))).toMatch(/deeper/);
    expect(nestingError('[]'.repeat(500_000))).toBeUndefined();
  });
});
