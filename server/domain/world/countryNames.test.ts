/**
 * Country names from the start-up cache's table are Intl's English region names, the same for
 * every code; the table is made once (with a log line) and read back, and a code it lacks still
 * gets Intl's name.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadCities } from './cities.js';
import { countryNameOf, preloadCountryNames } from './countryNames.js';

const directory = mkdtempSync(join(tmpdir(), 'country-names-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('country names', () => {
  it('are Intl\'s region names, from a table made once and read back', () => {
    const cities = loadCities();
    const codes = [...new Set(Array.from({ length: cities.length }, (_, index) => cities.country(index)))];
    const intl = new Intl.DisplayNames(['en'], { type: 'region' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      preloadCountryNames(codes, directory);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(readdirSync(directory)).toEqual([expect.stringMatching(/^countries-[0-9a-f]{32}\.json$/)]);
      preloadCountryNames(codes, directory);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
    expect(codes.length).toBeGreaterThan(200);
    for (const code of codes) expect(countryNameOf(code.toLowerCase())).toBe(intl.of(code.toUpperCase()));
    expect(countryNameOf('ZZ')).toBe(intl.of('ZZ'));
    expect(countryNameOf('not a code')).toBe('not a code');
  });
});
