/**
 * The room types of a hotel: 2–8 per hotel, derived deterministically from the
 * hotel id and kind. A room type is unique per (class + quality + bedding),
 * which is the grouping of HotelRoom (spec 2.5.1), and has a stable room code.
 */
import type { Hotel, PropertyKind } from '../hotel.js';
import { BEDDING_CODE, CAPACITY, CLASS_CODE, planOf, QUALITY_CODE, viewsOf, type Template } from './roomCatalogue.js';
import { Draws, hashString } from './random.js';

export type Bathroom = 'Private' | 'Shared';

export interface RoomType {
  /** Stable room code, 1–24 upper-case letters/digits, unique within the hotel (e.g. "SUPDBL"). */
  code: string;
  /** Full room name, e.g. "Superior Double Room, Canal view". */
  roomName: string;
  /** e.g. "Superior Room". */
  roomType: string;
  roomClass: string;
  quality: string;
  bedding: string;
  /** 1–6. */
  maxPersons: number;
  /** Single, Double, Triple, Quadruple, Quintuple, Sextuple. */
  capacity: string;
  bathroom: Bathroom;
  view?: string;
  floor?: string;
  /** > 0 when given. */
  bedrooms?: number;
  balcony?: boolean;
  familyRoom?: boolean;
  clubRoom?: boolean;
  amenities: string[];
  /** Relative price of the room type (1 = a standard double room). */
  priceFactor: number;
  /** Seed of all per-night draws of this room (hash of `${hotel.id}:${code}`). */
  seed: number;
}

function amenitiesOf(template: Template, bathroom: Bathroom, hotel: Hotel, draws: Draws): string[] {
  const tags = ['wifi'];
  const selfCatering = template.bedrooms !== undefined || template.roomClass === 'Studio';
  if (hotel.starRating >= 3 || draws.chance(0.4)) tags.push('air_conditioning');
  if (template.roomClass !== 'Dormitory' && template.roomClass !== 'Tent') tags.push('tv');
  if (bathroom === 'Private') tags.push('private_shower');
  if (hotel.starRating >= 3 && template.roomClass !== 'Dormitory') tags.push('safe');
  if (hotel.starRating >= 4 || template.quality === 'Deluxe' || template.quality === 'Executive') tags.push('minibar');
  if (template.quality === 'Deluxe' || template.roomClass === 'Suite') tags.push('bathtub');
  if (selfCatering) tags.push(template.bedrooms !== undefined ? 'kitchen' : 'kitchenette');
  if (template.bedrooms !== undefined && template.bedrooms >= 2 && draws.chance(0.5)) tags.push('washing_machine');
  if (!selfCatering && draws.chance(0.6)) tags.push('kettle');
  if (template.roomClass === 'Dormitory') tags.push('lockers');
  if (draws.chance(0.5)) tags.push('hairdryer');
  if (template.stem.includes('Private Pool')) tags.push('private_pool');
  return tags;
}

function buildRoom(hotel: Hotel, template: Template, code: string, views: readonly string[], draws: Draws): RoomType {
  const shared = template.shared === true && (hotel.kind === 'Hostel' || draws.chance(0.5));
  const bathroom: Bathroom = shared ? 'Shared' : 'Private';
  const upscale = template.quality !== 'Economy' && template.quality !== 'Standard';
  const hasView = draws.chance(upscale ? 0.6 : 0.15) && template.roomClass !== 'Dormitory';
  const view = hasView ? draws.pick(views) : undefined;
  const multiStorey = template.bedrooms === undefined && !['Tent', 'Cabin', 'Mobile Home', 'Bungalow'].includes(template.roomClass);
  const floor = multiStorey && upscale && draws.chance(0.25) ? draws.pick(['High floor', 'Top floor', 'Upper floors']) : undefined;
  const balcony = template.roomClass !== 'Dormitory' && draws.chance(upscale || hotel.kind === 'Resort' ? 0.45 : 0.12);
  const roomName = `${template.quality} ${template.stem}${view === undefined ? '' : `, ${view}`}`;
  const room: RoomType = {
    code,
    roomName,
    roomType: `${template.quality} ${template.roomClass}`,
    roomClass: template.roomClass,
    quality: template.quality,
    bedding: template.bedding,
    maxPersons: template.persons,
    capacity: CAPACITY[template.persons - 1] ?? 'Multiple',
    bathroom,
    amenities: amenitiesOf(template, bathroom, hotel, draws),
    // Views, balconies and high floors cost a little extra.
    priceFactor: template.factor * (view === undefined ? 1 : 1.06) * (balcony ? 1.04 : 1) * (floor === undefined ? 1 : 1.03),
    seed: hashString(`${hotel.id}:${code}`),
  };
  if (view !== undefined) room.view = view;
  if (floor !== undefined) room.floor = floor;
  if (template.bedrooms !== undefined && template.bedrooms > 0) room.bedrooms = template.bedrooms;
  if (balcony) room.balcony = true;
  if (template.family === true) room.familyRoom = true;
  if (template.club === true) room.clubRoom = true;
  return room;
}

