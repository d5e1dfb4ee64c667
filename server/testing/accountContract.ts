/**
 * What every Store promises of accounts (lowdbStore.test.ts, postgresStore.test.ts): created whole
 * with an id of its own (from FIRST_ACCOUNT_ID, never given twice), changed atomically one change
 * after the other, deleted with everything the account owns, and all of it there after a reopen.
 */
import { describe, expect, it } from 'vitest';
import { FIRST_ACCOUNT_ID, type Account } from '../domain/accounts.js';
import { at } from './instants.js';
import type { Store } from '../domain/ports/store.js';
import { freshStores, testBooking, testEmail, testHash } from './storeContract.js';

export function testAccount(id: number, overrides: Partial<Account> = {}): Account {
  return {
    id, name: 'Acme Travel', contact: 'ops@acme.example', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@acme.example',
    phone: '+44 20 7946 0958', status: 'active', demo: false, created_at: '2026-11-21T10:00:00.000Z', quota: null, return_url_hosts: null,
    keys: [{ id: `key_t${id}`, digest: 'a'.repeat(64), hint: 'hbs_test_…abcd', created_at: '2026-11-21T10:00:00.000Z', expires_at: null, revoked_at: null, rolled_to: null }],
    ...overrides,
  };
}

const NOW = Date.parse('2026-11-21T10:00:00Z');

export function describeAccountContract(name: string, makeStore: () => Promise<Store>, reopen?: (store: Store) => Promise<Store>): void {
  describe(`Store contract, accounts: ${name}`, () => {
    const fresh = freshStores(makeStore);

    it('creates accounts with ids from FIRST_ACCOUNT_ID, one each, and loads them', async () => {
      const store = await fresh();
      const [first, second] = await Promise.all([store.createAccount((id) => testAccount(id)), store.createAccount((id) => testAccount(id, { name: 'B' }))]);
      expect(first.id).toBeGreaterThanOrEqual(FIRST_ACCOUNT_ID);
      expect(second.id).not.toBe(first.id);
      const { accounts } = await store.loadAccounts();
      expect(accounts.map((account) => account.id)).toEqual(expect.arrayContaining([first.id, second.id]));
      expect(accounts.find((account) => account.id === first.id)).toEqual(first);
    });

    it('changes an account atomically: 20 concurrent changes each see the one before', async () => {
      const store = await fresh();
      const { id } = await store.createAccount((drawn) => testAccount(drawn));
      await Promise.all(Array.from({ length: 20 }, () => store.updateAccount(id, (current) => ({ ...current, name: `${current.name}+` }))));
      expect((await store.updateAccount(id, () => undefined))?.name).toBe(`Acme Travel${'+'.repeat(20)}`);
      expect(await store.updateAccount(FIRST_ACCOUNT_ID - 1, (current) => current)).toBeUndefined();
      await expect(store.updateAccount(id, (current) => ({ ...current, keys: [{ ...current.keys[0]!, digest: 'nope' }] }))).rejects.toThrow(/digest/);
    });

    it('deletes an account with its bookings, e-mails, idempotency records and journal; its id is never drawn again', async () => {
      const store = await fresh();
      const { id } = await store.createAccount((drawn) => testAccount(drawn));
      const other = await store.createAccount((drawn) => testAccount(drawn));
      const use = { accountId: id, key: 'k', fingerprint: 'f' };
      await store.claimIdempotencyKey(use, at(NOW));
      await store.insertBooking((bookingId) => testBooking(bookingId, testHash(1), { accountId: id }), { ...use, response: { status: 200, body: {} }, at: at(NOW) });
      await store.insertBooking((bookingId) => testBooking(bookingId, testHash(2), { accountId: other.id }));
      await store.updateBooking(testHash(1), (current) => ({ booking: current, emails: [testEmail(testHash(1))] }));
      await store.appendRequestJournal(id, { id: 1 });
      expect(await store.deleteAccount(id)).toBe(true);
      expect(await store.deleteAccount(id)).toBe(false);
      expect(await store.bookingsOfAccount(id)).toEqual([]);
      expect(await store.outboxOfAccount(id)).toEqual([]);
      expect(await store.requestJournal(id)).toEqual([]);
      expect(await store.claimIdempotencyKey(use, at(NOW))).toEqual({ state: 'claimed' });
      expect((await store.bookingsOfAccount(other.id)).map((booking) => booking.bookhash)).toEqual([testHash(2)]);
      const ids = (await store.loadAccounts()).accounts.map((account) => account.id);
      expect(ids).toContain(other.id);
      expect(ids).not.toContain(id);
      const next = await store.createAccount((drawn) => testAccount(drawn));
      expect(next.id).toBeGreaterThan(other.id);
    });

    it('keeps accounts through a whole reset (which empties everything else)', async () => {
      const store = await fresh();
      const { id } = await store.createAccount((drawn) => testAccount(drawn));
      await store.reset();
      expect((await store.loadAccounts()).accounts.map((account) => account.id)).toContain(id);
    });

    if (reopen) {
      it('keeps accounts, their changes and deletions, and the next id across a reopen', async () => {
        const store = await fresh();
        const kept = await store.createAccount((drawn) => testAccount(drawn));
        const gone = await store.createAccount((drawn) => testAccount(drawn));
        await store.updateAccount(kept.id, (current) => ({ ...current, status: 'disabled' }));
        await store.deleteAccount(gone.id);
        const again = await fresh(() => reopen(store));
        const held = (await again.loadAccounts()).accounts.filter((account) => account.id === kept.id || account.id === gone.id);
        expect(held).toEqual([{ ...kept, status: 'disabled' }]);
        expect((await again.createAccount((drawn) => testAccount(drawn))).id).toBeGreaterThan(gone.id);
      });
    }
  });
}
