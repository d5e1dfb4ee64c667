/**
 * Sessions of the sandbox console (/_control/ui): the API key (or the admin token) is entered once
 * and never travels again; the browser holds only an opaque random session id (cookie), which maps
 * here, in memory, to the account (or the admin) and to the session's CSRF token. A session ends
 * after an idle hour, after eight hours in any case, on sign-out, when its key stops working or its
 * account is disabled or deleted, or when it is evicted. Sessions live in this process: a restart
 * signs everybody out, and replicas would need sticky sessions.
 *
 * Bounds (finding 8 of the first security review: with one public key anybody could open sessions
 * until everybody else's were evicted; finding 5 of issue 35: 20 sign-ins from one NAT address
 * evicted other tenants' sessions, the operator's included): an account holds at most
 * MAX_SESSIONS_PER_ACCOUNT, and one account from one client address MAX_SESSIONS_PER_ADDRESS; a new
 * session past either evicts the oldest of that same account (from that same address), never
 * another account's. The admin's sessions are apart: at most MAX_ADMIN_SESSIONS, evicted only by
 * the admin's own. Past MAX_SESSIONS over all, the oldest of the partner account holding the most
 * goes. Successful sign-ins are throttled too (signInsPerMinute, controlUiSignIn.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { secretMatches } from '../../domain/accounts.js';

export const SESSION_IDLE_MS = 60 * 60 * 1000;
export const SESSION_MAX_MS = 8 * 60 * 60 * 1000;
export const MAX_SESSIONS = 10_000;
export const MAX_SESSIONS_PER_ACCOUNT = 20;
/** Sessions of one account from one client address. */
export const MAX_SESSIONS_PER_ADDRESS = 10;
/** The admin's sessions (signed in with the admin token), kept apart from the partners'. */
export const MAX_ADMIN_SESSIONS = 20;
/** The account id of an admin session (signed in with the admin token). */
export const ADMIN_SESSION = -1;

export interface ConsoleSession {
  readonly id: string;
  /** The account, or ADMIN_SESSION. */
  readonly accountId: number;
  /** The key it signed in with (none for the admin): the session ends when that key stops working (rolling it here moves the session to the new key). */
  keyId: string | null;
  readonly address: string;
  /** Every state-changing form carries it; a page of another origin cannot read it. */
  readonly csrfToken: string;
  readonly createdMs: number;
  lastUsedMs: number;
  /** A one-shot message for the next page (what the last form did), after its redirect. */
  flash?: { kind: 'ok' | 'error'; text: string; secret?: string };
}

const randomToken = () => randomBytes(32).toString('base64url');

export class ConsoleSessions {
  /** In insertion order, so the first entry is the oldest session. */
  private readonly sessions = new Map<string, ConsoleSession>();
  /** The ids of each account's and each account's sessions from each address, oldest first. */
  private readonly byAccount = new Map<number, Set<string>>();
  private readonly byAddress = new Map<string, Set<string>>();

  constructor(private readonly clock: Clock) {}

  open(accountId: number, keyId: string | null, address: string): ConsoleSession {
    const nowMs = this.clock.now().getTime();
    this.evictOldestOf(this.byAccount.get(accountId), accountId === ADMIN_SESSION ? MAX_ADMIN_SESSIONS : MAX_SESSIONS_PER_ACCOUNT);
    this.evictOldestOf(this.byAddress.get(addressKey(accountId, address)), MAX_SESSIONS_PER_ADDRESS);
    while (accountId !== ADMIN_SESSION && this.sessions.size - this.sessionsOf(ADMIN_SESSION) >= MAX_SESSIONS) {
      const largest = this.largestAccount();
      if (!largest) break;
      this.close(largest.values().next().value as string);
    }
    const session: ConsoleSession = { id: randomToken(), accountId, keyId, address, csrfToken: randomToken(), createdMs: nowMs, lastUsedMs: nowMs };
    this.sessions.set(session.id, session);
    setOf(this.byAccount, accountId).add(session.id);
    setOf(this.byAddress, addressKey(accountId, address)).add(session.id);
    return session;
  }

  /** The live session with this id (its idle time restarts), or undefined. */
  find(id: string | undefined): ConsoleSession | undefined {
    if (id === undefined) return undefined;
    const session = this.sessions.get(id);
    if (!session) return undefined;
    const nowMs = this.clock.now().getTime();
    if (nowMs - session.lastUsedMs > SESSION_IDLE_MS || nowMs - session.createdMs > SESSION_MAX_MS) {
      this.close(id);
      return undefined;
    }
    session.lastUsedMs = nowMs;
    return session;
  }

  /** Whether `token` is the session's CSRF token (constant time). */
  static csrfMatches(session: ConsoleSession, token: unknown): boolean {
    return typeof token === 'string' && secretMatches(token, session.csrfToken);
  }

  close(id: string): void {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    dropFrom(this.byAccount, session.accountId, id);
    dropFrom(this.byAddress, addressKey(session.accountId, session.address), id);
  }

  /** Every session of the account ends (it was disabled or deleted). */
  closeAccount(accountId: number): void {
    for (const id of [...(this.byAccount.get(accountId) ?? [])]) this.close(id);
  }

  get size(): number {
    return this.sessions.size;
  }

  sessionsOf(accountId: number): number {
    return this.byAccount.get(accountId)?.size ?? 0;
  }

  /** Closes the oldest of `ids` while they are `keep` or more. */
  private evictOldestOf(ids: Set<string> | undefined, keep: number): void {
    while (ids && ids.size > 0 && ids.size >= keep) this.close(ids.values().next().value as string);
  }

  private largestAccount(): Set<string> | undefined {
    let largest: Set<string> | undefined;
    for (const [accountId, ids] of this.byAccount) if (accountId !== ADMIN_SESSION && (!largest || ids.size > largest.size)) largest = ids;
    return largest;
  }
}

/** Sessions are capped per account and address together: one tenant's sign-ins never evict another's behind the same NAT. */
const addressKey = (accountId: number, address: string) => `${accountId}|${address}`;

function setOf<K>(map: Map<K, Set<string>>, key: K): Set<string> {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  return set;
}

function dropFrom<K>(map: Map<K, Set<string>>, key: K, id: string): void {
  const set = map.get(key);
  set?.delete(id);
  if (set?.size === 0) map.delete(key);
}
