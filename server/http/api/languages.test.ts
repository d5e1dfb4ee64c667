/**
 * Every text in the chosen language, end to end: for nl, de, fr and es, search, hotel details
 * with rooms, the no-rooms answer, the finalization page (review and outcome) and the
 * cancellation e-mail contain no English text (phrases of the en catalogue the language
 * translates), and the booking keeps the language of the offer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HotelResponse, SearchResponse } from '../../contract.js';
import {
  KEY_ANNA, controlPay, dayAfter, startBooking, startTestServer, type TestServer,
} from '../../testing/bookingServer.js';
import { englishLeftovers, englishPhrases, pageTexts, textLeaves } from '../../testing/englishLeftovers.js';

let server: TestServer;
let stay: { checkin: string; checkout: string };
const AMSTERDAM = { latitude: 52.3676, longitude: 4.9041, radius: 10_000 };
/** How each language is asked for: case variants and region tags count by their primary subtag. */
const REQUESTED = { nl: 'NL', de: 'de-DE', fr: 'fr', es: 'es-419' } as const;
type Localised = keyof typeof REQUESTED;

beforeAll(async () => {
  server = await startTestServer();
  stay = { checkin: dayAfter(server.clock, 30), checkout: dayAfter(server.clock, 33) };
});
afterAll(() => server.close());

async function ok<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const response = await server.post(path, { apikey: KEY_ANNA, ...body });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as unknown as T;
}

async function page(url: string): Promise<string> {
  return (await fetch(url)).text();
}

/** Proper names in a hotel response: the same in every language. */
function namesOf(hotel: { name: string; address?: string; city?: string; hotel_chain?: string | null; location?: { address: string; city: string } }): string[] {
  return [hotel.name, hotel.address ?? '', hotel.city ?? '', hotel.hotel_chain ?? '', hotel.location?.address ?? '', hotel.location?.city ?? ''];
}

/** Search, details of the first hotels and the no-rooms answer, in `language`; texts and names. */
async function apiTexts(language: string): Promise<{ texts: string[]; names: string[]; details: HotelResponse[] }> {
  const search = await ok<SearchResponse>('/search.php', { ...AMSTERDAM, ...stay, language, include_description: true });
  const hotels = search.hotels.filter((hotel) => hotel.id < 900_000).slice(0, 6);
  const details = await Promise.all(hotels.map((hotel) => ok<HotelResponse>('/hotel.php', { id: hotel.id, search_id: search.search_id, language })));
  const noRooms = await ok<HotelResponse>('/hotel.php', { id: 900003, ...stay, language });
  return {
    texts: [...textLeaves(search), ...details.flatMap((hotel) => textLeaves(hotel)), ...textLeaves(noRooms)],
    names: [...search.hotels.flatMap(namesOf), ...details.flatMap(namesOf), ...namesOf(noRooms)],
    details,
  };
}

