import { describe, expect, it } from 'vitest';
import { escapeHtml, html } from './markup.js';

describe('html template tag', () => {
  it('escapes every interpolated value', () => {
    const name = `Chloé Müller-O'Brien <script>alert("x")</script> & co`;
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="Chloé Müller-O&#39;Brien &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co">' +
        'Chloé Müller-O&#39;Brien &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co</p>',
    );
  });

  it('nests safe fragments and arrays without escaping them twice', () => {
    const items = ['a&b', 'c'].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}</ul>`.value).toBe('<ul><li>a&amp;b</li><li>c</li></ul>');
    expect(html`${null}${undefined}${false}${0}`.value).toBe('0');
  });

  it('escapeHtml leaves plain text alone', () => {
    expect(escapeHtml('Anna de Vries')).toBe('Anna de Vries');
  });
});
