/**
 * The spec-level contract is openapi.yaml minus the marked reference choices, and nothing else:
 * every difference between the two documents comes from a marker, and every marker changes
 * something. (That the spec level accepts the legitimate variants' responses is proven by
 * conformance/variants.test.ts, which runs the spec profile against each of them.)
 */
import { describe, expect, it } from 'vitest';
import { isObject, loadContract } from '../../contract/document.js';
import { pointerSegment } from '../../contract/navigation.js';
import { createContractValidator } from '../../contract/validator.js';
import { REFERENCE_MARKER, referenceConstraints, specLevelContract } from './specLevel.js';

/** Every place where two JSON values differ: `pointer keyword`, the keyword being the last segment. */
function differences(a: unknown, b: unknown, at = '#'): string[] {
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((key) => {
      if (!(key in a) || !(key in b)) return [`${at} ${key}`];
      const inner = differences(a[key], b[key], `${at}/${pointerSegment(key)}`);
      // A changed scalar or array under a keyword is a change of that keyword.
      return inner.length > 0 && !(isObject(a[key]) && isObject(b[key])) ? [`${at} ${key}`] : inner;
    });
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : ['(value)'];
}

const full = loadContract();
const spec = specLevelContract(full);
const marked = referenceConstraints(full);

describe('the spec-level contract', () => {
  it('differs from openapi.yaml only where a marker says so, and every marker drops or weakens something', () => {
    const changed = differences(full, spec).sort();
    const declared = marked.map((m) => `${m.pointer} ${m.keyword}`).sort();
    expect(changed).toEqual(declared);
    for (const m of marked) expect(JSON.stringify(m.spec), `${m.pointer} ${m.keyword}`).not.toBe(JSON.stringify(m.reference));
  });

  it('marks the reference choices the API description leaves open', () => {
    const keys = new Set(marked.map((m) => `${m.pointer} ${m.keyword}`));
    for (const expected of [
      '#/components/schemas/Money pattern',
      '#/components/schemas/LocalDateTime pattern',
      '#/components/schemas/SearchRequest additionalProperties',
      '#/components/schemas/Cancellation/properties/free_cancellation_before pattern',
      '#/components/headers/Allow required',
    ]) {
      expect(keys.has(expected), expected).toBe(true);
    }
    for (const m of marked) expect(m.why.length, `${m.pointer} ${m.keyword}`).toBeGreaterThan(10);
  });

  it('accepts what the description allows and the full contract refuses; keeps what it states', () => {
    const reference = createContractValidator(full);
    const specLevel = createContractValidator(spec);
    for (const money of ['265.6', '12.3456', '1.5']) {
      expect(reference.validateSchema('Money', money).ok, money).toBe(false);
      expect(specLevel.validateSchema('Money', money).ok, money).toBe(true);
    }
    for (const notMoney of ['12,50', '€12', '', '1.']) expect(specLevel.validateSchema('Money', notMoney).ok, notMoney).toBe(false);
    for (const dateTime of ['2026-12-12T23:59:00Z', '2026-12-12T23:59', '2026-12-12T23:59:00.000+01:00']) {
      expect(reference.validateSchema('LocalDateTime', dateTime).ok, dateTime).toBe(false);
      expect(specLevel.validateSchema('LocalDateTime', dateTime).ok, dateTime).toBe(true);
    }
    expect(specLevel.validateSchema('LocalDateTime', '12/12/2026 23:59').ok).toBe(false);
    // Stated by the description, so kept: a 30-character bookhash, at most 15 hotels, ISO currency.
    expect(specLevel.validateSchema('Bookhash', 'short').ok).toBe(false);
    expect(specLevel.validateSchema('CurrencyCode', 'euro').ok).toBe(false);
  });

  it('leaves the markers in place as annotations and does not change openapi.yaml itself', () => {
    expect(isObject((full.components?.schemas?.Money as Record<string, unknown>)[REFERENCE_MARKER])).toBe(true);
    expect((full.components?.schemas?.Money as Record<string, unknown>).pattern).toBe('^[0-9]+(\\.[0-9]{2,3})?$');
  });
});