describe.each(Object.entries(REQUESTED) as Array<[Localised, string]>)('in %s (asked as %s)', (language, requested) => {
  const phrases = () => englishPhrases(language);

  it('search, hotel details with rooms and the no-rooms answer have no English text', async () => {
    const { texts, names, details } = await apiTexts(requested);
    expect(details.some((hotel) => (hotel.rooms ?? []).length > 0 && hotel.descriptions !== null)).toBe(true);
    expect(texts.length).toBeGreaterThan(100);
    expect(englishLeftovers(texts, phrases(), names)).toEqual([]);
  });

  it('the finalization page and the cancellation e-mail speak the language of the offer', async () => {
    const { details } = await apiTexts(requested);
    const offered = details.flatMap((hotel) => (hotel.rooms ?? []).flatMap((room) => room.rates.filter((rate) => rate.refundable).map((rate) => ({ hotel, room, rate }))))[0];
    expect(offered).toBeDefined();
    // The details call was the latest offer of this rate, so the booking takes its language.
    await ok('/hotel.php', { id: offered!.hotel.id, ...stay, language: requested });
    const bookhash = await startBooking(server, KEY_ANNA, offered!.rate.service_hash);
    const record = (await server.store.findBooking(bookhash))!;
    expect(record.language).toBe(requested.toLowerCase());
    const names = [
      record.hotelName, record.hotelAddress, record.hotelCity, record.guest.first_name, record.guest.last_name,
      record.guest.email, record.guest.phone, 'support@',
    ];
    const url = `${server.url}/book/finalize?bookhash=${bookhash}`;
    const review = await page(url);
    expect(review).toContain(`<html lang="${language}">`);
    expect(review).toContain(offered!.room.room_name);
    expect(englishLeftovers(pageTexts(review), phrases(), names)).toEqual([]);

    const retrieved = await ok<{ booking: { room_name: string } }>('/retrieve_booking.php', { bookhash });
    expect(retrieved.booking.room_name).toBe(offered!.room.room_name);

    expect((await controlPay(server, bookhash)).status).toBe(200);
    const outcome = await page(url);
    expect(englishLeftovers(pageTexts(outcome), phrases(), names)).toEqual([]);

    const before = (await server.store.outbox()).length;
    await ok('/book/cancel.php', { bookhash });
    const emails = (await server.store.outbox()).slice(before);
    expect(emails).toHaveLength(1);
    const email = emails[0]!;
    expect(email.text).toContain(offered!.room.room_name);
    const supportAddress = /\S+@\S+\.\w+(?= )/.exec(email.text.split('\n').at(-1) ?? '')?.[0] ?? '';
    expect(englishLeftovers([email.subject, ...email.text.split('\n')], phrases(), [...names, supportAddress])).toEqual([]);
    expect(englishLeftovers(pageTexts(await page(url)), phrases(), names)).toEqual([]); // the cancelled page
  });
});

describe('the language of responses and pages', () => {
  it('finds English in an English response (the check can fail)', async () => {
    const { texts, names } = await apiTexts('en');
    expect(englishLeftovers(texts, englishPhrases('de'), names).length).toBeGreaterThan(20);
  });

  it('falls back to English for other languages, and echoes the code asked for', async () => {
    const search = await ok<SearchResponse>('/search.php', { ...AMSTERDAM, ...stay, language: 'PT-br', include_description: true });
    expect(search.search.language).toBe('pt-br');
    const english = await ok<SearchResponse>('/search.php', { ...AMSTERDAM, ...stay, language: 'en', include_description: true });
    expect(search.hotels.map((hotel) => [hotel.amenities, hotel.short_description, hotel.rate.room.room_name]))
      .toEqual(english.hotels.map((hotel) => [hotel.amenities, hotel.short_description, hotel.rate.room.room_name]));
  });

  it('lets lang override the page language, and keeps the override through payment', async () => {
    const search = await ok<SearchResponse>('/search.php', { ...AMSTERDAM, ...stay, language: 'nl' });
    const hotel = search.hotels.find((found) => found.id < 900_000)!;
    const bookhash = await startBooking(server, KEY_ANNA, hotel.rate.service_hash);
    const url = `${server.url}/book/finalize?bookhash=${bookhash}`;
    expect(await page(url)).toContain('<h1>Controleer en betaal uw boeking</h1>');
    const german = await page(`${url}&lang=de`);
    expect(german).toContain('<html lang="de">');
    expect(german).toContain('<h1>Buchung prüfen und bezahlen</h1>');
    expect(german).toContain('name="lang" value="de"');
    expect(await page(`${url}&lang=%3Cscript%3E`)).toContain('<html lang="nl">'); // not a language code: ignored
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(german)?.[1] ?? '';
    const paid = await fetch(`${server.url}/book/finalize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ bookhash, csrf_token: csrf, card: '4242424242424242', lang: 'de' }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`finalize?bookhash=${bookhash}&lang=de`);
    expect(await page(`${url}&lang=de`)).toContain('Ihre Buchung ist bestätigt');
  });
});
