import { describe, expect, it } from 'vitest';
import { findRoomType, roomTypesOf } from './roomTypes.js';
import { makeHotel, manyHotels } from '../../testing/rateHotels.js';

const CAPACITY = ['Single', 'Double', 'Triple', 'Quadruple', 'Quintuple', 'Sextuple'];

describe('roomTypesOf', () => {
  const hotels = manyHotels(480);

  it('follows the stars: no suites, executive or deluxe rooms at 1–2 stars, no economy or dorms at 4–5, a suite at 5', () => {
    let budget = 0;
    let luxury = 0;
    for (const hotel of manyHotels(600, 20000)) {
      const rooms = roomTypesOf(hotel);
      if (hotel.starRating === 1 || hotel.starRating === 2) {
        budget++;
        for (const room of rooms) {
          expect(room.roomClass, `hotel ${hotel.id} ${room.roomName}`).not.toBe('Suite');
          expect(['Executive', 'Deluxe']).not.toContain(room.quality);
        }
      }
      // (A hostel is its dormitories whatever its stars; the world generator gives hostels 0–3 stars.)
      if (hotel.starRating >= 4 && hotel.kind !== 'Hostel') {
        for (const room of rooms) {
          expect(room.quality, `hotel ${hotel.id} ${room.roomName}`).not.toBe('Economy');
          expect(room.roomClass).not.toBe('Dormitory');
        }
      }
    }
    for (let id = 30000; id < 30200; id++) {
      const hotel = makeHotel({ id, starRating: 5, kind: id % 2 === 0 ? 'Hotel' : 'Resort' });
      luxury++;
      expect(roomTypesOf(hotel).some((room) => room.roomClass === 'Suite'), `hotel ${hotel.id}`).toBe(true);
    }
    expect(budget).toBeGreaterThan(100);
    expect(luxury).toBeGreaterThan(5);
  });

  it('gives 2–8 valid, unique room types per hotel', () => {
    for (const hotel of hotels) {
      const rooms = roomTypesOf(hotel);
      expect(rooms.length, `hotel ${hotel.id}`).toBeGreaterThanOrEqual(2);
      expect(rooms.length).toBeLessThanOrEqual(8);
      const codes = new Set<string>();
      const groups = new Set<string>();
      const names = new Set<string>();
      for (const room of rooms) {
        expect(room.code).toMatch(/^[A-Z0-9]{1,24}$/);
        codes.add(room.code);
        groups.add(`${room.roomClass}|${room.quality}|${room.bedding}`);
        names.add(room.roomName);
        expect(room.maxPersons).toBeGreaterThanOrEqual(1);
        expect(room.maxPersons).toBeLessThanOrEqual(6);
        expect(room.capacity).toBe(CAPACITY[room.maxPersons - 1]);
        expect(['Private', 'Shared']).toContain(room.bathroom);
        if (room.bedrooms !== undefined) expect(room.bedrooms).toBeGreaterThan(0);
        if (room.view !== undefined) expect(room.roomName.endsWith(`, ${room.view}`)).toBe(true);
        expect(room.roomType).toBe(`${room.quality} ${room.roomClass}`);
        expect(room.roomName.startsWith(room.quality)).toBe(true);
        expect(room.priceFactor).toBeGreaterThan(0);
        expect(room.amenities.length).toBeGreaterThan(0);
      }
      expect(codes.size).toBe(rooms.length);
      expect(groups.size).toBe(rooms.length);
      expect(names.size).toBe(rooms.length);
    }
  });

  it('gives every hotel a room for 5 persons', () => {
    for (const hotel of hotels) {
      expect(roomTypesOf(hotel).some((room) => room.maxPersons >= 5), `hotel ${hotel.id}`).toBe(true);
    }
  });

  it('gives hostels and BNBs fewer rooms, hostels dorms, and villas/apartments fitting classes', () => {
    const count = (kind: string) => {
      const of = hotels.filter((hotel) => hotel.kind === kind).map((hotel) => roomTypesOf(hotel).length);
      return of.reduce((a, b) => a + b, 0) / of.length;
    };
    expect(count('Hostel')).toBeLessThan(count('Hotel'));
    expect(count('BNB')).toBeLessThan(count('Hotel'));
    for (const hotel of hotels) {
      const classes = roomTypesOf(hotel).map((room) => room.roomClass);
      if (hotel.kind === 'Hostel') {
        expect(roomTypesOf(hotel).some((room) => room.bedding === 'Multiple Beds' && room.maxPersons >= 5)).toBe(true);
        expect(roomTypesOf(hotel).length).toBeLessThanOrEqual(4);
      }
      if (hotel.kind === 'Villas_and_Bungalows') expect(classes.every((c) => c === 'Villa' || c === 'Bungalow')).toBe(true);
      if (hotel.kind === 'Apartment') expect(classes.every((c) => c === 'Apartment' || c === 'Studio')).toBe(true);
    }
  });

  it('is deterministic and independent of the hotel object', () => {
    const a = roomTypesOf(makeHotel({ id: 77 }));
    const b = roomTypesOf(makeHotel({ id: 77 }));
    expect(b).toEqual(a);
    expect(roomTypesOf(makeHotel({ id: 78 }))).not.toEqual(a);
  });

  it('follows a changed hotel object (cache is checked)', () => {
    const hotel = makeHotel({ id: 91, kind: 'Hotel' });
    const before = roomTypesOf(hotel).map((room) => room.code);
    hotel.kind = 'Hostel';
    const after = roomTypesOf(hotel);
    expect(after).toEqual(roomTypesOf(makeHotel({ id: 91, kind: 'Hostel' })));
    expect(after.map((room) => room.code)).not.toEqual(before);
  });

  it('finds a room type by code', () => {
    const hotel = makeHotel();
    const first = roomTypesOf(hotel)[0];
    expect(first).toBeDefined();
    expect(findRoomType(hotel, first?.code ?? '')).toBe(first);
    expect(findRoomType(hotel, 'NOSUCHROOM')).toBeUndefined();
  });
});
