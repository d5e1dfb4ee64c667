/**
 * "Check-in today or later" on the local date: of the hotel (hotel details, booking start) and
 * of the search point (search by coordinates). At 2026-11-21T19:00Z it is still the 21st in
 * Amsterdam, New York and Honolulu, but already the 22nd in Tokyo, India (UTC+5:30, since 18:30Z)
 * and Kiritimati (UTC+14).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../clock.js';
import type { Hotel } from '../../domain/hotel.js';
import { timeZoneAt } from '../../domain/localTime.js';
import { buildServiceHash, roomTypesOf } from '../../domain/rates/index.js';
import { makeHotel } from '../../testing/rateHotels.js';
import { KEY_ANNA, startTestServer, type TestServer } from '../../testing/bookingServer.js';
import { loadScenarioHotels, World } from '../../domain/world/world.js';

const PLACES: ReadonlyArray<{ name: string; latitude: number; longitude: number; zone: string; localDate: string }> = [
  { name: 'Amsterdam', latitude: 52.3702, longitude: 4.8852, zone: 'Europe/Amsterdam', localDate: '2026-11-21' },
  { name: 'New York', latitude: 40.758, longitude: -73.9855, zone: 'America/New_York', localDate: '2026-11-21' },
  { name: 'Honolulu', latitude: 21.3069, longitude: -157.8583, zone: 'Pacific/Honolulu', localDate: '2026-11-21' },
  { name: 'Tokyo', latitude: 35.6812, longitude: 139.7671, zone: 'Asia/Tokyo', localDate: '2026-11-22' },
  { name: 'Mumbai', latitude: 19.076, longitude: 72.8777, zone: 'Asia/Kolkata', localDate: '2026-11-22' },
  { name: 'Kiritimati', latitude: 1.8721, longitude: -157.4278, zone: 'Pacific/Kiritimati', localDate: '2026-11-22' },
];
const FIRST_ID = 910_001;
const CHECKIN = '2026-11-21';
const CHECKOUT = '2026-11-23';

let server: TestServer;
let world: World;

beforeAll(async () => {
  const zoneHotels: Hotel[] = PLACES.map((place, index) =>
    makeHotel({
      id: FIRST_ID + index, name: `Zone test hotel ${place.name}`, city: place.name,
      latitude: place.latitude, longitude: place.longitude, timeZone: timeZoneAt(place.latitude, place.longitude),
    }));
  world = World.create({ hotelCount: 500, scenarioHotels: [...loadScenarioHotels(), ...zoneHotels] });
  server = await startTestServer({ clock: new FakeClock('2026-11-21T19:00:00Z'), world });
});
afterAll(() => server.close());

describe.each(PLACES.map((place, index) => ({ ...place, id: FIRST_ID + index })))('checkin $localDate-local in $name', (place) => {
  const accepted = place.localDate === CHECKIN;

  it(`the hotel record knows its zone (${place.zone})`, () => {
    expect(world.hotel(place.id)?.timeZone).toBe(place.zone);
  });

  it(`hotel details ${accepted ? 'accept' : 'refuse'} check-in on ${CHECKIN}`, async () => {
    const response = await server.post('/hotel.php', { apikey: KEY_ANNA, id: place.id, checkin: CHECKIN, checkout: CHECKOUT });
    if (accepted) expect(response.status).toBe(200);
    else expect(response).toMatchObject({ status: 400, body: { error: `checkin ${CHECKIN} is in the past; it must be ${place.localDate} or later` } });
  });

  it(`booking start ${accepted ? 'accepts' : 'refuses'} check-in on ${CHECKIN}`, async () => {
    const room = roomTypesOf(world.hotel(place.id)!).find((type) => type.maxPersons >= 2)!;
    const serviceHash = buildServiceHash(place.id, room.code, 1, '20261121', '20261123', 2);
    const response = await server.post('/booking.php', { apikey: KEY_ANNA, service_hash: serviceHash });
    if (accepted) expect([response.status, response.body]).not.toMatchObject([400, {}]);
    else expect(String(response.body.error)).toContain(`checkin ${CHECKIN} is in the past`);
  });

  it(`search by coordinates ${accepted ? 'accepts' : 'refuses'} check-in on ${CHECKIN} (the search point's date)`, async () => {
    const response = await server.post('/search.php', {
      apikey: KEY_ANNA, latitude: place.latitude, longitude: place.longitude, checkin: CHECKIN, checkout: CHECKOUT, radius: 100,
    });
    expect(response.status).toBe(accepted ? 200 : 400);
  });
});
