import { describe, expect, it } from 'vitest';
import { acceptedReturnUrl, MAX_RETURN_URL_LENGTH } from './returnUrl.js';

describe('return_url', () => {
  it.each([
    ['https://partner.example/done', 'https://partner.example/done', 'partner.example'],
    ['http://partner.example:8080/b?x=1&y=<2>#top', 'http://partner.example:8080/b?x=1&y=%3C2%3E#top', 'partner.example:8080'],
    ['HTTPS://Partner.Example', 'https://partner.example/', 'partner.example'],
    ['https://bücher.example/ok', 'https://xn--bcher-kva.example/ok', 'xn--bcher-kva.example'],
  ])('accepts %s', (value, href, site) => {
    expect(acceptedReturnUrl(value)).toEqual({ href, site });
  });

  it.each([
    'javascript:alert(1)', 'JavaScript://partner.example/%0Aalert(1)', 'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox', 'ftp://partner.example/', 'mailto:a@partner.example', '//partner.example/done', '/done', 'done',
    'https:partner.example', 'https:/partner.example', 'https:///partner.example', 'https://\\\\evil.example',
    'https://user:secret@partner.example/', ' https://partner.example/', 'https://partner.example/a b',
    'https://partner.example/\n', 'https://', 'https://[::1', `https://partner.example/${'a'.repeat(MAX_RETURN_URL_LENGTH)}`, '',
  ])('ignores %j', (value) => {
    expect(acceptedReturnUrl(value)).toBeUndefined();
  });

  it('ignores anything but one string (a repeated query parameter is an array)', () => {
    for (const value of [undefined, null, 42, ['https://a.example/', 'https://b.example/'], { href: 'https://a.example/' }]) {
      expect(acceptedReturnUrl(value)).toBeUndefined();
    }
  });
});

describe('an account\'s allow-list of return_url hosts (finding 13)', () => {
  const allowed = ['partner.example', '*.partner.example', 'localhost:8080'];
  it.each([
    ['https://partner.example/done', true],
    ['https://partner.example:8443/done', true],
    ['https://eu.partner.example/done', true],
    ['https://a.b.partner.example/done', true],
    ['http://localhost:8080/back', true],
    ['http://localhost:9090/back', false],
    ['https://evil.example/?partner.example', false],
    ['https://partner.example.evil.example/', false],
    ['https://evilpartner.example/', false],
    ['https://evil.example/partner.example', false],
  ])('%s: %s', (value, accepted) => {
    expect(acceptedReturnUrl(value, allowed) !== undefined).toBe(accepted);
  });

  it('allows any host without a list (null), none with an empty one', () => {
    expect(acceptedReturnUrl('https://anywhere.example/', null)).toBeDefined();
    expect(acceptedReturnUrl('https://anywhere.example/', [])).toBeUndefined();
  });
});
