/**
 * The key life cycle on PostgreSQL against its reference model (server/testing/keyModel/), as on the
 * embedded stores (server/store/keyModel.test.ts): one replica, and two replicas sharing the
 * database, each event sent to the replica the scenario picks (each with its own registry, budget
 * and console sessions, as each process has). A change on one replica is awaited on the other
 * before the next event. Replay a failure with KEY_MODEL_SEED and KEY_MODEL_PATH.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { FakeClock } from '../clock.js';
import { skipPostgres, startPostgresCluster, type PostgresCluster } from '../testing/postgres.js';
import { playKeyScenario } from '../testing/keyModel/driver.js';
import { keyModelParameters, keyScenario } from '../testing/keyModel/events.js';
import { PostgresStore } from './postgresStore.js';

const skip = skipPostgres();

describe.skipIf(skip)('keys and accounts on PostgreSQL agree with the model', () => {
  let cluster: PostgresCluster;
  let replicas: PostgresStore[];
  beforeAll(async () => {
    cluster = await startPostgresCluster();
    replicas = [await PostgresStore.open(cluster.url, { sweepIntervalMs: 0 }), await PostgresStore.open(cluster.url, { sweepIntervalMs: 0 })];
  }, 120_000);
  afterAll(async () => {
    await Promise.all((replicas ?? []).map((replica) => replica.close()));
    await cluster?.stop();
  });

  it('one replica', async () => {
    await fc.assert(fc.asyncProperty(keyScenario(1), (events) => playKeyScenario(replicas.slice(0, 1), new FakeClock('2026-11-21T10:00:00Z'), events)), keyModelParameters(40));
  }, 300_000);

  it('two replicas, each event on the replica the scenario picks', async () => {
    await fc.assert(fc.asyncProperty(keyScenario(2), (events) => playKeyScenario(replicas, new FakeClock('2026-11-21T10:00:00Z'), events)), keyModelParameters(30));
  }, 300_000);
});
