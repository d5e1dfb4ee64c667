import { describe, expect, it } from 'vitest';
import { centsOf, increasePrices, type PriceSnapshot } from './priceChange.js';

describe('price increase at booking', () => {
  it('reads money text as cents', () => {
    expect(centsOf('412.50')).toBe(41250);
    expect(centsOf('0.05')).toBe(5);
    expect(centsOf('7')).toBe(700);
    expect(() => centsOf('-1.00')).toThrow(RangeError);
  });

  it('raises every amount of a refundable EUR rate and keeps them consistent', () => {
    const quoted: PriceSnapshot = {
      currency: 'EUR',
      totalPrice: '300.00',
      pricePerNight: ['100.00', '110.00', '90.00'],
      chargeAmount: '300.00',
      chargeCurrency: 'EUR',
      policies: [{ starts_at: '2026-12-12T23:59:00', ends_at: '2026-12-18T12:00:00', penalty_amount: '100.00', penalty_charge: '100.00' }],
    };
    const booked = increasePrices(quoted, 10);
    expect(booked.pricePerNight).toEqual(['110.00', '121.00', '99.00']);
    expect(booked.totalPrice).toBe('330.00');
    expect(booked.chargeAmount).toBe('330.00');
    expect(booked.policies[0]).toMatchObject({ penalty_amount: '110.00', penalty_charge: '110.00' });
  });

  it('keeps a non-refundable penalty equal to the new total, in display and charge currency', () => {
    const quoted: PriceSnapshot = {
      currency: 'USD',
      totalPrice: '216.65',
      pricePerNight: ['108.33', '108.32'],
      chargeAmount: '200.00',
      chargeCurrency: 'EUR',
      policies: [{ starts_at: '2026-11-19T10:00:00', ends_at: '2026-12-18T12:00:00', penalty_amount: '216.65', penalty_charge: '200.00' }],
    };
    const booked = increasePrices(quoted, 10);
    const sum = booked.pricePerNight.reduce((total, amount) => total + centsOf(amount), 0);
    expect(centsOf(booked.totalPrice)).toBe(sum);
    expect(booked.chargeAmount).toBe('220.00');
    expect(booked.policies[0]).toMatchObject({ penalty_amount: booked.totalPrice, penalty_charge: '220.00' });
  });

  it('rounds whole-unit currencies to whole units', () => {
    const quoted: PriceSnapshot = {
      currency: 'JPY',
      totalPrice: '30001',
      pricePerNight: ['15001', '15000'],
      chargeAmount: '185.00',
      chargeCurrency: 'EUR',
      policies: [],
    };
    const booked = increasePrices(quoted, 10);
    // ISO 4217: the yen has no minor unit, so no decimals at all.
    for (const amount of booked.pricePerNight) expect(amount).toMatch(/^[0-9]+$/);
    expect(booked.totalPrice).toMatch(/^[0-9]+$/);
    expect(booked.chargeAmount).toMatch(/^[0-9]+\.[0-9]{2}$/);
    expect(booked.totalPrice).toBe('33001');
  });
});
