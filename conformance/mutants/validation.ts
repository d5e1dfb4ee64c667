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
    breaks: 'a check-in in the past is accepted (moved to today)',
    section: '4.1',
    front: ({ clock }) => [rewriteRequest([SEARCH], (b) => {
      const today = clock.now().toISOString().slice(0, 10);
      return typeof b.checkin === 'string' && b.checkin < today ? { ...b, checkin: today, checkout: plusDays(today, 3) } : b;
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
];
