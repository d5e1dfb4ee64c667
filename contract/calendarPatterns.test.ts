/**
 * The response date-time patterns (LocalDateTime, BookingTimestamp, free_cancellation_before) accept
 * exactly the real calendar dates and times of day: every day of 1899–2101 and 2400 (leap years,
 * century rules), impossible ones (2027-02-29, 2027-04-31, month 13 or 22, hour 24, minute 60).
 */
import { describe, expect, it } from 'vitest';
import { CONTRACT_PATH, loadContract } from './document.js';

const contract = loadContract(CONTRACT_PATH);
const schemas = contract.components!.schemas! as Record<string, { pattern?: string }>;

/** A real date-time by the proleptic Gregorian calendar (what Date.UTC rolls over is not real). */
function real(year: number, month: number, day: number, hour: number, minute: number, second: number): boolean {
  const at = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  at.setUTCFullYear(year);
  return at.getUTCMonth() === month - 1 && at.getUTCDate() === day && at.getUTCHours() === hour && at.getUTCMinutes() === minute && at.getUTCSeconds() === second;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

describe('calendar patterns of the answers', () => {
  for (const [name, separator] of [['LocalDateTime', 'T'], ['BookingTimestamp', ' ']] as const) {
    it(`${name}: every real day of 1899-2101 and 2400, and no impossible one`, () => {
      const pattern = new RegExp(schemas[name]!.pattern!, 'u');
      let checked = 0;
      const wrong: string[] = [];
      for (const year of [...Array.from({ length: 203 }, (_, k) => 1899 + k), 2400, 2100, 1900, 2000]) {
        for (let month = 0; month <= 13; month += 1) {
          for (let day = 0; day <= 32; day += 1) {
            const text = `${pad(year, 4)}-${pad(month)}-${pad(day)}${separator}12:30:45`;
            if (pattern.test(text) !== (month >= 1 && month <= 12 && real(year, month, day, 12, 30, 45))) wrong.push(text);
            checked += 1;
          }
        }
      }
      expect(wrong).toEqual([]);
      expect(checked).toBeGreaterThan(90_000);
      for (const [time, ok] of [['00:00:00', true], ['23:59:59', true], ['24:00:00', false], ['12:60:00', false], ['12:00:60', false], ['9:00:00', false]] as const) {
        expect(pattern.test(`2027-07-15${separator}${time}`), time).toBe(ok);
      }
      for (const text of ['9380-22-55 06:72:13', '2027-7-15T10:00:00', '2027-07-15T10:00:00Z', '2027-07-15', '']) expect(pattern.test(text), text).toBe(false);
    });
  }

  it('free_cancellation_before (search rate and booking) uses the same pattern as LocalDateTime', () => {
    const text = JSON.stringify(contract);
    const local = schemas.LocalDateTime!.pattern!;
    expect(text.split(JSON.stringify(local)).length - 1).toBeGreaterThanOrEqual(3);
    expect(text).not.toContain('[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}$');
  });
});
