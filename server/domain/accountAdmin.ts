/**
 * What an operator does with accounts — create, list, show, change, disable, enable, delete; issue,
 * revoke and roll keys; grant a quota increase; set the return_url hosts — and what a partner does
 * with its own keys (roll them). One service for the admin control API, the console's admin page
 * and the CLI working on a store, so that all three behave alike. Every change is written to the
 * Store first (durable, atomic per account) and then put in the registry; the demo accounts, which
 * are not stored, cannot be changed (409).
 */
import type { components } from '../../contract/generated/control-api.js';
import type { Clock } from '../clock.js';
import type { RateLimits } from '../config.js';
import { ApiError, conflict, forbidden, notFound } from '../errors.js';
import type { Store } from './ports/store.js';
import { issueKey, keyRefusal, newKeyId, withKey, USABLE_KEYS_PER_ACCOUNT, type ApiKeyRecord } from './apiKeys.js';
import { expireNow, keyMay, keyState, usableKeys } from './keyLifecycle.js';
import type { AccountProfile } from './accountInput.js';
import { quotaInForce, type Account, type AccountRegistry, type Quota } from './accounts.js';

export type AccountStore = Pick<Store, 'createAccount' | 'updateAccount' | 'deleteAccount'>;

/** A key as operators and partners see it (control-api.yaml): never the key, never its digest. */
export type KeyView = components['schemas']['KeyView'];
/** An account as operators see it (control-api.yaml), its quota with whether it is in force now. */
export type AccountView = components['schemas']['Account'];

export function keyView(key: ApiKeyRecord, nowMs: number): KeyView {
  const refusal = keyRefusal(key, nowMs);
  const state = refusal ?? (key.expires_at === null ? 'active' : 'expiring');
  return { id: key.id, hint: key.hint, created_at: key.created_at, expires_at: key.expires_at, revoked_at: key.revoked_at, rolled_to: key.rolled_to, state };
}

export function accountView(account: Account, nowMs: number): AccountView {
  return {
    id: account.id,
    name: account.name,
    contact: account.contact,
    guest: { first_name: account.first_name, last_name: account.last_name, email: account.email, phone: account.phone },
    status: account.status,
    demo: account.demo,
    created_at: account.created_at,
    quota: account.quota && { ...account.quota, in_force: quotaInForce(account.quota, nowMs) },
    return_url_hosts: account.return_url_hosts,
    keys: account.keys.map((key) => keyView(key, nowMs)),
  };
}

/** A key just issued: the only time the key itself is shown. */
export interface IssuedKey {
  account: Account;
  key: string;
  record: ApiKeyRecord;
}

export interface AccountAdminDeps {
  store: AccountStore;
  registry: AccountRegistry;
  /** Real time: key lifetimes, quota periods and timestamps never follow an account's clock. */
  clock: Clock;
  /** The sandbox's own limits: a quota increase is at least these. */
  rateLimits: RateLimits;
  /** Drops what this process holds of a deleted account beyond the store (live lookups). */
  forgetInProcess?: (accountId: number) => void;
  /** Key changes a partner makes, per account (KEY_CHANGES_PER_MINUTE): none, unbudgeted (the CLI). */
  keyChanges?: KeyChangeBudget;
}

/** Takes one key change of the account's, or says how long until one is free. */
export interface KeyChangeBudget {
  readonly perMinute: number;
  take(accountId: number): { ok: true } | { ok: false; retryAfterSeconds: number };
}

/** A partner changing its own keys: the account, and the key it authenticated with. */
export interface OwnKeyCaller {
  accountId: number;
  keyId: string;
}

export class AccountAdmin {
  constructor(private readonly deps: AccountAdminDeps) {}

  get rateLimits(): RateLimits {
    return this.deps.rateLimits;
  }

  private now(): Date {
    return this.deps.clock.now();
  }

  /** A new account with one key (one durable write: never an account without its key, or half one). */
  async create(profile: AccountProfile, returnUrlHosts: string[] | null = null): Promise<IssuedKey> {
    await this.deps.registry.ready();
    const now = this.now();
    const { key, record } = issueKey(now, this.freeKeyId());
    const account = await this.deps.store.createAccount((id) => ({
      id, ...profile, status: 'active', demo: false, created_at: now.toISOString(), quota: null, return_url_hosts: returnUrlHosts, keys: [record],
    }));
    this.deps.registry.put(account);
    return { account, key, record };
  }

