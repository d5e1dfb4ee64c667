import { describe, expect, it } from 'vitest';
import { localDate } from './domain.js';

describe('localDate', () => {
  it('gives the date in the zone, not in UTC', () => {
    const lateUtc = Date.parse('2026-12-14T23:30:00Z');
    expect(localDate(lateUtc, 'UTC')).toBe('2026-12-14');
    expect(localDate(lateUtc, 'Europe/Amsterdam')).toBe('2026-12-15');
    expect(localDate(Date.parse('2026-12-15T02:00:00Z'), 'America/New_York')).toBe('2026-12-14');
  });
});
