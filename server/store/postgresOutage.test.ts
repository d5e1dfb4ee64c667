/**
 * A database that goes away while a replica holds a pooled connection between two of its queries
 * (inside a transaction, during a sweep): node-postgres hands that connection's 'error' to whoever
 * checked it out, and with no listener it is an uncaught exception that ends the process. The store
 * listens, so the process stays up, the broken connection's next query fails, and once the database
 * is back new connections work. (Found by scripts/ci/deploy.test.ts: a replica died when PostgreSQL
 * stopped under booking traffic.)
 */
import { expect, it } from 'vitest';
import { describePostgres, usePostgresCluster } from '../testing/postgresSuite.js';
import { PostgresDatabase } from './postgresDatabase.js';

describePostgres('PostgreSQL going away under a checked-out connection', () => {
  const postgres = usePostgresCluster();
  it('does not end the process; the connection fails, and a new one works once the database is back', async () => {
    const { cluster } = postgres;
    const db = await PostgresDatabase.open(cluster.url);
    try {
      const client = await db.connect();
      await client.query('SELECT 1');
      // 'end', not 'error': a listener of the test's own on 'error' would hide what this is about.
      const ended = new Promise((resolve) => client.once('end', resolve));
      await cluster.stopServer('immediate');
      await ended;
      await expect(client.query('SELECT 1')).rejects.toThrow();
      client.release();

      await cluster.startServer();
      const again = await db.connect();
      expect((await again.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      again.release();
    } finally {
      await db.end();
    }
  }, 120_000);
});
