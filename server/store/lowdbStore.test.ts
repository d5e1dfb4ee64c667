import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataFile } from 'lowdb/node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingRecord } from '../domain/bookings/record.js';
import { LowdbStore, StoreOpenError } from './lowdbStore.js';

let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lowdb-store-'));
  file = join(dir, 'db.json');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

function record(id: number, bookhash: string, overrides: Partial<BookingRecord> = {}): BookingRecord {
  return {
    id, bookhash, accountId: 1, hotelId: 4127, serviceHash: '4127-SUPDBL-3-20261215-20261218-2',
    arrival: '2026-12-15', departure: '2026-12-18', nights: 3, persons: 2,
    guest: { first_name: 'Anna', last_name: 'de Vries', email: 'anna.devries@example.com', phone: '+31 20 555 0101' },
    clientRemarks: null, roomName: 'Superior Double Room', roomType: 'Superior Room', bedding: 'Double Bed',
    meal: 'nomeal', totalPrice: '453.75', currency: 'EUR', pricePerNight: ['151.25', '151.25', '151.25'],
    quotedTotalPrice: '453.75', chargeAmount: '453.75', chargeCurrency: 'EUR', taxes: [], refundable: true,
    freeCancellationBefore: '2026-12-12T23:59:00', policies: [], status: 'processing', paid: 'no',
    supplierOrderId: null, hotelName: 'Canal Garden Hotel', hotelAddress: 'Keizersgracht 312', hotelCity: 'Amsterdam',
    hotelCountry: 'NL', hotelStars: 4, hotelPhone: '+31 20 555 4127', hotelImage: null, createdAt: '2026-11-21 10:15:42',
    unavailableReason: null, csrfToken: 'token', paymentAttemptedAt: null, cancelledAt: null, refundSettlesAt: null,
    supplierCancelFailedAt: null, ...overrides,
  };
}

const hash = (n: number) => `H${String(n).padStart(29, '0')}`;
const onDisk = () => JSON.parse(readFileSync(file, 'utf8')) as { nextBookingId: number; bookings: BookingRecord[]; outbox: unknown[] };

describe('LowdbStore.open (file)', () => {
  it('creates the file on first start and keeps bookings, updates and e-mails across a reopen', async () => {
    const store = await LowdbStore.open(file);
    expect(onDisk()).toEqual({ version: 1, nextBookingId: 1, bookings: [], outbox: [] });
    await store.insertBooking((id) => record(id, hash(1)));
    await store.insertBooking((id) => record(id, hash(2), { accountId: 2 }));
    await store.updateBooking(hash(1), (current) => ({
      booking: { ...current, status: 'booking_confirmed', paid: 'yes' },
      emails: [{ to: 'a@example.com', subject: 's', text: 't', bookhash: hash(1), sent_at: '2026-11-21T10:00:00.000Z' }],
    }));

    const reopened = await LowdbStore.open(file);
    expect(reopened.findBooking(hash(1))).toMatchObject({ id: 1, status: 'booking_confirmed', paid: 'yes' });
    expect(reopened.bookingsOfAccount(2).map((booking) => booking.id)).toEqual([2]);
    expect(reopened.allBookings()).toHaveLength(2);
    expect(reopened.outbox()).toEqual([
      { to: 'a@example.com', subject: 's', text: 't', bookhash: hash(1), sent_at: '2026-11-21T10:00:00.000Z' },
    ]);
  });

  it('continues ids after a reopen, and a reset starts from 1 again', async () => {
    const store = await LowdbStore.open(file);
    for (let n = 1; n <= 3; n++) await store.insertBooking((id) => record(id, hash(n)));
    const reopened = await LowdbStore.open(file);
    expect((await reopened.insertBooking((id) => record(id, hash(4)))).id).toBe(4);
    await reopened.reset();
    expect(onDisk()).toEqual({ version: 1, nextBookingId: 1, bookings: [], outbox: [] });
    expect(reopened.findBooking(hash(4))).toBeUndefined();
    expect((await reopened.insertBooking((id) => record(id, hash(5)))).id).toBe(1);
  });

  it('group-commits: 200 concurrent changes take a few writes, and each resolves only once it is on disk', async () => {
    const store = await LowdbStore.open(file);
    const writes = vi.spyOn(DataFile.prototype, 'write');
    const seenOnDisk: boolean[] = [];
    await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        store.insertBooking((id) => record(id, hash(index + 1))).then((booking) => {
          seenOnDisk.push(onDisk().bookings.some((stored) => stored.bookhash === booking.bookhash));
        }),
      ),
    );
    expect(seenOnDisk).toHaveLength(200);
    expect(seenOnDisk.every(Boolean)).toBe(true);
    expect(writes.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(writes.mock.calls.length).toBeLessThanOrEqual(3);
    expect(onDisk().bookings.map((booking) => booking.id)).toEqual(Array.from({ length: 200 }, (_, index) => index + 1));
    expect(onDisk().nextBookingId).toBe(201);
  });

  it('updateBooking: no write when the change returns undefined; undefined for an unknown bookhash', async () => {
    const store = await LowdbStore.open(file);
    const inserted = await store.insertBooking((id) => record(id, hash(1)));
    const writes = vi.spyOn(DataFile.prototype, 'write');
    expect(await store.updateBooking(hash(1), () => undefined)).toBe(inserted);
    expect(await store.updateBooking(hash(9), (current) => ({ ...current, status: 'booking_confirmed' }))).toBeUndefined();
    expect(writes).not.toHaveBeenCalled();
  });

  describe('refuses a file it cannot use, leaving its bytes unchanged', () => {
    it.each([
      ['invalid JSON', '{"version": 1, "nextBookingId": 3, "bookings": [', /is not valid JSON/],
      ['an empty file', '', /is not valid JSON/],
      ['the wrong shape', '{"users": [], "posts": []}', /is not a store of this server/],
      ['a JSON array', '[1, 2, 3]', /is not a store of this server/],
      ['JSON null', 'null', /is not a store of this server/],
      ['another version', '{"version": 2, "nextBookingId": 1, "bookings": [], "outbox": []}', /is not a store of this server/],
    ])('%s', async (_name, content, message) => {
      await writeFile(file, content);
      const before = await readFile(file);
      const opening = LowdbStore.open(file);
      await expect(opening).rejects.toBeInstanceOf(StoreOpenError);
      await expect(opening).rejects.toThrow(message);
      await expect(opening).rejects.toThrow(file);
      expect((await readFile(file)).equals(before)).toBe(true);
    });
  });
});

describe('LowdbStore.inMemory', () => {
  it('behaves like the file store without a file', async () => {
    const store = await LowdbStore.inMemory();
    const first = await store.insertBooking((id) => record(id, hash(1)));
    expect(first.id).toBe(1);
    expect((await store.insertBooking((id) => record(id, hash(2)))).id).toBe(2);
    const updated = await store.updateBooking(hash(1), (current) => ({ ...current, status: 'booking_confirmed' }));
    expect(updated?.status).toBe('booking_confirmed');
    expect(store.findBooking(hash(1))).toBe(updated);
    expect(store.allBookings()).toHaveLength(2);
  });
});
