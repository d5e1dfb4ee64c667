/** hotel.php (spec 4.2, 2.5) in-process, with response validation on. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/testServer.js';
import { en } from '../../domain/i18n/catalogues/en.js';
import type { components } from '../../../contract/generated/openapi.js';

type HotelRoom = components['schemas']['HotelRoom'];
type HotelRate = components['schemas']['HotelRate'];
type HotelResponse = components['schemas']['HotelResponse'];

const key = { apikey: 'demo-key-1' };
const dates = { checkin: '2026-12-15', checkout: '2026-12-18' };
const RATE_ORDER = ['nomeal:false', 'nomeal:true', 'breakfast:false', 'breakfast:true'];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { rateLimits: { perMinute: 10_000, perDay: 100_000 } } });
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await server.resetAll();
});

const details = async (body: Record<string, unknown>, status = 200) => {
  const response = await server.post('/hotel.php', { ...key, ...body });
  expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(status);
  return response.body;
};

describe('hotel.php', () => {
  it('returns the cached search rates with source search_cache, including the search rate', async () => {
    const search = (await server.post('/search.php', { ...key, ...dates, location: 'Amsterdam', currency: 'GBP' })).body;
    for (const hotel of search.hotels.slice(0, 5)) {
      server.clock.advance(600); // rates stay those of the search, even as time passes
      const result = await details({ id: hotel.id, search_id: search.search_id, checkin: '2027-01-01', checkout: '2027-01-02' });
      expect(result.availability).toEqual({ source: 'search_cache', ...dates, nights: 3, currency: 'GBP' });
      const rates = result.rooms.flatMap((room: HotelRoom) => room.rates);
      const same = rates.find((rate: HotelRate) => rate.service_hash === hotel.rate.service_hash);
      expect(same, hotel.rate.service_hash).toBeDefined();
      expect({ ...same.pricing, average_per_night: undefined }).toEqual({ ...hotel.rate.pricing, average_per_night: undefined });
      expect(same.cancellation).toEqual(hotel.rate.cancellation);
    }
  });

  it('lists up to 4 rates per room in the 2.5.2 order without duplicate combinations', async () => {
    const result = await details({ id: 1, ...dates });
    expect(result.rooms.length).toBeGreaterThan(0);
    for (const room of result.rooms) {
      const combinations = room.rates.map((rate: HotelRate) => `${rate.meal}:${rate.refundable}`);
      expect(combinations.length).toBeLessThanOrEqual(4);
      expect(new Set(combinations).size).toBe(combinations.length);
      const positions = combinations.map((combination: string) => RATE_ORDER.indexOf(combination));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      for (const rate of room.rates) {
        expect(rate.refundable).toBe(rate.cancellation.free_cancellation_before !== null);
        expect(rate.pricing.price_per_night).toHaveLength(3);
        expect(rate.pricing.average_per_night).toMatch(/^\d+\.\d{2}$/);
      }
    }
  });

  it('does a live lookup with persons, currency and residency, cached for 30 minutes', async () => {
    const live = await details({ id: 2, ...dates, persons: 1, currency: 'USD', residency: 'DE' });
    expect(live.availability).toMatchObject({ source: 'live', ...dates, nights: 3, currency: 'USD' });
    expect(live.rooms[0].rates[0].service_hash).toMatch(/^2-[A-Z0-9]+-[1-4]-20261215-20261218-1$/);
    const startsAt = (body: HotelResponse) => body.rooms!.flatMap((room: HotelRoom) => room.rates).map((rate: HotelRate) => rate.cancellation.policies[0]!.starts_at);
    server.clock.advance(29 * 60);
    expect(startsAt(await details({ id: 2, ...dates, persons: 1, currency: 'USD', residency: 'de' }))).toEqual(startsAt(live));
    server.clock.advance(60);
    expect(startsAt(await details({ id: 2, ...dates, persons: 1, currency: 'USD', residency: 'de' }))).not.toEqual(startsAt(live));
  });

  it('answers 400 without search_id or dates, with half the dates, and for an expired search_id', async () => {
    expect((await details({ id: 1 }, 400)).error).toBe('Give search_id, or checkin and checkout');
    expect((await details({ id: 1, checkin: dates.checkin }, 400)).error).toBe('checkin and checkout must be given together');
    expect((await details({ ...dates }, 400)).error).toMatch(/required property 'id'/);
    expect((await details({ id: 'abc', ...dates }, 400)).error).toMatch(/id must be integer/);
    expect((await details({ id: 1, search_id: 'nope' }, 400)).error).toBe("search_id 'nope' is unknown or has expired; search again");
    const search = (await server.post('/search.php', { ...key, ...dates, location: 'Paris' })).body;
    server.clock.advance(3600);
    expect((await details({ id: search.hotels[0].id, search_id: search.search_id }, 400)).error).toMatch(/expired/);
    expect((await details({ id: 1, checkin: '2026-11-01', checkout: '2026-11-03' }, 400)).error).toMatch(/in the past/);
    expect((await details({ id: 1, checkin: '2026-12-01', checkout: '2027-01-01' }, 400)).error).toMatch(/31 nights/);
    expect((await details({ id: 1, ...dates, persons: 6 }, 400)).error).toMatch(/persons must be <= 5/);
  });

  it('answers 404 for an unknown hotel id', async () => {
    expect((await details({ id: 999_999_999, ...dates }, 404)).error).toBe('Hotel 999999999 not found');
    // Contract 1.0.0 set no maximum: any id JSON carries exactly (I-JSON, up to 2^53-1) is looked up; above it 400.
    expect((await details({ id: 2_147_483_648, ...dates }, 404)).error).toBe('Hotel 2147483648 not found');
    expect((await details({ id: Number.MAX_SAFE_INTEGER, ...dates }, 404)).error).toBe(`Hotel ${Number.MAX_SAFE_INTEGER} not found`);
    expect((await details({ id: 2 ** 53, ...dates }, 400)).error).toBe('request/body/id must be <= 9007199254740991');
    expect((await details({ id: 1e20, ...dates }, 400)).error).toBe('request/body/id must be <= 9007199254740991');
  });

  it('gives the no-rooms shape for a hotel without rooms and for a closed hotel', async () => {
    for (const id of [900003, 900002]) {
      const result = await details({ id, ...dates });
      expect(result.rooms).toEqual([]);
      expect(result.availability).toEqual({ source: 'live', ...dates, nights: 3, currency: 'EUR', message: en.noRooms });
    }
    expect((await details({ id: 900002, ...dates })).is_closed).toBe(true);
  });

  it('gives null detail fields for a hotel without detailed data, and language en by default', async () => {
    const bare = await details({ id: 900001, ...dates });
    for (const field of ['hotel_chain', 'times', 'property', 'descriptions', 'images', 'amenities', 'quick_features', 'policies', 'important_notes']) {
      expect(bare[field], field).toBeNull();
    }
    expect(bare.location.city).toBeTruthy();
    const english = await details({ id: 1, ...dates });
    const dutch = await details({ id: 1, ...dates, language: 'nl' });
    expect(english.descriptions).not.toEqual(dutch.descriptions);
    expect(await details({ id: 1, ...dates, language: 'EN' })).toEqual(english);
    expect(english.images[0].url).toMatch(new RegExp(`^${server.baseUrl}/images/hotels/1/`));
    const image = await server.request(new URL(english.images[0].url).pathname);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
  });

  it('reproduces the price and tax scenario hotels through the public API', async () => {
    const taxes = (await details({ id: 900004, ...dates })).rooms[0].rates[0].pricing;
    expect(taxes.taxes.length).toBeGreaterThan(0);
    expect(taxes.vat).toMatchObject({ currency: 'EUR' });
    const thirdCurrency = (await details({ id: 900005, ...dates })).rooms[0].rates[0].pricing;
    expect(thirdCurrency.taxes[0].currency).toBe('USD');
    expect((await details({ id: 900006, ...dates, residency: 'us' })).rooms).toEqual([]);
    expect((await details({ id: 900006, ...dates, residency: 'nl' })).rooms.length).toBeGreaterThan(0);
    const price = async (residency: string) =>
      Number((await details({ id: 900007, ...dates, residency })).rooms[0].rates[0].pricing.total_price);
    expect(await price('gb')).toBeCloseTo(2 * (await price('nl')), 1);
  });
});
