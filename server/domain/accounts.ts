/**
 * Sandbox accounts: one per partner team, with the guest profile its bookings use, its limits
 * (a quota increase, an allow-list of return_url hosts) and its API keys (apiKeys.ts). The demo
 * accounts come from fixtures/accounts.json (their keys are public: the home page shows them) and
 * exist only in memory; the accounts an operator creates live in the Store, durable like bookings.
 *
 * AccountRegistry holds every account in memory, indexed by the digest of each key, so a key is
 * found in O(1) whatever the number of accounts: its SHA-256 is looked up, then compared with
 * timingSafeEqual. (The lookup's timing could only tell something about a digest, never about a
 * key.) Accounts other processes change arrive through the Store's watch (PostgreSQL replicas).
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Clock } from '../clock.js';
import type { components } from '../../contract/generated/control-api.js';
import { digestsMatch, keyDigest, keyRefusal, type ApiKeyRecord } from './apiKeys.js';
import { keyMay, type KeyAction } from './keyLifecycle.js';

export type { ApiKeyRecord };

/**
 * A quota increase (API description, section 8): the account's own windows on search and hotel
 * details, as the control contract's Account shows it, without `in_force` (derived when shown).
 */
export type Quota = Omit<NonNullable<components['schemas']['Account']['quota']>, 'in_force'>;

/** Whether a quota increase is in force at real time `nowMs` (its period, if any, not over). */
export const quotaInForce = (quota: Quota | null, nowMs: number): quota is Quota =>
  quota !== null && (quota.until === null || Date.parse(quota.until) > nowMs);

/** What an operator says of an account: the team, its contact, and the guest profile of its bookings (the control contract's NewAccount). */
export type AccountProfile = Omit<components['schemas']['NewAccount'], 'return_url_hosts'>;

export interface Account extends AccountProfile {
  id: number;
  /** A disabled account's keys are refused (403) until it is enabled again; its data stays. */
  status: 'active' | 'disabled';
  /** From fixtures/accounts.json: not stored, not changeable, its key shown on the home page. */
  demo: boolean;
  created_at: string;
  quota: Quota | null;
  /** Hosts a return_url on booking_url may name (`partner.example`, `*.partner.example`); null: any. */
  return_url_hosts: string[] | null;
  keys: ApiKeyRecord[];
}

/** A demo account carries its key in the clear (it is public). */
export interface DemoAccount extends Account {
  apikey: string;
}

/** Where the accounts an operator creates are kept (the Store's account methods). */
export interface AccountSource {
  loadAccounts(): Promise<{ accounts: Account[]; version: number }>;
  watchAccounts?(fromVersion: number, listener: (changes: AccountChanges) => void): void;
}

/** Accounts another process wrote (upserted) or deleted. */
export interface AccountChanges {
  accounts: Account[];
  deleted: number[];
}

/** What an API key names at an instant. */
export type KeyCheck =
  | { kind: 'ok'; account: Account; key: ApiKeyRecord }
  | { kind: 'disabled' | 'expired'; account: Account; key: ApiKeyRecord }
  | { kind: 'unknown' };

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Compares a secret in constant time (digests have one length, so not even the length leaks). */
export function secretMatches(given: string, expected: string): boolean {
  return timingSafeEqual(sha256(given), sha256(expected));
}

/** Account ids of the demo set stay below this; the accounts an operator creates are numbered from it. */
export const FIRST_ACCOUNT_ID = 1000;

const DEMO_FIXTURE = new URL('../../fixtures/accounts.json', import.meta.url);

/** The demo set (fixtures/accounts.json): every entry needs id, apikey and the guest profile. */
export function demoAccounts(path: URL | string = DEMO_FIXTURE): DemoAccount[] {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as { accounts?: unknown };
  if (!Array.isArray(parsed.accounts)) throw new Error(`${String(path)}: expected {"accounts": [...]}`);
  return parsed.accounts.map((entry: Record<string, unknown>, index) => {
    const text = (field: string) => {
      const value = entry[field];
      if (typeof value !== 'string' || value === '') throw new Error(`${String(path)}: accounts[${index}].${field} must be a non-empty string`);
      return value;
    };
    const id = entry.id;
    if (!Number.isSafeInteger(id) || (id as number) < 1 || (id as number) >= FIRST_ACCOUNT_ID) {
      throw new Error(`${String(path)}: accounts[${index}].id must be an integer from 1 to ${FIRST_ACCOUNT_ID - 1}`);
    }
    return demoAccount({
      id: id as number,
      apikey: text('apikey'),
      first_name: text('first_name'),
      last_name: text('last_name'),
      email: text('email'),
      phone: text('phone'),
      name: typeof entry.name === 'string' ? entry.name : undefined,
      key_id: typeof entry.key_id === 'string' ? entry.key_id : undefined,
    });
  });
}

