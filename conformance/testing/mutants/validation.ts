/** Mutants of the request rules (section 4): each makes the server accept one thing it must refuse. */
import { HOTEL, SEARCH, plusDays, rewriteRequest } from './middleware.js';
import type { Mutant } from './types.js';

export const VALIDATION_MUTANTS: Mutant[] = [
  {
    id: 'validation.radius-10001-accepted',
    breaks: 'radius above 10000 is accepted (clamped)',
    section: '4.1',
    front: () => [rewriteRequest([SEARCH], (b) => (typeof b.radius === 'number' && b.radius > 10000 ? { ...b, radius: 10000 } : b))],
    caughtBy: ['search.radius.too-large-400'],
  },
  {
    id: 'validation.31-nights-accepted',
    breaks: 'a stay over 30 nights is accepted (cut to 30)',
    section: '4.1, 8',
    front: () => [rewriteRequest([SEARCH], (b) => {
      const nights = (Date.parse(b.checkout) - Date.parse(b.checkin)) / 86_400_000;
      return nights > 30 ? { ...b, checkout: plusDays(b.checkin, 30) } : b;
    })],
    caughtBy: ['search.stay.too-long-400'],
  },
  {
    id: 'validation.persons-0-accepted',
    breaks: 'persons 0 is accepted (as 1)',
    section: '4.1, 8',
    front: () => [rewriteRequest([SEARCH], (b) => (b.persons === 0 ? { ...b, persons: 1 } : b))],
    caughtBy: ['search.persons.zero-400'],
  },
  {
    id: 'validation.missing-location-accepted',
    breaks: 'a search without location or coordinates is accepted (Amsterdam assumed)',
    section: '4.1',
    front: () => [rewriteRequest([SEARCH], (b) =>
      b.location === undefined && b.latitude === undefined && b.longitude === undefined ? { ...b, latitude: 52.37, longitude: 4.89 } : b)],
    caughtBy: ['search.location.missing-400'],
  },
  {
    id: 'validation.past-checkin-accepted',
    breaks: 'a check-in in the past is accepted (moved to tomorrow)',
    section: '4.1',
    front: ({ clock }) => [rewriteRequest([SEARCH], (b) => {
      const today = clock.now().toISOString().slice(0, 10);
      // Tomorrow in UTC is not in the past in any time zone; today in UTC is, east of UTC late in the day.
      const tomorrow = plusDays(today, 1);
      return typeof b.checkin === 'string' && b.checkin < today ? { ...b, checkin: tomorrow, checkout: plusDays(tomorrow, 3) } : b;
    })],
    caughtBy: ['search.checkin.past-400'],
  },
  {
    id: 'validation.hotel-without-dates-accepted',
    breaks: 'hotel details without search_id or dates are accepted (dates assumed)',
    section: '4.2',
    front: ({ clock }) => [rewriteRequest([HOTEL], (b) => {
      if (b.search_id !== undefined || b.checkin !== undefined || b.checkout !== undefined) return b;
      const checkin = plusDays(clock.now().toISOString().slice(0, 10), 30);
      return { ...b, checkin, checkout: plusDays(checkin, 2) };
    })],
    caughtBy: ['hotel.dates-or-search-id.missing-400'],
  },
  {
    id: 'validation.out-of-range-numbers-clamped',
    breaks: 'every number outside its stated range (radius, persons, coordinates, star ratings, prices, hotel id) is clamped into it instead of refused',
    section: '4.1, 4.2',
    front: () => [rewriteRequest([SEARCH, HOTEL], (b) => {
      const clamp = (v: unknown, min: number, max: number) => (typeof v === 'number' ? Math.min(max, Math.max(min, v)) : v);
      const out = { ...b };
      for (const [name, [min, max]] of Object.entries(RANGES)) if (name in out) out[name] = clamp(out[name], min, max);
      if (Array.isArray(out.star_rating)) out.star_rating = out.star_rating.map((v: unknown) => clamp(v, 0, 5));
      return out;
    })],
    caughtBy: ['generated.search.out-of-range', 'generated.hotel.out-of-range'],
  },
];

/** The ranges the clamping mutant forces numbers into. */
const RANGES: Record<string, [number, number]> = {
  radius: [1, 10000],
  persons: [1, 5],
  latitude: [-90, 90],
  longitude: [-180, 180],
  price_from: [0, Number.MAX_SAFE_INTEGER],
  price_to: [0, Number.MAX_SAFE_INTEGER],
  id: [1, Number.MAX_SAFE_INTEGER],
};
