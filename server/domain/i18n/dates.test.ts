import { describe, expect, it } from 'vitest';
import { formatDate, formatWallTime } from './dates.js';

describe('readable dates', () => {
  it.each([
    ['en', 'Sat, 19 December 2026, 23:59'],
    ['nl', 'za 19 december 2026, 23:59'],
    ['de', 'Sa., 19. Dezember 2026, 23:59'],
    ['fr', 'sam. 19 décembre 2026, 23:59'],
    ['es', 'sáb, 19 de diciembre de 2026, 23:59'],
  ] as const)('a wall time in %s', (language, expected) => {
    expect(formatWallTime('2026-12-19T23:59:00', language)).toBe(expected);
  });

  it('shows the wall time as stored, also in a daylight-saving gap (Amsterdam skips 02:30 on 29 March)', () => {
    expect(formatWallTime('2026-03-29T02:30:00', 'en')).toBe('Sun, 29 March 2026, 02:30');
  });

  it('formats a date alone, and a date given where a date-time was expected', () => {
    expect(formatDate('2026-12-21', 'de')).toBe('Mo., 21. Dezember 2026');
    expect(formatWallTime('2026-12-21', 'en')).toBe('Mon, 21 December 2026');
  });

  it('leaves a value that is no date as it is', () => {
    for (const value of ['2026-02-30', 'tomorrow', '2026-12-19T25', '2026-12-19T24:30', '']) {
      expect(formatDate(value, 'en')).toBe(value);
      expect(formatWallTime(value, 'fr')).toBe(value);
    }
  });
});
