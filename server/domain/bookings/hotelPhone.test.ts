import { describe, expect, it } from 'vitest';
import type { Hotel } from '../hotel.js';
import { hotelPhone } from './hotelPhone.js';

const hotel = (overrides: Partial<Hotel>): Hotel => ({
  id: 4127, name: 'Canal Garden Hotel', address: 'Keizersgracht 312', postalCode: '1016 EZ', city: 'Amsterdam',
  countryCode: 'NL', localCurrency: 'EUR', latitude: 52.37, longitude: 4.88, starRating: 4, kind: 'Hotel',
  isClosed: false, hasDetails: true, distanceToCenterM: 800, cityPriceLevel: 1.3, timeZone: 'Europe/Amsterdam', scenario: [], ...overrides,
});

describe('hotel phone', () => {
  it('is a plausible, stable number with the country calling code', () => {
    const phone = hotelPhone(hotel({}));
    expect(phone).toMatch(/^\+31 [1-9][0-9] 555 4127$/);
    expect(hotelPhone(hotel({}))).toBe(phone);
    expect(hotelPhone(hotel({ countryCode: 'GB', id: 7 }))).toMatch(/^\+44 [1-9][0-9] 555 0007$/);
    expect(hotelPhone(hotel({ countryCode: 'US' }))).toMatch(/^\+1 /);
  });

  it('is null for a hotel without local details', () => {
    expect(hotelPhone(hotel({ hasDetails: false }))).toBeNull();
  });
});
