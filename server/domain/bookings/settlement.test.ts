import { describe, expect, it } from 'vitest';
import { addWorkingDays, isWorkingDay, paidAt, refundSettlesAt } from './settlement.js';

const at = (iso: string) => new Date(iso);

describe('refund settlement (two working days, Monday to Friday, UTC)', () => {
  it('knows working days', () => {
    expect(isWorkingDay(at('2026-11-20T12:00:00Z'))).toBe(true); // Friday
    expect(isWorkingDay(at('2026-11-21T12:00:00Z'))).toBe(false); // Saturday
    expect(isWorkingDay(at('2026-11-22T12:00:00Z'))).toBe(false); // Sunday
    expect(isWorkingDay(at('2026-11-23T00:00:00Z'))).toBe(true); // Monday
  });

  it.each([
    ['Monday', '2026-11-16T09:30:00Z', '2026-11-18T09:30:00.000Z'],
    ['Wednesday', '2026-11-18T23:59:59Z', '2026-11-20T23:59:59.000Z'],
    ['Thursday (over the weekend)', '2026-11-19T10:00:00Z', '2026-11-23T10:00:00.000Z'],
    ['Friday', '2026-11-20T15:00:00Z', '2026-11-24T15:00:00.000Z'],
    ['Saturday', '2026-11-21T10:00:00Z', '2026-11-24T10:00:00.000Z'],
    ['Sunday', '2026-11-22T10:00:00Z', '2026-11-24T10:00:00.000Z'],
  ])('a cancel on %s settles on the second working day after it', (_day, cancelled, settles) => {
    expect(refundSettlesAt(at(cancelled)).toISOString()).toBe(settles);
  });

  it('counts any number of working days', () => {
    expect(addWorkingDays(at('2026-11-20T08:00:00Z'), 0).toISOString()).toBe('2026-11-20T08:00:00.000Z');
    expect(addWorkingDays(at('2026-11-20T08:00:00Z'), 1).toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(addWorkingDays(at('2026-11-20T08:00:00Z'), 5).toISOString()).toBe('2026-11-27T08:00:00.000Z');
    expect(addWorkingDays(at('2026-11-20T08:00:00Z'), 10).toISOString()).toBe('2026-12-04T08:00:00.000Z');
  });

  it('turns paid yes into refunded once the settlement instant has passed', () => {
    const settles = '2026-11-23T10:00:00.000Z';
    expect(paidAt('yes', settles, at('2026-11-23T09:59:59Z'))).toBe('yes');
    expect(paidAt('yes', settles, at('2026-11-23T10:00:00Z'))).toBe('refunded');
    expect(paidAt('yes', null, at('2030-01-01T00:00:00Z'))).toBe('yes');
    expect(paidAt('no', settles, at('2030-01-01T00:00:00Z'))).toBe('no');
    expect(paidAt('refunded', null, at('2026-01-01T00:00:00Z'))).toBe('refunded');
  });
});