/** A demo account from its key and guest profile (tests make their own). */
export function demoAccount(entry: {
  id: number; apikey: string; first_name: string; last_name: string; email: string; phone: string; name?: string | undefined; key_id?: string | undefined;
}): DemoAccount {
  const key: ApiKeyRecord = {
    id: entry.key_id ?? `key_demo${entry.id}`,
    digest: keyDigest(entry.apikey),
    hint: 'demo key (see the home page)',
    created_at: '2026-01-01T00:00:00.000Z',
    expires_at: null,
    revoked_at: null,
    rolled_to: null,
  };
  return {
    id: entry.id,
    apikey: entry.apikey,
    name: entry.name ?? `Demo account ${entry.id}`,
    contact: entry.email,
    first_name: entry.first_name,
    last_name: entry.last_name,
    email: entry.email,
    phone: entry.phone,
    status: 'active',
    demo: true,
    created_at: key.created_at,
    quota: null,
    return_url_hosts: null,
    keys: [key],
  };
}

/**
 * Every account in memory, demo and stored, indexed by id and by key digest. `ready()` loads the
 * stored ones once (a failed load is tried again by the next caller); until then only the demo
 * accounts answer. Writes go through the Store (accountAdmin.ts), which hands the stored account
 * back to `put`.
 */
export class AccountRegistry {
  private readonly byId = new Map<number, Account>();
  private readonly byDigest = new Map<string, { account: Account; key: ApiKeyRecord }>();
  /** Every key id in use (revoked ones too): the account holding it. */
  private readonly byKeyId = new Map<string, number>();
  private readonly demo: readonly DemoAccount[];
  private loading: Promise<void> | undefined;
  private ordered: Account[] | undefined;
  /** Told of each account deleted or disabled, here or by another process (console sessions end). */
  private readonly goneListeners: Array<(accountId: number) => void> = [];

  constructor(
    private readonly source: AccountSource | undefined,
    demo: readonly DemoAccount[],
    private readonly clock: Clock,
  ) {
    this.demo = demo;
    for (const account of demo) this.put(account);
  }

  /** Resolves once the stored accounts are in memory. */
  ready(): Promise<void> {
    if (!this.source) return Promise.resolve();
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  private async load(): Promise<void> {
    const source = this.source!;
    const { accounts, version } = await source.loadAccounts();
    for (const account of accounts) this.put(account);
    source.watchAccounts?.(version, (changes) => {
      for (const account of changes.accounts) this.put(account);
      for (const id of changes.deleted) this.remove(id);
    });
  }

  /** The demo accounts (their keys are public), in fixture order. */
  demoAccounts(): readonly DemoAccount[] {
    return this.demo;
  }

  /** Adds or replaces an account (as the store holds it now). */
  put(account: Account): void {
    const previous = this.byId.get(account.id);
    if (previous) this.unindexKeys(previous);
    this.byId.set(account.id, account);
    for (const key of account.keys) {
      this.byKeyId.set(key.id, account.id);
      if (key.revoked_at === null) this.byDigest.set(key.digest, { account, key });
    }
    this.ordered = undefined;
    if (previous && previous.status === 'active' && account.status === 'disabled') this.gone(account.id);
  }

  remove(accountId: number): void {
    const previous = this.byId.get(accountId);
    if (!previous || previous.demo) return;
    this.unindexKeys(previous);
    this.byId.delete(accountId);
    this.ordered = undefined;
    this.gone(accountId);
  }

  /** `listener` hears of every account deleted or disabled from now on. */
  onGone(listener: (accountId: number) => void): void {
    this.goneListeners.push(listener);
  }

  private gone(accountId: number): void {
    for (const listener of this.goneListeners) listener(accountId);
  }

  private unindexKeys(account: Account): void {
    for (const key of account.keys) {
      if (this.byDigest.get(key.digest)?.account.id === account.id) this.byDigest.delete(key.digest);
      if (this.byKeyId.get(key.id) === account.id) this.byKeyId.delete(key.id);
    }
  }

  /** Whether a key id is taken (by any account's key, revoked ones too). */
  keyIdTaken(keyId: string): boolean {
    return this.byKeyId.has(keyId);
  }

  byIdOf(accountId: number): Account | undefined {
    return this.byId.get(accountId);
  }

  /** Every account, by id. */
  list(): readonly Account[] {
    this.ordered ??= [...this.byId.values()].sort((a, b) => a.id - b.id);
    return this.ordered;
  }

  get size(): number {
    return this.byId.size;
  }

  /** What `apikey` names now (real time): O(1) in the number of accounts and keys. */
  check(apikey: string): KeyCheck {
    const digest = keyDigest(apikey);
    const found = this.byDigest.get(digest);
    if (!found || !digestsMatch(digest, found.key.digest)) return { kind: 'unknown' };
    const refusal = keyRefusal(found.key, this.clock.now().getTime());
    if (refusal === 'revoked') return { kind: 'unknown' };
    if (refusal === 'expired') return { kind: 'expired', ...found };
    if (found.account.status !== 'active') return { kind: 'disabled', ...found };
    return { kind: 'ok', ...found };
  }

  /** The account a usable key names, or undefined. */
  findByKey(apikey: string): Account | undefined {
    const checked = this.check(apikey);
    return checked.kind === 'ok' ? checked.account : undefined;
  }

  /** Whether the account's key `keyId` may do `action` now (KEY_LIFECYCLE): a console session lives while its key may sign in. */
  keyMay(accountId: number, keyId: string, action: KeyAction): boolean {
    const account = this.byId.get(accountId);
    const key = account?.keys.find((candidate) => candidate.id === keyId);
    return account !== undefined && key !== undefined && keyMay(action, key, account.status, this.clock.now().getTime());
  }
}