  /** Accounts by id, `limit` from `offset`, those whose name, contact or id contains `query` (any case). */
  async list(options: { offset?: number; limit?: number; query?: string } = {}): Promise<{ total: number; accounts: Account[] }> {
    await this.deps.registry.ready();
    const query = options.query?.trim().toLowerCase() ?? '';
    const all = this.deps.registry.list();
    const matching = query === '' ? all : all.filter((account) => `${account.id} ${account.name} ${account.contact}`.toLowerCase().includes(query));
    const offset = options.offset ?? 0;
    return { total: matching.length, accounts: matching.slice(offset, offset + (options.limit ?? 50)) };
  }

  async get(accountId: number): Promise<Account> {
    await this.deps.registry.ready();
    const account = this.deps.registry.byIdOf(accountId);
    if (!account) throw notFound(`No account ${accountId}`);
    return account;
  }

  update(accountId: number, profile: Partial<AccountProfile>, returnUrlHosts?: string[] | null): Promise<Account> {
    return this.change(accountId, (account) => ({ ...account, ...profile, ...(returnUrlHosts === undefined ? {} : { return_url_hosts: returnUrlHosts }) }));
  }

  /** A disabled account's keys are refused and its console sessions end; its data stays until it is enabled or deleted. */
  setStatus(accountId: number, status: Account['status']): Promise<Account> {
    return this.change(accountId, (account) => (account.status === status ? undefined : { ...account, status }));
  }

  /** A quota increase (null: back to the sandbox's limits). */
  setQuota(accountId: number, quota: Quota | null): Promise<Account> {
    return this.change(accountId, (account) => ({ ...account, quota }));
  }

  /** The account and all its data (bookings, e-mails, journal, idempotency records, clock, sessions) gone. */
  async delete(accountId: number): Promise<void> {
    await this.writable(accountId);
    if (!(await this.deps.store.deleteAccount(accountId))) throw notFound(`No account ${accountId}`);
    this.deps.registry.remove(accountId);
    this.deps.forgetInProcess?.(accountId);
  }

  /** A further key for the account (at most USABLE_KEYS_PER_ACCOUNT usable at once). */
  async issueKey(accountId: number): Promise<IssuedKey> {
    let issued: { key: string; record: ApiKeyRecord } | undefined;
    const account = await this.change(accountId, (current) => {
      const nowMs = this.now().getTime();
      assertRoomForKey(current, nowMs);
      issued = issueKey(this.now(), this.freeKeyId());
      return { ...current, keys: withKey(current.keys, issued.record, nowMs) };
    });
    return { account, ...issued! };
  }

  /** The key stops working now, on every replica. */
  revokeKey(accountId: number, keyId: string): Promise<Account> {
    return this.change(accountId, (current) => {
      const key = keyOf(current, keyId);
      if (key.revoked_at !== null) return undefined;
      return { ...current, keys: current.keys.map((k) => (k.id === keyId ? { ...k, revoked_at: this.now().toISOString() } : k)) };
    });
  }

  /**
   * A new key replaces `keyId`, which keeps working `graceSeconds` more (0: it stops now), as
   * Stripe's "roll key". Only an active key (not rolled already); its successor is named in
   * `rolled_to`. With a grace period the old key stays usable, so the usable-key cap counts it.
   * `caller`: a partner rolling its own key, checked in the same write (keyMay 'change_keys').
   */
  async rollKey(accountId: number, keyId: string, graceSeconds: number, caller?: OwnKeyCaller): Promise<IssuedKey> {
    let issued: { key: string; record: ApiKeyRecord } | undefined;
    const account = await this.change(accountId, (current) => {
      const now = this.now();
      if (caller) this.assertCallerMayChange(current, caller, now.getTime());
      const old = keyOf(current, keyId);
      const refusal = keyRefusal(old, now.getTime());
      if (refusal) throw conflict(`Key ${keyId} is ${refusal}; only a usable key can be rolled`);
      if (old.rolled_to !== null) throw conflict(`Key ${keyId} was rolled already (to ${old.rolled_to}); roll that key instead`);
      if (graceSeconds > 0) assertRoomForKey(current, now.getTime());
      issued = issueKey(now, this.freeKeyId());
      const expiresAt = new Date(now.getTime() + graceSeconds * 1000).toISOString();
      const keys = current.keys.map((k) => (k.id === keyId ? { ...k, expires_at: expiresAt, rolled_to: issued!.record.id } : k));
      return { ...current, keys: withKey(keys, issued.record, now.getTime()) };
    }, caller);
    return { account, ...issued! };
  }

