/**
 * Availability: which hotels can sell at all (closed, scenarios), which room
 * nights are sold out, how many rooms are left, and which meal × refundability
 * combinations each room type offers.
 */
import type { Hotel } from '../hotel.js';
import type { StayNights } from './dates.js';
import type { RoomType } from './roomTypes.js';
import { mix, unit, SALT } from './random.js';
import type { RateType } from './serviceHash.js';

/** Share of room nights sold out per room type. */
const ROOM_NIGHT_SOLD_OUT = 0.08;
/** Share of hotel nights sold out completely. */
const HOTEL_NIGHT_SOLD_OUT = 0.03;
/** Share of room types that offer all four meal × refundability combinations. */
const ALL_COMBINATIONS = 0.72;

/** Why a hotel sells nothing for this guest, or null when it sells. */
export function hotelBlock(hotel: Hotel, residency: string): 'closed' | 'no_rooms' | 'residency' | null {
  if (hotel.isClosed) return 'closed';
  for (const effect of hotel.scenario) {
    if (effect.kind === 'closed') return 'closed';
    if (effect.kind === 'no_rooms') return 'no_rooms';
    if (effect.kind === 'no_availability_for_residency' && effect.residency.toLowerCase() === residency.toLowerCase()) {
      return 'residency';
    }
  }
  return null;
}

/** Price multiplier for this guest's residency (2 under the double_price_for_residency scenario). */
export function residencyPriceFactor(hotel: Hotel, residency: string): number {
  let factor = 1;
  for (const effect of hotel.scenario) {
    if (effect.kind === 'double_price_for_residency' && effect.residency.toLowerCase() === residency.toLowerCase()) {
      factor *= 2;
    }
  }
  return factor;
}

/** True when the whole hotel is sold out on that night. */
export function hotelNightSoldOut(hotelSeed: number, day: number): boolean {
  return unit(mix(hotelSeed, day), SALT.hotelNightSoldOut) < HOTEL_NIGHT_SOLD_OUT;
}

/**
 * Rooms left of this room type for every night of the stay (1–9, the minimum over the nights),
 * or 0 when any night is sold out for the room (never when `neverSoldOut`, for scenario hotels). Whole-hotel sell-outs are checked separately,
 * once per hotel and stay (PriceContext.hotelSoldOut).
 */
export function roomsAvailable(room: RoomType, stay: StayNights, neverSoldOut = false): number {
  let least = 9;
  for (let i = 0; i < stay.nights; i++) {
    const nightSeed = mix(room.seed, stay.days[i] as number);
    if (!neverSoldOut && unit(nightSeed, SALT.roomNightSoldOut) < ROOM_NIGHT_SOLD_OUT) return 0;
    const left = 1 + Math.floor(unit(nightSeed, SALT.roomNightCount) * 9);
    if (left < least) least = left;
  }
  return least;
}

/** Bit mask of the rate types a room type offers: bit (rateType - 1). Never 0; all four when `all`. */
export function offeredRateMask(room: RoomType, all = false): number {
  if (all || unit(room.seed, SALT.combos) < ALL_COMBINATIONS) return 0b1111;
  // A proper non-empty subset: 1..14.
  return 1 + Math.floor(unit(room.seed, SALT.combosSubset) * 14);
}

export function offers(mask: number, rateType: RateType): boolean {
  return (mask & (1 << (rateType - 1))) !== 0;
}

/** False for the occasional rate restricted to certain residencies. */
export function anyResidency(room: RoomType, rateType: RateType): boolean {
  return unit(mix(room.seed, rateType), SALT.anyResidency) >= 0.06;
}

/** True for the rare package rate. */
export function isPackageRate(room: RoomType, rateType: RateType): boolean {
  return unit(mix(room.seed, rateType), SALT.packageRate) < 0.02;
}
