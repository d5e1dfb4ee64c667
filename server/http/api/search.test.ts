/** search.php (spec 4.1, 2.1–2.4, 2.6–2.8) in-process, with response validation on. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/testServer.js';
import { distanceM } from '../../domain/world/geo.js';
import type { components } from '../../../contract/generated/openapi.js';

type SearchHotel = components['schemas']['SearchHotel'];

const base = { apikey: 'demo-key-1', checkin: '2026-12-15', checkout: '2026-12-18' };
const inAmsterdam = { ...base, location: 'Amsterdam' };

let server: TestServer;
beforeAll(async () => {
  // Limits high enough that this file tests search rules, not the limiter (pipeline.test.ts does).
  server = await startTestServer({ config: { rateLimits: { perMinute: 10_000, perDay: 100_000 } } });
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await server.resetAll();
});

const searchOk = async (body: Record<string, unknown>) => {
  const response = await server.post('/search.php', body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};
const searchError = async (body: Record<string, unknown>, message: RegExp) => {
  const response = await server.post('/search.php', body);
  expect(response.status, JSON.stringify(body)).toBe(400);
  expect(response.body.error).toMatch(message);
};

describe('search.php request rules', () => {
  it('echoes the defaults nl, nl, EUR, 5000, 2 in search', async () => {
    const result = await searchOk(inAmsterdam);
    expect(result.search).toMatchObject({
      checkin: '2026-12-15', checkout: '2026-12-18', nights: 3, language: 'nl', residency: 'nl', currency: 'EUR',
      radius_m: 5000, persons: 2,
    });
    expect(result.search.latitude).toBeCloseTo(52.374, 2);
  });

  it('rejects dates in the past, checkout not after checkin and more than 30 nights; accepts today and 30 nights', async () => {
    await searchError({ ...inAmsterdam, checkin: '2026-11-20' }, /in the past/);
    await searchError({ ...inAmsterdam, checkout: '2026-12-15' }, /must be after checkin/);
    await searchError({ ...inAmsterdam, checkout: '2026-12-14' }, /must be after checkin/);
    await searchError({ ...inAmsterdam, checkout: '2027-01-15' }, /31 nights; at most 30/);
    await searchOk({ ...inAmsterdam, checkin: '2026-11-21', checkout: '2026-11-22' });
    expect((await searchOk({ ...inAmsterdam, checkout: '2027-01-14' })).search.nights).toBe(30);
  });

  it('rejects malformed and missing dates naming the field', async () => {
    await searchError({ ...inAmsterdam, checkin: '15-12-2026' }, /checkin.*format "date"/);
    await searchError({ ...inAmsterdam, checkin: '2026-02-30' }, /checkin.*format "date"/);
    await searchError({ apikey: 'demo-key-1', checkout: '2026-12-18', location: 'Paris' }, /required property 'checkin'/);
  });

  it('needs location or both coordinates, and geocodes free text', async () => {
    await searchError(base, /location is required unless latitude and longitude/);
    await searchError({ ...base, latitude: 52.37 }, /latitude and longitude must be given together/);
    await searchError({ ...base, longitude: 4.89 }, /latitude and longitude must be given together/);
    await searchError({ ...base, location: 'Xyzzyqwv Nowhere' }, /^Unknown location 'Xyzzyqwv Nowhere'$/);
    await searchError({ ...base, location: 'Pari' }, /^Unknown location 'Pari'\. Did you mean: Paris(, [^,?]+){0,2}\?$/);
    await searchError({ ...base, location: '' }, /location/);
    const byCoordinates = await searchOk({ ...base, latitude: 48.8584, longitude: 2.2945, location: 'Amsterdam' });
    expect(byCoordinates.search.latitude).toBe(48.8584);
    for (const location of ['paris, france', 'Eiffel Tower', 'JFK', 'Schiphol', 'amsterdam']) {
      expect((await searchOk({ ...base, location, radius: 10000 })).search.latitude).toEqual(expect.any(Number));
    }
  });

  it('geocodes the addresses, squares and neighbourhoods partners type (issue 12)', async () => {
    const typed = ['Damrak 1, Amsterdam', 'Prinsengracht 263, Amsterdam', '10 Downing Street, London', 'Dam 1, 1012 JS Amsterdam',
      'Leidseplein', 'Jordaan', 'Alexanderplatz, Berlin', 'Keizersgracht 312, Amsterdam'];
    for (const location of typed) expect((await searchOk({ ...base, location, radius: 10000 })).search.latitude).toEqual(expect.any(Number));
    const keizersgracht = (await searchOk({ ...base, location: 'Keizersgracht 312, Amsterdam' })).search;
    expect(distanceM(keizersgracht.latitude, keizersgracht.longitude, 52.369, 4.887)).toBeLessThan(3000);
    await searchError({ ...base, location: 'Narnia, Paris' }, /Unknown location 'Narnia, Paris'/);
    await searchError({ ...base, location: `Keizersgracht 312, Amsterdam ${'x'.repeat(200)}` }, /location/);
  });

  it('names what location resolved to in search.location_resolved, and nothing for coordinates', async () => {
    const cases: Array<[location: string, kind: string, name: RegExp]> = [
      ['Amsterdam', 'city', /^Amsterdam, Netherlands$/], ['Москва', 'city', /^Moscow, /], ['東京', 'city', /^Tokyo, /],
      ['Schiphol', 'airport', /\(AMS\)$/], ['London airport', 'airport', /\(LHR\)$/], ['Berlin Hbf', 'station', /Berlin/],
      ['Eiffel Tower', 'landmark', /Eiffel/], ['Leidseplein', 'place', /Leidseplein/], ['10001', 'postcode', /New York/],
      ['Amsterdm', 'city', /^Amsterdam, /],
    ];
    for (const [location, kind, name] of cases) {
      const { search } = await searchOk({ ...base, location, radius: 10000 });
      expect(search.location_resolved, location).toEqual({ name: expect.stringMatching(name), kind, latitude: search.latitude, longitude: search.longitude });
    }
    const byCoordinates = await searchOk({ ...base, latitude: 52.37, longitude: 4.89, location: 'Amsterdam' });
    expect(byCoordinates.search).not.toHaveProperty('location_resolved');
  });

  it('enforces radius 1–10000 and persons 1–5 with the bounds accepted', async () => {
    await searchError({ ...inAmsterdam, radius: 0 }, /radius must be >= 1/);
    await searchError({ ...inAmsterdam, radius: 10001 }, /radius must be <= 10000/);
    await searchError({ ...inAmsterdam, radius: 2.5 }, /radius must be integer/);
    await searchError({ ...inAmsterdam, persons: 0 }, /persons must be >= 1/);
    await searchError({ ...inAmsterdam, persons: 6 }, /persons must be <= 5/);
    for (const radius of [1, 10000]) await searchOk({ ...inAmsterdam, radius });
    for (const persons of [1, 5]) expect((await searchOk({ ...inAmsterdam, persons })).search.persons).toBe(persons);
  });

  it('validates filter items, currency, codes and unknown fields', async () => {
    await searchError({ ...inAmsterdam, star_rating: [6] }, /star_rating\/0 must be <= 5/);
    await searchError({ ...inAmsterdam, kind: ['Motel'] }, /kind\/0 must be equal to one of the allowed values/);
    await searchError({ ...inAmsterdam, meal_type: ['allinclusive'] }, /meal_type\/0 must be equal to one of the allowed values/);
    await searchError({ ...inAmsterdam, currency: 'XXX' }, /^Unsupported currency 'XXX'; supported: AED, .*, ZAR$/);
    await searchError({ ...inAmsterdam, currency: 'xxx' }, /^Unsupported currency 'xxx'; supported: AED, /);
    await searchError({ ...inAmsterdam, currency: 'EURO' }, /^request\/body\/currency must NOT have more than 3 characters$/);
    await searchError({ ...inAmsterdam, currency: 'E1R' }, /^request\/body\/currency must match pattern "\^\[A-Za-z\]\{3\}\$"$/);
    await searchError({ ...inAmsterdam, price_to: 1e20 }, /^request\/body\/price_to must be <= 9007199254740991$/);
    await searchError({ ...inAmsterdam, price_from: 2 ** 53 }, /price_from must be <= 9007199254740991/);
    // Contract 1.0.0 set no maximum: a v1 client's "no upper bound" of 10^12 and more is still a search.
    await searchOk({ ...inAmsterdam, price_to: Number.MAX_SAFE_INTEGER });
    await searchError({ ...inAmsterdam, residency: 'NLD' }, /residency must NOT have more than 2 characters/);
    await searchError({ ...inAmsterdam, residency: 'N1' }, /residency must match pattern/);
    await searchError({ ...inAmsterdam, price_from: 500, price_to: 100 }, /price_from \(500\) must not be greater than price_to \(100\)/);
    await searchError({ ...inAmsterdam, radious: 100 }, /radious must NOT have additional properties/);
    await searchError({ ...inAmsterdam, include_amenities: 'yes' }, /include_amenities must be boolean/);
  });
});

describe('search.php response rules', () => {
  it('returns at most 15 hotels within the radius, nearest first, total_hotels = count', async () => {
    const result = await searchOk({ ...inAmsterdam, radius: 10000 });
    expect(result.hotels).toHaveLength(15);
    expect(result.total_hotels).toBe(15);
    const distances = result.hotels.map((hotel: SearchHotel) =>
      distanceM(result.search.latitude, result.search.longitude, hotel.latitude, hotel.longitude),
    );
    expect(Math.max(...distances)).toBeLessThanOrEqual(10000);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const small = await searchOk({ ...inAmsterdam, radius: 1, location: 'Sandbox Scenario Park' });
    expect(small.total_hotels).toBe(small.hotels.length);
  });

  it('gives each hotel one cheapest rate with a service_hash matching hotel, dates and persons', async () => {
    const result = await searchOk({ ...inAmsterdam, persons: 3 });
    for (const hotel of result.hotels) {
      const match = /^(\d+)-([A-Z0-9]+)-([1-4])-(\d{8})-(\d{8})-(\d)$/.exec(hotel.rate.service_hash);
      expect(match, hotel.rate.service_hash).not.toBeNull();
      const [, id, , rateType, checkin, checkout, persons] = match as RegExpExecArray;
      expect([Number(id), checkin, checkout, Number(persons)]).toEqual([hotel.id, '20261215', '20261218', 3]);
      const refundable = hotel.rate.cancellation.free_cancellation_before !== null;
      const breakfast = hotel.rate.meal === 'breakfast';
      expect(Number(rateType)).toBe((refundable ? 3 : 1) + (breakfast ? 1 : 0));
      const nights = hotel.rate.pricing.price_per_night as string[];
      expect(nights).toHaveLength(3);
      const sumCents = nights.reduce((sum, price) => sum + Math.round(Number(price) * 100), 0);
      expect(sumCents).toBe(Math.round(Number(hotel.rate.pricing.total_price) * 100));
      expect(hotel.rate.pricing.average_per_night).toBeUndefined();
    }
  });

  it('honours star_rating, kind, meal_type and price filters', async () => {
    const stars = await searchOk({ ...inAmsterdam, star_rating: [5] });
    expect(stars.hotels.length).toBeGreaterThan(0);
    expect(stars.hotels.every((hotel: SearchHotel) => hotel.star_rating === 5)).toBe(true);
    const kinds = await searchOk({ ...inAmsterdam, kind: ['Hostel', 'BNB'], radius: 10000 });
    expect(kinds.hotels.length).toBeGreaterThan(0);
    expect(kinds.hotels.every((hotel: SearchHotel) => ['Hostel', 'BNB'].includes(hotel.kind))).toBe(true);
    const breakfast = await searchOk({ ...inAmsterdam, meal_type: ['breakfast'] });
    expect(breakfast.hotels.every((hotel: SearchHotel) => hotel.rate.meal === 'breakfast')).toBe(true);
    const priced = await searchOk({ ...inAmsterdam, price_from: 300, price_to: 450, radius: 10000 });
    expect(priced.hotels.length).toBeGreaterThan(0);
    for (const hotel of priced.hotels) {
      expect(Number(hotel.rate.pricing.total_price)).toBeGreaterThanOrEqual(300);
      expect(Number(hotel.rate.pricing.total_price)).toBeLessThanOrEqual(450);
    }
  });

  it('adds short_description only when asked and omits amenities when told', async () => {
    const plain = await searchOk(inAmsterdam);
    expect(plain.hotels.every((hotel: SearchHotel) => !('short_description' in hotel) && 'amenities' in hotel)).toBe(true);
    const described = await searchOk({ ...inAmsterdam, include_description: true, include_amenities: false, language: 'en' });
    expect(described.hotels.every((hotel: SearchHotel) => 'short_description' in hotel && !('amenities' in hotel))).toBe(true);
    const dutch = await searchOk({ ...inAmsterdam, include_description: true, language: 'nl' });
    expect(dutch.hotels[0].short_description).not.toBe(described.hotels[0].short_description);
  });

  it('converts to the display currency with the EUR charge alongside', async () => {
    const usd = await searchOk({ ...inAmsterdam, currency: 'USD' });
    expect(usd.search.currency).toBe('USD');
    for (const hotel of usd.hotels) {
      expect(hotel.rate.pricing.currency).toBe('USD');
      expect(hotel.rate.pricing.charge_currency).toBe('EUR');
      expect(hotel.rate.pricing.charge_amount).toMatch(/^\d+\.\d{2}$/);
    }
    const eur = await searchOk(inAmsterdam);
    expect(eur.hotels[0].rate.pricing.charge_amount).toBeNull();
  });

  it('takes currency codes in any case, as contract 1.0.0 did, and echoes them upper case', async () => {
    const upper = await searchOk({ ...inAmsterdam, currency: 'USD' });
    for (const spelling of ['usd', 'Usd']) {
      const answer = await searchOk({ ...inAmsterdam, currency: spelling });
      expect(answer.search.currency).toBe('USD');
      expect(answer.hotels[0].rate.pricing.total_price).toBe(upper.hotels[0].rate.pricing.total_price);
    }
  });

  it('serves an identical search of the same account from the cache with the same search_id for one hour', async () => {
    const first = await searchOk(inAmsterdam);
    server.clock.advance(3599);
    const again = await searchOk({ ...inAmsterdam, currency: 'EUR', residency: 'NL' });
    expect(again).toEqual(first);
    // Another account's identical search is its own, with a search_id valid for its full hour.
    const other = await searchOk({ ...inAmsterdam, apikey: 'demo-key-2' });
    expect(other.search_id).not.toBe(first.search_id);
    expect(other.hotels.map((hotel: SearchHotel) => hotel.id)).toEqual(first.hotels.map((hotel: SearchHotel) => hotel.id));
    server.clock.advance(1);
    expect((await searchOk({ ...inAmsterdam, apikey: 'demo-key-2' })).search_id).toBe(other.search_id);
    const fresh = await searchOk(inAmsterdam);
    expect(fresh.search_id).not.toBe(first.search_id);
    const different = await searchOk({ ...inAmsterdam, persons: 1 });
    expect(different.search_id).not.toBe(fresh.search_id);
  });

  it('never returns closed hotels or hotels without a rate', async () => {
    const result = await searchOk({ ...base, location: 'Sandbox Scenario Park', radius: 1000 });
    const ids = result.hotels.map((hotel: SearchHotel) => hotel.id);
    expect(ids).not.toContain(900002); // closed
    expect(ids).not.toContain(900003); // no rooms
    expect(ids).toContain(900004);
    const usResidents = await searchOk({ ...base, location: 'Sandbox Scenario Park', radius: 1000, residency: 'US' });
    expect(usResidents.hotels.map((hotel: SearchHotel) => hotel.id)).not.toContain(900006);
  });
});
