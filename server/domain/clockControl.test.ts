import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.js';
import { ApiError } from '../errors.js';
import { processStore } from '../testing/processStore.js';
import { AccountClocks } from './accountClocks.js';
import { changeAccountClock, clockState } from './clockControl.js';

describe('changeAccountClock', () => {
  it("sets, advances and offsets one account's clock over real time", async () => {
    const clocks = new AccountClocks(new FakeClock('2026-11-19T10:00:00Z'), processStore());
    expect(clockState(await changeAccountClock(clocks, 1, { now: new Date('2027-01-01T00:00:00Z') }))).toEqual({
      now: '2027-01-01T00:00:00.000Z',
      offset_seconds: 3_679_200,
    });
    expect(clockState(await changeAccountClock(clocks, 1, { advanceSeconds: -60 })).now).toBe('2026-12-31T23:59:00.000Z');
    expect(clockState(await changeAccountClock(clocks, 1, { offsetSeconds: 0 }))).toEqual({ now: '2026-11-19T10:00:00.000Z', offset_seconds: 0 });
    expect(clockState(await clocks.clockOf(2)).offset_seconds).toBe(0);
  });

  it('refuses moves outside 2000–2100 or over 50 years with a 400, leaving the clock as it was', async () => {
    const clocks = new AccountClocks(new FakeClock('2026-11-19T10:00:00Z'), processStore());
    await changeAccountClock(clocks, 1, { advanceSeconds: 3600 });
    for (const change of [{ now: new Date('1999-12-31T23:00:00Z') }, { advanceSeconds: 1e300 }, { offsetSeconds: 60 * 365.25 * 86_400 }]) {
      await expect(changeAccountClock(clocks, 1, change)).rejects.toSatisfy((error) => error instanceof ApiError && error.status === 400);
    }
    expect((await clocks.clockOf(1)).offsetMs).toBe(3_600_000);
  });
});
