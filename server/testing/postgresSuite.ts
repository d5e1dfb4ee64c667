/**
 * The one set-up of the PostgreSQL tests. `describePostgres` is a describe block skipped locally
 * without PostgreSQL and failing in CI (skipPostgres); `usePostgresCluster()`, called inside a block,
 * starts a throw-away cluster (postgres.ts) before the block's tests and stops it after them. It is
 * called first in the block, so its stop runs after the block's own afterAll hooks (vitest runs
 * them in reverse), which close what they opened on the cluster. Kept apart from postgres.ts: the
 * benches start clusters too, outside vitest.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { skipPostgres, startPostgresCluster, type PostgresCluster } from './postgres.js';

/** initdb and the first start take seconds, more on a loaded machine. */
const CLUSTER_START_TIMEOUT_MS = 120_000;

/** The block's cluster, there from its first beforeAll hook on. */
export interface BlockCluster {
  readonly cluster: PostgresCluster;
  /** postgres://… of the block's fresh database. */
  readonly url: string;
}

export function describePostgres(name: string, body: () => void): void {
  describe.skipIf(skipPostgres())(name, body);
}

export function usePostgresCluster(options: { fsync?: boolean } = {}): BlockCluster {
  let started: PostgresCluster | undefined;
  beforeAll(async () => {
    started = await startPostgresCluster(options);
  }, CLUSTER_START_TIMEOUT_MS);
  afterAll(async () => {
    await started?.stop();
  });
  const cluster = (): PostgresCluster => {
    if (!started) throw new Error('The cluster starts in beforeAll: use it in a hook or a test, not while the block is collected');
    return started;
  };
  return {
    get cluster() {
      return cluster();
    },
    get url() {
      return cluster().url;
    },
  };
}
