import { describe, expect, it } from 'vitest';
import { BOOKHASH_PATTERN, newBookhash, newCsrfToken, newSupplierOrderId, randomString, tokensEqual } from './tokens.js';

describe('bookhash generator', () => {
  it('gives 30 letters and digits, unique over 10,000 draws', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const bookhash = newBookhash();
      expect(bookhash).toHaveLength(30);
      expect(bookhash).toMatch(BOOKHASH_PATTERN);
      seen.add(bookhash);
    }
    expect(seen.size).toBe(10_000);
  });

  it('uses the whole alphabet without bias towards its start', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2_000; i++) for (const char of newBookhash()) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 60,000 characters over 62 symbols: about 968 each. Modulo bias would favour the first 8 by ~3%,
    // which this bound does not detect reliably, but a broken mapping (e.g. half the alphabet) it does.
    for (const count of counts.values()) expect(count).toBeGreaterThan(700);
  });

  it('draws from any alphabet', () => {
    expect(randomString(50, 'ab')).toMatch(/^[ab]{50}$/);
    expect(() => randomString(5, 'a')).toThrow(RangeError);
  });
});

describe('other tokens', () => {
  it('csrf tokens are 256-bit base64url and differ', () => {
    const a = newCsrfToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newCsrfToken()).not.toBe(a);
  });

  it('supplier order ids look like SUP-7F3K9Q2M', () => {
    expect(newSupplierOrderId()).toMatch(/^SUP-[A-Z0-9]{8}$/);
  });

  it('compares tokens exactly', () => {
    expect(tokensEqual('abc', 'abc')).toBe(true);
    expect(tokensEqual('abc', 'abd')).toBe(false);
    expect(tokensEqual('abc', 'abcd')).toBe(false);
    expect(tokensEqual('', 'abc')).toBe(false);
  });
});
