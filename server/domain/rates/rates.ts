/**
 * The rate engine's public operations: all rooms and rates of a hotel for a stay (hotel
 * details), the single cheapest rate (search), and re-pricing one service_hash (booking).
 * All three share the same pricing, availability and cancellation functions, so a rate found
 * by search is the same rate (hash and price) hotel details and booking show.
 */
import type { components } from '../../../contract/generated/openapi.js';
import type { Hotel } from '../hotel.js';
import {
  anyResidency, hotelBlock, isPackageRate, offeredRateMask, offers, residencyPriceFactor, roomsAvailable,
} from './availability.js';
import { cancellationOf, refundableOpen } from './cancellation.js';
import { formatIn, isSupportedCurrency, roundForCurrency } from './currency.js';
import { localDateTimeIn } from '../localTime.js';
import { stayNights, type StayNights } from './dates.js';
import { displayTotal, priceContext, priceRate, roomNightsEur, type PriceContext, type PricedRate } from './pricing.js';
import { profileOf } from './profile.js';
import { findRoomType, roomTypesOf, type RoomType } from './roomTypes.js';
import {
  buildServiceHash, RATE_TYPES_IN_ORDER, rateTypeMeaning, searchHashOf, type Meal, type ParsedServiceHash, type RateType,
} from './serviceHash.js';
import { taxesOf, vatOf } from './taxes.js';

export type HotelRoom = components['schemas']['HotelRoom'];
export type HotelRate = components['schemas']['HotelRate'];
export type SearchRate = components['schemas']['SearchRate'];
export type Pricing = components['schemas']['Pricing'];

/** One guest's stay. Dates YYYY-MM-DD; currency upper case and supported; residency lower case. */
export type Stay = { checkin: string; checkout: string; persons: number; currency: string; residency: string };

export interface RateFilter {
  /** Allowed meal plans; undefined or empty = any. */
  meals?: Meal[];
  /** Inclusive bounds on total_price in the display currency (major units). */
  priceFrom?: number;
  priceTo?: number;
}

const REFUNDABLE_TYPES = 0b1100;
/**
 * Per rate type, the bit mask of the rate types it costs at least as much as on every night (the
 * refundable surcharge and breakfast only ever add): 2 and 3 cost at least 1; 4 at least 1, 2, 3.
 */
const DOMINATED_BY: Readonly<Record<RateType, number>> = { 1: 0, 2: 0b0001, 3: 0b0001, 4: 0b0111 };
const MEAL_MASK: Readonly<Record<Meal, number>> = { nomeal: 0b0101, breakfast: 0b1010 };

interface Prepared {
  hotel: Hotel;
  nights: StayNights;
  ctx: PriceContext;
  /** Rate types that may be offered at all for this stay (refundable ones drop out after the deadline). */
  typeMask: number;
  currency: string;
  residency: string;
  quotedAt: string;
}

function prepare(hotel: Hotel, stay: Stay, now: Date): Prepared {
  if (!isSupportedCurrency(stay.currency)) throw new RangeError(`Unsupported currency ${stay.currency}`);
  if (!Number.isInteger(stay.persons) || stay.persons < 1) throw new RangeError(`Invalid persons ${stay.persons}`);
  const nights = stayNights(stay.checkin, stay.checkout);
  const profile = profileOf(hotel);
  const ctx = priceContext(profile, nights, stay.persons, stay.currency, residencyPriceFactor(hotel, stay.residency));
  const typeMask = refundableOpen(nights, profile.cancellationDays, hotel.timeZone, now) ? 0b1111 : 0b1111 & ~REFUNDABLE_TYPES;
  return { hotel, nights, ctx, typeMask, currency: stay.currency, residency: stay.residency, quotedAt: '' };
}

function quotedAt(prep: Prepared, now: Date): string {
  if (prep.quotedAt === '') prep.quotedAt = localDateTimeIn(now, prep.hotel.timeZone);
  return prep.quotedAt;
}

function pricingOf(prep: Prepared, priced: PricedRate, withAverage: boolean): Pricing {
  const { ctx, currency } = prep;
  const pricing: Pricing = {
    total_price: formatIn(priced.displayTotal, currency),
    currency: currency as Pricing['currency'], // checked by isSupportedCurrency when the stay was prepared
    price_per_night: priced.displayNights.map((cents) => formatIn(cents, currency)),
  };
  if (withAverage) pricing.average_per_night = formatIn(roundForCurrency(priced.displayTotal / ctx.stay.nights, currency), currency);
  const inEur = currency === 'EUR';
  pricing.charge_amount = inEur ? null : formatIn(priced.eurTotal, 'EUR');
  pricing.charge_currency = inEur ? null : 'EUR';
  pricing.taxes = taxesOf(prep.hotel, ctx, priced);
  const vat = vatOf(ctx, priced);
  if (vat !== undefined) pricing.vat = vat;
  return pricing;
}

