/** Variants that add fields the description does not forbid, or leave out what it lets them leave out. */
import { HOTEL, RETRIEVE, SEARCH, BOOKING, OVERVIEW, CANCEL } from '../mutants/middleware.js';
import { eachObject, onSuccess } from './rewrite.js';
import type { Variant } from './types.js';

export const FIELD_VARIANTS: Variant[] = [
  {
    id: 'fields.booking-internal-fields',
    choice: 'the booking detail also shows user_id, hotel_id and status_description (section 2.10)',
    section: '2.10',
    front: onSuccess((body) => {
      if (body.booking) body.booking = { ...body.booking, user_id: 17, hotel_id: 4127, status_description: body.booking.status };
      return body;
    }, [RETRIEVE]),
  },
  {
    id: 'fields.extra-hotel-fields',
    choice: 'hotels carry extra fields (phone, website, distance_m) in search and details',
    section: '2.3, 2.5',
    front: onSuccess((body) => {
      for (const hotel of body.hotels ?? []) Object.assign(hotel, { phone: '+31 20 000 0000', distance_m: 120 });
      if (body.availability !== undefined) Object.assign(body, { phone: '+31 20 000 0000', website: 'https://hotel.example' });
      return body;
    }, [SEARCH, HOTEL]),
  },
  {
    id: 'fields.extra-top-level-fields',
    choice: 'every successful answer carries request_id and api_version',
    section: '2.11',
    front: onSuccess((body) => ({ ...body, request_id: 'req-0001', api_version: '1.0.0' })),
  },
  {
    id: 'fields.extra-rate-and-booking-fields',
    choice: 'rates, bookings and cancel answers carry extra fields (room_code, expires_at, refund_amount)',
    section: '2.4, 2.5.2, 2.11',
    front: onSuccess((body) => {
      eachObject(body, (o) => {
        if (typeof o.service_hash === 'string') o.room_code = o.service_hash.split('-')[1];
      });
      for (const b of body.bookings ?? []) b.currency = 'EUR';
      if (body.booking_url) body.expires_at = '2099-01-01T00:00:00';
      if (body.status === 'cancelled') body.refund_amount = null;
      return body;
    }, [SEARCH, HOTEL, BOOKING, OVERVIEW, CANCEL]),
  },
  {
    id: 'pricing.taxes-absent-when-none',
    choice: 'taxes is left out instead of [] when none are payable on top',
    section: '2.6',
    front: onSuccess((body) => {
      eachObject(body, (o) => {
        if (Array.isArray(o.taxes) && o.taxes.length === 0) delete o.taxes;
      });
      return body;
    }, [SEARCH, HOTEL]),
  },
  {
    id: 'pricing.vat-null-when-included',
    choice: 'vat is null instead of absent when VAT is included',
    section: '2.6',
    front: onSuccess((body) => {
      eachObject(body, (o) => {
        if (typeof o.total_price === 'string' && Array.isArray(o.price_per_night) && o.vat === undefined) o.vat = null;
      });
      return body;
    }, [SEARCH, HOTEL]),
  },
  {
    id: 'pricing.charge-always-given',
    choice: 'charge_amount and charge_currency are given also when they equal the display price (EUR)',
    section: '2.6',
    front: onSuccess((body) => {
      eachObject(body, (o) => {
        if (typeof o.total_price === 'string' && Array.isArray(o.price_per_night) && o.charge_amount === null) {
          o.charge_amount = o.total_price;
          o.charge_currency = o.currency;
        }
      });
      return body;
    }, [SEARCH, HOTEL]),
  },
  {
    id: 'pricing.average-per-night-in-search',
    choice: 'average_per_night is given in search too (and null where unknown)',
    section: '2.6',
    front: onSuccess((body) => {
      for (const hotel of body.hotels ?? []) {
        const p = hotel.rate.pricing;
        p.average_per_night = (Number(p.total_price) / p.price_per_night.length).toFixed(2);
      }
      return body;
    }, [SEARCH]),
  },
];
