/**
 * Accounts and keys on two PostgresStore replicas sharing one database (two apps, each with its own
 * store, registry and change-feed listener, as two processes have): an account created on one is
 * known to the other by the time the creation answers; a key revoked on one is refused by the other
 * by the time the revocation answers (every listening replica acknowledges the change first); and a
 * change whose notice a replica never heard (written straight into the database) reaches it by its
 * poll of the changed rows, every ACCOUNT_POLL_MS (half of the second the issue allows).
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACCOUNT_CHANGES_WITHIN_MS } from '../../domain/ports/store.js';
import { ACCOUNT_POLL_MS } from '../../store/postgresAccounts.js';
import { PostgresStore } from '../../store/postgresStore.js';
import { describePostgres, usePostgresCluster } from '../../testing/postgresSuite.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../../testing/testServer.js';

const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' };
const TEAM = { name: 'Replica Tours', contact: 'ops@replica.example', first_name: 'Rae', last_name: 'Plica', email: 'rae@replica.example', phone: '+31 20 555 0199' };

describePostgres('accounts on two PostgreSQL replicas', () => {
  const postgres = usePostgresCluster();
  let stores: PostgresStore[];
  let replicas: TestServer[];

  beforeAll(async () => {
    stores = [await PostgresStore.open(postgres.url), await PostgresStore.open(postgres.url)];
    replicas = await Promise.all(stores.map((store) => startTestServer({ store })));
  }, 120_000);
  afterAll(async () => {
    for (const replica of replicas ?? []) await replica.close();
    for (const store of stores ?? []) await store.close();
  });

  const keysOf = (replica: TestServer, apikey: string) => replica.post('/_control/keys', { apikey });
  const admin = (replica: TestServer, method: string, path: string, body?: unknown) =>
    replica.request(`/_control/admin${path}`, { method, headers: ADMIN, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

  it('a key issued on one replica works on the other, and a key revoked on one is refused by the other, once the call answered', async () => {
    const [a, b] = replicas as [TestServer, TestServer];
    const created = await admin(a, 'POST', '/accounts', TEAM);
    expect(created.status).toBe(201);
    const { key, key_id: keyId, account } = created.body as { key: string; key_id: string; account: { id: number } };
    expect((await keysOf(b, key)).status).toBe(200);

    const revoked = await admin(a, 'POST', `/accounts/${account.id}/keys/${keyId}/revoke`);
    expect(revoked.status).toBe(200);
    const refused = await keysOf(b, key);
    expect([refused.status, refused.body.error]).toEqual([403, 'Invalid API key']);

    const issued = await admin(b, 'POST', `/accounts/${account.id}/keys`);
    expect((await keysOf(a, issued.body.key as string)).status).toBe(200);
    expect((await admin(a, 'DELETE', `/accounts/${account.id}`)).status).toBe(200);
    expect((await keysOf(b, issued.body.key as string)).status).toBe(403);
  });

  it('a change no replica was told of (written into the database directly) is read by every replica\'s poll', async () => {
    expect(ACCOUNT_POLL_MS * 2).toBeLessThanOrEqual(ACCOUNT_CHANGES_WITHIN_MS);
    const [a, b] = replicas as [TestServer, TestServer];
    const created = await admin(a, 'POST', '/accounts', TEAM);
    const { key, account } = created.body as { key: string; account: { id: number } };
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      await client.query(
        `UPDATE accounts SET record = jsonb_set(record, '{status}', '"disabled"'), changed_seq = nextval('account_changes') WHERE id = $1`,
        [account.id],
      );
    } finally {
      await client.end();
    }
    // Polling for a presence, bounded: each replica reads the row at its next poll.
    for (const replica of [a, b]) {
      let status = 200;
      for (let attempt = 0; attempt < 100 && status === 200; attempt++) {
        status = (await keysOf(replica, key)).status;
        if (status === 200) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe(403);
    }
  });
});
