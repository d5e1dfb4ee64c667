/**
 * Erasure on PostgreSQL (issue 35, finding 10): once an account's delete answers, its guests' data
 * is gone from the cluster's table files, with the server on a role that is not a superuser (it
 * owns its database and the tables its migrations made). What the WAL keeps is measured, not hidden:
 * see docs/operating.md, "Erasure".
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipPostgres, startPostgresCluster, type PostgresCluster } from '../testing/postgres.js';
import { testAccount } from '../testing/accountContract.js';
import { PostgresStore } from './postgresStore.js';
import { testBooking, testHash } from '../testing/storeContract.js';

const GUEST_EMAIL = `erase.me.${process.pid}@guest.example`;
const ROLE = 'sandbox_app';

/** The files under `dir` (relative paths) whose bytes hold `needle`. */
async function filesHolding(dir: string, needle: string): Promise<string[]> {
  const found: string[] = [];
  const bytes = Buffer.from(needle);
  for (const name of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!name.isFile()) continue;
    const path = join(name.parentPath, name.name);
    const content = await readFile(path).catch(() => undefined); // a file unlinked while listed
    if (content?.includes(bytes)) found.push(relative(dir, path));
  }
  return found;
}

describe.skipIf(skipPostgres())('erasure on PostgreSQL', () => {
  let cluster: PostgresCluster;
  let superuser: pg.Client;
  let url: string;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
    superuser = new pg.Client({ connectionString: cluster.url });
    await superuser.connect();
    // As an operator sets it up: the server's role owns its database, and is not a superuser.
    await superuser.query(`CREATE ROLE ${ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE`);
    await superuser.query(`CREATE DATABASE erasure OWNER ${ROLE}`);
    url = cluster.url.replace('postgres://postgres@', `postgres://${ROLE}@`).replace(/\/[^/]+$/, '/erasure');
  }, 120_000);
  afterAll(async () => {
    await superuser?.end();
    await cluster?.stop();
  });

  it("a deleted account's guest e-mail is in no table file once the delete answered (the WAL keeps it until its segments go)", async () => {
    const store = await PostgresStore.open(url);
    const base = join(cluster.dataDir, 'base');
    try {
      const kept = await store.createAccount((id) => testAccount(id));
      const gone = await store.createAccount((id) => testAccount(id, { email: GUEST_EMAIL }));
      const guest = { first_name: 'Erin', last_name: 'Ased', email: GUEST_EMAIL, phone: '+31 20 555 0102' };
      const booking = await store.insertBooking((id) => testBooking(id, testHash(1), { accountId: gone.id, guest }));
      await store.updateBooking(booking.bookhash, (current) => ({
        booking: current,
        emails: [{ to: GUEST_EMAIL, subject: 'Your booking', text: `Dear Erin (${GUEST_EMAIL})`, sent_at: '2026-11-21T10:00:00.000Z', bookhash: booking.bookhash }],
      }));
      await store.appendRequestJournal(gone.id, { id: 1, request: { body: { user: guest } } });
      await store.insertBooking((id) => testBooking(id, testHash(2), { accountId: kept.id }));
      await store.appendRequestJournal(kept.id, { id: 1, request: { body: { user: { email: 'anna.devries@example.com' } } } });
      await store.readRequestJournal(gone.id, { limit: 1 }); // every replica writes out what it holds
      // The control: written out to the files (a checkpoint; the superuser's), the e-mail is found there.
      await superuser.query('CHECKPOINT');
      expect((await filesHolding(base, GUEST_EMAIL)).length).toBeGreaterThan(0);

      const started = performance.now();
      expect(await store.deleteAccount(gone.id)).toBe(true);
      const deleteMs = performance.now() - started;
      expect(await filesHolding(base, GUEST_EMAIL)).toEqual([]);
      // Nor after the next checkpoint writes out what the buffers held (catalogs, free space maps).
      await superuser.query('CHECKPOINT');
      expect(await filesHolding(base, GUEST_EMAIL)).toEqual([]);
      expect(await filesHolding(cluster.dataDir, 'anna.devries@example.com')).not.toEqual([]);
      expect(await store.bookingsOfAccount(kept.id)).toHaveLength(1);

      // The WAL: the role cannot force a checkpoint nor a new segment, and the records of the rows stay in pg_wal.
      const asRole = new pg.Client({ connectionString: url });
      await asRole.connect();
      try {
        await expect(asRole.query('CHECKPOINT')).rejects.toThrow(/superuser|pg_checkpoint/);
        await expect(asRole.query('SELECT pg_switch_wal()')).rejects.toThrow(/permission denied/);
      } finally {
        await asRole.end();
      }
      const wal = join(cluster.dataDir, 'pg_wal');
      expect(await filesHolding(wal, GUEST_EMAIL)).not.toEqual([]);
      // The operator's remedy (docs/operating.md, "Erasure"): new segments and checkpoints until the
      // segments that held the rows are recycled and written over (bounded: min_wal_size is 5 segments).
      let rounds = 0;
      while ((await filesHolding(wal, GUEST_EMAIL)).length > 0 && rounds < 12) {
        await superuser.query('SELECT pg_switch_wal()');
        await superuser.query('CHECKPOINT');
        rounds += 1;
      }
      expect(await filesHolding(cluster.dataDir, GUEST_EMAIL)).toEqual([]);
      console.log(JSON.stringify({ deleteMs: Math.round(deleteMs), walRounds: rounds }));
    } finally {
      await store.close();
    }
  }, 120_000);
});
