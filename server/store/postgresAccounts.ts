/**
 * The PostgreSQL store's accounts (migration 12): one row per account, its keys inside its record
 * (so an account and its keys are written in one statement: never half an account). A deleted
 * account leaves a row without a record, so every replica learns of the deletion and no id is used
 * twice (ids come from a sequence starting at FIRST_ACCOUNT_ID, 1000).
 *
 * Every process holds every account in memory (AccountRegistry). Each write takes one advisory lock
 * and stamps the row with the next `account_changes` number while holding it, so the numbers
 * commit in order: a replica that has seen number n has seen every change up to n. A write is
 * announced on the change feed (postgresChanges.ts) and acknowledged only once every listening
 * replica has read the changes; besides, each replica reads the rows changed since the last it saw
 * every ACCOUNT_POLL_MS, so a change reaches a replica that missed the notice (its listener was
 * reconnecting) within a second all the same.
 */
import type { Account, AccountChanges } from '../domain/accounts.js';
import type { Client, PostgresDatabase } from './postgresDatabase.js';
import type { TransientState } from './postgresTransient.js';
import { ACCOUNT_CHANGES_WITHIN_MS, StoreUnavailableError } from '../domain/ports/store.js';
import { accountProblem } from './validation.js';

/** How often a replica reads the accounts changed since it last looked (well within ACCOUNT_CHANGES_WITHIN_MS). */
export const ACCOUNT_POLL_MS = ACCOUNT_CHANGES_WITHIN_MS / 2;
/** Any fixed number: the advisory lock every account write holds (writes are an operator's, few). */
const ACCOUNTS_LOCK = 7_202_612;
/** The tables resetAccount empties; a deleted account's rows go from each of them too. */
export const ACCOUNT_DATA_TABLES = ['bookings', 'outbox', 'idempotency_keys', 'clock_offsets', 'searches', 'offers', 'request_journal', 'rate_limit_hits', 'stubs'];

interface AccountRow {
  id: number;
  record: Account | null;
  changed_seq: string;
}

export class PostgresAccounts {
  private version = 0;
  private listener: ((changes: AccountChanges) => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly db: PostgresDatabase,
    private readonly transient: Pick<TransientState, 'announced'>,
  ) {}

  async load(): Promise<{ accounts: Account[]; version: number }> {
    const rows = await this.db.query<AccountRow>('SELECT id, record, changed_seq FROM accounts');
    const version = rows.reduce((highest, row) => Math.max(highest, Number(row.changed_seq)), 0);
    return { accounts: rows.flatMap((row) => (row.record ? [checked(row.record)] : [])), version };
  }

  createAccount(build: (id: number) => Account): Promise<Account> {
    return (async () => {
      const rows = await this.db.query<{ id: string }>('SELECT nextval($1::regclass) AS id', ['account_ids']);
      const id = Number(rows[0]!.id);
      const account = build(id);
      const problem = accountProblem(account) ?? (account.id === id ? undefined : 'does not carry the id it was given');
      if (problem) throw new Error(`createAccount: the account ${problem}`);
      await this.write(id, (client) => client.query('INSERT INTO accounts (id, record, changed_seq) VALUES ($1, $2, nextval($3::regclass))', [id, account, 'account_changes']));
      return account;
    })();
  }

  async updateAccount(accountId: number, change: (current: Account) => Account | undefined): Promise<Account | undefined> {
    let result: Account | undefined;
    await this.write(accountId, async (client) => {
      const { rows } = await client.query<{ record: Account | null }>('SELECT record FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
      const current = rows[0]?.record ?? undefined;
      if (!current) return;
      result = current;
      const changed = change(current);
      if (!changed) return;
      const problem = accountProblem(changed) ?? (changed.id === accountId ? undefined : 'changed its id');
      if (problem) throw new Error(`updateAccount: the changed account ${problem}`);
      await client.query('UPDATE accounts SET record = $2, changed_seq = nextval($3::regclass) WHERE id = $1', [accountId, changed, 'account_changes']);
      result = changed;
    });
    return result;
  }

  /**
   * The account's rows go from every table, and its record becomes a tombstone (see the file's
   * comment). Then the tables that held its rows are rewritten (VACUUM FULL, see eraseFromFiles), so
   * its guests' data is gone from the table files when this answers.
   */
  async deleteAccount(accountId: number): Promise<boolean> {
    let deleted = false;
    const held = ['accounts'];
    await this.write(accountId, async (client) => {
      const gone = await client.query(
        'UPDATE accounts SET record = NULL, changed_seq = nextval($2::regclass) WHERE id = $1 AND record IS NOT NULL',
        [accountId, 'account_changes'],
      );
      if (gone.rowCount !== 1) return;
      for (const table of ACCOUNT_DATA_TABLES) {
        if (((await client.query(`DELETE FROM ${table} WHERE account_id = $1`, [accountId])).rowCount ?? 0) > 0) held.push(table);
      }
      deleted = true;
    });
    if (!deleted) return false;
    await this.eraseFromFiles(held);
    return true;
  }

  /**
   * A DELETE only marks rows dead: their bytes stay in the table's files until the space is reused.
   * VACUUM (FULL) writes each table anew without them and unlinks the old files at its commit
   * (owner of the tables suffices: the server's role, which ran the migrations). It takes each
   * table's ACCESS EXCLUSIVE lock while it copies it, so every replica's statements on that table
   * wait for as long (bounded: tables are bounded per account), and deletes are an operator's, few.
   * The WAL still holds the rows until its segments are recycled (docs/operating.md, "Erasure").
   */
  private async eraseFromFiles(tables: readonly string[]): Promise<void> {
    await this.db.query(`VACUUM (FULL) ${tables.join(', ')}`);
  }

  /** One transaction under the accounts lock, announced to every replica (see the file's comment). */
  private write(accountId: number, work: (client: Client) => Promise<unknown>): Promise<void> {
    return this.transient.announced(accountId, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [ACCOUNTS_LOCK]);
      await work(client);
    });
  }

  /** From now on, `listener` hears the changes after `fromVersion` (read every ACCOUNT_POLL_MS, and on each notice). */
  watch(fromVersion: number, listener: (changes: AccountChanges) => void): void {
    this.version = Math.max(this.version, fromVersion);
    this.listener = listener;
    if (this.timer) return;
    this.timer = setInterval(() => void this.readChanges().catch(() => {}), ACCOUNT_POLL_MS);
    this.timer.unref();
  }

  /** Reads the changes since the last seen (one read at a time; a caller during one waits for the next). */
  readChanges(): Promise<void> {
    if (!this.listener) return Promise.resolve();
    const previous = this.reading ?? Promise.resolve();
    const next = previous.catch(() => {}).then(async () => {
      const rows = await this.db.query<AccountRow>('SELECT id, record, changed_seq FROM accounts WHERE changed_seq > $1 ORDER BY changed_seq', [this.version]);
      if (rows.length === 0) return;
      this.version = Number(rows[rows.length - 1]!.changed_seq);
      this.listener?.({
        accounts: rows.flatMap((row) => (row.record ? [checked(row.record)] : [])),
        deleted: rows.filter((row) => !row.record).map((row) => row.id),
      });
    });
    this.reading = next;
    return next;
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.listener = undefined;
  }
}

/** A record as the database holds it, checked: a damaged one is a 503 naming it, never a wrong owner. */
function checked(record: Account): Account {
  const problem = accountProblem(record);
  if (problem) throw new StoreUnavailableError(`account ${String(record.id)} in the database ${problem}`);
  return record;
}

