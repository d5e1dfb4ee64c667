import { getCountryCallingCode, isValidPhoneNumber, parsePhoneNumberWithError, type CountryCode } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import type { Hotel } from '../hotel.js';
import { defaultWorld } from '../world/world.js';
import { hotelPhone, hotelPhoneE164 } from './hotelPhone.js';

const hotel = (overrides: Partial<Hotel>): Hotel => ({
  id: 4127, name: 'Canal Garden Hotel', address: 'Keizersgracht 312', postalCode: '1016 EZ', city: 'Amsterdam',
  countryCode: 'NL', localCurrency: 'EUR', latitude: 52.37, longitude: 4.88, starRating: 4, kind: 'Hotel',
  isClosed: false, hasDetails: true, distanceToCenterM: 800, cityPriceLevel: 1.3, timeZone: 'Europe/Amsterdam', scenario: [], ...overrides,
});

describe('hotel phone', () => {
  it('is a stable E.164 number of the country, and the same number in international format', () => {
    const phone = hotelPhoneE164(hotel({}));
    expect(phone).toMatch(/^\+31[0-9]{9}$/);
    expect(hotelPhoneE164(hotel({}))).toBe(phone);
    expect(isValidPhoneNumber(phone!, 'NL')).toBe(true);
    expect(hotelPhone(hotel({}))!.replaceAll(' ', '')).toBe(phone);
    expect(hotelPhoneE164(hotel({ countryCode: 'GB', id: 7 }))).toMatch(/^\+44/);
    expect(hotelPhoneE164(hotel({ countryCode: 'US' }))).toMatch(/^\+1[2-9]/);
  });

  it('differs between hotels of a country', () => {
    const phones = new Set(Array.from({ length: 50 }, (_, index) => hotelPhoneE164(hotel({ id: index + 1 }))));
    expect(phones.size).toBeGreaterThan(40);
  });

  it('is null for a hotel without local details', () => {
    expect(hotelPhone(hotel({ hasDetails: false }))).toBeNull();
    expect(hotelPhoneE164(hotel({ hasDetails: false }))).toBeNull();
  });

  it('is valid for the country (libphonenumber, full metadata) for hotels of every country of the world generator', () => {
    const byCountry = new Map<string, Hotel[]>();
    for (const each of defaultWorld().allHotels()) {
      const list = byCountry.get(each.countryCode) ?? [];
      if (list.length < 20) byCountry.set(each.countryCode, [...list, each]);
    }
    expect(byCountry.size).toBeGreaterThan(100);
    const invalid: string[] = [];
    for (const [country, hotels] of byCountry) {
      for (const each of hotels) {
        const phone = hotelPhoneE164({ ...each, hasDetails: true });
        const callingCode = `+${getCountryCallingCode(country as CountryCode)}`;
        // The digits after the country's calling code must be a valid national number of that very country.
        const national = phone?.startsWith(callingCode) ? phone.slice(callingCode.length) : undefined;
        if (!phone || !/^\+[1-9][0-9]{6,14}$/.test(phone) || !national || !parsePhoneNumberWithError(national, country as CountryCode).isValid()) {
          invalid.push(`${each.id} ${country} ${phone}`);
        }
      }
    }
    expect(invalid).toEqual([]);
  });
});
