/**
 * .spectral.yaml (the OWASP lint of `npm run lint:spec`) turns rules off only with a reason: every
 * `off`, and every override that holds some, sits under a comment saying why the rule does not apply.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const text = readFileSync(new URL('../.spectral.yaml', import.meta.url), 'utf8');
const lines = text.split('\n');

describe('.spectral.yaml', () => {
  it('extends spectral:oas and the OWASP API Security ruleset', () => {
    expect((parse(text) as { extends: string[] }).extends).toEqual(['spectral:oas', '@stoplight/spectral-owasp-ruleset']);
  });

  it('gives a reason for every rule it turns off', () => {
    const offs = lines.map((line, index) => ({ line, index })).filter(({ line }) => /^\s+[\w:.-]+: off\s*$/.test(line));
    expect(offs.length).toBeGreaterThan(5);
    for (const { line, index } of offs) {
      // Rules turned off for one reason share its comment: look up past them (and the override's header).
      let at = index - 1;
      while (at >= 0 && (/: off\s*$/.test(lines[at]!) || /^\s+(rules:|- files:)/.test(lines[at]!))) at -= 1;
      const reason = lines[at]?.trim() ?? '';
      expect(reason.startsWith('#') && reason.length > 30, `${line.trim()} has no reason above it`).toBe(true);
    }
  });
});
