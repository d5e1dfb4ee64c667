/** The base of links when PUBLIC_URL is not set. */
import { describe, expect, it } from 'vitest';
import { boundUrlOf, defaultPublicUrl } from './publicUrl.js';

describe('defaultPublicUrl', () => {
  it('is the bound address, with localhost for an unspecified one (docker run -p 3000:3000)', () => {
    expect(defaultPublicUrl('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(defaultPublicUrl('::', 3000)).toBe('http://localhost:3000');
    expect(defaultPublicUrl('127.0.0.1', 41234)).toBe('http://127.0.0.1:41234');
    expect(defaultPublicUrl('::1', 3000)).toBe('http://[::1]:3000');
    expect(defaultPublicUrl('10.0.0.7', 8080)).toBe('http://10.0.0.7:8080');
    expect(boundUrlOf('0.0.0.0', 3000)).toBe('http://0.0.0.0:3000');
  });
});
