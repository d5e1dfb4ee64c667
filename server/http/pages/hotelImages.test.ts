/** Image URLs end in .jpg and serve real 1024x768 JPEGs (section 2.5). */
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_ANNA, dayAfter, startTestServer, type TestServer } from '../../testing/bookingServer.js';
import type { HotelResponse, SearchResponse } from '../../contract.js';
import { readFileSync } from 'node:fs';
import { IMAGE_CATEGORIES, IMAGE_VARIANTS, imageFile } from './hotelImages.js';
import { PLACEHOLDER_IMAGE_PATH } from '../../domain/world/details.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function image(url: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const response = await fetch(url.startsWith('http') ? url : `${server.url}${url}`);
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

function expectJpeg1024x768(found: { status: number; type: string | null; bytes: Buffer }): void {
  expect(found.status).toBe(200);
  expect(found.type).toBe('image/jpeg');
  const decoded = jpeg.decode(found.bytes, { useTArray: true });
  expect([decoded.width, decoded.height]).toEqual([1024, 768]);
}

describe('hotel images', () => {
  it('every image of a hotel and the search image: a .jpg URL serving a 1024x768 JPEG', async () => {
    const stay = { checkin: dayAfter(server.clock, 20), checkout: dayAfter(server.clock, 22) };
    const search = await server.post('/search.php', { apikey: KEY_ANNA, location: 'Amsterdam', ...stay });
    const hotel = (search.body as unknown as SearchResponse).hotels.find((found) => found.id < 900_000)!;
    const details = (await server.post('/hotel.php', { apikey: KEY_ANNA, id: hotel.id, ...stay })).body as unknown as HotelResponse;
    const urls = [hotel.image, ...(details.images ?? []).map((entry) => entry.url)];
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) {
      expect(new URL(url).pathname).toMatch(/\.jpg$/);
      expectJpeg1024x768(await image(url));
    }
  });

  it('the placeholder of a hotel without details is a JPEG too', async () => {
    expectJpeg1024x768(await image('/images/hotels/900001/placeholder.jpg'));
  });

  it('is the same picture for the same hotel and number, and pictures vary across hotels', async () => {
    const first = await image('/images/hotels/4127/1.jpg');
    expect((await image('/images/hotels/4127/1.jpg')).bytes.equals(first.bytes)).toBe(true);
    const others = await Promise.all([1, 2, 3, 4, 5, 6].map((id) => image(`/images/hotels/${id}/2.jpg`)));
    expect(new Set(others.map((other) => other.bytes.toString('base64'))).size).toBeGreaterThan(1);
  });

  it('answers 404 for other extensions and malformed paths', async () => {
    for (const path of ['/images/hotels/4127/1.svg', '/images/hotels/4127/1.png', '/images/hotels/0/1.jpg', '/images/hotels/x/1.jpg', '/images/hotels/4127/1234.jpg']) {
      expect((await image(path)).status, path).toBe(404);
    }
  });

  it('serves the placeholder URL the API hands out for hotels without details', async () => {
    expectJpeg1024x768(await image(PLACEHOLDER_IMAGE_PATH));
  });

  it('has at least 6 distinct pictures per category, and a picture labelled X shows an X scene', async () => {
    const files = new Map<string, string>();
    for (const category of IMAGE_CATEGORIES) {
      const distinct = new Set<string>();
      for (let variant = 0; variant < IMAGE_VARIANTS; variant++) {
        const bytes = readFileSync(new URL(`../../../fixtures/images/${imageFile(category, variant)}`, import.meta.url)).toString('base64');
        distinct.add(bytes);
        files.set(bytes, category);
      }
      expect(distinct.size, category).toBeGreaterThanOrEqual(6);
    }
    expect(IMAGE_CATEGORIES).toEqual(expect.arrayContaining(['exterior', 'room', 'bathroom', 'restaurant', 'pool', 'lobby']));
    const stay = { checkin: dayAfter(server.clock, 20), checkout: dayAfter(server.clock, 22) };
    let checked = 0;
    for (const id of [4127, 1, 2, 3, 17, 555]) {
      const details = (await server.post('/hotel.php', { apikey: KEY_ANNA, id, ...stay })).body as unknown as HotelResponse;
      for (const entry of details.images ?? []) {
        const shown = files.get((await image(entry.url)).bytes.toString('base64'));
        expect(shown, `${entry.url} labelled ${entry.category}`).toBe(entry.category);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});
