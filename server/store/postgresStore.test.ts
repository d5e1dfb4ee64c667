/**
 * PostgresStore against a real throw-away cluster (server/testing/postgres.ts): the shared Store
 * contract, idempotent booking start over HTTP, and what only several processes sharing one
 * database show (migrations started together, concurrent changes, a database going away).
 */
import { at, until } from '../testing/instants.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { describeIdempotentBookingStart } from '../testing/idempotencyCases.js';
import { describePostgres, usePostgresCluster } from '../testing/postgresSuite.js';
import { LISTENER_NAME } from './postgresChanges.js';
import { MIGRATIONS, migrate } from './postgresMigrations.js';
import type { StubSet } from '../domain/stubs/stub.js';
import { PostgresStore } from './postgresStore.js';
import { MAX_JOURNAL_BYTES, MAX_JOURNAL_ENTRIES } from './processState.js';
import { REQUEST_JOURNAL_CAP, StoreOpenError, StoreUnavailableError } from '../domain/ports/store.js';
import { describeAccountContract } from '../testing/accountContract.js';
import { describeStoreContract, testBooking, testEmail, testHash } from '../testing/storeContract.js';

describePostgres('PostgresStore', () => {
  const postgres = usePostgresCluster();

  const freshStore = async () => {
    const store = await PostgresStore.open(postgres.url);
    await store.reset();
    return store;
  };

  // `reopen` opens a second store on the same database, as a restarted or second replica does.
  describeStoreContract('PostgresStore', freshStore, () => PostgresStore.open(postgres.url));
  describeAccountContract('PostgresStore', freshStore, () => PostgresStore.open(postgres.url));
  describeIdempotentBookingStart('PostgreSQL store', freshStore);

  it("a stub changed on one replica answers on the other at once, though the other kept a copy of the account's stubs", async () => {
    const first = await freshStore();
    const second = await PostgresStore.open(postgres.url);
    try {
      expect(await second.stubsOf(5)).toBeUndefined(); // now kept as "none" by the second replica
      const set = { state: 'Started', nextId: 2, stubs: [] as StubSet['stubs'] };
      await first.changeStubs(5, () => ({ ...set, state: 'moved' }));
      expect((await second.stubsOf(5))?.state).toBe('moved');
      await second.changeStubs(5, (current) => ({ ...current!, state: 'back' }));
      expect((await first.stubsOf(5))?.state).toBe('back');
      await first.resetAccount(5);
      expect(await second.stubsOf(5)).toBeUndefined();
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('a page of the journal fetches its rows from the newest end with LIMIT, never the whole journal', async () => {
    const store = await freshStore();
    for (let n = 1; n <= REQUEST_JOURNAL_CAP; n++) await store.appendRequestJournal(1, { n, body: 'b'.repeat(1000) });
    const before = store.journalRowsFetched();
    const page = await store.readRequestJournal(1, { limit: 5 });
    expect(page.entries.map((text) => (JSON.parse(text) as { n: number }).n)).toEqual([1000, 999, 998, 997, 996]);
    expect(page.notWalked).toBe(REQUEST_JOURNAL_CAP - 5);
    expect(store.journalRowsFetched() - before).toBe(5);
    // A byte budget of about three entries, from the 6th newest: one chunk of `limit + offset` rows at most per statement.
    const cut = await store.readRequestJournal(1, { limit: 10, offset: 5, maxBytes: 3100 });
    expect(cut.entries).toHaveLength(3);
    expect(cut).toMatchObject({ cut: true, notWalked: REQUEST_JOURNAL_CAP - 9 });
    expect(store.journalRowsFetched() - before).toBe(5 + 15);
    await store.close();
  });

  describe('several processes on one database', () => {
    it('replicas that start together apply each migration once', async () => {
      const url = await postgres.cluster.createDatabase('migrations_race');
      const stores = await Promise.all(Array.from({ length: 4 }, () => PostgresStore.open(url, { poolSize: 2 })));
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      await client.end();
      expect(rows.map((row) => row.version)).toEqual(MIGRATIONS.map((migration) => migration.version));
      await Promise.all(stores.map((store) => store.close()));
    });

    it('of 50 concurrent cancels of one booking from 5 processes exactly one succeeds; ids are unique across them', async () => {
      const stores = [await freshStore(), ...(await Promise.all(Array.from({ length: 4 }, () => PostgresStore.open(postgres.url))))];
      const inserted = await Promise.all(
        stores.map((store, index) => store.insertBooking((id) => testBooking(id, testHash(index + 1), { status: 'booking_confirmed' }))),
      );
      expect(new Set(inserted.map((booking) => booking.id)).size).toBe(5);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, index) => {
          let won = false;
          return stores[index % 5]!
            .updateBooking(testHash(1), (current) => {
              won = false;
              if (current.status !== 'booking_confirmed') return undefined;
              won = true;
              return { booking: { ...current, status: 'booking_cancelled' }, emails: [testEmail(current.bookhash)] };
            })
            .then(() => won);
        }),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await stores[0]!.outbox()).toEqual([testEmail(testHash(1))]);
      await Promise.all(stores.map((store) => store.close()));
    });

    it('of two processes claiming one Idempotency-Key at once, exactly one gets it', async () => {
      const stores = [await freshStore(), await PostgresStore.open(postgres.url)];
      const use = { accountId: 1, key: 'together', fingerprint: 'f' };
      const claims = await Promise.all(Array.from({ length: 10 }, (_, index) => stores[index % 2]!.claimIdempotencyKey(use, at(0))));
      expect(claims.filter((claim) => claim.state === 'claimed')).toHaveLength(1);
      await Promise.all(stores.map((store) => store.close()));
    });

    it('a database that stops accepting connections gives StoreUnavailableError (503); it works again when it is back', async () => {
      const url = await postgres.cluster.createDatabase('goes_away');
      // Idle connections close at once, so the next change needs a new one (no connection is killed
      // under the pool: that would race the pool's own error handling).
      const store = await PostgresStore.open(url, { poolSize: 1, idleTimeoutMillis: 1 });
      const admin = new pg.Client({ connectionString: postgres.url });
      await admin.connect();
      await admin.query('ALTER DATABASE goes_away ALLOW_CONNECTIONS false');
      for (let wait = 0; wait < 100; wait++) {
        // The change feed's listener stays connected (it only loses its copies when its connection goes).
        const { rows } = await admin.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = 'goes_away' AND application_name <> $1", [LISTENER_NAME]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const failing = store.insertBooking((id) => testBooking(id, testHash(1)));
      await expect(failing).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(failing).rejects.toMatchObject({ status: 503 });
      await admin.query('ALTER DATABASE goes_away ALLOW_CONNECTIONS true');
      expect((await store.insertBooking((id) => testBooking(id, testHash(2)))).bookhash).toBe(testHash(2));
      expect(await store.countBookings()).toBe(1);
      await admin.end();
      await store.close();
    });

    it('sweeps searches, offers and idempotency keys in batches once their real-time end passed, whatever their account clock shows', async () => {
      const url = await postgres.cluster.createDatabase('sweeps');
      const store = await PostgresStore.open(url, { sweepIntervalMs: 0 });
      const HOUR = 3_600_000;
      const base = Date.UTC(2026, 0, 1);
      const ahead = 2 * HOUR; // account 1's clock runs 2 h ahead
      await store.setClockOffset(1, ahead);
      // 2,500 searches of account 1, made over an hour of real time ago: ended in real time.
      for (let n = 0; n < 2_500; n++) await store.putSearch(1, `a${n}`, { n }, until(base + HOUR - 1_000 + n - 2_500, ahead));
      // Made 30 minutes ago: answers for 30 minutes more.
      await store.putSearch(1, 'a-live', { n: -1 }, until(base + ahead + 30 * 60_000, ahead));
      // Ended on account 1's clock (which was moved on since) but not in real time: kept, for a clock set back sees it again.
      await store.putSearch(1, 'a-clock-ended', { n: -2 }, { atMs: base + ahead - 1, atBaseMs: base + 10 * 60_000 });
      await store.putOffers(1, Array.from({ length: 2_500 }, (_, n) => `ha${n}`), { currency: 'EUR' }, until(base + ahead, ahead));
      await store.putSearch(2, 'b', { n: 0 }, until(base + HOUR - 60_000)); // valid for 59 more minutes on account 2's clock (base)
      await store.putOffers(2, ['hb'], { currency: 'USD' }, until(base + HOUR - 60_000));
      await store.insertBooking((id) => testBooking(id, testHash(1)), {
        accountId: 2, key: 'old', fingerprint: 'f', response: { status: 200, body: {} }, at: at(base - 25 * HOUR),
      });
      await store.insertBooking((id) => testBooking(id, testHash(2)), {
        accountId: 2, key: 'recent', fingerprint: 'f', response: { status: 200, body: {} }, at: at(base - HOUR),
      });
      expect(await store.transientSizes()).toEqual({ searches: 2_503, offers: 2_501, idempotency_keys: 2, idempotency_records: 2 });

      expect(await store.sweepExpired(base)).toEqual({ searches: 2_500, offers: 2_500, rate_limit_hits: 0, rate_limit_keys: 0, idempotency_keys: 1 });
      expect(await store.transientSizes()).toEqual({ searches: 3, offers: 1, idempotency_keys: 1, idempotency_records: 1 });
      expect(await store.getSearch('b', at(base + HOUR - 60_001))).toEqual({ accountId: 2, value: { n: 0 } });
      expect(await store.getOffer(2, 'hb', at(base))).toEqual({ currency: 'USD' });
      expect(await store.getSearch('a-live', at(base + ahead, ahead))).toEqual({ accountId: 1, value: { n: -1 } });
      expect(await store.getSearch('a-clock-ended', at(base + ahead, ahead))).toBeUndefined();
      expect(await store.getSearch('a-clock-ended', at(base + ahead - 2, ahead - 2))).toEqual({ accountId: 1, value: { n: -2 } });
      expect(await store.claimIdempotencyKey({ accountId: 2, key: 'recent', fingerprint: 'f' }, at(base))).toMatchObject({ state: 'completed' });
      await store.close();
    });

    it('sweeps the rate-limit hits of keys nobody used for a day in batches, then their counters; live keys keep counting', async () => {
      const url = await postgres.cluster.createDatabase('rate_sweeps');
      const store = await PostgresStore.open(url, { sweepIntervalMs: 0 });
      const DAY = 86_400_000;
      const base = Date.UTC(2026, 0, 10);
      const windows = [{ name: 'minute' as const, seconds: 60, limit: 5 }, { name: 'day' as const, seconds: 86_400, limit: 2_000 }];
      // 1,200 dead keys (one hit each, 25 h ago) and one live key at its day limit of 3.
      for (let n = 0; n < 1_200; n++) await store.hitRateLimit(`ip${n}|/search.php`, base - DAY - 3_600_000 + n, windows, [], 1);
      const live = [{ name: 'minute' as const, seconds: 60, limit: 5 }, { name: 'day' as const, seconds: 86_400, limit: 3 }];
      for (let n = 0; n < 3; n++) expect(await store.hitRateLimit('live|/search.php', base - 3_600_000 + n * 120_000, live, [], 2)).toMatchObject({ allowed: true });
      expect(await store.sweepExpired(base)).toEqual({ searches: 0, offers: 0, rate_limit_hits: 1_200, rate_limit_keys: 1_200, idempotency_keys: 0 });
      expect(await store.sweepExpired(base)).toEqual({ searches: 0, offers: 0, rate_limit_hits: 0, rate_limit_keys: 0, idempotency_keys: 0 });
      expect(await store.hitRateLimit('live|/search.php', base, live, [], 2)).toMatchObject({ allowed: false, window: 'day', limit: 3 });
      // A swept key starts again from nothing.
      expect(await store.hitRateLimit('ip0|/search.php', base, windows, [], 1)).toMatchObject({ allowed: true });
      await store.close();
    });

    it('the background sweep runs on its timer and stops with close()', async () => {
      const url = await postgres.cluster.createDatabase('sweep_timer');
      const store = await PostgresStore.open(url, { sweepIntervalMs: 20 });
      await store.putSearch(1, 'gone', { n: 0 }, until(Date.now() - 1000));
      await store.putOffers(1, ['h1', 'h2'], { currency: 'EUR' }, until(Date.now() - 1000));
      let sizes = await store.transientSizes();
      for (let wait = 0; wait < 250 && (sizes.searches > 0 || sizes.offers > 0); wait++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        sizes = await store.transientSizes();
      }
      expect(sizes).toMatchObject({ searches: 0, offers: 0 });
      await store.close();
    });

    describe('copies kept per replica, changes announced to every replica', () => {
      let url: string;
      let admin: pg.Client;
      beforeAll(async () => {
        url = await postgres.cluster.createDatabase('replica_copies');
        admin = new pg.Client({ connectionString: url });
        await admin.connect();
      });
      afterAll(async () => {
        await admin?.end();
      });
      const eventually = async (done: () => Promise<boolean>) => {
        for (let wait = 0; wait < 250 && !(await done()); wait++) await new Promise((resolve) => setTimeout(resolve, 20));
      };

      it("a second replica sees another replica's clock change and reset at once, though it keeps the clock row", async () => {
        const [a, b] = [await PostgresStore.open(url), await PostgresStore.open(url)];
        await b.reset();
        await b.setClockOffset(7, 1_000, [{ fromBaseMs: 0, offsetMs: 1_000 }]);
        expect(await a.getClockOffset(7)).toBe(1_000);
        // Kept: a write behind the stores' back (no announcement) is not seen.
        await admin.query('UPDATE clock_offsets SET offset_ms = 99 WHERE account_id = 7');
        expect(await a.getClockOffset(7)).toBe(1_000);
        // Announced: seen by the next read on the other replica, with no wait in between.
        await b.setClockOffset(7, 5_000, [{ fromBaseMs: 0, offsetMs: 5_000 }]);
        expect(await a.getClockOffset(7)).toBe(5_000);
        expect(await a.getClockHistory(7)).toEqual([{ fromBaseMs: 0, fromSeq: expect.any(Number), offsetMs: 5_000 }]);
        await b.resetAccount(7);
        expect(await a.getClockOffset(7)).toBe(0);
        await a.setClockOffset(7, -3_000);
        expect(await b.getClockOffset(7)).toBe(-3_000);
        await b.reset();
        expect(await a.getClockOffset(7)).toBe(0);
        await Promise.all([a.close(), b.close()]);
      });

      it("a stored search is read once per replica, dropped at an announced reset, and judged by expiry on the caller's clock", async () => {
        const [a, b] = [await PostgresStore.open(url), await PostgresStore.open(url)];
        await b.reset();
        await b.putSearch(3, 's1', { n: 1 }, until(10_000));
        await b.putSearch(4, 's2', { n: 2 }, until(10_000));
        expect(await a.getSearch('s1', at(5_000))).toEqual({ accountId: 3, value: { n: 1 } });
        expect(await a.getSearch('s2', at(5_000))).toEqual({ accountId: 4, value: { n: 2 } });
        await admin.query('DELETE FROM searches');
        expect(await a.getSearch('s1', at(5_000))).toEqual({ accountId: 3, value: { n: 1 } }); // kept
        expect(await a.getSearch('s1', at(10_000))).toBeUndefined(); // expired on the caller's clock
        await b.resetAccount(3);
        expect(await a.getSearch('s1', at(5_000))).toBeUndefined();
        expect(await a.getSearch('s2', at(5_000))).toEqual({ accountId: 4, value: { n: 2 } }); // another account's copy stays
        await Promise.all([a.close(), b.close()]);
      });

      it('a replica whose listener connection is lost keeps no copies until it listens again', async () => {
        const [a, b] = [await PostgresStore.open(url), await PostgresStore.open(url)];
        await b.reset();
        await b.setClockOffset(8, 1_000);
        expect(await a.getClockOffset(8)).toBe(1_000);
        const listeners = async () =>
          (await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()', [LISTENER_NAME])).rows;
        expect(await listeners()).toHaveLength(2);
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()', [LISTENER_NAME]);
        // Once the replica noticed (bounded wait), it dropped its copies: an unannounced write is seen.
        await admin.query('UPDATE clock_offsets SET offset_ms = 2 WHERE account_id = 8');
        await eventually(async () => (await a.getClockOffset(8)) === 2);
        expect(await a.getClockOffset(8)).toBe(2);
        // Both listen again (bounded wait), and announced changes reach both at once.
        await eventually(async () => (await listeners()).length === 2);
        expect(await listeners()).toHaveLength(2);
        await b.setClockOffset(8, 4_000);
        expect(await a.getClockOffset(8)).toBe(4_000);
        await Promise.all([a.close(), b.close()]);
      });
    });

    describe('offers and journal entries written in batches', () => {
      it("concurrent offers go in shared statements, the last call's terms winning; each call resolves once its rows are there", async () => {
        const url = await postgres.cluster.createDatabase('offer_batches');
        const [a, b] = [await PostgresStore.open(url), await PostgresStore.open(url)];
        const calls = Array.from({ length: 60 }, (_, n) =>
          a.putOffers(1 + (n % 3), [`h${n % 7}`, `h${n % 5}`, `only${n}`], { currency: `C${n}` }, until(10_000)).then(() => b.getOffer(1 + (n % 3), `only${n}`, at(0))),
        );
        // Each call sees its own rows from another replica as soon as it resolved.
        expect(await Promise.all(calls)).toEqual(Array.from({ length: 60 }, (_, n) => ({ currency: `C${n}` })));
        // h0 was last given (for account 1) by the last n with n % 3 = 0 and n % 7 = 0 or n % 5 = 0: n = 45.
        expect(await b.getOffer(1, 'h0', at(0))).toEqual({ currency: 'C45' });
        expect(await b.transientSizes()).toMatchObject({ offers: 60 + 3 * 7 });
        await Promise.all([a.close(), b.close()]);
      });

      it('journal entries are held by the replica that took them until a replica reads the journal; reads see them in the order taken', async () => {
        const url = await postgres.cluster.createDatabase('held_journal');
        const [a, b] = [await PostgresStore.open(url), await PostgresStore.open(url)];
        const rows = async () => {
          const counter = new pg.Client({ connectionString: url });
          await counter.connect();
          const { rows: [row] } = await counter.query<{ n: number }>('SELECT count(*)::int AS n FROM request_journal');
          await counter.end();
          return row!.n;
        };
        // The store's clock for journal entries (wall-clock milliseconds that never go back).
        const clock = () => Math.floor(performance.timeOrigin + performance.now());
        const nextMillisecond = () => {
          const now = clock();
          for (let spin = 0; spin < 100_000_000 && clock() === now; spin++);
        };
        let builds = 0;
        await a.appendRequestJournal(1, () => (builds++, { n: 1 }));
        nextMillisecond();
        await b.appendRequestJournal(1, { n: 2 });
        nextMillisecond();
        await a.appendRequestJournal(1, { n: 3 });
        await a.appendRequestJournal(2, { other: true });
        expect(await rows()).toBe(0);
        expect(builds).toBe(0);
        // Read on b: a writes out what it holds of account 1 first.
        expect(await b.requestJournal(1)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
        expect(builds).toBe(1);
        expect(await rows()).toBe(3);
        // A reset of the account on b drops what a holds of it.
        await a.appendRequestJournal(2, { other: 'again' });
        await b.resetAccount(2);
        expect(await a.requestJournal(2)).toEqual([]);
        await a.appendRequestJournal(2, { after: 'reset' });
        // A replica that stops hearing notices writes out what it holds at once.
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()', [LISTENER_NAME]);
        await admin.end();
        for (let wait = 0; wait < 250 && (await rows()) < 4; wait++) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(await rows()).toBe(4);
        await Promise.all([a.close(), b.close()]);
      });

      it('what is queued at shutdown is written before close() resolves, journal entries in the order they came', async () => {
        const url = await postgres.cluster.createDatabase('shutdown_flush');
        const store = await PostgresStore.open(url);
        const appends = Array.from({ length: 1_200 }, (_, index) => store.appendRequestJournal(1 + (index % 2), { index }));
        const offers = Array.from({ length: 40 }, (_, n) => store.putOffers(1, [`h${n}`], { n }, until(10_000)));
        await store.close();
        await Promise.all([...appends, ...offers]);
        const reopened = await PostgresStore.open(url);
        const journal = await reopened.requestJournal(1);
        expect(journal).toHaveLength(600);
        expect(journal).toEqual(Array.from({ length: 600 }, (_, n) => ({ index: 2 * n })));
        expect((await reopened.transientSizes()).offers).toBe(40);
        expect(await reopened.getOffer(1, 'h39', at(0))).toEqual({ n: 39 });
        await reopened.close();
      });

      it('at close, the full journals of more accounts than the write queue holds at once are all written', async () => {
        const url = await postgres.cluster.createDatabase('shutdown_many');
        const store = await PostgresStore.open(url);
        for (let account = 1; account <= 25; account++) {
          for (let index = 0; index < REQUEST_JOURNAL_CAP; index++) await store.appendRequestJournal(account, { index });
        }
        await store.close();
        const counter = new pg.Client({ connectionString: url });
        await counter.connect();
        const { rows } = await counter.query<{ accounts: number; n: number }>('SELECT count(DISTINCT account_id)::int AS accounts, count(*)::int AS n FROM request_journal');
        await counter.end();
        expect(rows[0]).toEqual({ accounts: 25, n: 25 * REQUEST_JOURNAL_CAP });
      }, 60_000);

      it('the entries a replica holds stay within MAX_JOURNAL_ENTRIES over many accounts: past it the largest holder is written out, nothing lost', async () => {
        const url = await postgres.cluster.createDatabase('held_bound_entries');
        const store = await PostgresStore.open(url);
        const accounts = 40;
        const perAccount = 200; // 8,000 entries in all, each account under its own cap
        let most = 0;
        for (let n = 0; n < perAccount; n++) {
          for (let account = 1; account <= accounts; account++) {
            await store.appendRequestJournal(account, { account, n });
            most = Math.max(most, store.heldJournalSize().entries);
          }
        }
        expect(most).toBe(MAX_JOURNAL_ENTRIES);
        const counter = new pg.Client({ connectionString: url });
        await counter.connect();
        const { rows } = await counter.query<{ n: number }>('SELECT count(*)::int AS n FROM request_journal');
        await counter.end();
        // Written out, not dropped: what the database has and what the replica holds are every entry.
        expect(rows[0]!.n).toBeGreaterThanOrEqual(accounts * perAccount - MAX_JOURNAL_ENTRIES);
        expect(rows[0]!.n + store.heldJournalSize().entries).toBe(accounts * perAccount);
        for (let account = 1; account <= accounts; account++) {
          expect(await store.requestJournal(account)).toEqual(Array.from({ length: perAccount }, (_, n) => ({ account, n })));
        }
        expect(store.heldJournalSize()).toEqual({ entries: 0, bytes: 0 });
        await store.close();
      }, 60_000);

      it('the bytes a replica holds stay within MAX_JOURNAL_BYTES: past it the account holding the most is written out, each entry built once', async () => {
        const url = await postgres.cluster.createDatabase('held_bound_bytes');
        const store = await PostgresStore.open(url);
        const builds = new Map<string, number>();
        // Builders that say they keep 1 MiB of bodies alive: 5 accounts × 20 of them hold 100 MiB unbounded.
        const builder = (account: number, n: number) =>
          Object.assign(() => (builds.set(`${account}:${n}`, (builds.get(`${account}:${n}`) ?? 0) + 1), { account, n }), { heldBytes: 2 ** 20 });
        let most = 0;
        for (let n = 0; n < 20; n++) {
          for (let account = 1; account <= 5; account++) {
            await store.appendRequestJournal(account, builder(account, n));
            most = Math.max(most, store.heldJournalSize().bytes);
          }
        }
        expect(most).toBe(MAX_JOURNAL_BYTES);
        expect(store.heldJournalSize().entries).toBeLessThanOrEqual(MAX_JOURNAL_BYTES / 2 ** 20);
        for (let account = 1; account <= 5; account++) {
          expect(await store.requestJournal(account)).toEqual(Array.from({ length: 20 }, (_, n) => ({ account, n })));
        }
        expect(builds.size).toBe(100);
        expect([...builds.values()].every((count) => count === 1)).toBe(true);
        expect(store.heldJournalSize()).toEqual({ entries: 0, bytes: 0 });
        await store.close();
      });

      it('a journal over its cap shows the newest entries, also when it holds more rows until the next trim', async () => {
        const url = await postgres.cluster.createDatabase('journal_cap');
        const [a, b] = [await PostgresStore.open(url), await PostgresStore.open(url)];
        await Promise.all(Array.from({ length: REQUEST_JOURNAL_CAP + 300 }, (_, index) => (index % 2 ? a : b).appendRequestJournal(1, { index })));
        const journal = await a.requestJournal(1);
        expect(journal).toHaveLength(REQUEST_JOURNAL_CAP);
        const indexes = journal.map((entry) => (entry as { index: number }).index);
        expect(new Set(indexes).size).toBe(REQUEST_JOURNAL_CAP);
        const counter = new pg.Client({ connectionString: url });
        await counter.connect();
        const { rows } = await counter.query<{ n: number }>('SELECT count(*)::int AS n FROM request_journal');
        await counter.end();
        // Each replica trims after every 64 entries it wrote: at most 2 × 63 rows over the cap remain.
        expect(rows[0]!.n).toBeLessThanOrEqual(REQUEST_JOURNAL_CAP + 2 * 63);
        await Promise.all([a.close(), b.close()]);
      });
    });

    it('journal entries stored before migration 8 (jsonb) read back the same after it (text)', async () => {
      const url = await postgres.cluster.createDatabase('journal_migration');
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      await migrate(pool, MIGRATIONS.filter((migration) => migration.version < 8));
      await pool.query(`INSERT INTO request_journal (account_id, entry) VALUES (1, '{"b": [1, 2.5, "x"], "a": null}'::jsonb)`);
      await pool.end();
      const store = await PostgresStore.open(url);
      await store.appendRequestJournal(1, { after: 'é ✓' });
      expect(await store.requestJournal(1)).toEqual([{ a: null, b: [1, 2.5, 'x'] }, { after: 'é ✓' }]);
      await store.close();
    });

    it('an unreachable database gives a one-line StoreOpenError without the password', async () => {
      const opening = PostgresStore.open('postgres://kit:secret@127.0.0.1:1/nowhere');
      await expect(opening).rejects.toBeInstanceOf(StoreOpenError);
      await expect(opening).rejects.toThrow(/^Cannot use DATABASE_URL postgres:\/\/kit:\*\*\*@127\.0\.0\.1:1\/nowhere: [^\n]+$/);
    });
  });
});
