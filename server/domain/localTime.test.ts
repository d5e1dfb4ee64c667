import { describe, expect, it } from 'vitest';
import { instantMsOfLocal, localDateIn, localDateTimeIn, timeZoneAt } from './localTime.js';

describe('hotel-local time', () => {
  it.each([
    [52.3702, 4.8852, 'Europe/Amsterdam'],
    [40.758, -73.9855, 'America/New_York'],
    [35.6812, 139.7671, 'Asia/Tokyo'],
    [19.076, 72.8777, 'Asia/Kolkata'],
    [-13.8333, -171.7667, 'Pacific/Apia'],
    [1.8721, -157.4278, 'Pacific/Kiritimati'],
    [21.3069, -157.8583, 'Pacific/Honolulu'],
  ])('finds the IANA zone at %f, %f: %s', (latitude, longitude, zone) => {
    expect(timeZoneAt(latitude, longitude)).toBe(zone);
  });

  it('falls back to UTC for a point the lookup cannot place', () => {
    expect(timeZoneAt(Number.NaN, 0)).toBe('UTC');
  });

  it('reads the same instant as different local dates across zones, the half-hour zone and the date line', () => {
    const instant = new Date('2026-11-21T19:00:00Z');
    expect(localDateIn(instant, 'Europe/Amsterdam')).toBe('2026-11-21');
    expect(localDateIn(instant, 'America/New_York')).toBe('2026-11-21');
    expect(localDateIn(instant, 'Asia/Tokyo')).toBe('2026-11-22');
    expect(localDateTimeIn(instant, 'Asia/Kolkata')).toBe('2026-11-22T00:30:00');
    expect(localDateTimeIn(new Date('2026-11-21T18:29:59Z'), 'Asia/Kolkata')).toBe('2026-11-21T23:59:59');
    // Kiritimati (UTC+14) and Honolulu (UTC-10) share a meridian but not a calendar day.
    expect(localDateTimeIn(new Date('2026-11-21T10:30:00Z'), 'Pacific/Kiritimati')).toBe('2026-11-22T00:30:00');
    expect(localDateTimeIn(new Date('2026-11-21T10:30:00Z'), 'Pacific/Honolulu')).toBe('2026-11-21T00:30:00');
    expect(localDateIn(instant, 'Pacific/Apia')).toBe('2026-11-22');
  });

  it('turns a zone-less deadline into the instant it means in the hotel zone', () => {
    const deadline = '2026-12-14T23:59:00';
    expect(instantMsOfLocal(deadline, 'Europe/Amsterdam')).toBe(Date.parse('2026-12-14T23:59:00+01:00'));
    expect(instantMsOfLocal(deadline, 'America/New_York')).toBe(Date.parse('2026-12-14T23:59:00-05:00'));
    expect(instantMsOfLocal(deadline, 'Asia/Tokyo')).toBe(Date.parse('2026-12-14T23:59:00+09:00'));
    expect(instantMsOfLocal(deadline, 'Asia/Kolkata')).toBe(Date.parse('2026-12-14T23:59:00+05:30'));
    expect(instantMsOfLocal(deadline, 'Pacific/Kiritimati')).toBe(Date.parse('2026-12-14T23:59:00+14:00'));
    // Summer time: New York is UTC-4 in July.
    expect(instantMsOfLocal('2026-07-01T23:59:00', 'America/New_York')).toBe(Date.parse('2026-07-01T23:59:00-04:00'));
  });

  it('moves a wall time skipped by the spring-forward jump forward by the jump', () => {
    // 2026-03-29 02:30 does not exist in Amsterdam (02:00 → 03:00).
    expect(instantMsOfLocal('2026-03-29T02:30:00', 'Europe/Amsterdam')).toBe(Date.parse('2026-03-29T03:30:00+02:00'));
  });

  it('refuses a malformed local date-time', () => {
    expect(() => instantMsOfLocal('2026-02-30T10:00:00', 'Europe/Amsterdam')).toThrow(RangeError);
  });
});

describe('localDateIn across day and DST boundaries (it keeps the last local day of each zone)', () => {
  it('agrees with a fresh luxon reading at every quarter hour around midnights and DST changes', async () => {
    const { DateTime } = await import('luxon');
    const zones = ['Europe/Amsterdam', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Apia', 'Asia/Kathmandu', 'UTC'];
    // Around the 2026 DST changes of Europe and the US, and an ordinary week; in order and back again.
    const starts = ['2026-03-07T00:00:00Z', '2026-03-28T12:00:00Z', '2026-10-24T12:00:00Z', '2026-11-01T00:00:00Z'];
    for (const zone of zones) {
      for (const start of starts) {
        const from = new Date(start).getTime();
        const instants = Array.from({ length: 4 * 48 }, (_, quarter) => from + quarter * 900_000);
        for (const ms of [...instants, ...instants.reverse()]) {
          const expected = DateTime.fromMillis(ms, { zone }).toFormat('yyyy-MM-dd');
          expect(localDateIn(new Date(ms), zone), `${zone} ${new Date(ms).toISOString()}`).toBe(expected);
        }
      }
    }
  });
});
