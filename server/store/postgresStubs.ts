/**
 * The PostgreSQL store's stubs (migration 14): one row per account holding its whole stub set.
 * Every API call of an account asks for its stubs, so each replica keeps a copy per account (none
 * too: most accounts have no stubs) while the change feed is live, and drops it when a change of
 * the account is announced: every change goes through an announced transaction, acknowledged only
 * once every listening replica dropped its copy, so a stub added on one replica answers on every
 * replica at once. Changes lock the row (or, for a first stub, the account's advisory lock) so a
 * `times` count taken on two replicas at once is taken twice, never lost.
 */
import type { StubSet } from '../domain/stubs/stub.js';
import { isEmptyStubSet } from '../domain/stubs/stub.js';
import type { ChangeFeed, ChangedAccount } from './postgresChanges.js';
import type { PostgresDatabase } from './postgresDatabase.js';
import type { TransientState } from './postgresTransient.js';
import { StoreUnavailableError } from '../domain/ports/store.js';
import { stubSetProblem } from './validation.js';

/** Accounts whose stubs (or their absence) a replica keeps a copy of. */
const CACHED_ACCOUNTS = 10_000;
/** Any fixed number: with the account id, the lock a change of an account's stubs holds. */
const STUBS_LOCK = 7_202_614;

export class PostgresStubs {
  /** null: the account has no stubs (what almost every call finds). */
  private readonly copies = new Map<number, StubSet | null>();
  /** Bumped on every forget: a read begun before it may hold what was changed since, and is not kept. */
  private generation = 0;

  constructor(
    private readonly db: PostgresDatabase,
    private readonly feed: Pick<ChangeFeed, 'live' | 'generation'>,
    private readonly transient: Pick<TransientState, 'announced'>,
  ) {}

  async of(accountId: number): Promise<StubSet | undefined> {
    const kept = this.copies.get(accountId);
    if (kept !== undefined) return kept ?? undefined;
    const generation = this.generation;
    const feedGeneration = this.feed.generation;
    const rows = await this.db.query<{ stub_set: unknown }>('SELECT stub_set FROM stubs WHERE account_id = $1', [accountId]);
    const set = rows[0] ? checked(rows[0].stub_set, accountId) : null;
    if (this.feed.live && this.feed.generation === feedGeneration && this.generation === generation) {
      if (this.copies.size >= CACHED_ACCOUNTS) this.copies.clear();
      this.copies.set(accountId, set);
    }
    return set ?? undefined;
  }

  async change(accountId: number, change: (current: StubSet | undefined) => StubSet | undefined): Promise<StubSet | undefined> {
    let result: StubSet | undefined;
    this.forget(accountId);
    try {
      await this.transient.announced(accountId, async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1, $2)', [STUBS_LOCK, accountId]);
        const { rows } = await client.query<{ stub_set: unknown }>('SELECT stub_set FROM stubs WHERE account_id = $1', [accountId]);
        const current = rows[0] ? checked(rows[0].stub_set, accountId) : undefined;
        result = current;
        const changed = change(current);
        if (!changed) return;
        const problem = stubSetProblem(changed);
        if (problem) throw new Error(`changeStubs: the changed set ${problem}`);
        if (isEmptyStubSet(changed)) {
          await client.query('DELETE FROM stubs WHERE account_id = $1', [accountId]);
          result = undefined;
          return;
        }
        await client.query(
          'INSERT INTO stubs (account_id, stub_set) VALUES ($1, $2) ON CONFLICT (account_id) DO UPDATE SET stub_set = EXCLUDED.stub_set',
          [accountId, JSON.stringify(changed)],
        );
        result = changed;
      });
    } finally {
      this.forget(accountId);
    }
    return result;
  }

  /** Drops the copies of the account's stubs (of every account for null). */
  forget(account: ChangedAccount): void {
    this.generation++;
    if (account === null) this.copies.clear();
    else this.copies.delete(account);
  }
}

/** A row as the database holds it, checked: a damaged one is a 503 naming it, never a wrong answer. */
function checked(value: unknown, accountId: number): StubSet {
  const problem = stubSetProblem(value);
  if (problem) throw new StoreUnavailableError(`the stubs of account ${accountId} in the database: ${problem}`);
  return value as StubSet;
}
