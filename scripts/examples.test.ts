/**
 * The examples in openapi.yaml are real sandbox answers: the story behind them (scripts/examples/
 * story.ts) is replayed against fresh reference servers at the examples' clock, and every answer is
 * compared with its example — identity fields, shape and prices. Also: every example in the file
 * comes from the story, and writing examples changes nothing but example nodes.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { loadContract } from '../contract/document.js';
import { collectExamples } from '../contract/examples.js';
import { pointer } from '../contract/navigation.js';
import { OPENAPI_FILE, withExamples } from './examples.js';
import { runStory, type StoryExample } from './examples/story.js';
import type { components } from '../contract/generated/openapi.js';

type Schemas = components['schemas'];

/** Fields that name what an answer is about; they must be equal. */
const IDENTITY = new Set([
  'id', 'name', 'hotel_name', 'room_name', 'room_type', 'service_hash', 'search_hash', 'search_id', 'bookhash', 'booking_id',
  'booking_url', 'status', 'checkin', 'checkout', 'arrival', 'departure', 'nights', 'persons', 'currency', 'meal',
  'refundable', 'free_cancellation_before', 'starts_at', 'ends_at', 'source', 'total_hotels', 'count', 'paid',
  'supplier_order_id', 'created_at', 'booked_at', 'latitude', 'longitude', 'radius_m', 'error', 'url',
]);
/** Money fields; they must be equal too. */
const PRICES = new Set([
  'total_price', 'price_per_night', 'average_per_night', 'charge_amount', 'charge_currency', 'amount', 'penalty_amount', 'penalty_charge',
]);

/** Differences between an answer and its example: identity and price fields equal, everything else the same shape. */
function differences(actual: unknown, example: unknown, at = '', key = ''): string[] {
  if (IDENTITY.has(key) || PRICES.has(key)) {
    return JSON.stringify(actual) === JSON.stringify(example) ? [] : [`${at}: ${JSON.stringify(actual)} ≠ example ${JSON.stringify(example)}`];
  }
  const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
  if (kind(actual) !== kind(example)) return [`${at}: ${kind(actual)} ≠ example ${kind(example)}`];
  if (Array.isArray(actual) && Array.isArray(example)) {
    if (actual.length !== example.length) return [`${at}: ${actual.length} items ≠ example ${example.length}`];
    return actual.flatMap((item, index) => differences(item, example[index], `${at}/${index}`));
  }
  if (kind(actual) === 'object') {
    const [a, e] = [actual as Record<string, unknown>, example as Record<string, unknown>];
    const keys = Object.keys(a).join(',');
    if (keys !== Object.keys(e).join(',')) return [`${at}: keys ${keys} ≠ example ${Object.keys(e).join(',')}`];
    return Object.keys(a).flatMap((name) => differences(a[name], e[name], `${at}/${name}`, name));
  }
  return [];
}

const jsonPointer = (example: StoryExample) => pointer(...example.at.map(String));

let story: StoryExample[];
let file: YAML.Document;
beforeAll(async () => {
  story = await runStory();
  file = YAML.parseDocument(readFileSync(OPENAPI_FILE, 'utf8'));
}, 120_000);