function codeOf(template: Template, taken: Set<string>): string {
  const base = `${QUALITY_CODE[template.quality] ?? 'RM'}${CLASS_CODE[template.roomClass] ?? 'RM'}${BEDDING_CODE[template.bedding] ?? 'BED'}`;
  let code = base;
  for (let n = 2; taken.has(code) && n < 100; n++) code = `${base}${n}`;
  taken.add(code);
  return code;
}

/** Builds the room types of a hotel (not cached; use roomTypesOf). */
/**
 * Whether a room template suits a hotel's stars: 1–2-star hotels have no suites, executive or
 * deluxe rooms; 4–5-star hotels no economy rooms or dormitories. Unrated (0) hotels may have any.
 */
export function fitsStars(template: Template, stars: number): boolean {
  const rounded = Math.round(stars);
  if (rounded >= 1 && rounded <= 2) {
    return template.roomClass !== 'Suite' && template.quality !== 'Executive' && template.quality !== 'Deluxe';
  }
  if (rounded >= 4) return template.quality !== 'Economy' && template.roomClass !== 'Dormitory';
  return true;
}

function generateRoomTypes(hotel: Hotel): RoomType[] {
  const draws = new Draws(hashString(`${hotel.id}:rooms:${hotel.kind}`));
  const plan = planOf(hotel.kind);
  const count = draws.int(plan.min, plan.max);
  const drawnBig = draws.pick(plan.big);
  const chosen: Template[] = [fitsStars(drawnBig, hotel.starRating) ? drawnBig : (plan.big.find((big) => fitsStars(big, hotel.starRating)) ?? drawnBig)];
  // The other templates in random order (partial Fisher-Yates), bounded by the pool size.
  const pool = [...plan.pool, ...plan.big.filter((big) => big !== chosen[0])];
  for (let i = 0; i < pool.length && chosen.length < count; i++) {
    const j = i + Math.floor(draws.next() * (pool.length - i));
    const pick = pool[j] as Template;
    pool[j] = pool[i] as Template;
    pool[i] = pick;
    // Rooms follow the stars (fitsStars); unrated hotels rarely have suites or executive rooms.
    if (!fitsStars(pick, hotel.starRating)) continue;
    if (hotel.starRating < 1 && (pick.roomClass === 'Suite' || pick.quality === 'Executive') && draws.chance(0.8)) continue;
    chosen.push(pick);
  }
  // A 5-star hotel has at least one suite when its kind offers any (the cheapest, no extra draw).
  if (hotel.starRating >= 5 && !chosen.some((x) => x.roomClass === 'Suite')) {
    const suite = [...plan.pool, ...plan.big].filter((x) => x.roomClass === 'Suite').sort((a, b) => a.factor - b.factor)[0];
    if (suite) chosen.push(suite);
  }
  const key = (x: Template): string => `${x.roomClass}|${x.quality}|${x.bedding}`;
  const seen = new Set<string>();
  const unique = chosen.filter((x) => (seen.has(key(x)) ? false : (seen.add(key(x)), true)));
  // Present from small and cheap to big and dear.
  unique.sort((a, b) => a.factor - b.factor || a.persons - b.persons);
  const views = viewsOf(hotel);
  const codes = new Set<string>();
  return unique.map((template) => buildRoom(hotel, template, codeOf(template, codes), views, draws));
}

interface CacheEntry {
  id: number;
  kind: PropertyKind;
  stars: number;
  city: string;
  rooms: readonly RoomType[];
}

const cache = new WeakMap<Hotel, CacheEntry>();

/** The room types of a hotel (2–8), deterministic and cached per hotel object. Do not mutate. */
export function roomTypesOf(hotel: Hotel): readonly RoomType[] {
  const hit = cache.get(hotel);
  if (hit && hit.id === hotel.id && hit.kind === hotel.kind && hit.stars === hotel.starRating && hit.city === hotel.city) {
    return hit.rooms;
  }
  const rooms = Object.freeze(generateRoomTypes(hotel));
  cache.set(hotel, { id: hotel.id, kind: hotel.kind, stars: hotel.starRating, city: hotel.city, rooms });
  return rooms;
}

/** The room type with this code at the hotel, if any. */
export function findRoomType(hotel: Hotel, code: string): RoomType | undefined {
  return roomTypesOf(hotel).find((room) => room.code === code);
}