function hashesOf(prep: Prepared, room: RoomType, rateType: RateType): { service_hash: string; search_hash: string } {
  const { nights, ctx } = prep;
  const serviceHash = buildServiceHash(prep.hotel.id, room.code, rateType, nights.checkinCompact, nights.checkoutCompact, ctx.persons);
  return { service_hash: serviceHash, search_hash: searchHashOf(serviceHash, prep.currency, prep.residency) };
}

function hotelRateOf(prep: Prepared, room: RoomType, roomNights: Float64Array, rateType: RateType, available: number, now: Date): { rate: HotelRate; total: number } {
  const priced = priceRate(prep.ctx, roomNights, rateType);
  const { meal, refundable } = rateTypeMeaning(rateType);
  const rate: HotelRate = {
    ...hashesOf(prep, room, rateType),
    meal,
    refundable,
    pricing: pricingOf(prep, priced, true),
    cancellation: cancellationOf(refundable, priced, prep.nights, prep.ctx.profile.cancellationDays, quotedAt(prep, now), prep.currency),
    booking: {
      rooms_available: available,
      any_residency: anyResidency(room, rateType),
      is_package_rate: isPackageRate(room, rateType),
    },
  };
  return { rate, total: priced.displayTotal };
}

function contractRoom(room: RoomType, rates: HotelRate[]): HotelRoom {
  // Built in the contract's field order; optional fields are omitted when 0/none/false.
  return {
    room_name: room.roomName,
    room_type: room.roomType,
    room_class: room.roomClass,
    quality: room.quality,
    bedding: room.bedding,
    ...(room.bedrooms !== undefined && room.bedrooms > 0 ? { bedrooms: room.bedrooms } : {}),
    capacity: room.capacity,
    bathroom: room.bathroom,
    ...(room.view !== undefined ? { view: room.view } : {}),
    ...(room.balcony === true ? { balcony: true as const } : {}),
    ...(room.familyRoom === true ? { family_room: true as const } : {}),
    ...(room.clubRoom === true ? { club_room: true as const } : {}),
    ...(room.floor !== undefined ? { floor: room.floor } : {}),
    amenities: [...room.amenities],
    rates,
  };
}

/**
 * All rooms with at least one rate for the stay (hotel details): per room up to four rates, one per
 * offered meal × refundability combination, in the order of spec 2.5.2, each with average_per_night.
 * Rooms are ordered by their cheapest rate (display total) ascending.
 */
export function hotelRooms(hotel: Hotel, stay: Stay, now: Date): HotelRoom[] {
  if (hotelBlock(hotel, stay.residency) !== null) return [];
  const prep = prepare(hotel, stay, now);
  if (prep.ctx.hotelSoldOut) return [];
  const found: { room: HotelRoom; cheapest: number; index: number }[] = [];
  const rooms = roomTypesOf(hotel);
  for (let index = 0; index < rooms.length; index++) {
    const room = rooms[index] as RoomType;
    if (stay.persons > room.maxPersons) continue;
    const mask = offeredRateMask(room, prep.ctx.profile.steady) & prep.typeMask;
    if (mask === 0) continue;
    const available = roomsAvailable(room, prep.nights, prep.ctx.profile.steady);
    if (available === 0) continue;
    const roomNights = new Float64Array(prep.nights.nights);
    roomNightsEur(prep.ctx, room, roomNights);
    const rates: HotelRate[] = [];
    let cheapest = Number.POSITIVE_INFINITY;
    for (const rateType of RATE_TYPES_IN_ORDER) {
      if (!offers(mask, rateType)) continue;
      const { rate, total } = hotelRateOf(prep, room, roomNights, rateType, available, now);
      rates.push(rate);
      if (total < cheapest) cheapest = total;
    }
    found.push({ room: contractRoom(room, rates), cheapest, index });
  }
  found.sort((a, b) => a.cheapest - b.cheapest || a.index - b.index);
  return found.map((entry) => entry.room);
}

let scratch = new Float64Array(64);

/**
 * The single cheapest rate of the hotel for the stay that meets the filter (search), or undefined.
 * Prices are compared in display-currency cents; ties go to the earlier room and the earlier rate
 * type in 2.5.2 order. Only the winner is built. The same rate (service_hash, pricing apart from
 * average_per_night) appears in hotelRooms for the same inputs.
 */
