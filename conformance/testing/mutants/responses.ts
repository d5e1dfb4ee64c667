/** Mutants of response rules (sections 2 and 4): shapes, echoes, filters and ordering. */
import { HOTEL, OVERVIEW, SEARCH, rewriteRequest, rewriteResponse } from './middleware.js';
import type { Loose, Mutant } from './types.js';
import { receivedValue } from '../../../server/http/transport/jsonBody.js';

/** Rewrites 200 search responses only. */
const onSearch = (rewrite: (body: Loose, request: Loose) => Loose) => () => [
  // The request as the client sent it (res.locals.receivedBody), not req.body with the contract's defaults filled in.
  rewriteResponse([SEARCH], (body, req, res) => (res.statusCode === 200 && Array.isArray(body.hotels) ? rewrite(body, receivedValue(res.locals.receivedBody) ?? req.body) : body)),
];
/** Rewrites 200 hotel-details responses only. */
const onHotel = (rewrite: (body: Loose) => Loose) => () => [
  rewriteResponse([HOTEL], (body, _req, res) => (res.statusCode === 200 && body.availability ? rewrite(body) : body)),
];

export const RESPONSE_MUTANTS: Mutant[] = [
  {
    id: 'response.total-hotels-wrong',
    breaks: 'total_hotels is not the number of hotels returned',
    section: '2.1',
    front: onSearch((b) => ({ ...b, total_hotels: Math.max(0, b.hotels.length - 1) })),
    caughtBy: ['search.total-hotels.matches-list'],
  },
  {
    id: 'response.sixteen-hotels',
    breaks: '16 hotels are returned',
    section: '2.1, 4.1',
    front: onSearch((b) => {
      const extra = Array.from({ length: 16 - b.hotels.length }, (_, i) => ({ ...b.hotels[0], id: 8_000_000 + i }));
      const hotels = [...b.hotels, ...extra];
      return { ...b, hotels, total_hotels: hotels.length };
    }),
    caughtBy: ['search.hotels.at-most-15'],
  },
  {
    id: 'response.price-per-night-short',
    breaks: 'price_per_night has one entry less than the nights',
    section: '2.6',
    front: onSearch((b) => {
      for (const h of b.hotels) h.rate.pricing.price_per_night.pop();
      return b;
    }),
    caughtBy: ['search.price-per-night.one-per-night'],
  },
  {
    id: 'response.service-hash-wrong-dates',
    breaks: 'service_hash carries a check-in one day off',
    section: '2.8',
    front: onSearch((b) => {
      for (const h of b.hotels) {
        h.rate.service_hash = h.rate.service_hash.replace(/-(\d{8})-(\d{8})-(\d+)$/, (_m: string, a: string, c: string, p: string) => `-${String(Number(a) + 1)}-${c}-${p}`);
      }
      return b;
    }),
    caughtBy: ['search.service-hash.format'],
  },
  {
    id: 'response.amenities-despite-false',
    breaks: 'amenities are present although include_amenities is false',
    section: '2.3, 4.1',
    front: onSearch((b, request) => {
      if (request?.include_amenities === false) for (const h of b.hotels) h.amenities = 'Free Wi-Fi';
      return b;
    }),
    caughtBy: ['search.amenities.omitted-when-false'],
  },
  {
    id: 'response.description-missing-when-asked',
    breaks: 'short_description is missing although include_description is true',
    section: '2.3, 4.1',
    front: onSearch((b) => {
      for (const h of b.hotels) delete h.short_description;
      return b;
    }),
    caughtBy: ['search.description.added-when-asked'],
  },
  {
    id: 'response.hotel-outside-radius',
    breaks: 'a hotel lies outside the radius',
    section: '4.1',
    front: onSearch((b) => {
      if (b.hotels[0]) b.hotels[0].latitude += 0.2;
      return b;
    }),
    caughtBy: ['search.hotels.within-radius'],
  },
  {
    id: 'response.default-persons-not-applied',
    breaks: 'the default persons (2) is not applied',
    section: '4.1, 2.2',
    front: onSearch((b, request) => (request?.persons === undefined ? { ...b, search: { ...b.search, persons: 1 } } : b)),
    caughtBy: ['search.defaults-echoed'],
  },
  {
    id: 'response.star-filter-ignored',
    breaks: 'the star_rating filter is ignored',
    section: '4.1',
    front: () => [rewriteRequest([SEARCH], (b) => {
      const { star_rating: _ignored, ...rest } = b;
      return rest;
    })],
    caughtBy: ['search.filter.star-rating'],
  },
  {
    id: 'response.refundable-flag-wrong',
    breaks: 'a refundable rate says refundable false (deadline still set)',
    section: '2.5.2, 2.7',
    front: onHotel((b) => {
      const rate = (b.rooms ?? []).flatMap((r: Loose) => r.rates).find((r: Loose) => r.refundable);
      if (rate) rate.refundable = false;
      return b;
    }),
    caughtBy: ['hotel.rates.refundable-iff-deadline'],
  },
  {
    id: 'response.source-always-live',
    breaks: 'details by search_id say source live',
    section: '4.2',
    front: onHotel((b) => ({ ...b, availability: { ...b.availability, source: 'live' } })),
    caughtBy: ['hotel.search-cache.source'],
  },
  {
    id: 'response.no-rooms-message-missing',
    breaks: 'the no-rooms shape has no message',
    section: '2.5',
    front: onHotel((b) => {
      if (Array.isArray(b.rooms) && b.rooms.length === 0) delete b.availability.message;
      return b;
    }),
    caughtBy: ['hotel.no-rooms.shape'],
  },
  {
    id: 'response.unknown-hotel-400',
    breaks: 'an unknown hotel id gives 400 instead of 404',
    section: '4.2',
    front: () => [rewriteResponse([HOTEL], (body, _req, res) => (res.statusCode === 404 ? (res.status(400), body) : body))],
    caughtBy: ['hotel.unknown-id-404'],
  },
  {
    id: 'ordering.hotels-farthest-first',
    breaks: 'hotels are listed farthest first (reference: nearest first)',
    section: '4.1 (reference)',
    front: onSearch((b) => ({ ...b, hotels: [...b.hotels].reverse() })),
    caughtBy: ['search.hotels.nearest-first'],
  },
  {
    id: 'ordering.rates-swapped',
    breaks: 'rates within a room are in reverse order',
    section: '2.5.2',
    front: onHotel((b) => {
      for (const room of b.rooms ?? []) room.rates.reverse();
      return b;
    }),
    caughtBy: ['hotel.rates.order'],
  },
  {
    id: 'ordering.overview-oldest-first',
    breaks: 'the overview lists the oldest booking first',
    section: '4.4',
    front: () => [rewriteResponse([OVERVIEW], (body, _req, res) => (res.statusCode === 200 ? { ...body, bookings: [...body.bookings].reverse() } : body))],
    caughtBy: ['states.overview.newest-first'],
  },
];
