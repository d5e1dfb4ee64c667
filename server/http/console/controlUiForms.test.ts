import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors.js';
import { clockChangeOfForm } from './controlUiForms.js';

describe('clock forms', () => {
  it('reads each clock form as the change the control API makes', () => {
    expect(clockChangeOfForm({ now: '2027-01-01T08:30' })).toEqual({ now: new Date('2027-01-01T08:30:00Z') });
    expect(clockChangeOfForm({ now: ' 2027-01-01T08:30:15 ' })).toEqual({ now: new Date('2027-01-01T08:30:15Z') });
    expect(clockChangeOfForm({ now: '2027-01-01T08:30:00+01:00' })).toEqual({ now: new Date('2027-01-01T07:30:00Z') });
    expect(clockChangeOfForm({ advance_seconds: '3600', csrf_token: 't' })).toEqual({ advanceSeconds: 3600 });
    expect(clockChangeOfForm({ offset_seconds: '0' })).toEqual({ offsetSeconds: 0 });
    expect(clockChangeOfForm({ amount: '-2', unit: 'days' })).toEqual({ advanceSeconds: -172_800 });
  });

  it('refuses anything else with a 400 that says what to enter', () => {
    for (const form of [
      {},
      { now: '2027-01-01' },
      { now: 'Fri, 01 Jan 2027 00:00:00 GMT' },
      { now: ['2027-01-01T00:00'] },
      { now: '2027-02-30T00:00' },
      { advance_seconds: '1.5' },
      { advance_seconds: '0x10' },
      { amount: '1', unit: 'toString' },
      { amount: '1' },
      { now: '2027-01-01T00:00', offset_seconds: '0' },
    ]) {
      expect(() => clockChangeOfForm(form), JSON.stringify(form)).toThrow(ApiError);
    }
  });
});
