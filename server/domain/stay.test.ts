import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { nightsBetween, validateStay } from './stay.js';

const rejection = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected a rejection');
};

describe('stay rules', () => {
  it('counts nights across months and a DST change', () => {
    expect(nightsBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(nightsBetween('2027-03-27', '2027-03-29')).toBe(2);
  });

  it('accepts today and 30 nights', () => {
    expect(validateStay('2026-11-21', '2026-12-21', '2026-11-21')).toBe(30);
  });

  it('rejects the past, checkout not after checkin and 31 nights, each with a 400 naming the rule', () => {
    const past = rejection(() => validateStay('2026-11-20', '2026-11-22', '2026-11-21'));
    expect([past.status, past.message]).toEqual([400, 'checkin 2026-11-20 is in the past; it must be 2026-11-21 or later']);
    const same = rejection(() => validateStay('2026-12-01', '2026-12-01', '2026-11-21'));
    expect(same.message).toMatch(/must be after checkin/);
    const tooLong = rejection(() => validateStay('2026-12-01', '2027-01-01', '2026-11-21'));
    expect([tooLong.status, tooLong.message]).toEqual([400, 'The stay is 31 nights; at most 30 nights are allowed']);
  });
});