  /** A partner ends another key's grace period now ("expire now"): it stops on every replica. */
  expireOwnKey(caller: OwnKeyCaller, keyId: string): Promise<Account> {
    return this.change(caller.accountId, (current) => {
      const now = this.now();
      this.assertCallerMayChange(current, caller, now.getTime());
      const expired = expireNow(keyOf(current, keyId), now);
      if (typeof expired === 'string') throw conflict(expired);
      return { ...current, keys: current.keys.map((k) => (k.id === keyId ? expired : k)) };
    }, caller);
  }

  /** A partner revokes another of its keys (not the one it calls with: that one it rolls). */
  revokeOwnKey(caller: OwnKeyCaller, keyId: string): Promise<Account> {
    return this.change(caller.accountId, (current) => {
      this.assertCallerMayChange(current, caller, this.now().getTime());
      if (keyId === caller.keyId) throw conflict(`Key ${keyId} is the key of this call; roll it to replace it, or revoke it from another active key`);
      const key = keyOf(current, keyId);
      if (key.revoked_at !== null) return undefined;
      return { ...current, keys: current.keys.map((k) => (k.id === keyId ? { ...k, revoked_at: this.now().toISOString() } : k)) };
    }, caller);
  }

  /** 403 unless the caller's key, as stored now, may change keys (active, its account enabled). */
  private assertCallerMayChange(current: Account, caller: OwnKeyCaller, nowMs: number): void {
    const key = current.keys.find((candidate) => candidate.id === caller.keyId);
    if (!key || !keyMay('change_keys', key, current.status, nowMs)) throw keyMayNot(key, caller.keyId, nowMs);
  }

  /** Changes a stored account atomically and puts the result in the registry. */
  private async change(accountId: number, change: (current: Account) => Account | undefined, caller?: OwnKeyCaller): Promise<Account> {
    await this.writable(accountId);
    // A partner's change: its key must be allowed to (as this process knows it) before it spends the
    // budget; the write checks again on the account as stored (another replica may have rolled it).
    if (caller && !this.deps.registry.keyMay(accountId, caller.keyId, 'change_keys')) {
      const account = this.deps.registry.byIdOf(accountId);
      throw keyMayNot(account?.keys.find((key) => key.id === caller.keyId), caller.keyId, this.now().getTime());
    }
    if (caller && this.deps.keyChanges) {
      const taken = this.deps.keyChanges.take(accountId);
      if (!taken.ok) {
        throw new ApiError(429, `Too many key changes for this account (${this.deps.keyChanges.perMinute} a minute). Retry after ${taken.retryAfterSeconds} seconds.`, {}, { 'Retry-After': String(taken.retryAfterSeconds) });
      }
    }
    const account = await this.deps.store.updateAccount(accountId, change);
    if (!account) throw notFound(`No account ${accountId}`);
    this.deps.registry.put(account);
    return account;
  }

  /** 404 for no account, 409 for a demo account (it lives in fixtures/accounts.json, not in the store). */
  private async writable(accountId: number): Promise<void> {
    const account = await this.get(accountId);
    if (account.demo) {
      throw new ApiError(409, `Account ${accountId} is a demo account (fixtures/accounts.json): it cannot be changed. A hosted sandbox switches the demo accounts off (DEMO_ACCOUNTS=off).`);
    }
  }

  private freeKeyId(): string {
    for (;;) {
      const id = newKeyId();
      if (!this.deps.registry.keyIdTaken(id)) return id;
    }
  }
}

/** 409 when the account holds USABLE_KEYS_PER_ACCOUNT usable keys already (every path that adds a usable key asks). */
function assertRoomForKey(account: Account, nowMs: number): void {
  if (usableKeys(account.keys, nowMs) >= USABLE_KEYS_PER_ACCOUNT) {
    throw conflict(`Account ${account.id} has ${USABLE_KEYS_PER_ACCOUNT} usable keys, the most it may hold; expire or revoke one first, or roll without a grace period`);
  }
}

/** The 403 of a key that may make API calls but not manage keys (in its grace period), or no longer anything. */
export function keyMayNot(key: ApiKeyRecord | undefined, keyId: string, nowMs: number): ApiError {
  const state = key ? keyState(key, nowMs) : 'revoked';
  if (state === 'expiring') {
    return forbidden(`Key ${keyId} was rolled and is in its grace period: until ${key!.expires_at ?? ''} it may make API calls, but not see, roll, expire or revoke keys, nor sign in to the console. Use an active key`);
  }
  return forbidden(`Key ${keyId} is ${state === 'active' ? 'of a disabled account' : state}: it may not change keys`);
}

function keyOf(account: Account, keyId: string): ApiKeyRecord {
  const key = account.keys.find((candidate) => candidate.id === keyId);
  if (!key) throw notFound(`Account ${account.id} has no key ${keyId}`);
  return key;
}
