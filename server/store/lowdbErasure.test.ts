/**
 * The embedded store's files (issue 35): created 0600 in directories made 0700 (they hold guests'
 * data and key digests; finding 9), and an account's delete erases its guests' data from DB_FILE
 * and its journal before it answers, not at the next compaction (finding 10).
 */
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testAccount } from '../testing/accountContract.js';
import { LowdbStore } from './lowdbStore.js';
import { testBooking, testHash } from '../testing/storeContract.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'store-files-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const GUEST_EMAIL = 'erase.me@guest.example';

describe('the embedded store\'s files', () => {
  it('are created 0600, in directories created 0700', async () => {
    const path = join(dir, 'nested', 'deeper', 'db.json');
    const store = await LowdbStore.open(path, { warn: () => {} });
    try {
      await store.createAccount((id) => testAccount(id));
      await store.compactNow();
    } finally {
      await store.close();
    }
    const mode = async (file: string) => (await stat(file)).mode & 0o777;
    expect(await mode(path)).toBe(0o600);
    expect(await mode(`${path}.journal`)).toBe(0o600);
    expect(await mode(join(dir, 'nested'))).toBe(0o700);
    expect(await mode(join(dir, 'nested', 'deeper'))).toBe(0o700);
  });

  it('are narrowed to 0600 when an earlier release left them 0644', async () => {
    const path = join(dir, 'db.json');
    const first = await LowdbStore.open(path, { warn: () => {} });
    await first.createAccount((id) => testAccount(id));
    await first.close();
    await chmod(path, 0o644);
    await chmod(`${path}.journal`, 0o644);
    const reopened = await LowdbStore.open(path, { warn: () => {} });
    await reopened.close();
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(`${path}.journal`)).mode & 0o777).toBe(0o600);
  });

  it('hold nothing of a deleted account\'s guests once its delete answered', async () => {
    const path = join(dir, 'db.json');
    const store = await LowdbStore.open(path, { warn: () => {} });
    const files = async () => `${await readFile(path, 'utf8').catch(() => '')}\n${await readFile(`${path}.journal`, 'utf8').catch(() => '')}`;
    try {
      const kept = await store.createAccount((id) => testAccount(id));
      const gone = await store.createAccount((id) => testAccount(id, { email: GUEST_EMAIL }));
      await store.insertBooking((id) => testBooking(id, testHash(1), { accountId: gone.id, guest: { first_name: 'Erin', last_name: 'Ased', email: GUEST_EMAIL, phone: '+31 20 555 0102' } }));
      await store.insertBooking((id) => testBooking(id, testHash(2), { accountId: kept.id }));
      await store.compactNow(); // the guest's data in DB_FILE, not only in the journal
      await store.insertBooking((id) => testBooking(id, testHash(3), { accountId: gone.id, guest: { first_name: 'Erin', last_name: 'Ased', email: GUEST_EMAIL, phone: '+31 20 555 0102' } }));
      expect(await files()).toContain(GUEST_EMAIL);
      expect(await store.deleteAccount(gone.id)).toBe(true);
      expect(await files()).not.toContain(GUEST_EMAIL);
      expect(await files()).toContain('anna.devries@example.com');
    } finally {
      await store.close();
    }
  });
});
