/**
 * Supplier prices in EUR cents and their conversion to the display currency.
 *
 * Room-only non-refundable price of a night = hotel base (stars, city price level, kind,
 * centrality) × persons × weekday × season × hotel-night demand × room price factor ×
 * room-night noise, in whole EUR cents. A refundable rate adds the hotel's surcharge on the
 * room price; breakfast adds a per-guest amount; the residency scenario doubles everything.
 * Each night is converted to the display currency on its own and the total is the sum of the
 * converted nights, so prices add up in any currency.
 */
import { converterFor, convertWith, roundCents } from './currency.js';
import { hotelNightSoldOut } from './availability.js';
import type { StayNights } from './dates.js';
import type { HotelProfile } from './profile.js';
import { mix, unit, SALT } from './random.js';
import type { RoomType } from './roomTypes.js';
import type { RateType } from './serviceHash.js';

const PERSONS_FACTOR = [0.85, 1, 1.2, 1.38, 1.55, 1.7] as const;
/** Sunday … Saturday: Friday and Saturday nights are dearer. */
const WEEKDAY_FACTOR = [0.94, 0.97, 0.97, 1.0, 1.03, 1.16, 1.2] as const;
/** January … December (northern hemisphere). */
const SEASON_FACTOR = [0.84, 0.86, 0.94, 1.02, 1.08, 1.15, 1.24, 1.24, 1.1, 1.0, 0.88, 1.06] as const;
/** No night of a room costs less than this (EUR cents). */
const MIN_NIGHT_CENTS = 1500;

/** Everything needed to price any room of one hotel for one stay and guest. */
export interface PriceContext {
  profile: HotelProfile;
  stay: StayNights;
  persons: number;
  currency: string;
  /** 1, or 2 under the double_price_for_residency scenario. */
  residencyFactor: number;
  /** Per night: EUR (not cents) of a price-factor-1 room, before room noise. */
  nightBase: Float64Array;
  /** True when the whole hotel is sold out on at least one night of the stay. */
  hotelSoldOut: boolean;
  /** Units of the display currency per EUR, and whether it rounds to whole units. */
  fxRate: number;
  fxWholeUnits: boolean;
}

export function priceContext(profile: HotelProfile, stay: StayNights, persons: number, currency: string, residencyFactor: number): PriceContext {
  const personsFactor = PERSONS_FACTOR[Math.min(Math.max(persons, 1), PERSONS_FACTOR.length) - 1] ?? 1;
  const nightBase = new Float64Array(stay.nights);
  let hotelSoldOut = false;
  for (let i = 0; i < stay.nights; i++) {
    const day = stay.days[i] as number;
    if (!profile.steady && hotelNightSoldOut(profile.seed, day)) hotelSoldOut = true;
    const weekday = WEEKDAY_FACTOR[stay.weekdays[i] as number] ?? 1;
    const season = SEASON_FACTOR[((stay.months[i] as number) + profile.seasonShift) % 12] ?? 1;
    const demand = 0.96 + 0.1 * unit(mix(profile.seed, day), SALT.hotelNightDemand);
    nightBase[i] = profile.baseEur * personsFactor * weekday * season * demand;
  }
  const fx = converterFor(currency);
  return { profile, stay, persons, currency, residencyFactor, nightBase, hotelSoldOut, fxRate: fx.rate, fxWholeUnits: fx.wholeUnits };
}

/** Fills `out` with the room-only non-refundable EUR cents of each night of the stay. */
export function roomNightsEur(ctx: PriceContext, room: RoomType, out: Float64Array): void {
  const { stay, nightBase } = ctx;
  for (let i = 0; i < stay.nights; i++) {
    const noise = 0.95 + 0.1 * unit(mix(room.seed, stay.days[i] as number), SALT.roomNightNoise);
    const cents = roundCents((nightBase[i] as number) * room.priceFactor * noise * 100);
    out[i] = cents < MIN_NIGHT_CENTS ? MIN_NIGHT_CENTS : cents;
  }
}

/** EUR cents of one night for a rate type, from the room-only non-refundable price of that night. */
export function rateNightEur(ctx: PriceContext, roomNightCents: number, rateType: RateType): number {
  let cents = rateType >= 3 ? roundCents(roomNightCents * (1 + ctx.profile.refundableSurcharge)) : roomNightCents;
  if (rateType === 2 || rateType === 4) cents += ctx.profile.breakfastCents * ctx.persons;
  return cents * ctx.residencyFactor;
}

/** Total in display-currency cents of a rate type (what search compares), without allocating. */
export function displayTotal(ctx: PriceContext, roomNights: Float64Array, rateType: RateType): number {
  let total = 0;
  for (let i = 0; i < ctx.stay.nights; i++) {
    total += convertWith(rateNightEur(ctx, roomNights[i] as number, rateType), ctx.fxRate, ctx.fxWholeUnits);
  }
  return total;
}

/** The nightly and total prices of one rate, in EUR cents and display-currency cents. */
export interface PricedRate {
  eurNights: number[];
  displayNights: number[];
  eurTotal: number;
  displayTotal: number;
}

export function priceRate(ctx: PriceContext, roomNights: Float64Array, rateType: RateType): PricedRate {
  const eurNights: number[] = [];
  const displayNights: number[] = [];
  let eurTotal = 0;
  let total = 0;
  for (let i = 0; i < ctx.stay.nights; i++) {
    const eur = rateNightEur(ctx, roomNights[i] as number, rateType);
    const display = convertWith(eur, ctx.fxRate, ctx.fxWholeUnits);
    eurNights.push(eur);
    displayNights.push(display);
    eurTotal += eur;
    total += display;
  }
  return { eurNights, displayNights, eurTotal, displayTotal: total };
}
