/** Variants of search and hotel-details answers: fewer hotels, other orders, other id formats. */
import { BOOKING, HOTEL, SEARCH, rewriteRequest, rewriteResponse } from '../mutants/middleware.js';
import { eachObject, onSuccess } from './rewrite.js';
import type { Loose, Variant } from './types.js';

/** Room codes in lower case with a dash (`room-supdbl`): the description states no character set. */
const toVariantRoomCode = (hash: string) => hash.replace(/^(\d+)-([A-Z0-9]+)-([1-4]-\d{8}-\d{8}-\d+)$/, (_m, h: string, code: string, tail: string) => `${h}-room-${code.toLowerCase()}-${tail}`);
const toReferenceRoomCode = (hash: string) => hash.replace(/^(\d+)-room-([a-z0-9]+)-([1-4]-\d{8}-\d{8}-\d+)$/, (_m, h: string, code: string, tail: string) => `${h}-${code.toUpperCase()}-${tail}`);

let searchCounter = 0;

export const SEARCH_VARIANTS: Variant[] = [
  {
    id: 'search.fewer-hotels',
    choice: 'at most 5 hotels per search (the description says at most 15)',
    section: '2.1, 4.1',
    front: onSuccess((body) => {
      body.hotels = body.hotels.slice(0, 5);
      return { ...body, total_hotels: body.hotels.length };
    }, [SEARCH]),
  },
  {
    id: 'search.cheapest-first',
    choice: 'hotels ordered by price, cheapest first (not by distance)',
    section: '4.1',
    front: onSuccess((body) => {
      body.hotels.sort((a: Loose, b: Loose) => Number(a.rate.pricing.total_price) - Number(b.rate.pricing.total_price) || b.id - a.id);
      return body;
    }, [SEARCH]),
  },
  {
    id: 'search.codes-echoed-upper-case',
    choice: "residency echoed in ISO 3166 upper case ('NL'), language as given",
    section: '2.2',
    front: onSuccess((body) => ({ ...body, search: { ...body.search, residency: String(body.search.residency).toUpperCase() } }), [SEARCH]),
  },
  {
    id: 'search.search-id-other-format',
    choice: "search_id in another format ('srch_' + the reference's id), new on every call, also for an identical (cached) search",
    section: '2.1, 8',
    front: () => [
      rewriteResponse([SEARCH], (body, _req, res) => (res.statusCode === 200 ? { ...body, search_id: `srch_${++searchCounter}_${body.search_id}` } : body)),
      rewriteRequest([HOTEL], (body) => (typeof body.search_id === 'string' ? { ...body, search_id: body.search_id.replace(/^srch_\d+_/, '') } : body)),
    ],
  },
  {
    id: 'search.search-hash-other-format',
    choice: 'search_hash in another format (internal, never sent back)',
    section: '2.4, 2.5.2',
    front: onSuccess((body) => {
      eachObject(body, (o) => {
        if (typeof o.search_hash === 'string') o.search_hash = `sh:${Buffer.from(o.search_hash).toString('base64url')}`;
      });
      return body;
    }, [SEARCH, HOTEL]),
  },
  {
    id: 'search.room-code-other-charset',
    choice: "room_code in service_hash with lower case and a dash ('4127-room-supdbl-1-…'), accepted back by booking start",
    section: '2.8',
    front: () => [
      rewriteResponse([SEARCH, HOTEL], (body, _req, res) => {
        if (res.statusCode === 200) eachObject(body, (o) => {
          if (typeof o.service_hash === 'string') o.service_hash = toVariantRoomCode(o.service_hash);
        });
        return body;
      }),
      rewriteRequest([BOOKING], (body) => (typeof body.service_hash === 'string' ? { ...body, service_hash: toReferenceRoomCode(body.service_hash) } : body)),
    ],
  },
  {
    id: 'hotel.rooms-other-order',
    choice: 'rooms of hotel details in another order (reversed); rates within a room keep the stated order',
    section: '2.5.1',
    front: onSuccess((body) => (Array.isArray(body.rooms) ? { ...body, rooms: [...body.rooms].reverse() } : body), [HOTEL]),
  },
  {
    id: 'hotel.no-rooms-minimal-availability',
    choice: 'without rooms, availability has only source, the two dates and message',
    section: '2.5',
    front: onSuccess((body) => {
      if (Array.isArray(body.rooms) && body.rooms.length === 0 && body.availability) {
        const { source, checkin, checkout, message } = body.availability;
        body.availability = { source, checkin, checkout, message };
      }
      return body;
    }, [HOTEL]),
  },
  {
    id: 'hotel.out-of-range-id-400',
    choice: 'a hotel id beyond the id range (≥ 100000000) is an invalid parameter: 400; unknown ids in range stay 404',
    section: '4.2, 7',
    front: () => [
      rewriteRequest([HOTEL], (body) => body),
      (req, res, next) => {
        const { id, apikey } = (req.body ?? {});
        if (req.path !== HOTEL || typeof id !== 'number' || id < 100_000_000 || !apikey) return next();
        res.status(400).json({ error: `Hotel id ${id} is out of range` });
      },
    ],
  },
];
