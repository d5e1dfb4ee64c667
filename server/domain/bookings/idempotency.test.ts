import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors.js';
import { parseIdempotencyKey, requestFingerprint } from './idempotency.js';

describe('parseIdempotencyKey', () => {
  it('accepts 1 to 255 printable ASCII characters and no header at all', () => {
    expect(parseIdempotencyKey(undefined)).toBeUndefined();
    expect(parseIdempotencyKey('"8e03978e-40d5-43e8-bc93-6894a57f9324"')).toBe('"8e03978e-40d5-43e8-bc93-6894a57f9324"');
    expect(parseIdempotencyKey('~'.repeat(255))).toHaveLength(255);
  });

  it.each([[''], ['x'.repeat(256)], ['tab\there'], ['caf\u00e9'], ['nul\u0000']])('refuses %j with 400', (key) => {
    expect(() => parseIdempotencyKey(key)).toThrow(ApiError);
    try {
      parseIdempotencyKey(key);
    } catch (error) {
      expect((error as ApiError).status).toBe(400);
    }
  });
});

describe('requestFingerprint', () => {
  it('does not depend on the order of keys, but on every value', () => {
    const a = requestFingerprint({ apikey: 'k', service_hash: 'h', nested: { x: 1, y: [1, 2] } });
    expect(requestFingerprint({ nested: { y: [1, 2], x: 1 }, service_hash: 'h', apikey: 'k' })).toBe(a);
    expect(requestFingerprint({ apikey: 'k', service_hash: 'h2', nested: { x: 1, y: [1, 2] } })).not.toBe(a);
    expect(requestFingerprint({ apikey: 'k', service_hash: 'h', nested: { x: 1, y: [2, 1] } })).not.toBe(a);
  });
});