describe('openapi.yaml examples replay against the sandbox (clock 2027-05-31T09:00:00Z)', () => {
  it('every request, response and schema example in openapi.yaml comes from the story', () => {
    const produced = new Set(story.map(jsonPointer));
    const inFile = collectExamples(loadContract()).map((example) => example.pointer);
    expect(inFile.length).toBeGreaterThan(40);
    expect(inFile.filter((at) => !produced.has(at))).toEqual([]);
  });

  it('each example request is exactly the request replayed, and each answer matches its example', () => {
    const problems: string[] = [];
    for (const example of story) {
      const label = example.at.join(' › ');
      const inFile: unknown = file.getIn(example.at as Array<string | number>, false);
      const value = YAML.isNode(inFile) ? inFile.toJSON() : inFile;
      if (example.kind === 'response') {
        problems.push(...differences(example.value, value).map((problem) => `${label}${problem}`));
        const status = example.at[example.at.indexOf('responses') + 1];
        if (example.at[0] === 'paths') expect(String(example.status), label).toBe(status);
      } else if (JSON.stringify(example.value) !== JSON.stringify(value)) {
        problems.push(`${label}: ${JSON.stringify(example.value)} ≠ example ${JSON.stringify(value)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the story is consistent: the booking is made from a rate of the hotel-details example, found by the search example', () => {
    const value = (name: string) => story.find((example) => example.at.join('/') === `components/examples/${name}/value`)!.value;
    const search = value('SearchResponseAmsterdam') as Schemas['SearchResponse'];
    const details = value('HotelResponseWithRooms') as Schemas['HotelResponse'];
    const booking = story.find((example) => example.kind === 'request' && example.at[1] === '/booking.php')!.value as Schemas['BookingRequest'];
    expect(search.hotels.map((hotel) => hotel.id)).toContain(details.id);
    expect(details.rooms!.flatMap((room) => room.rates.map((rate) => rate.service_hash))).toContain(booking.service_hash);
    expect((value('RetrieveConfirmed') as Schemas['RetrieveBookingResponse']).booking).toMatchObject({ status: 'booking_confirmed', paid: 'yes' });
    expect(value('HotelResponseNoRooms')).toMatchObject({ id: 900003, rooms: [] });
  });
});

describe('npm run examples edits only example nodes', () => {
  it('rewriting the current examples reproduces the file byte for byte', () => {
    const text = readFileSync(OPENAPI_FILE, 'utf8');
    const current = story.map((example) => {
      const node: unknown = file.getIn(example.at as Array<string | number>, false);
      return { ...example, value: YAML.isNode(node) ? node.toJSON() : node };
    });
    expect(withExamples(text, current)).toBe(text);
  });

  it('writing other values changes those example nodes and nothing else', () => {
    const text = readFileSync(OPENAPI_FILE, 'utf8');
    const changed = story.map((example) => ({ ...example, value: { replaced: example.at.join('/') } }));
    const rewritten = YAML.parse(withExamples(text, changed)) as Record<string, unknown>;
    const original = YAML.parse(text) as Record<string, unknown>;
    const strip = (doc: Record<string, unknown>) => {
      const copy = YAML.parseDocument(YAML.stringify(doc));
      for (const example of story) copy.setIn(example.at as Array<string | number>, null);
      return copy.toJS() as unknown;
    };
    expect(strip(rewritten)).toEqual(strip(original));
    expect(YAML.parseDocument(withExamples(text, changed)).getIn(changed[0]!.at as Array<string | number>, false)).toBeTruthy();
    const comments = (source: string) => source.split('\n').filter((line) => line.trim().startsWith('#'));
    expect(comments(withExamples(text, changed))).toEqual(comments(text));
  });
});

describe('request example dates stay ahead of the real date', () => {
  it('every date in a request example (and in a service_hash) is at least 90 days after today; if not, move EXAMPLES_CLOCK and the stay forward and run npm run examples', () => {
    const limit = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    const requests = collectExamples(loadContract()).filter((example) => example.kind === 'request');
    expect(requests.length).toBeGreaterThan(3);
    const dates: string[] = [];
    for (const example of requests) {
      const text = JSON.stringify(example.value);
      for (const match of text.matchAll(/\b(\d{4}-\d{2}-\d{2})\b/g)) dates.push(match[1]!);
      for (const match of text.matchAll(/-(\d{4})(\d{2})(\d{2})-(\d{4})(\d{2})(\d{2})-/g)) {
        dates.push(`${match[1]}-${match[2]}-${match[3]}`, `${match[4]}-${match[5]}-${match[6]}`);
      }
    }
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.filter((date) => date < limit)).toEqual([]);
  });
});
