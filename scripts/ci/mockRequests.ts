/**
 * Requests a partner's client would send to a mock: valid bodies for every operation, their values
 * drawn (seeded, so a failure repeats) from the contract's own enums and bounds.
 */
import fc from 'fast-check';
import { loadContract } from '../../contract/document.js';

const KEY = 'demo-key-1';
const STAY = { checkin: '2027-07-15', checkout: '2027-07-18' };
const currencies = (loadContract().components!.schemas!.DisplayCurrency as { enum: string[] }).enum;
const alnum = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'.split(''));

const BODIES: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  '/search.php': fc.record({
    location: fc.constantFrom('Amsterdam', 'Paris', 'Berlin', 'JFK', 'Eiffel Tower'),
    persons: fc.integer({ min: 1, max: 5 }),
    radius: fc.integer({ min: 1, max: 10_000 }),
    currency: fc.constantFrom(...currencies),
    language: fc.constantFrom('en', 'nl', 'de', 'pt-br'),
    residency: fc.constantFrom('nl', 'gb', 'us'),
  }).map((fields) => ({ apikey: KEY, ...STAY, ...fields })),
  '/hotel.php': fc.record({ id: fc.integer({ min: 1, max: 200_000 }), persons: fc.integer({ min: 1, max: 5 }), currency: fc.constantFrom(...currencies) }).map((fields) => ({ apikey: KEY, ...STAY, ...fields })),
  '/booking.php': fc
    .tuple(fc.integer({ min: 1, max: 200_000 }), fc.array(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split('')), { minLength: 1, maxLength: 24 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 5 }))
    .map(([id, room, rate, persons]) => ({ apikey: KEY, service_hash: `${id}-${room.join('')}-${rate}-20270715-20270718-${persons}` })),
  '/booking_overview.php': fc.constant({ apikey: KEY }),
  '/retrieve_booking.php': fc.array(alnum, { minLength: 30, maxLength: 30 }).map((chars) => ({ apikey: KEY, bookhash: chars.join('') })),
  '/book/cancel.php': fc.array(alnum, { minLength: 30, maxLength: 30 }).map((chars) => ({ apikey: KEY, bookhash: chars.join('') })),
};

/** `count` requests, the operations in turn. */
export function generatedRequests(count: number, seed = 37): Array<{ path: string; body: Record<string, unknown> }> {
  const paths = Object.keys(BODIES);
  return Array.from({ length: count }, (_, index) => {
    const path = paths[index % paths.length]!;
    const [body] = fc.sample(BODIES[path]!, { seed: seed + index, numRuns: 1 });
    return { path, body: body! };
  });
}
