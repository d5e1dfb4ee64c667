/**
 * What lets a PostgreSQL replica keep account state it reads on every request (clock rows, stored
 * searches) in its own memory: every change that could make such a copy wrong (a clock set, an
 * account reset, a whole reset) is announced with NOTIFY in the transaction that makes it, and the
 * change is only acknowledged to its caller once every replica listening when it committed has
 * dropped its copies and said so (an ack NOTIFY back). So a control call that answered is seen by the
 * next request on any replica, exactly as without the copies. The same channel asks every replica
 * to write out the request-journal entries it holds of an account before one reads that journal.
 *
 * Each replica holds one extra connection for this (application_name LISTENER_NAME). While it is
 * not connected the replica keeps no copies (every read goes to the database) and tries again every
 * RECONNECT_MS. A replica that does not acknowledge within ACK_TIMEOUT_MS (its process hangs or
 * died) is waited for no longer; a replica that lost its connection dropped its copies already.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The connection's application_name: how a writer finds the replicas that must acknowledge. */
export const LISTENER_NAME = 'hotel-sandbox-cache';
const CHANGES = 'sandbox_changes';
const ACKS = 'sandbox_change_acks';
const ACK_TIMEOUT_MS = 2_000;
const RECONNECT_MS = 1_000;
const PROBE_TIMEOUT_MS = 2_000;

/** The account whose state changed, or null: every account (a whole reset). */
export type ChangedAccount = number | null;

/**
 * What a replica hears: a change of an account's state (drop the copies of it), a request to write
 * out what it holds of an account's request journal (a replica is about to read it), or the loss of
 * its own connection (it can hear nothing until it listens again).
 */
export type Notice = { kind: 'changed'; account: ChangedAccount } | { kind: 'journal'; account: number } | { kind: 'lost' };

export interface Announcement {
  sql: string;
  values: unknown[];
  settled(at: string | undefined): Promise<void>;
  abandoned(): void;
}

interface Waiting {
  acked: Set<number>;
  missing?: Set<number>;
  done?: () => void;
}

export class ChangeFeed {
  private client: pg.Client | undefined;
  private pid: number | undefined;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private readonly waiting = new Map<string, Waiting>();
  /**
   * Grows at every change seen and at every loss of the connection: a read that started under
   * another generation may have read what was changed since, and is not kept.
   */
  generation = 0;

  constructor(
    private readonly config: pg.ClientConfig,
    /** Acts on a notice; the replica acknowledges once it settled. */
    private readonly onNotice: (notice: Notice) => void | Promise<void>,
  ) {}

  /** Copies may be kept: the replica hears every change (it is listening). */
  get live(): boolean {
    return this.pid !== undefined;
  }

  /** Connects and listens; on failure the replica runs without copies and tries again later. */
  async start(): Promise<void> {
    if (this.closed || this.client) return;
    const client = new pg.Client({ ...this.config, application_name: LISTENER_NAME });
    this.client = client;
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => this.heard(client, message));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES}; LISTEN ${ACKS}`);
      // Copies are kept only once a notification was heard back: behind a pooler that does not keep
      // the session (transaction pooling), LISTEN succeeds but nothing arrives, and so none are kept.
      const probe = randomUUID();
      const heard = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
        timer.unref();
        this.waiting.set(probe, { acked: new Set(), done: () => (clearTimeout(timer), resolve(true)) });
      });
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_notify($1, $2)', [ACKS, `${probe} 0`]);
      const live = await heard;
      this.waiting.delete(probe);
      if (!live) throw new Error('no notification came back');
      if (this.client === client) this.pid = rows[0]!.pid;
    } catch {
      this.lost(client);
    }
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.pid = undefined;
    this.generation++;
    void Promise.resolve(this.onNotice({ kind: 'lost' })).catch(() => {});
    client.end().catch(() => {});
    if (!this.closed) {
      this.reconnectTimer = setTimeout(() => void this.start(), RECONNECT_MS);
      this.reconnectTimer.unref();
    }
  }

  private heard(client: pg.Client, message: pg.Notification): void {
    const payload = message.payload ?? '';
    if (message.channel === CHANGES) {
      // `<change id> <account or *>`, or `<request id> journal:<account>`
      const [id, what = '*'] = payload.split(' ');
      let notice: Notice;
      if (what.startsWith('journal:')) {
        notice = { kind: 'journal', account: Number(what.slice('journal:'.length)) };
      } else {
        this.generation++;
        notice = { kind: 'changed', account: what === '*' ? null : Number(what) };
      }
      const acknowledge = () => {
        if (this.pid !== undefined && this.client === client) client.query('SELECT pg_notify($1, $2)', [ACKS, `${id} ${this.pid}`]).catch(() => this.lost(client));
      };
      // Acknowledged also when acting failed (the database is away): the asker is not kept waiting.
      Promise.resolve()
        .then(() => this.onNotice(notice))
        .then(acknowledge, acknowledge);
    } else if (message.channel === ACKS) {
      // `<change id> <pid of the replica's listener>`
      const [id, pid] = payload.split(' ');
      const waiting = this.waiting.get(id ?? '');
      if (!waiting) return;
      if (pid === '0') return waiting.done?.(); // the probe of start()
      waiting.acked.add(Number(pid));
      if (waiting.missing) {
        waiting.missing.delete(Number(pid));
        if (waiting.missing.size === 0) waiting.done?.();
      }
    }
  }

  /**
   * Announces a change of `account`: run `sql` with `values` inside the transaction that makes the
   * change, then, once it committed, await `settled` with the `at` that statement returned (or call
   * `abandoned` when it rolled back).
   */
  announce(account: ChangedAccount): Announcement {
    return this.notice(`${account ?? '*'}`);
  }

  /** Asks every replica to write out what it holds of the account's request journal (as announce; no transaction needed). */
  askForJournal(account: number): Announcement {
    return this.notice(`journal:${account}`);
  }

  private notice(what: string): Announcement {
    const id = randomUUID();
    this.waiting.set(id, { acked: new Set() });
    return {
      // clock_timestamp(): listeners connected after this instant never held a copy from before it.
      sql: 'SELECT pg_notify($1, $2), clock_timestamp()::text AS at',
      values: [CHANGES, `${id} ${what}`],
      settled: (at) => this.settle(id, at),
      abandoned: () => void this.waiting.delete(id),
    };
  }

  /** Waits until every replica listening at the commit acknowledged change `id` (bounded). */
  private async settle(id: string, at?: string): Promise<void> {
    const waiting = this.waiting.get(id)!;
    try {
      const client = this.client;
      if (!client || this.pid === undefined) return; // not listening: no acks can be heard
      const { rows } = await client.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()
           AND ($2::timestamptz IS NULL OR backend_start < $2::timestamptz)`,
        [LISTENER_NAME, at ?? null],
      );
      const missing = new Set(rows.map((row) => row.pid).filter((pid) => !waiting.acked.has(pid)));
      if (missing.size === 0) return;
      waiting.missing = missing;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ACK_TIMEOUT_MS);
        timer.unref();
        waiting.done = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    } catch {
      // The listener's connection broke: this replica dropped its copies; others answer for themselves.
    } finally {
      this.waiting.delete(id);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    this.pid = undefined;
    await Promise.resolve(this.onNotice({ kind: 'lost' })).catch(() => {});
    for (const waiting of this.waiting.values()) waiting.done?.();
    await client?.end().catch(() => {});
  }
}