export function cheapestRate(hotel: Hotel, stay: Stay, now: Date, filter: RateFilter = {}): SearchRate | undefined {
  if (hotelBlock(hotel, stay.residency) !== null) return undefined;
  const prep = prepare(hotel, stay, now);
  if (prep.ctx.hotelSoldOut) return undefined;
  let allowed = prep.typeMask;
  if (filter.meals !== undefined && filter.meals.length > 0) {
    let meals = 0;
    for (const meal of filter.meals) meals |= MEAL_MASK[meal] ?? 0;
    allowed &= meals;
  }
  if (allowed === 0) return undefined;
  // Bounds in whole cents (inclusive), immune to binary fractions such as 1049.14 * 100.
  const low = filter.priceFrom === undefined ? Number.NEGATIVE_INFINITY : Math.ceil(filter.priceFrom * 100 - 1e-6);
  const high = filter.priceTo === undefined ? Number.POSITIVE_INFINITY : Math.floor(filter.priceTo * 100 + 1e-6);
  const noLowerBound = low === Number.NEGATIVE_INFINITY;
  if (scratch.length < prep.nights.nights) scratch = new Float64Array(prep.nights.nights);

  const rooms = roomTypesOf(hotel);
  let best = Number.POSITIVE_INFINITY;
  let bestRoom: RoomType | undefined;
  let bestType: RateType = 1;
  for (let index = 0; index < rooms.length; index++) {
    const room = rooms[index] as RoomType;
    if (stay.persons > room.maxPersons) continue;
    const mask = offeredRateMask(room, prep.ctx.profile.steady) & allowed;
    if (mask === 0) continue;
    if (roomsAvailable(room, prep.nights, prep.ctx.profile.steady) === 0) continue;
    roomNightsEur(prep.ctx, room, scratch);
    let passed = 0;
    for (const rateType of RATE_TYPES_IN_ORDER) {
      if (!offers(mask, rateType)) continue;
      // Without a lower bound a rate type never beats one it costs at least as much as every night.
      if (noLowerBound && (passed & DOMINATED_BY[rateType]) !== 0) continue;
      const total = displayTotal(prep.ctx, scratch, rateType);
      if (total < low || total > high) continue;
      passed |= 1 << (rateType - 1);
      if (total >= best) continue;
      best = total;
      bestRoom = room;
      bestType = rateType;
    }
  }
  if (bestRoom === undefined) return undefined;

  const roomNights = new Float64Array(prep.nights.nights);
  roomNightsEur(prep.ctx, bestRoom, roomNights);
  const priced = priceRate(prep.ctx, roomNights, bestType);
  const { meal, refundable } = rateTypeMeaning(bestType);
  return {
    ...hashesOf(prep, bestRoom, bestType),
    room: { room_name: bestRoom.roomName, room_class: bestRoom.roomClass, bedding: bestRoom.bedding },
    meal,
    pricing: pricingOf(prep, priced, false),
    cancellation: cancellationOf(refundable, priced, prep.nights, prep.ctx.profile.cancellationDays, quotedAt(prep, now), prep.currency),
  };
}

export type QuoteResult =
  | { ok: true; rate: HotelRate; room: RoomType }
  | { ok: false; reason: 'unknown_room' | 'over_capacity' | 'not_available'; message: string };

const NOT_AVAILABLE = 'The rate is no longer available; search again';

/**
 * Re-prices the exact rate of a parsed service_hash for booking, in the given display currency and
 * residency. The rate equals the one hotelRooms shows for the same inputs. Booking-time scenario
 * effects (price_increase_at_booking, sold_out_at_booking) are NOT applied here.
 */
export function quoteServiceHash(
  hotel: Hotel, parsed: ParsedServiceHash, guest: { currency: string; residency: string }, now: Date,
): QuoteResult {
  const room = parsed.hotelId === hotel.id ? findRoomType(hotel, parsed.roomCode) : undefined;
  if (room === undefined) {
    return { ok: false, reason: 'unknown_room', message: `Room code '${parsed.roomCode}' does not exist at hotel ${hotel.id}` };
  }
  if (parsed.persons > room.maxPersons) {
    return {
      ok: false,
      reason: 'over_capacity',
      message: `Room '${room.roomName}' takes at most ${room.maxPersons} person${room.maxPersons === 1 ? '' : 's'}; the reference asks for ${parsed.persons}`,
    };
  }
  const notAvailable = (why: string): QuoteResult => ({ ok: false, reason: 'not_available', message: `${NOT_AVAILABLE} (${why})` });
  const block = hotelBlock(hotel, guest.residency);
  if (block === 'closed') return notAvailable('the hotel is closed');
  if (block !== null) return notAvailable('the hotel has no rooms for this guest');
  const stay: Stay = { checkin: parsed.checkin, checkout: parsed.checkout, persons: parsed.persons, ...guest };
  const prep = prepare(hotel, stay, now);
  if (!offers(offeredRateMask(room, prep.ctx.profile.steady), parsed.rateType)) return notAvailable('this meal and cancellation combination is not offered for the room');
  if (!offers(prep.typeMask, parsed.rateType)) return notAvailable('the free-cancellation deadline has passed');
  if (prep.ctx.hotelSoldOut) return notAvailable('the hotel is sold out on at least one night');
  const available = roomsAvailable(room, prep.nights, prep.ctx.profile.steady);
  if (available === 0) return notAvailable('the room is sold out on at least one night');
  const roomNights = new Float64Array(prep.nights.nights);
  roomNightsEur(prep.ctx, room, roomNights);
  return { ok: true, rate: hotelRateOf(prep, room, roomNights, parsed.rateType, available, now).rate, room };
}
