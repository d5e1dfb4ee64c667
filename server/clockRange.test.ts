import { describe, expect, it } from 'vitest';
import { FakeClock, OffsetClock } from './clock.js';
import { CLOCK_EARLIEST_MS, CLOCK_LATEST_MS, clockInstantError, clockMoveError } from './clockRange.js';

const at = (iso: string) => Date.parse(iso);
const NOW = at('2026-11-21T10:00:00Z');

describe('clock range (years 2000–2100, moves of at most 50 years)', () => {
  it('accepts the whole range, both ends included', () => {
    expect(clockInstantError(CLOCK_EARLIEST_MS)).toBeUndefined();
    expect(clockInstantError(CLOCK_LATEST_MS)).toBeUndefined();
    expect(new Date(CLOCK_LATEST_MS).toISOString()).toBe('2100-12-31T23:59:59.999Z');
    expect(clockMoveError(NOW, at('2000-01-01T00:00:00Z'))).toBeUndefined();
    expect(clockMoveError(NOW, at('2076-11-20T10:00:00Z'))).toBeUndefined();
  });

  it('refuses instants outside it and non-finite values, naming the range', () => {
    for (const target of [CLOCK_EARLIEST_MS - 1, CLOCK_LATEST_MS + 1, at('-000500-01-01T00:00:00Z'), 8.64e15, NaN, Infinity, NOW + 1e300 * 1000]) {
      expect(clockMoveError(NOW, target), String(target)).toMatch(/between 2000-01-01T00:00:00Z and 2100-12-31T23:59:59Z/);
    }
  });

  it('refuses moves of more than 50 years, inside the range too', () => {
    expect(clockMoveError(at('2001-01-01T00:00:00Z'), at('2060-01-01T00:00:00Z'))).toMatch(/at most 50 years/);
    expect(clockMoveError(at('2090-01-01T00:00:00Z'), at('2030-01-01T00:00:00Z'))).toMatch(/at most 50 years/);
  });

  it('is enforced by the clocks themselves', () => {
    for (const clock of [new FakeClock('2026-11-21T10:00:00Z'), new OffsetClock()]) {
      expect(() => clock.set(new Date('1999-12-31T23:59:59Z'))).toThrow(RangeError);
      expect(() => clock.set(new Date(NaN))).toThrow(RangeError);
      expect(() => clock.advance(1e300)).toThrow(RangeError);
      expect(() => clock.advance(-1e12)).toThrow(RangeError);
      clock.set(new Date('2100-12-31T23:00:00Z'));
      expect(() => clock.advance(3600)).toThrow(RangeError);
      expect(clock.now().getUTCFullYear()).toBe(2100);
    }
    expect(() => new FakeClock('+275760-09-13T00:00:00Z')).toThrow(RangeError);
  });
});
